//! Where "already in a doc" is not proof: a running narrative (a journal or log that grows by
//! dated sections) retells the work of every session, so most lessons' words stand in it before
//! any consolidation, whether or not the lesson is kept there. And a single doc that already
//! holds most of what one commit removed says more about the doc than about the entries.
//!
//! The rule, from the histories of `fixtures/histories`: an entry is already in a doc only when
//! that doc is not a running narrative and accounts for at most half of the commit's removed
//! entries (or fewer than three). Otherwise the entries it accounts for count as dropped, and
//! the judgement says why in a warning, unless `[consolidation] docs` names the doc itself
//! (no wildcard): then the team has said it keeps lessons for good.
//! (`yologdev/yoyo-evolve`: JOURNAL.md, dated by day, held 13 of the 19 entries a bot dropped
//! from its view; the lessons live on in `memory/learnings.jsonl`, which no doc glob reads.)

use super::judge::{Judgement, Place, PlaceKind, Went};
use crate::model::title_key;
use std::collections::BTreeMap;

/// Fewest removed entries one doc must account for before its share counts.
const MOST_AT_LEAST: usize = 3;
/// Fewest dated headings that make a doc a running narrative.
const DATED_HEADINGS: usize = 3;

/// Turns the "already" of narrative or dominant docs into drops, with a warning each.
/// `named` tells whether `[consolidation] docs` names a doc itself; `dropped` are the
/// consolidation report's reasons.
pub fn discount(
    judgement: &mut Judgement,
    places: &[Place],
    named: &dyn Fn(&str) -> bool,
    dropped: &[(String, String)],
) {
    let mut by_doc: BTreeMap<String, usize> = BTreeMap::new();
    for fate in &judgement.fates {
        if let Went::Already { path, .. } = &fate.went {
            *by_doc.entry(path.clone()).or_default() += 1;
        }
    }
    let total = judgement.fates.len();
    for (doc, n) in by_doc {
        if named(&doc) {
            continue;
        }
        let text = places
            .iter()
            .find(|p| p.kind == PlaceKind::Before && p.path == doc)
            .map_or("", |p| p.text.as_str());
        let why = if running_narrative(text) {
            "a running narrative of dated sections"
        } else if n >= MOST_AT_LEAST && 2 * n > total {
            "one doc holding most of what the commit removed"
        } else {
            continue;
        };
        for fate in &mut judgement.fates {
            if matches!(&fate.went, Went::Already { path, .. } if *path == doc) {
                let reason = dropped
                    .iter()
                    .find(|(t, _)| title_key(t) == title_key(&fate.title))
                    .map(|(_, r)| r.clone());
                fate.went = Went::Dropped { reason };
            }
        }
        judgement.warnings.push(format!(
            "{doc} held {n} of the {total} removed entries before the commit ({why}): they count as dropped, not as already there; name it in `[consolidation] docs` of learnings.toml if it keeps lessons for good"
        ));
    }
}

/// Whether a doc grows by dated sections: a journal, a log, a changelog.
pub fn running_narrative(text: &str) -> bool {
    let headings: Vec<&str> = text
        .lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with('#'))
        .collect();
    let dated = headings.iter().filter(|h| dated(h)).count();
    dated >= DATED_HEADINGS && 2 * dated >= headings.len()
}

/// Whether a heading carries a date: `2026-03-18`, `2026/03/18`, `Day 12`.
fn dated(heading: &str) -> bool {
    let bytes = heading.as_bytes();
    let iso = bytes.windows(10).any(|w| {
        w[..4].iter().all(u8::is_ascii_digit)
            && (w[4] == b'-' || w[4] == b'/')
            && w[5..7].iter().all(u8::is_ascii_digit)
            && w[7] == w[4]
            && w[8..].iter().all(u8::is_ascii_digit)
    });
    let lower = heading.to_ascii_lowercase();
    let day = lower
        .split_whitespace()
        .collect::<Vec<_>>()
        .windows(2)
        .any(|w| w[0] == "day" && w[1].trim_end_matches([':', ',', '.']).parse::<u32>().is_ok());
    iso || day
}

#[cfg(test)]
mod tests {
    use super::running_narrative;

    #[test]
    fn a_journal_of_dated_sections_is_a_narrative_and_a_guide_is_not() {
        let journal = "# Journal\n\n## Day 1: start\nx\n\n## Day 2 — more\ny\n\n## 2026-03-18 release\nz\n";
        assert!(running_narrative(journal));
        let guide = "# Guide\n\n## Hooks\nx\n\n## Tests\ny\n\n## 2026-03-18 release\nz\n";
        assert!(!running_narrative(guide));
    }
}
