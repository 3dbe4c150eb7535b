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
    /// The span in words: "since HEAD~1", "in abc1234", "in A..B".
    pub span: String,
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
    let moved = count(|s| matches!(s, Status::Moved | Status::Condensed { .. }));
    let dropped = count(|s| matches!(s, Status::Dropped { .. } | Status::Already { .. }));
    let kept = count(|s| matches!(s, Status::Retitled { .. } | Status::Merged { .. }));
    let outside = count(|s| matches!(s, Status::Outside { .. }));
    writeln!(out, "# Consolidation Audit")?;
    writeln!(out)?;
    let mut extra = String::new();
    if kept > 0 {
        extra.push_str(&format!("{kept} still in the file (retitled or merged), "));
    }
    if outside > 0 {
        extra.push_str(&format!("{outside} possibly into a submodule, "));
    }
    writeln!(
        out,
        "{} removed from `{}` {} ({}): {moved} moved into docs, {dropped} dropped with a reason, {extra}{} unaccounted.",
        plural(report.entries.len(), "entry", "entries"),
        report.file,
        report.span,
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
            Status::Condensed { section } => Some(format!(
                "- {}: condensed into {} § {section}, score {:.2}{}",
                e.title,
                landed(&v.landed),
                v.score,
                cut(&v.missing)
            )),
            Status::Dropped { reason } => {
                Some(format!("- {}: dropped ({reason}), score {:.2}", e.title, v.score))
            }
            Status::Retitled { to } => Some(format!("- {}: retitled in place to \"{to}\"", e.title)),
            Status::Merged { into } => Some(format!("- {}: merged in place into \"{into}\"", e.title)),
            Status::Already { path } => Some(format!(
                "- {}: already in {path} before, score {:.2}",
                e.title, v.score
            )),
            Status::Outside { submodules } => Some(format!(
                "- {}: found nowhere in this repository; the span moved {} (not readable here)",
                e.title,
                submodules.join(", ")
            )),
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

/// `; cut: `4182`, `2026-02-06``: what a condensed entry lost, for the reviewer to confirm.
fn cut(missing: &[String]) -> String {
    if missing.is_empty() {
        return String::new();
    }
    let terms: Vec<String> = missing
        .iter()
        .map(|t| format!("`{}`", t.replace('`', "'")))
        .collect();
    format!("; cut: {}", terms.join(", "))
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
    /// Where a retitled, merged, already-documented or outside entry is; for a condensed one,
    /// the heading of its section.
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<String>,
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
            let (status, reason, to) = match &v.status {
                Status::Moved => ("moved", None, None),
                Status::Condensed { section } => ("condensed", None, Some(section.clone())),
                Status::Dropped { reason } => ("dropped", Some(reason.as_str()), None),
                Status::Retitled { to } => ("retitled", None, Some(to.clone())),
                Status::Merged { into } => ("merged", None, Some(into.clone())),
                Status::Already { path } => ("already", None, Some(path.clone())),
                Status::Outside { submodules } => ("outside", None, Some(submodules.join(", "))),
                Status::Unaccounted => ("unaccounted", None, None),
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
                docs: matches!(v.status, Status::Moved | Status::Condensed { .. })
                    .then(|| v.landed.iter().map(|l| l.path.as_str()).collect()),
                reason,
                to,
                missing: matches!(v.status, Status::Unaccounted | Status::Condensed { .. })
                    .then_some(v.missing.as_slice()),
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
