//! The `audit` report: every removed entry, and how it is accounted for.

use super::write_json;
use crate::policy::audit::{Removed, Verdict};
use serde::Serialize;
use std::io::{self, Write};

/// What `learnings audit` reports.
#[derive(Debug, Clone)]
pub struct AuditReport {
    /// Repository-relative path of the learnings file.
    pub file: String,
    /// The revision the span starts at, as given, and its commit.
    pub since: String,
    /// Full hex id of `since`.
    pub since_commit: String,
    /// Removed entries with their verdicts.
    pub entries: Vec<(Removed, Verdict)>,
}

impl AuditReport {
    /// Entries not accounted for.
    pub fn unaccounted(&self) -> usize {
        self.entries
            .iter()
            .filter(|(_, v)| matches!(v, Verdict::Unaccounted { .. }))
            .count()
    }
}

/// Markdown: counts, then every unaccounted entry with its text, then the accounted ones.
pub fn markdown(report: &AuditReport, out: &mut dyn Write) -> io::Result<()> {
    let count = |f: fn(&Verdict) -> bool| report.entries.iter().filter(|(_, v)| f(v)).count();
    let moved = count(|v| matches!(v, Verdict::Moved { .. }));
    let dropped = count(|v| matches!(v, Verdict::Dropped { .. }));
    writeln!(out, "# Consolidation Audit")?;
    writeln!(out)?;
    writeln!(
        out,
        "{} removed from `{}` since {} ({}): {moved} moved into docs, {dropped} dropped with a reason, {} unaccounted.",
        plural(report.entries.len(), "entry", "entries"),
        report.file,
        report.since,
        super::ages::short(&report.since_commit),
        report.unaccounted()
    )?;
    if report.unaccounted() > 0 {
        writeln!(out)?;
        writeln!(out, "## Unaccounted entries")?;
        writeln!(out)?;
        writeln!(
            out,
            "Move each into a doc, restore it, or list it as dropped with a reason in the consolidation report."
        )?;
    }
    for (entry, verdict) in &report.entries {
        if let Verdict::Unaccounted { missing } = verdict {
            writeln!(out)?;
            writeln!(out, "### {}", entry.title)?;
            writeln!(out)?;
            writeln!(out, "Lines found in no changed doc:")?;
            for line in missing {
                writeln!(out, "- `{}`", line.replace('`', "'"))?;
            }
            writeln!(out)?;
            let fence = super::fence_for(&entry.text);
            writeln!(out, "{fence}markdown")?;
            write!(out, "{}", entry.text)?;
            if !entry.text.ends_with('\n') {
                writeln!(out)?;
            }
            writeln!(out, "{fence}")?;
        }
    }
    let accounted: Vec<String> = report
        .entries
        .iter()
        .filter_map(|(e, v)| match v {
            Verdict::Moved { docs } => Some(format!("- {}: moved to {}", e.title, docs.join(", "))),
            Verdict::Dropped { reason } => Some(format!("- {}: dropped ({reason})", e.title)),
            Verdict::Unaccounted { .. } => None,
        })
        .collect();
    if !accounted.is_empty() {
        writeln!(out)?;
        writeln!(out, "## Accounted for")?;
        writeln!(out)?;
        for line in accounted {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[derive(Serialize)]
struct Json<'a> {
    schema_version: u32,
    file: &'a str,
    since: &'a str,
    since_commit: &'a str,
    removed: usize,
    unaccounted: usize,
    entries: Vec<EntryJson<'a>>,
}

#[derive(Serialize)]
struct EntryJson<'a> {
    title: &'a str,
    status: &'a str,
    docs: Option<&'a [String]>,
    reason: Option<&'a str>,
    missing: Option<&'a [String]>,
    text: &'a str,
}

/// JSON, `schema_version` 1.
pub fn json(report: &AuditReport, out: &mut dyn Write) -> io::Result<()> {
    let entries = report
        .entries
        .iter()
        .map(|(e, v)| {
            let (status, docs, reason, missing) = match v {
                Verdict::Moved { docs } => ("moved", Some(docs.as_slice()), None, None),
                Verdict::Dropped { reason } => ("dropped", None, Some(reason.as_str()), None),
                Verdict::Unaccounted { missing } => ("unaccounted", None, None, Some(missing.as_slice())),
            };
            EntryJson {
                title: &e.title,
                status,
                docs,
                reason,
                missing,
                text: &e.text,
            }
        })
        .collect();
    write_json(
        out,
        &Json {
            schema_version: 1,
            file: &report.file,
            since: &report.since,
            since_commit: &report.since_commit,
            removed: report.entries.len(),
            unaccounted: report.unaccounted(),
            entries,
        },
    )
}
