//! `learnings hook …`: the Claude Code hooks of the plugin.
//!
//! The hook contract comes first: the answer is valid JSON and the exit code is 0, whatever
//! happens, so a hook can never break the user's turn. The protocol itself lives in
//! [`crate::hooks`]; this file only maps the command line onto it.

use super::context::{Context, EXIT_OK};
use crate::error::Result;
use crate::hooks;
use std::io::Write;

/// Arguments of `learnings hook`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub event: Event,
}

/// The hook events handled.
#[derive(Debug, Clone, Copy, clap::Subcommand)]
pub enum Event {
    /// PostToolUse on `Task|Agent`: record the use of a LearningAgent, remind how to follow up.
    PostTask,
    /// Stop: suggest `/learning-agents learn` when agents have sessions to learn from; record
    /// the completion claim for capture.
    Stop,
    /// PreToolUse on `Bash`: rewrite or block the command by the `[enforce]` rules.
    PreTool,
    /// UserPromptSubmit: inject the rule files of the domains the conversation is about; capture
    /// what the prompt says about the turn it answers (correction, rule, praise, …).
    Prompt,
    /// SessionStart: the `always` files, the domain index, the learnings file's health and the
    /// `<learned-context>` of what was learned from the user.
    SessionStart,
    /// SubagentStart: a LearningAgent's knowledge and the domains of a sub-agent's task.
    SubagentStart,
}

/// Answers the hook on stdout; always exits 0.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let cwd = &ctx.cwd;
    let answer = match args.event {
        Event::PostTask => hooks::respond(cwd, hooks::post_task::respond),
        Event::Stop => hooks::respond(cwd, hooks::stop::respond),
        Event::PreTool => hooks::respond(cwd, hooks::pre_tool::respond),
        Event::Prompt => hooks::respond(cwd, hooks::prompt::respond),
        Event::SessionStart => hooks::respond(cwd, hooks::session_start::respond),
        Event::SubagentStart => hooks::respond(cwd, hooks::subagent_start::respond),
    };
    // Nothing more can be done if stdout is gone; the exit code stays 0.
    let _ = writeln!(out, "{answer}");
    let _ = out.flush();
    Ok(EXIT_OK)
}
