//! JSON, `schema_version` 1: every entry with its age and whether it is stale, and the decision.

use super::StaleReport;
use crate::report::ages::EntryJson;
use crate::report::{FileHeader, write_json};
use serde::Serialize;
use std::io::{self, Write};

#[derive(Serialize)]
struct Json<'a> {
    #[serde(flatten)]
    header: FileHeader<'a>,
    freshness: usize,
    stale_count: usize,
    consolidation: Consolidation<'a>,
    entries: Vec<Entry<'a>>,
}

#[derive(Serialize)]
struct Consolidation<'a> {
    overdue: bool,
    decision: &'a str,
    reason: &'a str,
    staleness: Option<usize>,
    size_trigger: bool,
    staleness_trigger: bool,
}

#[derive(Serialize)]
struct Entry<'a> {
    #[serde(flatten)]
    entry: EntryJson<'a>,
    stale: bool,
}

/// One line of JSON; entries in file order.
pub fn render(report: &StaleReport, out: &mut dyn Write) -> io::Result<()> {
    let plan = &report.plan;
    write_json(
        out,
        &Json {
            header: FileHeader::v1(&report.file, plan.lines, report.shallow),
            freshness: report.freshness(),
            stale_count: report.stale().len(),
            consolidation: Consolidation {
                overdue: report.overdue(),
                decision: plan.decision.as_str(),
                reason: &plan.reason,
                staleness: plan.staleness,
                size_trigger: plan.triggers.size,
                staleness_trigger: plan.triggers.staleness,
            },
            entries: report
                .entries
                .iter()
                .map(|e| Entry {
                    entry: EntryJson::from(e),
                    stale: report.is_stale(e),
                })
                .collect(),
        },
    )
}
