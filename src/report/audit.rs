//! The `audit` report: every removed entry, and how it is accounted for, in the status names
//! every view shares ([`Status`]).

use super::write_json;
use crate::policy::audit::{self, Landing};
use crate::policy::consolidation::judge::Went;
use crate::policy::consolidation::status::{self, Status};
use crate::project::audit::Audited;
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
    /// The consolidation report read, repository-relative.
    pub report: String,
    /// Removed entries, judged.
    pub entries: Vec<Audited>,
    /// What the reader should know of the verdicts (a narrative doc discounted).
    pub warnings: Vec<String>,
}

impl AuditReport {
    /// Entries not accounted for.
    pub fn unaccounted(&self) -> usize {
        self.count(Status::Unaccounted)
    }

    fn count(&self, status: Status) -> usize {
        self.entries.iter().filter(|e| e.status == status).count()
    }

    /// How many entries have each status, the absent left out.
    pub fn counts(&self) -> Vec<(Status, usize)> {
        status::count(&self.entries.iter().map(|e| e.status).collect::<Vec<_>>())
    }
}

/// Markdown: one count per status, then every unaccounted entry with its text, then the others.
pub fn markdown(report: &AuditReport, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "# Consolidation Audit")?;
    writeln!(out)?;
    let mut counts = report.counts();
    if report.unaccounted() == 0 {
        counts.push((Status::Unaccounted, 0));
    }
    writeln!(
        out,
        "{} removed from `{}` {} ({}): {}.",
        plural(report.entries.len(), "entry", "entries"),
        report.file,
        report.span,
        super::short(&report.since_commit),
        status::told(&counts)
    )?;
    for warning in &report.warnings {
        writeln!(out)?;
        writeln!(out, "Warning: {warning}.")?;
    }
    let dropped = report.count(Status::Dropped);
    if dropped > 0 {
        writeln!(out)?;
        writeln!(
            out,
            "The consolidation report ({}) gives a reason for {} found nowhere: dropped, not unaccounted.",
            report.report,
            plural(dropped, "entry", "entries")
        )?;
    }
    if report.unaccounted() > 0 {
        writeln!(out)?;
        writeln!(out, "## Unaccounted entries")?;
        writeln!(out)?;
        writeln!(
            out,
            "Move what is missing into a doc (code, paths, flags and numbers as written), restore the entry, or list it as dropped with a reason in the consolidation report."
        )?;
    }
    for e in report.entries.iter().filter(|e| e.status == Status::Unaccounted) {
        let (entry, detail) = (&e.removed, &e.detail);
        writeln!(out)?;
        writeln!(out, "### {}", entry.title)?;
        writeln!(out)?;
        writeln!(
            out,
            "Score {:.2} (its own terms {:.2}), landed in {}.",
            detail.score,
            detail.distinct,
            landed(&detail.landed)
        )?;
        writeln!(out, "Missing: {}.", terms(&detail.missing))?;
        writeln!(out)?;
        let fence = super::fence_for(&entry.text);
        writeln!(out, "{fence}markdown")?;
        write!(out, "{}", entry.text)?;
        if !entry.text.ends_with('\n') {
            writeln!(out)?;
        }
        writeln!(out, "{fence}")?;
    }
    let accounted: Vec<String> = report
        .entries
        .iter()
        .filter(|e| e.status != Status::Unaccounted)
        .map(|e| format!("- {}: {}", e.removed.title, accounted(e)))
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

/// How an accounted entry is accounted for, after its status.
fn accounted(e: &Audited) -> String {
    let (label, detail) = (e.status.label(), &e.detail);
    match &e.went {
        Went::Doc { path, score } => match &detail.status {
            audit::Status::Condensed { section } => format!(
                "{label}: condensed into {} § {section}, score {:.2}{}",
                landed(&detail.landed),
                detail.score,
                cut(&detail.missing)
            ),
            audit::Status::Moved => {
                format!("{label} to {}, score {:.2}", landed(&detail.landed), detail.score)
            }
            _ => format!("{label} to {path}, score {score:.2}"),
        },
        Went::Staging { path } => format!("{label} to the staging file {path}"),
        Went::Kept { into } if e.status == Status::Retitled => format!("{label} in place to \"{into}\""),
        Went::Kept { into } => format!("{label} in place into \"{into}\""),
        Went::Condensed { archive } => {
            format!("{label} into denser entries in place (original archived in {archive})")
        }
        Went::Restored => format!("{label} by a later commit"),
        Went::Already { path, score } => format!("{label}: {path} before, score {score:.2}"),
        Went::Archived { path } => format!("{label} in {path}"),
        Went::Outside { submodules } => format!(
            "{label}: found nowhere in this repository; the span moved {} (not readable here)",
            submodules.join(", ")
        ),
        Went::Dropped { reason } => format!("{label} ({})", reason.as_deref().unwrap_or("no reason")),
    }
}

