//! `learnings inject explain "PROMPT"`: which domains match, on which word in which message,
//! what would be injected, its size, and what the budget cuts. It reads the session state but
//! never writes it.

use super::context::{Context, EXIT_OK};
use crate::config::Config;
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
    },
}

/// Runs the action.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let Action::Explain {
        prompt,
        transcript,
        session,
        text,
    } = args.action;
    let root = crate::base::paths::enclosing_project(&ctx.cwd);
    let config = Config::load(&root)?;
    if config.inject.domains.is_empty() {
        return Err(Error::Usage(format!(
            "{}: no [[inject.domains]]; add one (see README, \"Knowledge injection\")",
            root.join(crate::base::paths::CONFIG_FILE).display()
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
    let matches = inject::match_conversation(&matcher, Some(&prompt), &tail);
    let session = session.map(|id| Session::new(&root, &id));
    let selection = inject::select(&root, &config.inject, matches, session.as_ref());
    let labels = inject::labels(&tail.messages);
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
        let name = config.inject.domains[found.domain].name.get_ref().trim();
        writeln!(out, "  {name} (score {}): {}", found.score, found.reason())?;
    }
    let fresh = selection.fresh();
    let pieces: Vec<budget::Piece> = fresh.iter().map(|(_, p)| p.clone()).collect();
    let assembled = budget::assemble(budget::HEADER, &[], &pieces, config.inject.budget());
    writeln!(out, "\nFiles:")?;
    for (i, candidate) in selection.candidates.iter().enumerate() {
        let chars = candidate.text.chars().count();
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
        writeln!(
            out,
            "  {} ({chars} chars, {}): {status}",
            candidate.path,
            candidate.domains.join(", ")
        )?;
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
