//! The command line: the clap tree and the one dispatch. Only `cli/` imports clap.
//!
//! One file per command, with its `Args` and a `run` that loads, decides and renders; a command
//! group with several files is a folder (`learn/`). What commands share is in [`context`] (what
//! every command gets) and [`args`] (arguments several commands take), never in another
//! command's file.

mod agent;
mod ages;
mod args;
mod audit;
mod batch;
mod cache;
mod check;
mod context;
mod demo;
mod discover;
mod doctor;
mod effect;
mod enforce;
mod feedback;
mod hook;
mod inject;
mod install;
mod install_hook;
mod issue;
mod learn;
mod lint;

mod plan;
pub mod progress;
mod report;
mod sessions;
mod split_plan;
mod stale;
mod transcripts;

use crate::error::Result;
pub use args::deprecated_notes;
use clap::{Parser, Subcommand};
use context::Context;
pub use context::{EXIT_ERROR, exit_code};
use std::io::Write;
use std::path::PathBuf;

/// Keep the knowledge of AI coding agents healthy, straight from git.
#[derive(Debug, Parser)]
#[command(name = "learnings", version, about, long_about = None)]
pub struct Cli {
    /// Run as if learnings was started in DIR (like `git -C`).
    #[arg(short = 'C', global = true, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Show no progress on stderr (it shows only on a terminal, for work over a second).
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Read the whole history instead of the incremental cache, and leave the cache alone.
    #[arg(long, global = true)]
    pub no_cache: bool,
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// When each entry was added, its age in active days, and the last consolidation.
    Ages(ages::Args),
    /// Whether consolidation is due (size, staleness, freshness, minimum batch), and the batch.
    Plan(plan::Args),
    /// The remember-task agent's input: the batch, each entry exactly as in the file, with hints.
    Batch(batch::Args),
    /// Prove a consolidation lost nothing: every removed entry reached a doc or was dropped with a reason.
    Audit(audit::Args),
    /// Where to split a doc at its line limit into parts of 100 to 300 lines, for memory-refactor.
    SplitPlan(split_plan::Args),
    /// Line limits of memory files (learnings.toml [[limits]]), for pre-commit: exit 1 when over.
    Check(check::Args),
    /// What each agent client loads (--explain PATH), and what is wrong with it: loaded twice, conflicts, cuts, never loads, rot.
    Lint(lint::Args),
    /// Install `check` as a plain git pre-commit hook (respects core.hooksPath).
    InstallHook(install_hook::Args),
    /// Install the hooks of agent clients (Claude Code, Codex, Gemini CLI, opencode, Cursor, Copilot CLI) in this project.
    Install(install::Args),
    /// Learnings gone stale and overdue consolidations, for CI: text, GitHub, JSON or SARIF.
    Stale(stale::Args),
    /// The health of a learnings file as one HTML page (size history, ages, staleness), or one SVG chart.
    Report(report::Args),
    /// The incremental cache of what history says of the learnings file: info, clear, warm.
    Cache(cache::Args),
    /// Build a small example repository with gix and run the tool on it.
    Demo(demo::Args),
    /// The agent clients' hooks (`--client`, Claude Code by default): inject, enforce, capture, track LearningAgents.
    Hook(hook::Args),
    /// Create a LearningAgent or print its instructions.
    Agent(agent::Args),
    /// List LearningAgent session logs (those needing learning with --pending).
    Sessions(sessions::Args),
    /// Report, list and move forward the issues of the learning cycle.
    Issue(issue::Args),
    /// What was learned from conversations: show, analyze, promote into the learnings file, forget.
    Learn(learn::Args),
    /// Tell the agents something to remember ("always …"), or list the captured feedback.
    Feedback(feedback::Args),
    /// Agents' discoveries: record one, count a use, list them.
    Discover(discover::Args),
    /// The clean conversation of the project's most recent Claude Code sessions (for curation).
    Transcripts(transcripts::Args),
    /// Bash command rules ([enforce] in learnings.toml): explain what happens to a command.
    Enforce(enforce::Args),
    /// Knowledge injection: `inject explain "PROMPT"` shows what the prompt hook would do and why.
    Inject(inject::Args),
    /// Did each rule work? Recurrence of its correction after it was in force, before and after, never fired.
    Effect(effect::Args),
    /// Check the plugin's set-up (binary, config, domain files, hooks, agent files); --fix old agent files.
    Doctor(doctor::Args),
}

