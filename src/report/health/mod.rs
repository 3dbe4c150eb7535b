//! The `report` report: the health of a learnings file at a glance, for a team lead or a wiki.
//!
//! One struct, two renderers: a self-contained HTML page ([`html`]) and each chart alone as SVG
//! ([`chart`]). Everything is decided when the report is built, from the same analysis and plan
//! `ages` and `plan` use, so the page never disagrees with the commands.

pub mod ages;
pub mod chart;
pub mod effect;
pub mod html;
pub mod labels;
mod overlay;
pub mod summary;

use crate::policy::EntryAge;
use crate::policy::plan::Plan;
use crate::policy::size::SizePoint;
use crate::project::analysis::{Analysis, Dated};
use crate::project::growth::DocSize;
use chrono::NaiveDate;

/// What `learnings report` shows.
#[derive(Debug, Clone)]
pub struct HealthReport {
    /// Repository-relative path of the learnings file.
    pub file: String,
    /// Line count of the working-tree file.
    pub lines: usize,
    /// History cut at a shallow boundary.
    pub shallow: bool,
    /// The newest active day: what "now" means in this report.
    pub as_of: Option<NaiveDate>,
    /// The line count at each first-parent commit that changed the file, oldest first.
    pub history: Vec<SizePoint>,
    /// Every entry, in file order.
    pub entries: Vec<EntryAge>,
    /// The newest consolidation.
    pub last_consolidation: Option<Dated>,
    /// The commit that created the file, when it was never consolidated.
    pub created: Option<Dated>,
    /// The consolidation decision with its thresholds, staleness and batch.
    pub plan: Plan,
    /// The permanent docs nearest their line limits, fullest first.
    pub docs: Vec<DocSize>,
    /// The effect of the rules, when the ledger or the capture log holds anything.
    pub effect: Option<crate::effect::Effect>,
    /// Heading lines of the eligible and of the retained entries: looked up once per entry, so
    /// a file of 150,000 entries does not scan the batch for each.
    eligible_lines: std::collections::HashSet<usize>,
    retained_lines: std::collections::HashSet<usize>,
}

/// Whether an entry would leave staging in a consolidation now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Batch {
    /// Old enough and not among the most recent: in the batch.
    Eligible,
    /// Old enough, but kept in staging by the retention rule.
    Retained,
    /// Younger than the freshness age.
    TooYoung,
    /// Not committed yet: no age.
    Uncommitted,
}

impl Batch {
    /// How the table says it.
    pub fn describe(self) -> &'static str {
        match self {
            Batch::Eligible => "yes",
            Batch::Retained => "no (retained: most recent)",
            Batch::TooYoung => "no (too young)",
            Batch::Uncommitted => "no (uncommitted)",
        }
    }
}

impl HealthReport {
    /// Builds the report from an analysis, its plan, the size history and the docs.
    pub fn new(analysis: &Analysis, plan: Plan, history: Vec<SizePoint>, docs: Vec<DocSize>) -> Self {
        HealthReport {
            eligible_lines: plan.eligible.iter().map(|e| e.line).collect(),
            retained_lines: plan.retained.iter().map(|e| e.line).collect(),
            file: analysis.path.clone(),
            lines: analysis.file.lines,
            shallow: analysis.shallow,
            as_of: analysis.calendar.last(),
            history,
            entries: analysis.entries.clone(),
            last_consolidation: analysis.last_consolidation.clone(),
            created: analysis.created.clone(),
            plan,
            docs,
            effect: None,
        }
    }

    /// Where an entry stands in the consolidation batch.
    pub fn batch(&self, entry: &EntryAge) -> Batch {
        if entry.uncommitted() {
            Batch::Uncommitted
        } else if self.eligible_lines.contains(&entry.line) {
            Batch::Eligible
        } else if self.retained_lines.contains(&entry.line) {
            Batch::Retained
        } else {
            Batch::TooYoung
        }
    }

    /// The versions that were consolidations, oldest first.
    pub fn consolidations(&self) -> impl Iterator<Item = (Option<&SizePoint>, &SizePoint)> {
        self.history
            .iter()
            .enumerate()
            .filter(|(_, p)| p.is_consolidation())
            .map(|(i, p)| (i.checked_sub(1).map(|j| &self.history[j]), p))
    }
}
