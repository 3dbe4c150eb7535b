//! `learnings enforce explain "COMMAND"`: what the PreToolUse hook would do with a Bash command,
//! and by which rule, so a user can see why a rule did or did not apply.

use super::args::Format;
use super::context::{Context, EXIT_OK};
use crate::base::paths::CONFIG_FILE;
use crate::enforce::{self, explain};
use crate::error::Result;
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
        /// Output format: `text` (`markdown` is the same) or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

/// Loads the rules of the repository (or of the working directory outside one) and explains.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let Action::Explain { command, format } = args.action;
    // The hook's own reading: every readable rule applies, the problems are warnings.
    let root = crate::base::paths::enclosing_project(&ctx.cwd);
    let (rules, problems) = crate::enforce::read::load_rules(&root);
    ctx.warn_config(&problems)?;
    if let Err(message) = rules.compile_all() {
        ctx.warn(&format!("{CONFIG_FILE}: {message}"))?;
    }
    let decision = enforce::decide(&rules, &command);
    match format {
        Format::Json => writeln!(out, "{}", explain::json(&command, &decision))?,
        Format::Text | Format::Markdown => explain::render(&command, &decision, out)?,
    }
    Ok(EXIT_OK)
}
