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
    /// The agent client whose hook this is, as `learnings install --client` wrote it: its input
    /// is read, and its answer written, in that client's words.
    #[arg(long, value_parser = super::args::client_parser(), default_value = "claude", global = true)]
    pub client: Client,
}

/// The hook events handled.
#[derive(Debug, Clone, Copy, clap::Subcommand)]
pub enum Event {
    /// PostToolUse on `Task|Agent`: record the use of a LearningAgent, remind how to follow up.
    PostTask,
    /// Stop: suggest `/learning-agents learn` when agents have sessions to learn from; record
    /// the completion claim for capture.
    Stop,
    /// PreToolUse on `Bash`: rewrite or block the command by the `[enforce]` rules; on a file
    /// tool: the knowledge of the domains whose `paths` hold the file.
    PreTool,
    /// After a file tool ran (clients that add context only then): its domains' knowledge.
    PostTool,
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
