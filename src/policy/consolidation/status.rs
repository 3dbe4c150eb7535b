//! The one vocabulary of what became of an entry whose title a commit removed. `ages --explain`,
//! `plan --explain`, `audit`, the HTML report and the job summary all name an entry's fate
//! with [`Status`], from the same [`Judgement`], so two views never tell one commit two ways.

use super::judge::{Judgement, Went};

/// What became of a removed entry, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    /// Into a permanent doc, or another staging file.
    Moved,
    /// Into another entry of the file (several into one, or into one that was there).
    Merged,
    /// Still in the file under a new title: one old entry, one new title.
    Retitled,
    /// Back in a later version of the file.
    Restored,
    /// Equivalent content stood in a permanent doc before the commit.
    Already,
    /// Into an archive only: kept for the record, out of the knowledge.
    Archived,
    /// Found nowhere; the consolidation report drops it with a reason.
    Dropped,
    /// Found nowhere in this repository, while the commit moved a submodule that is not here.
    Submodule,
    /// Found nowhere, and no reason given.
    Unaccounted,
}

impl Status {
    /// Every status, in the order counts are told.
    pub const ALL: [Status; 9] = [
        Status::Moved,
        Status::Merged,
        Status::Retitled,
        Status::Restored,
        Status::Already,
        Status::Archived,
        Status::Dropped,
        Status::Submodule,
        Status::Unaccounted,
    ];

    /// Its name in prose.
    pub fn label(self) -> &'static str {
        match self {
            Status::Moved => "moved",
            Status::Merged => "merged",
            Status::Retitled => "retitled",
            Status::Restored => "restored",
            Status::Already => "already in a doc",
            Status::Archived => "archived",
            Status::Dropped => "dropped",
            Status::Submodule => "possibly in a submodule",
            Status::Unaccounted => "unaccounted",
        }
    }

    /// Its name in JSON.
    pub fn key(self) -> &'static str {
        match self {
            Status::Already => "already",
            Status::Submodule => "submodule",
            other => other.label(),
        }
    }

    /// Whether the entry's content left the staging file for good.
    pub fn left(self) -> bool {
        !matches!(self, Status::Merged | Status::Retitled | Status::Restored)
    }
}

impl Judgement {
    /// The status of each removed entry, in file order. An entry kept in place is retitled when
    /// it alone went under a title the file did not have; otherwise it merged.
    pub fn statuses(&self) -> Vec<Status> {
        let into_count = |into: &str| {
            self.fates
                .iter()
                .filter(|f| matches!(&f.went, Went::Kept { into: i } if i == into))
                .count()
        };
        self.fates
            .iter()
            .map(|fate| match &fate.went {
                Went::Kept { into } if !self.old_titles.contains(into) && into_count(into) == 1 => {
                    Status::Retitled
                }
                Went::Kept { .. } | Went::Condensed { .. } => Status::Merged,
                Went::Staging { .. } | Went::Doc { .. } => Status::Moved,
                Went::Restored => Status::Restored,
                Went::Already { .. } => Status::Already,
                Went::Archived { .. } => Status::Archived,
                Went::Outside { .. } => Status::Submodule,
                Went::Dropped { reason: Some(_) } => Status::Dropped,
                Went::Dropped { reason: None } => Status::Unaccounted,
            })
            .collect()
    }

    /// How many entries have each status, in [`Status::ALL`] order, leaving out the absent.
    pub fn counts(&self) -> Vec<(Status, usize)> {
        count(&self.statuses())
    }
}

/// How many of `statuses` have each status, in [`Status::ALL`] order, leaving out the absent.
pub fn count(statuses: &[Status]) -> Vec<(Status, usize)> {
    Status::ALL
        .into_iter()
        .map(|s| (s, statuses.iter().filter(|&&t| t == s).count()))
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// Counts in words: "9 already in a doc, 4 unaccounted".
pub fn told(counts: &[(Status, usize)]) -> String {
    counts
        .iter()
        .map(|(s, n)| format!("{n} {}", s.label()))
        .collect::<Vec<_>>()
        .join(", ")
}