/// `; cut: `4182`, `2026-02-06``: what a condensed entry lost, for the reviewer to confirm.
fn cut(missing: &[String]) -> String {
    match missing.is_empty() {
        true => String::new(),
        false => format!("; cut: {}", terms(missing)),
    }
}

fn terms(terms: &[String]) -> String {
    terms
        .iter()
        .map(|t| format!("`{}`", t.replace('`', "'")))
        .collect::<Vec<_>>()
        .join(", ")
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
    /// How many entries have each status (`ages --explain` counts the same).
    counts: std::collections::BTreeMap<&'static str, usize>,
    warnings: &'a [String],
    entries: Vec<EntryJson<'a>>,
}

#[derive(Serialize)]
struct EntryJson<'a> {
    title: &'a str,
    status: &'static str,
    score: f64,
    distinct: f64,
    landed: Vec<LandingJson<'a>>,
    docs: Option<Vec<String>>,
    reason: Option<&'a str>,
    /// Where a retitled, merged, archived, already-documented or outside entry is.
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<String>,
    /// For an entry condensed into a doc, the heading of its section.
    #[serde(skip_serializing_if = "Option::is_none")]
    section: Option<&'a str>,
    missing: Option<&'a [String]>,
    text: &'a str,
}

#[derive(Serialize)]
struct LandingJson<'a> {
    path: &'a str,
    score: f64,
}

/// JSON, `schema_version` 3 (3: the statuses every view shares, with `counts`; 2 replaced
/// `missing` lines with missing terms and added `score`, `distinct` and `landed`).
pub fn json(report: &AuditReport, out: &mut dyn Write) -> io::Result<()> {
    let entries = report
        .entries
        .iter()
        .map(|e| {
            let v = &e.detail;
            let section = match &v.status {
                audit::Status::Condensed { section } => Some(section.as_str()),
                _ => None,
            };
            let (docs, reason, to) = match &e.went {
                Went::Doc { path, .. } => {
                    let landed: Vec<String> = v.landed.iter().map(|l| l.path.clone()).collect();
                    let docs = match landed.contains(path) {
                        true => landed,
                        false => vec![path.clone()],
                    };
                    (Some(docs), None, None)
                }
                Went::Staging { path } => (Some(vec![path.clone()]), None, None),
                Went::Kept { into } => (None, None, Some(into.clone())),
                Went::Condensed { archive } | Went::Archived { path: archive } => {
                    (None, None, Some(archive.clone()))
                }
                Went::Already { path, .. } => (None, None, Some(path.clone())),
                Went::Outside { submodules } => (None, None, Some(submodules.join(", "))),
                Went::Dropped { reason } => (None, reason.as_deref(), None),
                Went::Restored => (None, None, None),
            };
            EntryJson {
                title: &e.removed.title,
                status: e.status.key(),
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
                docs,
                reason,
                to,
                section: section.filter(|_| e.status == Status::Moved),
                missing: (e.status == Status::Unaccounted
                    || (section.is_some() && e.status == Status::Moved))
                    .then_some(v.missing.as_slice()),
                text: &e.removed.text,
            }
        })
        .collect();
    write_json(
        out,
        &Json {
            schema_version: 3,
            file: &report.file,
            since: &report.since,
            since_commit: &report.since_commit,
            removed: report.entries.len(),
            unaccounted: report.unaccounted(),
            counts: report.counts().into_iter().map(|(s, n)| (s.key(), n)).collect(),
            warnings: &report.warnings,
            entries,
        },
    )
}
