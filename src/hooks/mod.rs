//! The Claude Code hooks of the plugin: the protocol layer between Claude Code and the rooms
//! that decide. One module per event (PostToolUse on `Task|Agent`, Stop, PreToolUse on `Bash`,
//! UserPromptSubmit, SessionStart, SubagentStart), each reading its input and calling the domain
//! (agents, inject, enforce, capture); [`protocol`] holds what they share: the input and output
//! types, the stdin cap, the environment, the clock, Claude Code's text cap.
//!
//! Hooks run on every turn, so they are built to never get in the way: whatever arrives on
//! stdin (nothing, a terminal, garbage, gigabytes) and whatever fails on the way (a read-only
//! disk, a panic), [`respond`] answers valid JSON, `{}` on any failure, and the caller exits 0.
//! Nothing here prints: the answer is returned.

pub mod capture;
pub mod debug;
pub mod post_task;
pub mod pre_tool;
pub mod prompt;
pub mod protocol;
pub mod session_start;
pub mod stop;
pub mod subagent_start;

pub use protocol::{HookOutput, HookSpecificOutput, PostToolUseInput, StopInput};

use std::path::Path;

/// The hook events handled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// PostToolUse on `Task|Agent`.
    PostTask,
    /// Stop.
    Stop,
    /// PreToolUse on `Bash`.
    PreTool,
    /// UserPromptSubmit.
    Prompt,
    /// SessionStart.
    SessionStart,
    /// SubagentStart.
    SubagentStart,
}

/// The JSON line that answers `event`, its input read from stdin, for a process started in
/// `cwd`. Never fails: a panic anywhere answers `{}`.
pub fn respond(event: Event, cwd: &Path) -> String {
    std::panic::catch_unwind(|| {
        let env = protocol::Env::from_process();
        let input = protocol::read_stdin();
        let input = input.as_deref();
        match event {
            Event::PreTool => pre_tool::respond(input, &env, cwd),
            Event::PostTask => post_task::respond(input, &env, cwd).to_json(),
            Event::Stop => stop::respond(input, &env, cwd).to_json(),
            Event::Prompt => prompt::respond(input, &env, cwd).to_json(),
            Event::SessionStart => session_start::respond(input, &env, cwd).to_json(),
            Event::SubagentStart => subagent_start::respond(input, &env, cwd).to_json(),
        }
    })
    .unwrap_or_else(|_| HookOutput::default().to_json())
}
