//! `--explain` of `ages` and `plan`: the commits that removed a title, back to the last
//! consolidation, each with its verdict and why. What resets the staleness clock, shown.

use crate::policy::EntryAge;
use crate::policy::consolidation::judge::{Judgement, Went};
use crate::policy::consolidation::status::{self, Status};
use crate::project::consolidations::Judged;
use serde::Serialize;
use std::io::{self, Write};

/// The markdown section: which headings were read as entries, one line per commit, then where
/// each entry of the last consolidation went.
pub fn markdown(
    structure: &str,
    judged: &[Judged],
    entries: &[&EntryAge],
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(out)?;
    writeln!(out, "## Why (commits that removed a title, newest first)")?;
    writeln!(out)?;
    writeln!(out, "Entries read: {structure}.")?;
    writeln!(out)?;
    if judged.is_empty() {
        writeln!(out, "No commit removed a title from the file.")?;
        return Ok(());
    }
    for j in judged {
        writeln!(
            out,
            "- {} {}: {}",
            super::short(&j.commit.id),
            j.commit.date,
            j.judgement.reason()
        )?;
        for warning in &j.judgement.warnings {
            writeln!(out, "  - Warning: {warning}.")?;
        }
    }
    if let Some(last) = judged.iter().find(|j| j.judgement.consolidation) {
        writeln!(out)?;
        writeln!(
            out,
            "Where the entries of {} went:",
            super::short(&last.commit.id)
        )?;
        for (fate, status) in last.judgement.fates.iter().zip(last.judgement.statuses()) {
            writeln!(out, "- {}: {}", fate.title, went(status, &fate.went))?;
        }
    }
    let notes = dated_by_lesson(judged, entries);
    if !notes.is_empty() {
        writeln!(out)?;
        writeln!(
            out,
            "Dated by their lesson, not by `git blame` of their heading line:"
        )?;
        for note in notes {
            writeln!(out, "- {note}")?;
        }
    }
    Ok(())
}

/// The entries whose date is older than the commit that wrote their heading line, as the judge
/// saw it: retitled in place (the heading is the retitle's), or removed and restored (the
/// heading is the restore's).
fn dated_by_lesson(judged: &[Judged], entries: &[&EntryAge]) -> Vec<String> {
    let mut notes = Vec::new();
    for entry in entries {
        let Some(added) = entry.added else {
            continue;
        };
        for j in judged.iter().filter(|j| j.commit.date > added) {
            let statuses = j.judgement.statuses();
            let at = format!("{} ({})", super::short(&j.commit.id), j.commit.date);
            let why = j
                .judgement
                .fates
                .iter()
                .zip(&statuses)
                .find_map(|(fate, status)| match (&fate.went, status) {
                    (Went::Kept { into }, Status::Retitled) if *into == entry.title => Some(format!(
                        "retitled from \"{}\" in {at}, which blame dates its heading line by",
                        fate.title
                    )),
                    (Went::Restored, _) if fate.title == entry.title => Some(format!(
                        "removed in {at} and restored after it, by the commit blame dates its heading line by"
                    )),
                    _ => None,
                });
            if let Some(why) = why {
                notes.push(format!("{}: added {added}; {why}", entry.title));
                break;
            }
        }
    }
    notes
}

/// An entry's status, with where it went: "moved into docs/a.md (0.82)".
fn went(status: Status, went: &Went) -> String {
    let label = status.label();
    match went {
        Went::Kept { into } => format!("{label} in place, as \"{into}\""),
        Went::Staging { path } => format!("{label} to the staging file {path}"),
        Went::Restored => format!("{label} by a later commit"),
        Went::Doc { path, score } => format!("{label} into {path} ({score:.2})"),
        Went::Archived { path } => format!("{label} in {path}"),
        Went::Condensed { archive } => {
            format!("{label} into denser entries in place (original archived in {archive})")
        }
        Went::Already { path, score } => format!("{label}: {path}, before the commit ({score:.2})"),
        Went::Outside { submodules } => format!(
            "{label}: found nowhere in the repository; the commit changed {}",
            submodules.join(", ")
        ),
        Went::Dropped { reason: Some(reason) } => format!("{label}: {reason}"),
        Went::Dropped { reason: None } => format!("{label}: found nowhere, and no reason given"),
    }
}

/// One judged commit as JSON.
#[derive(Debug, Serialize)]
pub struct JudgedJson<'a> {
    commit: &'a str,
    date: String,
    consolidation: bool,
    why: String,
    added: usize,
    /// Entries that left for good.
    left: usize,
    /// How many entries have each status (the audit's header counts the same).
    counts: std::collections::BTreeMap<&'static str, usize>,
    warnings: &'a [String],
    entries: Vec<FateJson<'a>>,
}

#[derive(Debug, Serialize)]
struct FateJson<'a> {
    title: &'a str,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<f64>,
}

/// The judged commits as JSON, newest first.
pub fn json(judged: &[Judged]) -> Vec<JudgedJson<'_>> {
    judged
        .iter()
        .map(|j| JudgedJson {
            commit: &j.commit.id,
            date: j.commit.date.to_string(),
            consolidation: j.judgement.consolidation,
            why: j.judgement.reason(),
            added: j.judgement.added,
            left: j.judgement.left(),
            counts: status::count(&j.judgement.statuses())
                .into_iter()
                .map(|(s, n)| (s.key(), n))
                .collect(),
            warnings: &j.judgement.warnings,
            entries: fates(&j.judgement),
        })
        .collect()
}

fn fates(judgement: &Judgement) -> Vec<FateJson<'_>> {
    judgement
        .fates
        .iter()
        .zip(judgement.statuses())
        .map(|(f, status)| {
            let (to, score) = match &f.went {
                Went::Kept { into } => (Some(into.clone()), None),
                Went::Staging { path } | Went::Archived { path } => (Some(path.clone()), None),
                Went::Condensed { archive } => (Some(archive.clone()), None),
                Went::Doc { path, score } | Went::Already { path, score } => {
                    (Some(path.clone()), Some(*score))
                }
                Went::Outside { submodules } => (Some(submodules.join(", ")), None),
                Went::Dropped { reason } => (reason.clone(), None),
                Went::Restored => (None, None),
            };
            FateJson {
                title: &f.title,
                status: status.key(),
                to,
                score,
            }
        })
        .collect()
}
