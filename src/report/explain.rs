//! `--explain` of `ages` and `plan`: the commits that removed a title, back to the last
//! consolidation, each with its verdict and why. What resets the staleness clock, shown.

use crate::policy::consolidation::judge::{Judgement, Went};
use crate::project::consolidations::Judged;
use serde::Serialize;
use std::io::{self, Write};

/// The markdown section: which headings were read as entries, one line per commit, then where
/// each entry of the last consolidation went.
pub fn markdown(structure: &str, judged: &[Judged], out: &mut dyn Write) -> io::Result<()> {
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
    }
    if let Some(last) = judged.iter().find(|j| j.judgement.consolidation) {
        writeln!(out)?;
        writeln!(
            out,
            "Where the entries of {} went:",
            super::short(&last.commit.id)
        )?;
        for fate in &last.judgement.fates {
            writeln!(out, "- {}: {}", fate.title, went(&fate.went))?;
        }
    }
    Ok(())
}

fn went(went: &Went) -> String {
    match went {
        Went::Kept { into } => format!("kept in place, as \"{into}\""),
        Went::Staging { path } => format!("moved to the staging file {path}"),
        Went::Restored => "restored by a later commit".into(),
        Went::Doc { path, score } => format!("into {path} ({score:.2})"),
        Went::Archived { path } => format!("archived in {path}"),
        Went::Condensed { archive } => {
            format!("folded into denser entries in place (original archived in {archive})")
        }
        Went::Already { path, score } => format!("already in {path} before the commit ({score:.2})"),
        Went::Outside { submodules } => format!(
            "found nowhere in the repository; the commit changed {}",
            submodules.join(", ")
        ),
        Went::Dropped => "dropped".into(),
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
    entries: Vec<FateJson<'a>>,
}

#[derive(Debug, Serialize)]
struct FateJson<'a> {
    title: &'a str,
    went: &'static str,
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
            entries: fates(&j.judgement),
        })
        .collect()
}

fn fates(judgement: &Judgement) -> Vec<FateJson<'_>> {
    judgement
        .fates
        .iter()
        .map(|f| {
            let (went, to, score) = match &f.went {
                Went::Kept { into } => ("kept", Some(into.clone()), None),
                Went::Staging { path } => ("staging", Some(path.clone()), None),
                Went::Restored => ("restored", None, None),
                Went::Doc { path, score } => ("doc", Some(path.clone()), Some(*score)),
                Went::Archived { path } => ("archived", Some(path.clone()), None),
                Went::Condensed { archive } => ("condensed", Some(archive.clone()), None),
                Went::Already { path, score } => ("already", Some(path.clone()), Some(*score)),
                Went::Outside { submodules } => ("outside", Some(submodules.join(", ")), None),
                Went::Dropped => ("dropped", None, None),
            };
            FateJson {
                title: &f.title,
                went,
                to,
                score,
            }
        })
        .collect()
}
