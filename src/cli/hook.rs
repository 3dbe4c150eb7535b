//! `learnings hook …`: the hooks of every agent client (`--client`, Claude Code by default).
//!
//! The hook contract comes first: the answer is valid JSON and the exit code is 0, whatever
//! happens, so a hook can never break the user's turn. The protocol itself lives in
//! [`crate::hooks`]; this file only maps the command line onto it.

use super::context::{Context, EXIT_OK};
use crate::error::Result;
use crate::hooks::{self, clients::Client, clients::Event as On, respond_as};
use std::io::Write;

/// Arguments of `learnings hook`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub event: Event,
    /// The agent client whose hook this is (as `learnings install --client` wrote it).
    ///
    /// Its input is read, and its answer written, in that client's words.
    #[arg(long, value_parser = super::args::client_parser(), default_value = "claude", global = true)]
    pub client: Client,
}

/// The hook events handled.
#[derive(Debug, Clone, Copy, clap::Subcommand)]
pub enum Event {
    /// SessionStart: the files every session needs, the domain index, what was learned.
    ///
    /// The `always` files, the domain index, the learnings file's health and the
    /// `<learned-context>` of what was learned from the user.
    SessionStart,
    /// UserPromptSubmit: the domains' rule files; capture of corrections.
    ///
    /// Injects the rule files of the domains the conversation is about, and captures what the
    /// prompt says about the turn it answers (correction, rule, praise, …).
    Prompt,
    /// SubagentStart: a LearningAgent's knowledge, the domains of the task.
    SubagentStart,
    /// PreToolUse: rewrite or block a shell command; a file's domain knowledge.
    ///
    /// On `Bash` (and each client's shell tool): rewrites or blocks the command by the
    /// `[enforce]` rules. On a file tool: the knowledge of the domains whose `paths` hold the file.
    PreTool,
    /// After a file tool ran: its domains' knowledge (clients that add context only then).
    PostTool,
    /// PostToolUse on `Task|Agent`: record a LearningAgent's use.
    ///
    /// Records the use of a LearningAgent for the learning cycle, and reminds how to follow up.
    PostTask,
    /// Stop: suggest `/learning-agents learn`; record the completion claim.
    ///
    /// Suggests `/learning-agents learn` when agents have sessions to learn from, and records
    /// the completion claim for capture.
    Stop,
}

/// Answers the hook on stdout; always exits 0.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let cwd = &ctx.cwd;
    let client = args.client;
    let reply = match args.event {
        Event::PostTask => respond_as(client, On::PostTask, cwd, hooks::post_task::respond),
        Event::Stop => respond_as(client, On::Stop, cwd, hooks::stop::respond),
        Event::PreTool => respond_as(client, On::PreTool, cwd, hooks::pre_tool::respond),
        Event::PostTool => respond_as(client, On::PostTool, cwd, hooks::post_tool::respond),
        Event::Prompt => respond_as(client, On::Prompt, cwd, hooks::prompt::respond),
        Event::SessionStart => respond_as(client, On::SessionStart, cwd, hooks::session_start::respond),
        Event::SubagentStart => respond_as(client, On::SubagentStart, cwd, hooks::subagent_start::respond),
    };
    // Nothing more can be done if stdout is gone; the exit code stays 0.
    let _ = writeln!(out, "{}", reply.stdout);
    let _ = out.flush();
    Ok(EXIT_OK)
}
