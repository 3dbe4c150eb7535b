//! What counts as a consolidation: a change that removes at least one entry.
//!
//! The old tool took any removed `## ` line as a consolidation, so moving or retitling an entry
//! reset the staleness clock. Here an entry is removed only when its title is gone from the file
//! and no new title took its place over a body that stayed largely the same.

use crate::learnings::{self, Entry};
use similar::TextDiff;
use std::collections::HashSet;

/// How alike two bodies must be for a changed heading to count as a retitle (0 to 1).
pub const RETITLE_SIMILARITY: f32 = 0.6;

/// Whether going from `before` to `after` removed at least one entry.
pub fn removes_entries(before: &str, after: &str) -> bool {
    // Lines appended after a complete last line cannot take an entry away: markdown settles a
    // block before the next line starts, and the one thing that reaches back (a setext
    // underline) makes a heading rather than removing one. Learnings files mostly grow this
    // way, and parsing both versions of every such change was most of the walk's time.
    if after.starts_with(before) && (before.is_empty() || before.ends_with('\n')) {
        return false;
    }
    !removed_entries(before, after).is_empty()
}

/// The entries of `before` that are gone from `after`: title gone, and not retitled in place.
pub fn removed_entries(before: &str, after: &str) -> Vec<Entry> {
    let old = learnings::parse(before);
    let new = learnings::parse(after);
    let old_keys: HashSet<String> = old.entries.iter().map(Entry::title_key).collect();
    let new_keys: HashSet<String> = new.entries.iter().map(Entry::title_key).collect();
    let mut added: Vec<&Entry> = new
        .entries
        .iter()
        .filter(|e| !old_keys.contains(&e.title_key()))
        .collect();
    let mut removed = Vec::new();
    for gone in old.entries.iter().filter(|e| !new_keys.contains(&e.title_key())) {
        let old_body = gone.body_text(before).trim();
        let retitled = added.iter().position(|candidate| {
            let new_body = candidate.body_text(after).trim();
            TextDiff::from_words(old_body, new_body).ratio() >= RETITLE_SIMILARITY
        });
        match retitled {
            Some(i) => {
                added.swap_remove(i);
            }
            None => removed.push(gone.clone()),
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::removes_entries;

    const BEFORE: &str = "# L\n\n## Alpha\nuse the alpha tool for alpha things\n\n## Beta\nbeta is for the second pass over data\n";

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
}
