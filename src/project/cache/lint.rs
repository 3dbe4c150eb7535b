//! The count of findings of the last `learnings lint`, for SessionStart's one line: saved by
//! every whole-repository run (and by `cache warm`), shown only while HEAD is the one linted.

use crate::history::Repository;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// How many findings of each severity the last run found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Count {
    /// Errors.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Notes.
    pub notes: usize,
}

#[derive(Serialize, Deserialize)]
struct Saved {
    format: u32,
    head: String,
    count: Count,
}

const FILE: &str = "lint.json";

impl Count {
    /// All findings.
    pub fn total(&self) -> usize {
        self.errors + self.warnings + self.notes
    }

    /// SessionStart's line, when there is anything to say.
    pub fn line(&self) -> Option<String> {
        use crate::base::words::count;
        if self.errors + self.warnings == 0 {
            return None;
        }
        let mut parts = Vec::new();
        if self.errors > 0 {
            parts.push(count(self.errors, "error"));
        }
        if self.warnings > 0 {
            parts.push(count(self.warnings, "warning"));
        }
        Some(format!(
            "The agents' instruction files have {} (`learnings lint` lists them).",
            parts.join(" and ")
        ))
    }
}

/// Saves `count` for the repository's HEAD.
pub fn save(repo: &Repository, count: &Count) {
    let Ok(head) = repo.head() else { return };
    let saved = Saved {
        format: super::FORMAT,
        head: head.to_string(),
        count: *count,
    };
    super::write_small(&repo.common_dir().join(super::DIR).join(FILE), &saved);
}

/// The count saved for HEAD `head`, if any.
pub fn load(common_dir: &Path, head: &str) -> Option<Count> {
    let bytes = crate::base::fs::read_regular(&common_dir.join(super::DIR).join(FILE), 4096).ok()?;
    let saved: Saved = serde_json::from_slice(&bytes).ok()?;
    (saved.format == super::FORMAT && saved.head == head).then_some(saved.count)
}
