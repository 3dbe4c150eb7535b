//! The `batch` report: the remember-task agent's input, each entry exactly as in the file.

use super::ages::EntryJson;
use super::{ThresholdsJson, write_json};
use crate::base::words::count;
use crate::policy::EntryAge;
use crate::policy::batch::Hints;
use crate::policy::plan::Plan;
use serde::Serialize;
use std::io::{self, Write};

/// One entry of the batch, with its exact text.
#[derive(Debug, Clone)]
pub struct BatchEntry {
    /// Its age facts.
    pub age: EntryAge,
    /// Heading and body, byte for byte as in the file.
    pub text: String,
    /// The group heading it stands under, if any: the agent moves the lesson with its theme.
    pub group: Option<String>,
}

/// What `learnings batch` reports.
#[derive(Debug, Clone)]
pub struct BatchReport {
    /// Repository-relative path of the learnings file.
    pub file: String,
    /// The decision this batch comes from.
    pub plan: Plan,
    /// The batch, in file order.
    pub entries: Vec<BatchEntry>,
    /// Pre-check hints.
    pub hints: Hints,
}

/// The prompt for the remember-task agent.
pub fn markdown(report: &BatchReport, out: &mut dyn Write) -> io::Result<()> {
    let t = &report.plan.thresholds;
    writeln!(out, "# Consolidation Batch")?;
    writeln!(out)?;
    writeln!(
        out,
        "{} to consolidate from `{}`. Why now: {}.",
        count(report.entries.len(), "entry"),
        report.file,
        report.plan.reason
    )?;
    writeln!(
        out,
        "Rules: entries are eligible at ≥{}; the {} most recent stay in staging; the minimum batch is {}.",
        count(t.freshness, "active day"),
        t.retention,
        t.min_batch
    )?;
    writeln!(out, "Each entry is quoted exactly as it stands in the file.")?;
    for (i, entry) in report.entries.iter().enumerate() {
        let e = &entry.age;
        let added = e.added.map_or("uncommitted".to_owned(), |d| d.to_string());
        let group = entry
            .group
            .as_ref()
            .map_or(String::new(), |g| format!(", under \"{g}\""));
        writeln!(out)?;
        writeln!(
            out,
            "## {}. {} ({}, added {added}, lines {}-{}{group})",
            i + 1,
            e.title,
            count(e.age, "active day"),
            e.line,
            e.end_line
        )?;
        writeln!(out)?;
        let fence = super::fence_for(&entry.text);
        writeln!(out, "{fence}markdown")?;
        out.write_all(entry.text.as_bytes())?;
        if !entry.text.ends_with('\n') {
            writeln!(out)?;
        }
        writeln!(out, "{fence}")?;
    }
    writeln!(out)?;
    writeln!(out, "## Pre-check hints")?;
    writeln!(out)?;
    writeln!(
        out,
        "Candidate supersessions (batch entries whose titles overlap):"
    )?;
    if report.hints.supersessions.is_empty() {
        writeln!(out, "- none")?;
    }
    for s in &report.hints.supersessions {
        let (a, b) = (&report.entries[s.first].age, &report.entries[s.second].age);
        writeln!(
            out,
            "- \"{}\" ~ \"{}\" (title overlap {:.2})",
            a.title, b.title, s.score
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "Candidate redundancy or contradiction targets (docs sharing the entry's phrases):"
    )?;
    for (entry, targets) in report.entries.iter().zip(&report.hints.targets) {
        let list: Vec<String> = targets
            .iter()
            .map(|t| format!("`{}` ({:.2})", t.path, t.score))
            .collect();
        let list = if list.is_empty() {
            "none".to_owned()
        } else {
            list.join(", ")
        };
        writeln!(out, "- \"{}\": {list}", entry.age.title)?;
    }
    Ok(())
}

#[derive(Serialize)]
struct Json<'a> {
    schema_version: u32,
    file: &'a str,
    reason: &'a str,
    thresholds: ThresholdsJson,
    entries: Vec<EntryOut<'a>>,
    supersessions: Vec<SupersessionOut<'a>>,
}

#[derive(Serialize)]
struct EntryOut<'a> {
    #[serde(flatten)]
    entry: EntryJson<'a>,
    text: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<&'a str>,
    targets: Vec<TargetOut<'a>>,
}

#[derive(Serialize)]
struct TargetOut<'a> {
    path: &'a str,
    score: f64,
}

#[derive(Serialize)]
struct SupersessionOut<'a> {
    first: &'a str,
    second: &'a str,
    score: f64,
}

/// JSON, `schema_version` 1, each entry with its exact `text`.
pub fn json(report: &BatchReport, out: &mut dyn Write) -> io::Result<()> {
    let t = &report.plan.thresholds;
    let entries = report
        .entries
        .iter()
        .zip(&report.hints.targets)
        .map(|(e, targets)| EntryOut {
            entry: EntryJson::from(&e.age),
            text: &e.text,
            group: e.group.as_deref(),
            targets: targets
                .iter()
                .map(|t| TargetOut {
                    path: &t.path,
                    score: t.score,
                })
                .collect(),
        })
        .collect();
    let supersessions = report
        .hints
        .supersessions
        .iter()
        .map(|s| SupersessionOut {
            first: &report.entries[s.first].age.title,
            second: &report.entries[s.second].age.title,
            score: s.score,
        })
        .collect();
    write_json(
        out,
        &Json {
            schema_version: 1,
            file: &report.file,
            reason: &report.plan.reason,
            thresholds: ThresholdsJson::from(t),
            entries,
            supersessions,
        },
    )
}
