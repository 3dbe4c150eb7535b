//! `learnings inject explain "PROMPT"`: which domains match, on which word in which message,
//! what would be injected, its size, and what the budget cuts. It reads the session state but
//! never writes it.

use super::args::Format;
use super::context::{Context, EXIT_OK};
use crate::error::{Error, Result};
use crate::inject::{self, budget, matcher::Matcher, state::Session};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `learnings inject`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

/// What to do.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Show which domains a prompt matches and what the prompt hook would inject.
    Explain {
        /// The prompt, as the user would type it.
        prompt: String,
        /// A Claude Code transcript (JSONL): its last 3 messages are matched too.
        #[arg(long, value_name = "FILE")]
        transcript: Option<PathBuf>,
        /// A session id: files already injected in that session are shown as such.
        #[arg(long, value_name = "ID")]
        session: Option<String>,
        /// Print the text that would be injected, too.
        #[arg(long)]
        text: bool,
        /// Output format: `text` (`markdown` is the same) or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

/// Runs the action.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let Action::Explain {
        prompt,
        transcript,
        session,
        text,
        format,
    } = args.action;
    let root = crate::base::paths::enclosing_project(&ctx.cwd);
    // The hook's own reading: the valid domains work, the problems are warnings.
    let config = ctx.config(&root, &[])?;
    if config.inject.domains.is_empty() {
        return Err(Error::Usage(format!(
            "{}: no [[inject.domains]]; add one (see the book: guide/injection.md)",
            crate::base::paths::CONFIG_FILE
        )));
    }
    let tail = match &transcript {
        Some(path) => {
            let path = ctx.resolve(path);
            if !path.is_file() {
                return Err(Error::Missing {
                    path,
                    hint: "pass a Claude Code transcript (…/<session id>.jsonl)".into(),
                });
            }
            crate::transcript::tail(&path, inject::RECENT_MESSAGES)
        }
        None => Default::default(),
    };
    let matcher = Matcher::new(&config.inject);
    let matches = inject::match_conversation(&matcher, &root, Some(&prompt), &tail);
    let session = session.map(|id| Session::new(&root, &id));
    let mut selection = inject::select(&root, &config.inject, matches, session.as_ref());
    crate::hooks::freshness::date_files(&root, &mut selection);
    let labels = inject::labels(&tail.messages);
    let domain = |i: usize| config.inject.domains[i].name.get_ref().trim().to_owned();
    let fresh = selection.fresh();
    let pieces: Vec<budget::Piece> = fresh.iter().map(|(_, p)| p.clone()).collect();
    let assembled = budget::assemble(budget::HEADER, &[], &pieces, config.inject.budget());
    let files: Vec<(String, usize, String, String)> = selection
        .candidates
        .iter()
        .enumerate()
        .map(|(i, candidate)| {
            let status = if candidate.seen {
                "already injected in this session: skipped".to_owned()
            } else {
                let piece = fresh.iter().position(|(c, _)| *c == i);
                match piece.and_then(|p| assembled.placed.iter().find(|x| x.piece == p)) {
                    Some(p) if p.lines == p.total => "injected whole".to_owned(),
                    Some(p) => format!("cut by the budget after line {} of {}", p.lines, p.total),
                    None => "left out by the budget".to_owned(),
                }
            };
            let chars = candidate.text.chars().count();
            (
                candidate.path.clone(),
                chars,
                candidate.domains.join(", "),
                status,
            )
        })
        .collect();
    if format.is_json() {
        let json = serde_json::json!({
            "schema_version": 1,
            "matches": selection.matches.iter().map(|m| serde_json::json!({
                "domain": domain(m.domain), "score": m.score, "why": m.reason() })).collect::<Vec<_>>(),
            "files": files.iter().map(|(path, chars, domains, status)| serde_json::json!({
                "path": path, "chars": chars, "domains": domains, "status": status })).collect::<Vec<_>>(),
            "unreadable": selection.unreadable,
            "chars": assembled.chars(),
            "budget": config.inject.budget(),
            "text": (!assembled.placed.is_empty()).then_some(&assembled.text),
        });
        writeln!(out, "{}", serde_json::to_string(&json).unwrap_or_default())?;
        return Ok(EXIT_OK);
    }
    writeln!(out, "Read: the prompt")?;
    for (label, message) in labels.iter().zip(&tail.messages) {
        writeln!(out, "Read: {label}: {}", preview(&message.text))?;
    }
    if selection.matches.is_empty() {
        writeln!(
            out,
            "\nNo domain matches: nothing is injected (the hook answers {{}})."
        )?;
        return Ok(EXIT_OK);
    }
    writeln!(out, "\nMatched domains, strongest first:")?;
    for found in &selection.matches {
        writeln!(
            out,
            "  {} (score {}): {}",
            domain(found.domain),
            found.score,
            found.reason()
        )?;
    }
    writeln!(out, "\nFiles:")?;
    for (path, chars, domains, status) in &files {
        writeln!(out, "  {path} ({chars} chars, {domains}): {status}")?;
    }
    for path in &selection.unreadable {
        writeln!(
            out,
            "  {path}: not injected: missing, unreadable or outside the repository"
        )?;
    }
    if assembled.placed.is_empty() {
        writeln!(out, "\nNothing new to inject: the hook answers {{}}.")?;
    } else {
        writeln!(
            out,
            "\nInjection: {} of a {}-character budget.",
            assembled.chars(),
            config.inject.budget()
        )?;
    }
    if text && !assembled.placed.is_empty() {
        writeln!(out, "\n{}", assembled.text)?;
    }
    Ok(EXIT_OK)
}

fn preview(text: &str) -> String {
    let line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let short: String = line.chars().take(70).collect();
    if short.len() < line.len() {
        format!("{short}…")
    } else {
        short
    }
}
