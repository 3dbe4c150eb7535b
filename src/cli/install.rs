//! `learnings install --client …`: each agent client's project files, with our hooks merged in.

use super::context::{Context, EXIT_OK};
use crate::error::Result;
use crate::hooks::clients::Client;
use crate::setup::install::{self, Outcome};
use std::io::Write;

/// Arguments of `learnings install`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The agent clients to install the hooks of: claude (`.claude/settings.json`, without the
    /// plugin), codex (`.codex/hooks.json`), gemini (`.gemini/settings.json`), opencode
    /// (`.opencode/plugins/learnings.js`), cursor (`.cursor/hooks.json`), copilot
    /// (`.github/hooks/learnings.json`), or all (repeat the flag for several).
    #[arg(long, value_parser = super::args::client_or_all_parser(), required = true)]
    pub client: Vec<Option<Client>>,
    /// Print the change of each file as a diff and write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// Plans every client's change, then writes them (or shows them with `--dry-run`).
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let root = crate::base::paths::enclosing_project(&ctx.cwd);
    let mut clients: Vec<Client> = Vec::new();
    for chosen in &args.client {
        match chosen {
            Some(one) => clients.push(*one),
            None => clients.extend(Client::ALL),
        }
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
