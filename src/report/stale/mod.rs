//! The `stale` report, for CI: entries at or past the freshness age, and whether consolidation
//! is overdue (`learnings plan` would consolidate).
//!
//! One report, four renderers: a table for terminal logs, GitHub annotations with a job summary,
//! JSON, and SARIF for code scanning. The wording of a finding is decided here once, so the
//! annotation, the SARIF result and the table say the same thing.

pub mod github;
pub mod json;
pub mod sarif;
pub mod text;

use super::short;
use crate::base::words::count;
use crate::policy::plan::{Decision, Plan};
use crate::policy::{self, EntryAge};
use crate::project::analysis::Analysis;
use crate::report::plan::PlanReport;

/// What `learnings stale` reports.
#[derive(Debug, Clone)]
pub struct StaleReport {
    /// Repository-relative path of the learnings file, `/`-separated.
    pub file: String,
    /// History cut at a shallow boundary (only with `--allow-shallow`).
    pub shallow: bool,
    /// Every entry, in file order.
    pub entries: Vec<EntryAge>,
    /// The consolidation decision, with the thresholds used.
    pub plan: Plan,
}

impl StaleReport {
    /// Builds the report from a plan and the analysis it came from.
    pub fn new(plan: PlanReport, analysis: &Analysis) -> Self {
        StaleReport {
            file: plan.file,
            shallow: plan.shallow,
            entries: analysis.entries.clone(),
            plan: plan.plan,
        }
    }

    /// The freshness age: an entry this old or older is stale.
    pub fn freshness(&self) -> usize {
        self.plan.thresholds.freshness
    }

    /// Whether an entry is stale. Uncommitted entries never are: they have no age yet.
    pub fn is_stale(&self, entry: &EntryAge) -> bool {
        !entry.uncommitted() && entry.age >= self.freshness()
    }

    /// The stale entries, oldest first (then in file order).
    pub fn stale(&self) -> Vec<&EntryAge> {
        policy::oldest_first(&self.entries)
            .into_iter()
            .filter(|e| self.is_stale(e))
            .collect()
    }

    /// Whether `learnings plan` would consolidate now.
    pub fn overdue(&self) -> bool {
        self.plan.decision == Decision::Consolidate
    }
}

/// The stable id of the stale-entry finding (SARIF rule, JSON).
pub const STALE_RULE: &str = "learnings/stale-entry";
/// The stable id of the overdue-consolidation finding.
pub const OVERDUE_RULE: &str = "learnings/consolidation-overdue";

/// The short title of a stale-entry finding.
pub fn stale_title(entry: &EntryAge) -> String {
    format!("Stale learning: {}", entry.title)
}

/// What to say about a stale entry.
pub fn stale_message(report: &StaleReport, entry: &EntryAge) -> String {
    let added = match (entry.added, &entry.commit) {
        (Some(date), Some(commit)) => format!(", added {date} in {}", short(commit)),
        _ => String::new(),
    };
    format!(
        "\"{}\" is {} old (stale at {}){added}: consolidate it into the permanent docs, or drop it.",
        entry.title,
        count(entry.age, "active day"),
        report.freshness()
    )
}

/// The short title of the overdue finding.
pub const OVERDUE_TITLE: &str = "Consolidation overdue";

/// What to say when consolidation is overdue.
pub fn overdue_message(report: &StaleReport) -> String {
    format!(
        "{}: consolidation is overdue ({}); `learnings plan` lists the batch.",
        report.file, report.plan.reason
    )
}

#[cfg(test)]
mod tests;
