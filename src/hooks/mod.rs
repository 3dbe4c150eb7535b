//! The Claude Code hooks of the plugin: the protocol layer between Claude Code and the rooms
//! that decide. One module per event (PostToolUse on `Task|Agent`, Stop, PreToolUse on `Bash`
//! and on the file tools, UserPromptSubmit, SessionStart, SubagentStart), each reading its input
//! and calling the domain (agents, inject, enforce, capture); [`protocol`] holds what they share: the input and output
//! types, the stdin cap, the environment, the clock, Claude Code's text cap.
//!
//! Hooks run on every turn, so they are built to never get in the way: whatever arrives on
//! stdin (nothing, a terminal, garbage, gigabytes) and whatever fails on the way (a read-only
//! disk, a panic), [`respond`] answers valid JSON, `{}` on any failure, and the caller exits 0.
//! Nothing here prints: the answer is returned.

pub mod capture;
pub mod debug;
pub mod file_tool;
pub mod freshness;
pub mod ledger;
pub mod post_task;
pub mod pre_tool;
pub mod prompt;
pub mod protocol;
pub mod session_start;
pub mod stop;
pub mod subagent_start;

pub use protocol::{HookOutput, HookSpecificOutput, PostToolUseInput, StopInput};

use protocol::{Answer, Env};
use std::path::Path;

/// What every event module's `respond` is: the input (none when stdin was a terminal, unreadable
/// or over the cap), the environment, and the process's working directory, to an answer.
pub type Handler<A> = fn(Option<&[u8]>, &Env, &Path) -> A;

/// The JSON line that answers an event with `handler`, its input read from stdin, for a process
/// started in `cwd`. Never fails: a panic anywhere answers `{}`.
pub fn respond<A: Answer>(cwd: &Path, handler: Handler<A>) -> String {
    std::panic::catch_unwind(|| {
        let env = Env::from_process();
        let input = protocol::read_stdin();
        handler(input.as_deref(), &env, cwd).to_json()
    })
    .unwrap_or_else(|_| String::from("{}"))
}
