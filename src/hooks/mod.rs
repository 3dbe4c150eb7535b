//! The hooks: the protocol layer between the agent clients and the rooms that decide. The
//! handlers speak Claude Code's protocol; [`clients`] reads every other client's events into it
//! and writes their answers back. One module per event (PostToolUse on `Task|Agent`, Stop, PreToolUse on `Bash`
//! and on the file tools, UserPromptSubmit, SessionStart, SubagentStart), each reading its input
//! and calling the domain (agents, inject, enforce, capture); [`protocol`] holds what they share: the input and output
//! types, the stdin cap, the environment, the clock, Claude Code's text cap.
//!
//! Hooks run on every turn, so they are built to never get in the way: whatever arrives on
//! stdin (nothing, a terminal, garbage, gigabytes) and whatever fails on the way (a read-only
//! disk, a panic), [`respond_as`] answers valid JSON, `{}` on any failure, and the caller exits 0.
//! Nothing here prints: the answer is returned.

pub mod capture;
pub mod clients;
pub mod debug;
pub mod file_tool;
pub mod freshness;
pub mod ledger;
pub mod post_task;
pub mod post_tool;
pub mod pre_tool;
pub mod prompt;
pub mod protocol;
pub mod session_start;
pub mod stop;
pub mod subagent_start;
pub mod unreadable;

pub use protocol::{HookOutput, HookSpecificOutput, PostToolUseInput, StopInput};

use clients::{Client, Event, Reply};
use protocol::{Answer, Env};
use std::path::Path;

/// What every event module's `respond` is: the input (none when stdin was a terminal, unreadable
/// or over the cap), the environment, and the process's working directory, to an answer.
pub type Handler<A> = fn(Option<&[u8]>, &Env, &Path) -> A;

/// The answer to `client`'s `event`, its input read from stdin and read into the handlers' shape,
/// the handler's answer written back in the client's words. Never fails: a panic anywhere
/// answers the client's "nothing to say".
pub fn respond_as<A: Answer>(client: Client, event: Event, cwd: &Path, handler: Handler<A>) -> Reply {
    ledger::set_client(client);
    std::panic::catch_unwind(|| {
        let env = Env {
            takes_context: clients::takes_context(client, event),
            types_into_shells: clients::types_into_shells(client),
            ..Env::from_process()
        };
        let raw = protocol::read_stdin();
        let raw = raw.as_deref().map(unreadable::mend_surrogates);
        let input = raw.as_deref().and_then(|raw| clients::input(client, event, raw));
        // A tool call the client's reading could not make out still meets the block rules: the
        // client may run it. (One the handler cannot read, `pre_tool` judges the same way.)
        if event == Event::PreTool
            && input.is_none()
            && let Some(raw) = raw.as_deref()
        {
            return clients::output(client, event, &pre_tool::unreadable(raw, &env, cwd).to_json());
        }
        let answer = handler(input.as_deref(), &env, cwd).to_json();
        clients::output(client, event, &answer)
    })
    .unwrap_or_else(|_| clients::nothing())
}
