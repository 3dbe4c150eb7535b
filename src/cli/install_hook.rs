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
}

/// Finds the hooks folder (`core.hooksPath` or `.git/hooks`), writes the hook, says what it did.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    // Not `ctx.open`: a broken learnings.toml must not stop anyone installing the guard.
    let repo = Repository::discover(&ctx.cwd)?;
    let (path, outcome) = git_hook::install(&repo.hooks_dir()?, args.force)?;
    let shown = path.strip_prefix(repo.root()).unwrap_or(&path).display();
    match outcome {
        Outcome::Installed => writeln!(out, "Installed the pre-commit hook: {shown}")?,
        Outcome::Unchanged => writeln!(out, "The pre-commit hook is already installed: {shown}")?,
        Outcome::Updated => writeln!(out, "Updated the pre-commit hook: {shown}")?,
        Outcome::Replaced { backup } => {
            let backup = backup.strip_prefix(repo.root()).unwrap_or(&backup).display();
            writeln!(
                out,
                "Replaced the pre-commit hook: {shown} (the previous one is {backup})"
            )?;
        }
    }
    Ok(EXIT_OK)
}
