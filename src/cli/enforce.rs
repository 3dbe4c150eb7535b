//! `learnings enforce explain "COMMAND"`: what the PreToolUse hook would do with a Bash command,
//! and by which rule, so a user can see why a rule did or did not apply.

use super::context::{Context, EXIT_OK};
use crate::base::paths::CONFIG_FILE;
use crate::config::Config;
use crate::enforce::{self, explain};
use crate::error::{Error, Result};
use std::io::Write;

/// Arguments of `learnings enforce`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

/// What to do.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Show how the [enforce] rules of learnings.toml treat COMMAND: rewritten, blocked or unchanged.
    Explain {
        /// The Bash command, as the agent would run it.
        command: String,
    },
}

/// Loads the rules of the repository (or of the working directory outside one) and explains.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let Action::Explain { command } = args.action;
    let config = match ctx.open(None) {
        Ok(opened) => opened.config,
        // Outside a repository the hook reads the working directory's file; so do we.
        Err(Error::History(_)) => Config::load(&ctx.cwd)?,
        Err(e) => return Err(e),
    };
    let rules = config
        .enforce
        .compile()
        .and_then(|rules| rules.compile_all().map(|()| rules))
        .map_err(|message| Error::Config {
            path: ctx.cwd.join(CONFIG_FILE),
            message,
        })?;
    explain::render(&command, &enforce::decide(&rules, &command), out)?;
    Ok(EXIT_OK)
}
