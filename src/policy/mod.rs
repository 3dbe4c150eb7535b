//! Decisions over owned data: ages, what counts as a consolidation, the plan and its batch, line
//! limits, split points, the audit of a consolidation. No I/O, no git: history arrives as the
//! owned types of [`crate::history`]. `[consolidation]` and `[[limits]]` of `learnings.toml` are
//! owned here ([`plan::Thresholds`], [`limits::LimitRule`]).

pub mod audit;
pub mod batch;
pub mod consolidation;
pub mod limits;
pub mod overlap;
pub mod plan;
pub mod size;
pub mod split;

use crate::history::{Calendar, HeadingOrigin};
use crate::model::LearningsFile;
use chrono::NaiveDate;

/// The age of one entry, in active days.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryAge {
    /// The heading's title.
    pub title: String,
    /// 1-based line of the heading in the working-tree file.
    pub line: usize,
    /// 1-based last non-blank line of the entry.
    pub end_line: usize,
    /// The date the entry was added, `None` if it is not committed.
    pub added: Option<NaiveDate>,
    /// The commit that added it.
    pub commit: Option<String>,
    /// Active days strictly after the day it was added; 0 when uncommitted.
    pub age: usize,
    /// Added at a shallow boundary: the entry may be older, so `added` and `age` are minimums.
    pub at_least: bool,
    /// The group heading it stands under, if any.
    pub group: Option<String>,
}

impl EntryAge {
    /// Whether the entry exists only in the working tree (or the index).
    pub fn uncommitted(&self) -> bool {
        self.added.is_none()
    }
}

/// Joins the parsed entries with where their headings came from.
pub fn entry_ages(file: &LearningsFile, origins: &[HeadingOrigin], calendar: &Calendar) -> Vec<EntryAge> {
    file.entries
        .iter()
        .zip(origins)
        .map(|(entry, origin)| {
            let (added, commit) = match origin {
                HeadingOrigin::Committed(info) => (Some(info.date), Some(info.id.clone())),
                HeadingOrigin::Uncommitted => (None, None),
            };
            EntryAge {
                title: entry.title.clone(),
                line: entry.line,
                end_line: entry.end_line,
                added,
                commit,
                age: added.map_or(0, |d| calendar.days_after(d)),
                at_least: false,
                group: entry.group.clone(),
            }
        })
        .collect()
}

/// Entries oldest first (highest age), then in file order: the order reports list them in.
pub fn oldest_first(entries: &[EntryAge]) -> Vec<&EntryAge> {
    let mut sorted: Vec<&EntryAge> = entries.iter().collect();
    sorted.sort_by(|a, b| b.age.cmp(&a.age).then(a.line.cmp(&b.line)));
    sorted
}
