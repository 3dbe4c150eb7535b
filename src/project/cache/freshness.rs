//! The freshness of a learnings file in one line, for SessionStart: saved by every command that
//! analysed the file, and shown only while HEAD and the file are as they were then, so the
//! hook answers in milliseconds without reading history.

use crate::history::Repository;
use crate::policy::plan::{Decision, Thresholds};
use crate::project::analysis::Analysis;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What the line says, and the state it is true of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Freshness {
    /// [`super::FORMAT`].
    pub format: u32,
    /// HEAD when it was computed.
    pub head: String,
    /// The blob id of the working-tree file then.
    pub blob: String,
    /// Entries in the file.
    pub entries: usize,
    /// Entries at least `threshold` active days old.
    pub older: usize,
    /// The age in active days at which an entry is ready to consolidate (`freshness`).
    pub threshold: usize,
    /// Whether the plan says to consolidate.
    pub due: bool,
    /// Since when: the day staleness reached its trigger, or the day the entry that took the
    /// file past the size trigger was added, whichever is earlier.
    pub since: Option<String>,
}

impl Freshness {
    /// The freshness of `analysis` under `thresholds`, for HEAD `head`.
    pub fn of(analysis: &Analysis, thresholds: &Thresholds) -> Freshness {
        let plan = analysis.plan(thresholds);
        let older = analysis
            .entries
            .iter()
            .filter(|e| !e.uncommitted() && e.age >= thresholds.freshness)
            .count();
        let due = plan.decision == Decision::Consolidate;
        let mut since: Option<NaiveDate> = None;
        if due && plan.triggers.staleness {
            // Staleness counts active days strictly after the last consolidation (or creation):
            // it reached the trigger on the trigger-th of them.
            let from = analysis.last_consolidation.as_ref().or(analysis.created.as_ref());
            if let Some(from) = from {
                let after: Vec<NaiveDate> = analysis
                    .calendar
                    .dates()
                    .iter()
                    .copied()
                    .filter(|d| *d > from.date)
                    .collect();
                since = after.get(thresholds.staleness.saturating_sub(1)).copied();
            }
        }
        if due && plan.triggers.size {
            let crossed = analysis
                .entries
                .iter()
                .filter(|e| e.end_line >= thresholds.size)
                .filter_map(|e| e.added)
                .min();
            since = match (since, crossed) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        Freshness {
            format: super::FORMAT,
            head: analysis.head.clone(),
            blob: analysis.blob.clone(),
            entries: analysis.entries.len(),
            older,
            threshold: thresholds.freshness,
            due,
            since: since.map(|d| d.to_string()),
        }
    }

    /// `41 entries, 12 older than 7 active days; consolidation due since 2026-10-02, run /remember`
    pub fn line(&self) -> String {
        use crate::base::words::count;
        let due = match (self.due, &self.since) {
            (true, Some(since)) => format!("consolidation due since {since}, run /remember"),
            (true, None) => "consolidation due, run /remember".to_owned(),
            (false, _) => "consolidation not due".to_owned(),
        };
        format!(
            "{}, {} older than {}; {due}",
            count(self.entries, "entry"),
            self.older,
            count(self.threshold, "active day"),
        )
    }
}

fn file_of(common_dir: &Path, path: &str) -> PathBuf {
    common_dir.join(super::DIR).join(super::file_name("fresh", path))
}

/// Saves `freshness` of `path`; a failure only means SessionStart says less.
pub fn save(repo: &Repository, path: &str, freshness: &Freshness) {
    super::write_small(&file_of(&repo.common_dir(), path), freshness);
}

/// The saved freshness of `path`, if it is true of HEAD `head` and the file's bytes `raw`.
pub fn load(common_dir: &Path, path: &str, head: &str, raw: &[u8]) -> Option<Freshness> {
    let bytes = std::fs::read(file_of(common_dir, path)).ok()?;
    let saved: Freshness = serde_json::from_slice(&bytes).ok()?;
    let blob = Repository::blob_id_of(raw)?.to_string();
    (saved.format == super::FORMAT && saved.head == head && saved.blob == blob).then_some(saved)
}
