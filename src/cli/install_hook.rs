//! `learnings install-hook`: the `check` guard as a plain git pre-commit hook.

use super::context::{Context, EXIT_OK};
use crate::error::Result;
use crate::history::Repository;
use crate::setup::git_hook::{self, Outcome};
use std::io::Write;

/// Arguments of `learnings install-hook`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Replace a pre-commit hook that learnings did not write (it is kept beside, renamed).
    #[arg(long)]
    pub force: bool,
    /// Also add post-commit and post-merge hooks that bring the history cache up to date in the
    /// background, so commands and Claude Code sessions answer from it at once.
    #[arg(long)]
    pub cache: bool,
}

/// Finds the hooks folder (`core.hooksPath` or `.git/hooks`), writes the hook, says what it did.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    // Not `ctx.open`: a broken learnings.toml must not stop anyone installing the guard.
    let repo = Repository::discover(&ctx.cwd)?;
    let hooks_dir = repo.hooks_dir()?;
    let (path, outcome) = git_hook::install(&hooks_dir, args.force)?;
    say(&repo, "pre-commit", &path, outcome, out)?;
    if args.cache {
        for name in git_hook::WARM_HOOKS {
            let (path, outcome) =
                git_hook::install_script(&hooks_dir, name, git_hook::WARM_SCRIPT, args.force)?;
            say(&repo, name, &path, outcome, out)?;
        }
    }
    Ok(EXIT_OK)
}

fn say(
    repo: &Repository,
    name: &str,
    path: &std::path::Path,
    outcome: Outcome,
    out: &mut dyn Write,
) -> Result<()> {
    let shown = path.strip_prefix(repo.root()).unwrap_or(path).display();
    match outcome {
        Outcome::Installed => writeln!(out, "Installed the {name} hook: {shown}")?,
        Outcome::Unchanged => writeln!(out, "The {name} hook is already installed: {shown}")?,
        Outcome::Updated => writeln!(out, "Updated the {name} hook: {shown}")?,
        Outcome::Replaced { backup } => {
            let backup = backup.strip_prefix(repo.root()).unwrap_or(&backup).display();
            writeln!(
                out,
                "Replaced the {name} hook: {shown} (the previous one is {backup})"
            )?;
        }
    }
    Ok(())
}
