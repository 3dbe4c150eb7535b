//! `lint --explain PATH`: what each client loads, in order, with sizes and tokens, and what it
//! cuts.

use crate::lint::ClientLoad;
use crate::lint::clients;
use crate::lint::load::{Cut, Loaded};
use serde::Serialize;
use std::io::{self, Write};

/// What `lint --explain` reports.
#[derive(Debug, Clone, Serialize)]
pub struct ExplainReport {
    /// The wire format's version.
    pub schema_version: u32,
    /// The path explained, repository-relative (`""`: the root).
    pub path: String,
    /// The session's folder.
    pub session: String,
    /// The file read or edited, when the path is a file.
    pub file: Option<String>,
    /// Each client's load list.
    pub clients: Vec<ClientLoad>,
}

fn row(out: &mut dyn Write, n: usize, l: &Loaded) -> io::Result<()> {
    let from = l
        .imported_from
        .as_deref()
        .map(|f| format!(" (imported by {f})"))
        .unwrap_or_default();
    let cut = match l.cut {
        None => String::new(),
        Some(Cut::Truncated { kept }) => format!("  CUT after {kept} bytes"),
        Some(Cut::Dropped) => "  DROPPED".into(),
        Some(Cut::Skipped) => "  SKIPPED (too large)".into(),
    };
    writeln!(
        out,
        "  {n:>3}. {}{from}  {} bytes, ~{} tokens  [{}]{cut}",
        l.path,
        l.bytes,
        l.tokens(),
        l.rule
    )
}

/// The load lists as text, client by client.
pub fn explain_text(report: &ExplainReport, out: &mut dyn Write) -> io::Result<()> {
    let at = if report.session.is_empty() {
        "the repository root".to_owned()
    } else {
        report.session.clone()
    };
    match &report.file {
        Some(file) => writeln!(
            out,
            "What each client loads for {file}, in a session started at {at}:"
        )?,
        None => writeln!(out, "What each client loads at the start of a session in {at}:")?,
    }
    let mut rules = Vec::new();
    for c in &report.clients {
        writeln!(out, "\n{}", c.client.product())?;
        let mut n = 0;
        if c.start.is_empty() {
            writeln!(out, "  at start: nothing")?;
        } else {
            writeln!(out, "  at start:")?;
        }
        for l in &c.start {
            n += 1;
            row(out, n, l)?;
        }
        if let Some(file) = &report.file {
            for (what, list) in [("read", &c.read), ("edited", &c.edit)] {
                if list.is_empty() {
                    writeln!(out, "  when {file} is {what}: nothing more")?;
                    continue;
                }
                writeln!(out, "  when {file} is {what}:")?;
                for (i, l) in list.iter().enumerate() {
                    row(out, n + i + 1, l)?;
                }
            }
        }
        let start: usize = c.start.iter().map(Loaded::tokens).sum();
        let read: usize = c.read.iter().map(Loaded::tokens).sum();
        writeln!(
            out,
            "  ~{start} tokens at start{}",
            if read > 0 {
                format!(", ~{} with the file read", start + read)
            } else {
                String::new()
            }
        )?;
        for l in c.start.iter().chain(&c.read).chain(&c.edit) {
            if !rules.contains(&l.rule) {
                rules.push(l.rule);
            }
        }
    }
    if !rules.is_empty() {
        writeln!(
            out,
            "\nWhy (each rule's source is in doc/research/client-loading.md):"
        )?;
        for id in rules {
            if let Some(r) = clients::rule(id) {
                writeln!(out, "  {id}: {} ({})", r.says, r.source)?;
            }
        }
    }
    Ok(())
}

/// The load lists as JSON (`schema_version` 1).
pub fn explain_json(report: &ExplainReport, out: &mut dyn Write) -> io::Result<()> {
    crate::report::write_json(out, report)
}
