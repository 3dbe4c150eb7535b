//! What counts as a consolidation: a change that removes at least one entry.
//!
//! The old tool took any removed `## ` line as a consolidation, so moving or retitling an entry
//! reset the staleness clock. Here an entry is removed only when its title is gone from the file
//! and no new title took its place over a body that stayed largely the same.

mod fate;
mod in_place;
pub mod judge;
pub mod narrative;
mod reason;
pub mod status;

use super::overlap;
use crate::model::{self, Entry};
use similar::TextDiff;
use std::collections::{HashMap, HashSet};

/// How alike two bodies must be for a changed heading to count as a retitle (0 to 1).
pub const RETITLE_SIMILARITY: f32 = 0.6;

/// Whether going from `before` to `after` removed at least one entry.
pub fn removes_entries(before: &str, after: &str) -> bool {
    removes_entries_with(before, after, &model::Structure::default())
}

/// [`removes_entries`] of a file whose structure `learnings.toml` may pin.
pub fn removes_entries_with(before: &str, after: &str, structure: &model::Structure) -> bool {
    // Lines appended after a complete last line cannot take an entry away: markdown settles a
    // block before the next line starts, and the one thing that reaches back (a setext
    // underline) makes a heading rather than removing one. Learnings files mostly grow this
    // way, and parsing both versions of every such change was most of the walk's time.
    if after.starts_with(before) && (before.is_empty() || before.ends_with('\n')) {
        return false;
    }
    !removed_entries_with(before, after, structure).is_empty()
}

/// [`removes_entries`] on raw file versions (UTF-8, perhaps with a byte-order mark).
///
/// A version that only appends to the one before is answered from the bytes: decoding two large
/// versions for every change of a long history cost more than the walk itself.
pub fn removes_entries_in(before: &[u8], after: &[u8]) -> bool {
    if after.starts_with(before) && (before.is_empty() || before.ends_with(b"\n")) {
        return false;
    }
    removes_entries(&model::lossy(before), &model::lossy(after))
}

/// The entries of `before` that are gone from `after`: title gone, and not retitled in place.
///
/// Titles are counted, not just compared as sets: of two entries with the same title, deleting
/// one is a removal.
pub fn removed_entries(before: &str, after: &str) -> Vec<Entry> {
    removed_entries_with(before, after, &model::Structure::default())
}

/// [`removed_entries`] of a file whose structure `learnings.toml` may pin.
pub fn removed_entries_with(before: &str, after: &str, structure: &model::Structure) -> Vec<Entry> {
    let old = model::parse_with(before, structure);
    let new = model::parse_with(after, structure);
    let old_keys: Vec<String> = old.entries.iter().map(Entry::title_key).collect();
    let new_keys: Vec<String> = new.entries.iter().map(Entry::title_key).collect();
    let mut unmatched_new: HashMap<&str, usize> = HashMap::new();
    for key in &new_keys {
        *unmatched_new.entry(key).or_default() += 1;
    }
    let mut gone = Vec::new();
    for (i, key) in old_keys.iter().enumerate() {
        match unmatched_new.get_mut(key.as_str()) {
            Some(n) if *n > 0 => *n -= 1,
            _ => gone.push(i),
        }
    }
    let old_set: HashSet<&str> = old_keys.iter().map(String::as_str).collect();
    // New titles, indexed by the neighbour before and the one after, so a removed entry meets
    // only the new titles standing in its place: a large consolidation stays linear.
    let neighbour = |keys: &[String], k: usize, after: bool| -> Option<String> {
        let at = if after { k.checked_add(1) } else { k.checked_sub(1) };
        at.and_then(|a| keys.get(a).cloned())
    };
    let mut by_place: HashMap<(bool, Option<String>), Vec<usize>> = HashMap::new();
    for j in (0..new_keys.len()).filter(|&j| !old_set.contains(new_keys[j].as_str())) {
        for after in [false, true] {
            by_place
                .entry((after, neighbour(&new_keys, j, after)))
                .or_default()
                .push(j);
        }
    }
    let mut used = vec![false; new_keys.len()];
    let mut removed = Vec::new();
    for i in gone {
        let old_body = old.entries[i].body_text(before);
        let mut candidates: Vec<usize> = [false, true]
            .into_iter()
            .flat_map(|after| by_place.get(&(after, neighbour(&old_keys, i, after))))
            .flatten()
            .copied()
            .filter(|&j| !used[j])
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        let retitled = candidates
            .into_iter()
            .find(|&j| body_similarity(old_body, new.entries[j].body_text(after)) >= RETITLE_SIMILARITY);
        match retitled {
            Some(j) => used[j] = true,
            None => removed.push(old.entries[i].clone()),
        }
    }
    removed
}

