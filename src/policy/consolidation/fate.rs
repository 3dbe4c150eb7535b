//! What became of the entries whose titles a commit removed: each entry's fate, and the
//! commit's judgement.

/// What became of one entry whose title the commit removed.
#[derive(Debug, Clone, PartialEq)]
pub enum Went {
    /// Still in the file: retitled (to this title), reworded or merged into it.
    Kept { into: String },
    /// Into another staging file.
    Staging { path: String },
    /// Back in a later version of the file.
    Restored,
    /// Into a permanent doc, with the share of the entry found there.
    Doc { path: String, score: f64 },
    /// Into an archive only: taken out of staging, its text kept for the record.
    Archived { path: String },
    /// Archived by a pass that folded most of what it archived into denser entries of the file:
    /// gone with the rest of the merge in place.
    Condensed { archive: String },
    /// Dropped, equivalent content standing in this doc before the commit.
    Already { path: String, score: f64 },
    /// Found nowhere the repository holds, while the commit changed these submodules.
    Outside { submodules: Vec<String> },
    /// Found nowhere: dropped, with the consolidation report's reason where it gives one.
    Dropped { reason: Option<String> },
}

impl Went {
    /// Whether the entry left the staging file for good.
    pub fn for_good(&self) -> bool {
        !matches!(
            self,
            Went::Kept { .. } | Went::Condensed { .. } | Went::Staging { .. } | Went::Restored
        )
    }
}

/// One entry whose title a commit removed, and where it went.
#[derive(Debug, Clone, PartialEq)]
pub struct Fate {
    /// Its title before the commit.
    pub title: String,
    /// Where it went.
    pub went: Went,
}

/// A commit's change to the staging file, judged.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    /// Every entry whose title the commit removed, in file order.
    pub fates: Vec<Fate>,
    /// Entries the commit added that are not an old entry under a new title.
    pub added: usize,
    /// Whether the commit is a consolidation.
    pub consolidation: bool,
    /// The titles of the file before the commit.
    pub old_titles: Vec<String>,
    /// What the reader should know of the judgement (a narrative doc discounted).
    pub warnings: Vec<String>,
}

impl Judgement {
    /// Entries that left for good.
    pub fn left(&self) -> usize {
        self.fates.iter().filter(|f| f.went.for_good()).count()
    }
}
