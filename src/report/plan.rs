//! The `plan` report: the consolidation decision, its triggers, and the batch.

use super::ages::EntryJson;
use super::{FileHeader, ThresholdsJson, write_json};
use crate::base::words::count;
use crate::policy::plan::{Decision, Plan};
use serde::Serialize;
use std::io::{self, Write};

/// What `learnings plan` reports.
#[derive(Debug, Clone)]
pub struct PlanReport {
    /// Repository-relative path of the learnings file.
    pub file: String,
    /// History cut at a shallow boundary.
    pub shallow: bool,
    /// The decision.
    pub plan: Plan,
    /// With `--explain`: the commits that removed a title, judged.
    pub explain: Option<Vec<crate::project::consolidations::Judged>>,
    /// Which headings were read as entries, in words.
    pub structure: String,
}

impl PlanReport {
    /// The decision on an analysed file under `thresholds`.
    pub fn new(
        analysis: &crate::project::analysis::Analysis,
        thresholds: &crate::policy::plan::Thresholds,
    ) -> PlanReport {
        PlanReport {
            file: analysis.path.clone(),
            shallow: analysis.shallow,
            plan: analysis.plan(thresholds),
            explain: None,
            structure: analysis.file.shape.describe(),
        }
    }
}

/// Markdown for people and agents.
pub fn markdown(report: &PlanReport, out: &mut dyn Write) -> io::Result<()> {
    let plan = &report.plan;
    let t = &plan.thresholds;
    writeln!(out, "# Consolidation Plan")?;
    writeln!(out)?;
    writeln!(out, "**File:** {} ({})", report.file, count(plan.lines, "line"))?;
    writeln!(out, "**Decision:** {}", plan.decision.as_str())?;
    writeln!(out, "**Reason:** {}", plan.reason)?;
    let staleness = plan
        .staleness
        .map_or("unknown".to_owned(), |s| count(s, "active day"));
    writeln!(
        out,
        "**Triggers:** size {} ({}, trigger {}), staleness {} ({}, trigger {})",
        yes_no(plan.triggers.size),
        count(plan.lines, "line"),
        t.size,
        yes_no(plan.triggers.staleness),
        staleness,
        t.staleness
    )?;
    writeln!(
        out,
        "**Rules:** eligible at ≥{}, {} most recent kept, minimum batch {}",
        count(t.freshness, "active day"),
        t.retention,
        t.min_batch
    )?;
    if plan.decision == Decision::Consolidate {
        writeln!(out)?;
        writeln!(out, "## Batch ({})", count(plan.batch().len(), "entry"))?;
        writeln!(out)?;
        for e in plan.batch() {
            let added = e.added.map_or("uncommitted".to_owned(), |d| d.to_string());
            writeln!(
                out,
                "- **{}**: {} (line {}, added {added})",
                count(e.age, "day"),
                e.title,
                e.line
            )?;
        }
    }
    if let Some(judged) = &report.explain {
        let entries: Vec<&crate::policy::EntryAge> =
            report.plan.eligible.iter().chain(&report.plan.retained).collect();
        super::explain::markdown(&report.structure, judged, &entries, out)?;
    }
    Ok(())
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

#[derive(Serialize)]
struct Json<'a> {
    #[serde(flatten)]
    header: FileHeader<'a>,
    staleness: Option<usize>,
    triggers: Triggers,
    decision: &'a str,
    reason: &'a str,
    thresholds: ThresholdsJson,
    batch: Vec<EntryJson<'a>>,
    retained: Vec<EntryJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<Vec<super::explain::JudgedJson<'a>>>,
}

#[derive(Serialize)]
struct Triggers {
    size: bool,
    staleness: bool,
}

/// JSON, `schema_version` 1.
pub fn json(report: &PlanReport, out: &mut dyn Write) -> io::Result<()> {
    let plan = &report.plan;
    let t = &plan.thresholds;
    write_json(
        out,
        &Json {
            header: FileHeader::v1(&report.file, plan.lines, report.shallow),
            staleness: plan.staleness,
            triggers: Triggers {
                size: plan.triggers.size,
                staleness: plan.triggers.staleness,
            },
            decision: plan.decision.as_str(),
            reason: &plan.reason,
            thresholds: ThresholdsJson::from(t),
            batch: plan.batch().iter().map(EntryJson::from).collect(),
            retained: plan.retained.iter().map(EntryJson::from).collect(),
            explain: report.explain.as_deref().map(super::explain::json),
        },
    )
}