/// How alike two bodies are (0 to 1), word by word; spacing and punctuation do not count, so
/// two entries that merely share a template ("- Anti-pattern: …") are not alike.
fn body_similarity(a: &str, b: &str) -> f32 {
    let (a, b) = (overlap::words(a), overlap::words(b));
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let b: Vec<&str> = b.iter().map(String::as_str).collect();
    TextDiff::from_slices(&a, &b).ratio()
}

#[cfg(test)]
mod tests {
    use super::removes_entries;

    const BEFORE: &str = "# L\n\n## Alpha\nuse the alpha tool for alpha things\n\n## Beta\nbeta is for the second pass over data\n";

    #[test]
    fn raw_versions_answer_like_text() {
        use super::removes_entries_in;
        let bom = format!("\u{feff}{BEFORE}");
        assert!(!removes_entries_in(
            BEFORE.as_bytes(),
            format!("{BEFORE}## New\nx\n").as_bytes()
        ));
        assert!(!removes_entries_in(bom.as_bytes(), BEFORE.as_bytes()));
        assert!(removes_entries_in(BEFORE.as_bytes(), b"# L\n"));
    }

    #[test]
    fn removing_an_entry_is_a_consolidation() {
        assert!(removes_entries(
            BEFORE,
            "# L\n\n## Beta\nbeta is for the second pass over data\n"
        ));
    }

    #[test]
    fn moving_an_entry_is_not() {
        let moved = "# L\n\n## Beta\nbeta is for the second pass over data\n\n## Alpha\nuse the alpha tool for alpha things\n";
        assert!(!removes_entries(BEFORE, moved));
    }

    #[test]
    fn retitling_an_entry_is_not() {
        let retitled = "# L\n\n## Alpha tooling\nuse the alpha tool for alpha things\n\n## Beta\nbeta is for the second pass over data\n";
        assert!(!removes_entries(BEFORE, retitled));
    }

    #[test]
    fn replacing_an_entry_with_a_different_one_is() {
        let replaced = "# L\n\n## Gamma\nan unrelated lesson about caching builds\n\n## Beta\nbeta is for the second pass over data\n";
        assert!(removes_entries(BEFORE, replaced));
    }

    #[test]
    fn adding_and_editing_bodies_is_not() {
        let grown = "# L\n\n## Alpha\nuse the alpha tool, always\n\n## Beta\nbeta is for the second pass over data\n\n## New\nx\n";
        assert!(!removes_entries(BEFORE, grown));
    }

    #[test]
    fn appending_is_not_but_appending_to_the_last_heading_can_be() {
        assert!(!removes_entries(BEFORE, &format!("{BEFORE}\n## Gamma\nnew\n")));
        assert!(!removes_entries(BEFORE, &format!("{BEFORE}---\n")));
        let unfinished = "# L\n\n## Alpha\nuse alpha\n\n## Beta";
        assert!(removes_entries(
            unfinished,
            &format!("{unfinished}ch volleyball\nsand and sun\n")
        ));
    }

    #[test]
    fn an_unrelated_entry_in_the_same_template_is_not_a_retitle() {
        let before = "# L\n\n## Hooks never block\n- Anti-pattern: exiting non-zero on bad input.\n- Correct pattern: always print JSON.\n\n## Keep\n- Anti-pattern: a.\n- Correct pattern: b.\n";
        let after = "# L\n\n## Keep\n- Anti-pattern: a.\n- Correct pattern: b.\n\n## Quote commands\n- Anti-pattern: paraphrasing a command.\n- Correct pattern: quote it verbatim.\n";
        assert_eq!(super::removed_entries(before, after).len(), 1);
    }

    #[test]
    fn deleting_one_of_two_same_titles_is_a_removal() {
        let before = "## Run tests\nfirst\n\n## Run tests\nsecond\n";
        let after = "## Run tests\nfirst\n";
        assert_eq!(super::removed_entries(before, after).len(), 1);
    }
}