/// Runs a parsed command line; returns the exit code.
pub fn run(cli: Cli, out: &mut dyn Write, stderr: &mut dyn Write) -> Result<u8> {
    run_with_data(cli, out, stderr, None)
}

/// [`run`], with learned data kept in `data_dir` instead of the user's data folder.
pub fn run_with_data(
    cli: Cli,
    out: &mut dyn Write,
    stderr: &mut dyn Write,
    data_dir: Option<PathBuf>,
) -> Result<u8> {
    // A vanished working directory must not stop a hook from answering: fall back to ".".
    let base = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let cwd = match &cli.dir {
        Some(dir) => crate::base::paths::tidy(&base.join(dir)),
        None => base,
    };
    // A hook answers whatever it is given; every other command needs the folder to exist.
    if cli.dir.is_some() && !cwd.is_dir() && !matches!(cli.command, Command::Hook(_)) {
        let what = if cwd.exists() {
            "is not a folder"
        } else {
            "no such folder"
        };
        return Err(crate::error::Error::Usage(format!(
            "{}: {what} (given to -C); pass an existing folder",
            cwd.display()
        )));
    }
    let mut ctx = Context::new(cwd, stderr, data_dir);
    if cli.no_cache {
        ctx.cache = crate::project::cache::Use::Off;
    }
    run_command(&mut ctx, cli.command, out).map_err(partial_named)
}

/// A git error in a partial clone is most likely a filtered-out blob: say so, with the fix,
/// whichever command met it (`audit` reads old versions too).
fn partial_named(error: crate::error::Error) -> crate::error::Error {
    use crate::error::Error;
    use crate::history::{Error as GitError, Repository};
    match error {
        Error::History(GitError::Git { path, message }) => {
            let plain = GitError::Git {
                path: path.clone(),
                message,
            };
            match Repository::discover(&path) {
                Ok(repo) => Error::History(repo.explain(plain)),
                Err(_) => Error::History(plain),
            }
        }
        other => other,
    }
}

fn run_command(ctx: &mut Context<'_>, command: Command, out: &mut dyn Write) -> Result<u8> {
    match command {
        Command::Ages(args) => ages::run(ctx, args, out),
        Command::Plan(args) => plan::run(ctx, args, out),
        Command::Batch(args) => batch::run(ctx, args, out),
        Command::Audit(args) => audit::run(ctx, args, out),
        Command::SplitPlan(args) => split_plan::run(ctx, args, out),
        Command::Report(args) => report::run(ctx, args, out),
        Command::Demo(args) => demo::run(ctx, args, out),
        Command::Cache(args) => cache::run(ctx, args, out),
        Command::Check(args) => check::run(ctx, args, out),
        Command::Lint(args) => lint::run(ctx, args, out),
        Command::InstallHook(args) => install_hook::run(ctx, args, out),
        Command::Install(args) => install::run(ctx, args, out),
        Command::Stale(args) => stale::run(ctx, args, out),
        Command::Hook(args) => hook::run(ctx, args, out),
        Command::Agent(args) => agent::run(ctx, args, out),
        Command::Sessions(args) => sessions::run(ctx, args, out),
        Command::Issue(args) => issue::run(ctx, args, out),
        Command::Learn(args) => learn::run(ctx, args, out),
        Command::Feedback(args) => feedback::run(ctx, args, out),
        Command::Discover(args) => discover::run(ctx, args, out),
        Command::Transcripts(args) => transcripts::run(ctx, args, out),
        Command::Enforce(args) => enforce::run(ctx, args, out),
        Command::Inject(args) => inject::run(ctx, args, out),
        Command::Doctor(args) => doctor::run(ctx, args, out),
        Command::Effect(args) => effect::run(ctx, args, out),
    }
}

/// Whether a command line (without the program name) runs `learnings hook`: its first word
/// after the global `-C DIR` is `hook`. Hooks answer `{}` even to arguments they cannot parse.
pub fn is_hook(args: impl IntoIterator<Item = std::ffi::OsString>) -> bool {
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.to_str() {
            Some("-C") => {
                args.next();
            }
            Some(a) if a.starts_with("-C") => {}
            Some(a) => return a == "hook",
            None => return false,
        }
    }
    false
}
