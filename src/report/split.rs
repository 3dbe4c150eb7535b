//! The `split-plan` report for the memory-refactor agent.

use super::write_json;
use crate::base::words::{count, cut};
use crate::policy::split::SplitPlan;
use serde::Serialize;
use std::io::{self, Write};

/// The longest section title a line shows.
const SECTION_CHARS: usize = 80;

/// The sections of a part in a table cell: the first and, for several, the last and how many.
fn span(sections: &[String]) -> String {
    let short = |t: &str| cut(t, 30);
    match sections {
        [] => String::new(),
        [only] => short(only),
        [first, last] => format!("{}; {}", short(first), short(last)),
        [first, .., last] => format!(
            "{} … {} ({})",
            short(first),
            short(last),
            count(sections.len(), "section")
        ),
    }
}

/// What `learnings split-plan` reports.
#[derive(Debug, Clone)]
pub struct SplitReport {
    /// The doc, as given or repository-relative.
    pub doc: String,
    /// The glob of the limit rule that applied, if any.
    pub rule: Option<String>,
    /// The plan.
    pub plan: SplitPlan,
}

/// Markdown: a table of parts.
pub fn markdown(report: &SplitReport, out: &mut dyn Write) -> io::Result<()> {
    let plan = &report.plan;
    let rule = report
        .rule
        .as_deref()
        .map_or(String::new(), |g| format!(" ({g})"));
    writeln!(out, "# Split Plan: {}", report.doc)?;
    writeln!(out)?;
    if let Some(why) = &plan.cannot_split {
        writeln!(
            out,
            "{}, limit {}{rule}: cannot split: {why}.",
            count(plan.lines, "line"),
            plan.limit
        )?;
        return Ok(());
    }
    if plan.parts.is_empty() {
        writeln!(
            out,
            "{}, limit {}{rule}: no split needed.",
            count(plan.lines, "line"),
            plan.limit
        )?;
        for note in &plan.notes {
            writeln!(out, "- Note: {note}")?;
        }
        return Ok(());
    }
    writeln!(
        out,
        "{}, limit {}{rule}: split into {} of whole sections.",
        count(plan.lines, "line"),
        plan.limit,
        count(plan.parts.len(), "part")
    )?;
    if plan.preamble_end > 0 {
        writeln!(
            out,
            "The original keeps its preamble (lines 1-{}) and links to each part.",
            plan.preamble_end
        )?;
    }
    writeln!(out)?;
    // One short row a part; its sections are listed below the table, one a line, so that no
    // line grows with the number of sections (a journal of 200 days made rows of 3,000 chars).
    writeln!(out, "| Part | Lines | Count | Sections | Proposed file |")?;
    writeln!(out, "|---|---|---|---|---|")?;
    for (i, p) in plan.parts.iter().enumerate() {
        writeln!(
            out,
            "| {} | {}-{} | {} | {} | `{}` |",
            i + 1,
            p.start,
            p.end,
            p.lines(),
            span(&p.sections).replace('|', "\\|"),
            p.file
        )?;
    }
    for (i, p) in plan.parts.iter().enumerate() {
        writeln!(out, "\n## Part {}: `{}`\n", i + 1, p.file)?;
        for section in &p.sections {
            writeln!(out, "- {}", cut(section, SECTION_CHARS))?;
        }
    }
    for note in &plan.notes {
        writeln!(out)?;
        writeln!(out, "- Note: {note}")?;
    }
    Ok(())
}

#[derive(Serialize)]
struct Json<'a> {
    schema_version: u32,
    doc: &'a str,
    lines: usize,
    limit: usize,
    rule: Option<&'a str>,
    preamble_end: usize,
    parts: Vec<PartJson<'a>>,
    notes: &'a [String],
    cannot_split: Option<&'a str>,
}

#[derive(Serialize)]
struct PartJson<'a> {
    start: usize,
    end: usize,
    lines: usize,
    sections: &'a [String],
    file: &'a str,
}

/// JSON, `schema_version` 1.
pub fn json(report: &SplitReport, out: &mut dyn Write) -> io::Result<()> {
    let plan = &report.plan;
    write_json(
        out,
        &Json {
            schema_version: 1,
            doc: &report.doc,
            lines: plan.lines,
            limit: plan.limit,
            rule: report.rule.as_deref(),
            preamble_end: plan.preamble_end,
            parts: plan
                .parts
                .iter()
                .map(|p| PartJson {
                    start: p.start,
                    end: p.end,
                    lines: p.lines(),
                    sections: &p.sections,
                    file: &p.file,
                })
                .collect(),
            notes: &plan.notes,
            cannot_split: plan.cannot_split.as_deref(),
        },
    )
}
