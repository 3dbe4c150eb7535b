//! Whether consolidation is due, and which entries go (seed 003, D-3).
//!
//! Either trigger is enough: the file reached the size trigger, or the last consolidation (or
//! the file's creation, if it was never consolidated) is at least the staleness trigger active
//! days ago. Then the batch is every committed entry at least the freshness age old, except the
//! most recent few, which stay in staging (retention). A batch below the minimum is skipped:
//! consolidating two entries costs an agent run for little gain.

use super::EntryAge;
use crate::base::words::count;
use serde::Deserialize;

/// The consolidation thresholds (seed 003, D-3).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Thresholds {
    /// Size trigger: the file has at least this many lines.
    pub size: usize,
    /// Staleness trigger: at least this many active days since the last consolidation.
    pub staleness: usize,
    /// An entry is eligible at this age in active days.
    pub freshness: usize,
    /// Fewer eligible entries than this: skip.
    pub min_batch: usize,
    /// This many most recent entries stay in staging even when eligible.
    pub retention: usize,
    /// Globs of the permanent docs that consolidated knowledge goes to.
    pub docs: Vec<String>,
    /// Globs of other staging files: entries moved there were split off, not consolidated.
    pub staging: Vec<String>,
    /// Globs of archives: entries copied there left staging for the record, unless their
    /// substance stays in a denser entry of the file.
    pub archive: Vec<String>,
    /// Share of an entry's weighted terms that must be found in a place (a doc, the file
    /// itself under a new title, another staging file) for the entry to count as there.
    pub match_score: f64,
    /// Share of the weight of the terms only this entry has that must be found there.
    pub match_distinct: f64,
    /// The level of every entry, 2 or 3; unset, the structure is read heading by heading.
    pub entry_level: Option<u8>,
    /// Titles of group headings (`*` stands for any text): never entries.
    pub groups: Vec<String>,
}

impl Thresholds {
    /// How the learnings file's headings are read (`model::structure`).
    pub fn structure(&self) -> crate::model::Structure {
        crate::model::Structure {
            entry_level: self.entry_level,
            groups: self.groups.clone(),
        }
    }

    /// The shares an entry must reach in a place, for the consolidation judge and the audit.
    pub fn matching(&self) -> crate::policy::audit::Match {
        crate::policy::audit::Match {
            score: self.match_score,
            distinct: self.match_distinct,
        }
    }
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            size: 150,
            staleness: 14,
            freshness: 7,
            min_batch: 3,
            retention: 3,
            docs: vec!["**/*.md".to_owned()],
            staging: Vec::new(),
            archive: vec!["**/*archive*".to_owned(), "**/*archive*/**".to_owned()],
            match_score: crate::policy::audit::ACCEPT_SCORE,
            match_distinct: crate::policy::audit::ACCEPT_DISTINCT,
            entry_level: None,
            groups: Vec::new(),
        }
    }
}

/// What triggered (both may).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Triggers {
    /// The file has at least `size` lines.
    pub size: bool,
    /// At least `staleness` active days since the last consolidation.
    pub staleness: bool,
}

/// What staleness counts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Since {
    /// The newest commit that removed entries.
    #[default]
    LastConsolidation,
    /// The commit that created the file: it was never consolidated.
    Creation,
}

impl Since {
    /// How reports say it: "… active days since {this}".
    pub fn describe(self) -> &'static str {
        match self {
            Since::LastConsolidation => "the last consolidation",
            Since::Creation => "the file was created (never consolidated)",
        }
    }
}

/// The outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Hand the batch to the remember-task agent.
    Consolidate,
    /// Nothing to do now.
    Skip,
}

impl Decision {
    /// `consolidate` or `skip`, as the JSON says it.
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Consolidate => "consolidate",
            Decision::Skip => "skip",
        }
    }
}

/// The decision with everything that led to it.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// Lines of the learnings file.
    pub lines: usize,
    /// Active days since the last consolidation (or creation); `None` without history.
    pub staleness: Option<usize>,
    /// What `staleness` counts from.
    pub since: Since,
    /// Which triggers fired.
    pub triggers: Triggers,
    /// Consolidate or skip.
    pub decision: Decision,
    /// One sentence a person or agent can act on.
    pub reason: String,
    /// Entries old enough to leave staging, less the retained ones, in file order.
    pub eligible: Vec<EntryAge>,
    /// Eligible entries kept in staging by the retention rule.
    pub retained: Vec<EntryAge>,
    /// The thresholds used.
    pub thresholds: Thresholds,
}

impl Plan {
    /// The entries for the remember-task agent: the eligible ones if consolidating, else none.
    pub fn batch(&self) -> &[EntryAge] {
        match self.decision {
            Decision::Consolidate => &self.eligible,
            Decision::Skip => &[],
        }
    }
}

/// Decides. `staleness` is in active days; `entries` in file order.
pub fn plan(
    lines: usize,
    staleness: Option<usize>,
    since: Since,
    entries: &[EntryAge],
    t: &Thresholds,
) -> Plan {
    let triggers = Triggers {
        size: lines >= t.size,
        staleness: staleness.is_some_and(|s| s >= t.staleness),
    };
    let recent = most_recent(entries, t.retention);
    let (retained, eligible): (Vec<EntryAge>, Vec<EntryAge>) = entries
        .iter()
        .filter(|e| !e.uncommitted() && e.age >= t.freshness)
        .cloned()
        .partition(|e| recent.contains(&e.line));
    let fired: Vec<String> = [
        triggers
            .size
            .then(|| format!("{} ≥ {}", count(lines, "line"), t.size)),
        triggers.staleness.then(|| {
            format!(
                "{} since {} ≥ {}",
                count(staleness.unwrap_or(0), "active day"),
                since.describe(),
                t.staleness
            )
        }),
    ]
    .into_iter()
    .flatten()
    .collect();
    let (decision, reason) = if fired.is_empty() {
        let since = staleness.map_or("no history".to_owned(), |s| {
            format!(
                "{} since {} < {}",
                count(s, "active day"),
                since.describe(),
                t.staleness
            )
        });
        (
            Decision::Skip,
            format!("no trigger: {} < {}, {since}", count(lines, "line"), t.size),
        )
    } else if eligible.len() < t.min_batch {
        (
            Decision::Skip,
            format!(
                "batch too small: {} < {} ({})",
                count(eligible.len(), "eligible entry"),
                t.min_batch,
                fired.join("; ")
            ),
        )
    } else {
        (
            Decision::Consolidate,
            format!("{}: {} ready", fired.join("; "), count(eligible.len(), "entry")),
        )
    };
    Plan {
        lines,
        staleness,
        since,
        triggers,
        decision,
        reason,
        eligible,
        retained,
        thresholds: t.clone(),
    }
}

/// Lines of the `n` most recent entries: uncommitted first, then newest added, later in the file first.
fn most_recent(entries: &[EntryAge], n: usize) -> Vec<usize> {
    let mut by_recency: Vec<&EntryAge> = entries.iter().collect();
    by_recency.sort_by(|a, b| match (a.added, b.added) {
        (None, None) => b.line.cmp(&a.line),
        (None, Some(_)) => std::cmp::Ordering::Less,
        (Some(_), None) => std::cmp::Ordering::Greater,
        (Some(x), Some(y)) => y.cmp(&x).then(b.line.cmp(&a.line)),
    });
    by_recency.into_iter().take(n).map(|e| e.line).collect()
}

#[cfg(test)]
mod tests;
