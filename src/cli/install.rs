//! `learnings install --client …`: each agent client's project files, with our hooks merged in.

use super::context::{Context, EXIT_OK};
use crate::error::Result;
use crate::hooks::clients::Client;
use crate::setup::install::{self, Outcome};
use std::io::Write;

/// Arguments of `learnings install`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The agent clients to install the hooks of (repeat, or `all`).
    #[arg(long, value_enum, required = true)]
    pub client: Vec<Target>,
    /// Print the change of each file as a diff and write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// A client to install for, or all of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// Claude Code: `.claude/settings.json` (without the plugin).
    Claude,
    /// Codex CLI: `.codex/hooks.json`.
    Codex,
    /// Gemini CLI: `.gemini/settings.json`.
    Gemini,
    /// opencode: `.opencode/plugins/learnings.js`.
    Opencode,
    /// Cursor: `.cursor/hooks.json`.
    Cursor,
    /// Copilot CLI: `.github/hooks/learnings.json`.
    Copilot,
    /// Every client above.
    All,
}

/// Plans every client's change, then writes them (or shows them with `--dry-run`).
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let root = crate::base::paths::enclosing_project(&ctx.cwd);
    let mut clients: Vec<Client> = Vec::new();
    for target in &args.client {
        let chosen = match target {
            Target::All => Client::ALL.to_vec(),
            one => vec![client(*one)],
        };
        clients.extend(chosen);
    }
    clients.sort();
    clients.dedup();
    // Every plan before any write: one bad settings file stops the run before it half-installs.
    let changes = clients
        .iter()
        .map(|&c| install::plan(&root, c))
        .collect::<Result<Vec<_>>>()?;
    for change in &changes {
        let shown = change.path.display();
        let name = change.client.title();
        if args.dry_run {
            match change.outcome {
                Outcome::Unchanged => writeln!(out, "{name}: {shown} is up to date")?,
                _ => write!(out, "{}", change.diff())?,
            }
            continue;
        }
        install::write(&root, change)?;
        match change.outcome {
            Outcome::Created => writeln!(out, "{name}: wrote {shown}")?,
            Outcome::Updated => writeln!(out, "{name}: added the learnings hooks to {shown}")?,
            Outcome::Unchanged => writeln!(out, "{name}: {shown} is up to date")?,
        }
        for step in &change.by_hand {
            writeln!(out, "  by hand: {step}")?;
        }
    }
    if args.dry_run {
        writeln!(out, "(dry run: nothing written)")?;
    } else {
        writeln!(out, "Check that each will run: learnings doctor")?;
    }
    Ok(EXIT_OK)
}

fn client(target: Target) -> Client {
    match target {
        Target::Claude | Target::All => Client::Claude,
        Target::Codex => Client::Codex,
        Target::Gemini => Client::Gemini,
        Target::Opencode => Client::Opencode,
        Target::Cursor => Client::Cursor,
        Target::Copilot => Client::Copilot,
    }
}
