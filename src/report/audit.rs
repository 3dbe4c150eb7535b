//! The `audit` report: every removed entry, and how it is accounted for.

use super::write_json;
use crate::policy::audit::{Landing, Removed, Status, Verdict};
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
            .filter(|(_, v)| v.status == Status::Unaccounted)
            .count()
    }
}

/// Markdown: counts, then every unaccounted entry with its text, then the accounted ones.
pub fn markdown(report: &AuditReport, out: &mut dyn Write) -> io::Result<()> {
    let count = |f: fn(&Status) -> bool| report.entries.iter().filter(|(_, v)| f(&v.status)).count();
    let moved = count(|s| *s == Status::Moved);
    let dropped = count(|s| matches!(s, Status::Dropped { .. }));
    writeln!(out, "# Consolidation Audit")?;
    writeln!(out)?;
    writeln!(
        out,
        "{} removed from `{}` since {} ({}): {moved} moved into docs, {dropped} dropped with a reason, {} unaccounted.",
        plural(report.entries.len(), "entry", "entries"),
        report.file,
        report.since,
        super::short(&report.since_commit),
        report.unaccounted()
    )?;
    if report.unaccounted() > 0 {
        writeln!(out)?;
        writeln!(out, "## Unaccounted entries")?;
        writeln!(out)?;
        writeln!(
            out,
            "Move what is missing into a doc (code, paths, flags and numbers as written), restore the entry, or list it as dropped with a reason in the consolidation report."
        )?;
    }
    for (entry, verdict) in &report.entries {
        if verdict.status == Status::Unaccounted {
            writeln!(out)?;
            writeln!(out, "### {}", entry.title)?;
            writeln!(out)?;
            writeln!(
                out,
                "Score {:.2} (its own terms {:.2}), landed in {}.",
                verdict.score,
                verdict.distinct,
                landed(&verdict.landed)
            )?;
            let missing: Vec<String> = verdict
                .missing
                .iter()
                .map(|t| format!("`{}`", t.replace('`', "'")))
                .collect();
            writeln!(out, "Missing: {}.", missing.join(", "))?;
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
        .filter_map(|(e, v)| match &v.status {
            Status::Moved => Some(format!(
                "- {}: moved to {}, score {:.2}",
                e.title,
                landed(&v.landed),
                v.score
            )),
            Status::Dropped { reason } => {
                Some(format!("- {}: dropped ({reason}), score {:.2}", e.title, v.score))
            }
            Status::Unaccounted => None,
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

/// `a.md (0.80), b.md (0.25)`, or `no changed doc`.
fn landed(landed: &[Landing]) -> String {
    if landed.is_empty() {
        return "no changed doc".to_owned();
    }
    landed
        .iter()
        .map(|l| format!("{} ({:.2})", l.path, l.score))
        .collect::<Vec<_>>()
        .join(", ")
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
    score: f64,
    distinct: f64,
    landed: Vec<LandingJson<'a>>,
    docs: Option<Vec<&'a str>>,
    reason: Option<&'a str>,
    missing: Option<&'a [String]>,
    text: &'a str,
}

#[derive(Serialize)]
struct LandingJson<'a> {
    path: &'a str,
    score: f64,
}

/// JSON, `schema_version` 2 (2 replaced `missing` lines with missing terms and added `score`,
/// `distinct` and `landed`).
pub fn json(report: &AuditReport, out: &mut dyn Write) -> io::Result<()> {
    let entries = report
        .entries
        .iter()
        .map(|(e, v)| {
            let (status, reason) = match &v.status {
                Status::Moved => ("moved", None),
                Status::Dropped { reason } => ("dropped", Some(reason.as_str())),
                Status::Unaccounted => ("unaccounted", None),
            };
            EntryJson {
                title: &e.title,
                status,
                score: v.score,
                distinct: v.distinct,
                landed: v
                    .landed
                    .iter()
                    .map(|l| LandingJson {
                        path: &l.path,
                        score: l.score,
                    })
                    .collect(),
                docs: (v.status == Status::Moved).then(|| v.landed.iter().map(|l| l.path.as_str()).collect()),
                reason,
                missing: (v.status == Status::Unaccounted).then_some(v.missing.as_slice()),
                text: &e.text,
            }
        })
        .collect();
    write_json(
        out,
        &Json {
            schema_version: 2,
            file: &report.file,
            since: &report.since,
            since_commit: &report.since_commit,
            removed: report.entries.len(),
            unaccounted: report.unaccounted(),
            entries,
        },
    )
}
