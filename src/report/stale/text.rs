//! The table a person reads in a terminal or a CI log.

use super::StaleReport;
use crate::base::words::count;
use crate::report::short;
use std::io::{self, Write};

/// Renders the report as a header line, a table of stale entries (oldest first), and the
/// consolidation decision.
pub fn render(report: &StaleReport, out: &mut dyn Write) -> io::Result<()> {
    let stale = report.stale();
    writeln!(
        out,
        "{}: {}, {}, {} stale (≥{})",
        report.file,
        count(report.plan.lines, "line"),
        count(report.entries.len(), "entry"),
        stale.len(),
        count(report.freshness(), "active day")
    )?;
    writeln!(out)?;
    if stale.is_empty() {
        writeln!(out, "No stale entries.")?;
    } else {
        let age_w = stale
            .iter()
            .map(|e| e.age.to_string().len())
            .max()
            .unwrap_or(0)
            .max(3);
        let line_w = stale
            .iter()
            .map(|e| e.line.to_string().len())
            .max()
            .unwrap_or(0)
            .max(4);
        writeln!(
            out,
            "  {:>age_w$}  {:>line_w$}  {:<10}  {:<8}  ENTRY",
            "AGE", "LINE", "ADDED", "COMMIT"
        )?;
        for e in &stale {
            let added = e.added.map_or(String::new(), |d| d.to_string());
            let commit = e.commit.as_deref().map_or("", short);
            writeln!(
                out,
                "  {:>age_w$}  {:>line_w$}  {added:<10}  {commit:<8}  {}",
                e.age, e.line, e.title
            )?;
        }
    }
    writeln!(out)?;
    if report.overdue() {
        writeln!(out, "Consolidation overdue: {}.", report.plan.reason)?;
    } else {
        writeln!(out, "Consolidation not due: {}.", report.plan.reason)?;
    }
    Ok(())
}
