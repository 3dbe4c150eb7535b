//! The health report without the page: a short summary for a terminal or a wiki (`text`,
//! `markdown`: one human form) and the same facts as one JSON object (`json`), so `report`
//! speaks the vocabulary of every other command.

use super::{Batch, HealthReport};
use serde::Serialize;
use std::io::{self, Write};

/// The summary in Markdown.
pub fn markdown(report: &HealthReport, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "# Learnings Health: {}", report.file)?;
    writeln!(out)?;
    if report.shallow {
        writeln!(
            out,
            "> History is cut at a shallow boundary: ages are at least what is shown (`git fetch --unshallow`)."
        )?;
        writeln!(out)?;
    }
    let plan = &report.plan;
    writeln!(
        out,
        "- **Size:** {} lines (size trigger {})",
        report.lines, plan.thresholds.size
    )?;
    writeln!(out, "- **Entries:** {}", report.entries.len())?;
    let old = report
        .entries
        .iter()
        .filter(|e| e.age >= plan.thresholds.freshness)
        .count();
    writeln!(
        out,
        "- **At or past the freshness age ({} active days):** {old}",
        plan.thresholds.freshness
    )?;
    match &report.last_consolidation {
        Some(last) => writeln!(
            out,
            "- **Last consolidation:** {} (`{}`), {} active days ago",
            last.date,
            short(&last.commit),
            last.age
        )?,
        None => writeln!(out, "- **Last consolidation:** none found")?,
    }
    writeln!(
        out,
        "- **Consolidations in history:** {}",
        report.consolidations().count()
    )?;
    writeln!(out, "- **Decision:** {}: {}", plan.decision.as_str(), plan.reason)?;
    if !report.docs.is_empty() {
        writeln!(out)?;
        writeln!(out, "## Docs nearest their limits")?;
        writeln!(out)?;
        writeln!(out, "| doc | lines | limit |")?;
        writeln!(out, "|---|---:|---:|")?;
        for doc in &report.docs {
            writeln!(out, "| {} | {} | {} |", doc.path, doc.lines, doc.max_lines)?;
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct Json<'a> {
    schema_version: u32,
    file: &'a str,
    lines: usize,
    shallow: bool,
    as_of: Option<String>,
    decision: &'static str,
    reason: &'a str,
    last_consolidation: Option<Dated<'a>>,
    history: Vec<Point<'a>>,
    entries: Vec<Entry<'a>>,
    docs: Vec<Doc<'a>>,
}

#[derive(Serialize)]
struct Dated<'a> {
    commit: &'a str,
    date: String,
    age: usize,
}

#[derive(Serialize)]
struct Point<'a> {
    commit: &'a str,
    date: String,
    lines: usize,
    /// Titles that left for good: non-empty only at a consolidation.
    removed: &'a [String],
}

#[derive(Serialize)]
struct Entry<'a> {
    title: &'a str,
    line: usize,
    added: Option<String>,
    age: usize,
    in_batch: bool,
}

#[derive(Serialize)]
struct Doc<'a> {
    path: &'a str,
    lines: usize,
    max_lines: usize,
}

/// The facts of the report as one JSON object, `schema_version` 1.
pub fn json(report: &HealthReport, out: &mut dyn Write) -> io::Result<()> {
    let json = Json {
        schema_version: 1,
        file: &report.file,
        lines: report.lines,
        shallow: report.shallow,
        as_of: report.as_of.map(|d| d.to_string()),
        decision: report.plan.decision.as_str(),
        reason: &report.plan.reason,
        last_consolidation: report.last_consolidation.as_ref().map(|d| Dated {
            commit: &d.commit,
            date: d.date.to_string(),
            age: d.age,
        }),
        history: report
            .history
            .iter()
            .map(|p| Point {
                commit: &p.commit,
                date: p.date.to_string(),
                lines: p.lines,
                removed: &p.removed,
            })
            .collect(),
        entries: report
            .entries
            .iter()
            .map(|e| Entry {
                title: &e.title,
                line: e.line,
                added: e.added.map(|d| d.to_string()),
                age: e.age,
                in_batch: report.batch(e) == Batch::Eligible,
            })
            .collect(),
        docs: report
            .docs
            .iter()
            .map(|d| Doc {
                path: &d.path,
                lines: d.lines,
                max_lines: d.max_lines,
            })
            .collect(),
    };
    serde_json::to_writer(&mut *out, &json)?;
    writeln!(out)
}

fn short(commit: &str) -> &str {
    commit.get(..7).unwrap_or(commit)
}
