//! The size history of a learnings file: its line count at each version, and which versions
//! were consolidations (what left the file).
//!
//! A consolidation is what `ages` and `plan` call one ([`super::consolidation`]): a change that
//! removed an entry, not one that moved or retitled it. So the sawtooth a chart shows and the
//! staleness clock the plan counts from always agree.

use super::consolidation;
use crate::model::count_lines;
use chrono::NaiveDate;

/// What one version of the file measures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Measure {
    /// Line count, as `ages` counts the working-tree file.
    pub lines: usize,
    /// Titles of the entries this version removed, in the older version's order.
    pub removed: Vec<String>,
}

/// One point of the size history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizePoint {
    /// Full hex id of the commit that made this version.
    pub commit: String,
    /// Its date, in the commit's own offset.
    pub date: NaiveDate,
    /// Line count of this version.
    pub lines: usize,
    /// Entries that left the file in this commit; empty unless it was a consolidation.
    pub removed: Vec<String>,
}

impl SizePoint {
    /// Whether this version was a consolidation.
    pub fn is_consolidation(&self) -> bool {
        !self.removed.is_empty()
    }
}

/// Measures a version against the one before it (`None` where the file was created).
pub fn measure(before: Option<&[u8]>, after: &[u8], structure: &crate::model::Structure) -> Measure {
    let removed = match before {
        // Appending after a complete last line removes nothing (see `removes_entries`); most
        // versions are appends, and decoding them was a tenth of the report's time.
        Some(before) if after.starts_with(before) && before.last().is_none_or(|&b| b == b'\n') => Vec::new(),
        Some(before) => {
            let (before_text, after_text) = (text(before), text(after));
            if consolidation::removes_entries_with(&before_text, &after_text, structure) {
                consolidation::removed_entries_with(&before_text, &after_text, structure)
                    .into_iter()
                    .map(|e| e.title)
                    .collect()
            } else {
                Vec::new()
            }
        }
        None => Vec::new(),
    };
    Measure {
        lines: count_lines(strip_bom(after)),
        removed,
    }
}

fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(strip_bom(bytes)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::measure;

    #[test]
    fn counts_lines_and_removed_titles() {
        let before = b"# L\n\n## A\nalpha lesson about tools\n\n## B\nbeta lesson about data\n";
        let after = b"# L\n\n## B\nbeta lesson about data\n";
        let m = measure(Some(before), after, &Default::default());
        assert_eq!(m.lines, 4);
        assert_eq!(m.removed, vec!["A".to_owned()]);
    }

    #[test]
    fn creation_and_growth_remove_nothing() {
        let m = measure(None, b"\xEF\xBB\xBF# L\n\n## A\nx", &Default::default());
        assert_eq!((m.lines, m.removed.len()), (4, 0));
        let grown = measure(Some(b"# L\n"), b"# L\n\n## A\nx\n", &Default::default());
        assert!(grown.removed.is_empty());
    }

    #[test]
    fn appending_to_an_unfinished_heading_can_remove_an_entry() {
        // "## Bea" + "ch…" retitles nothing in place: Beta is gone, as `removes_entries` says.
        let before = b"# L\n\n## Alpha\nuse alpha\n\n## Beta";
        let after = b"# L\n\n## Alpha\nuse alpha\n\n## Betach volleyball\nsand and sun\n";
        assert_eq!(
            measure(Some(before), after, &Default::default()).removed,
            vec!["Beta".to_owned()]
        );
    }
}
