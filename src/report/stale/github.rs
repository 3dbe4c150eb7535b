//! GitHub Actions: workflow-command annotations, and the markdown job summary.
//!
//! GitHub shows only a few annotations per step, so the summary (appended to the file named by
//! `GITHUB_STEP_SUMMARY`) always lists every stale entry. Escaping follows GitHub's toolkit
//! (`@actions/core` command.ts): data escapes `%`, CR and LF; properties also `:` and `,`.

use super::{OVERDUE_TITLE, StaleReport, overdue_message, stale_message, stale_title};
use crate::base::words::count;
use crate::policy::size::SizePoint;
use crate::report::health::labels::fit_path;
use crate::report::short;
use std::io::{self, Write};

/// Escapes the message of a workflow command.
pub fn escape_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// Escapes a property value (`file`, `title`, …) of a workflow command.
pub fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// One `::warning` annotation per stale entry (oldest first, on its heading line), one for an
/// overdue consolidation (on the file's first line), and one for a shallow history.
pub fn annotations(report: &StaleReport, out: &mut dyn Write) -> io::Result<()> {
    let file = escape_property(&report.file);
    if report.shallow {
        writeln!(
            out,
            "::warning title={}::{}",
            escape_property("Shallow clone"),
            escape_data("Ages are cut at the shallow boundary; check out the full history (fetch-depth: 0).")
        )?;
    }
    if report.overdue() {
        writeln!(
            out,
            "::warning file={file},line=1,title={}::{}",
            escape_property(OVERDUE_TITLE),
            escape_data(&overdue_message(report))
        )?;
    }
    for e in report.stale() {
        writeln!(
            out,
            "::warning file={file},line={},endLine={},title={}::{}",
            e.line,
            e.end_line,
            escape_property(&stale_title(e)),
            escape_data(&stale_message(report, e))
        )?;
    }
    Ok(())
}

/// The job summary: counts, the decision and why, and a table of every stale entry.
pub fn summary(report: &StaleReport, out: &mut dyn Write) -> io::Result<()> {
    let stale = report.stale();
    writeln!(out, "## Stale learnings: `{}`", report.file)?;
    writeln!(out)?;
    writeln!(
        out,
        "| Lines | Entries | Stale (≥{}) | Consolidation |",
        count(report.freshness(), "active day")
    )?;
    writeln!(out, "|---:|---:|---:|---|")?;
    let decision = if report.overdue() {
        "**overdue**"
    } else {
        "not due"
    };
    writeln!(
        out,
        "| {} | {} | {} | {decision} |",
        report.plan.lines,
        report.entries.len(),
        stale.len()
    )?;
    writeln!(out)?;
    if report.overdue() {
        writeln!(out, "**Consolidation overdue:** {}.", cell(&report.plan.reason))?;
    } else {
        writeln!(out, "**Consolidation not due:** {}.", cell(&report.plan.reason))?;
    }
    if report.shallow {
        writeln!(out)?;
        writeln!(
            out,
            "> [!WARNING]\n> Shallow clone: ages are cut at the shallow boundary. Use `fetch-depth: 0`."
        )?;
    }
    writeln!(out)?;
    if stale.is_empty() {
        writeln!(out, "No stale entries.")?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "### Stale entries, oldest first")?;
    writeln!(out)?;
    writeln!(out, "| Age (active days) | Entry | Line | Added | Commit |")?;
    writeln!(out, "|---:|---|---:|---|---|")?;
    for e in stale {
        let added = e.added.map_or(String::new(), |d| d.to_string());
        let commit = e.commit.as_deref().map_or("", short);
        writeln!(
            out,
            "| {} | {} | {} | {added} | `{commit}` |",
            e.age,
            cell(&e.title),
            e.line
        )?;
    }
    writeln!(out)?;
    Ok(())
}

/// A table cell: a `|` would end it, a line break would end the table.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace(['\r', '\n'], " ")
}

/// Mermaid's title size, and the room a 700-pixel chart leaves the path in it.
const MERMAID_TITLE_PX: f64 = 20.0;
const MERMAID_TITLE_ROOM: f64 = 560.0;

/// How many versions the summary chart shows: the newest ones; a job summary is a glance.
pub const CHART_VERSIONS: usize = 30;

/// A mermaid line chart of the size history (the newest [`CHART_VERSIONS`] versions) against
/// the size trigger, for the job summary; GitHub renders mermaid blocks. Nothing without history.
pub fn size_chart(file: &str, history: &[SizePoint], size: usize, out: &mut dyn Write) -> io::Result<()> {
    let shown = &history[history.len().saturating_sub(CHART_VERSIONS)..];
    if shown.is_empty() {
        return Ok(());
    }
    let labels: Vec<String> = shown
        .iter()
        .map(|p| {
            let day = p.date.format("%m-%d");
            match p.removed.len() {
                0 => format!("\"{day}\""),
                n => format!("\"{day} -{n}\""),
            }
        })
        .collect();
    let lines: Vec<String> = shown.iter().map(|p| p.lines.to_string()).collect();
    let trigger = vec![size.to_string(); shown.len()];
    let top = shown.iter().map(|p| p.lines).max().unwrap_or(0).max(size);
    writeln!(out, "### Size history")?;
    writeln!(out)?;
    writeln!(out, "```mermaid")?;
    writeln!(out, "xychart-beta")?;
    // The report's cut rule: a path too wide loses its start (GitHub shows no hover, but the
    // summary's heading names the whole path).
    let (path, _) = fit_path(file, MERMAID_TITLE_PX, MERMAID_TITLE_ROOM);
    writeln!(out, "    title \"Lines of {}\"", path.replace('"', "'"))?;
    writeln!(out, "    x-axis [{}]", labels.join(", "))?;
    writeln!(out, "    y-axis \"lines\" 0 --> {}", top + top / 5 + 1)?;
    writeln!(out, "    line [{}]", lines.join(", "))?;
    writeln!(out, "    line [{}]", trigger.join(", "))?;
    writeln!(out, "```")?;
    writeln!(out)?;
    writeln!(
        out,
        "Lines at each of the last {} commits that changed the file (first parent); the flat line is the size trigger ({size} lines); `-N` marks a consolidation where N entries left.",
        shown.len()
    )?;
    writeln!(out)?;
    Ok(())
}
