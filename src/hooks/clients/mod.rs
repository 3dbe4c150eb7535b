//! One file per agent client: its event and field names in, its answer out.
//!
//! The handlers speak one protocol, Claude Code's, because it came first and the others are
//! close to it. A client's input is read into that shape here (its tool names, its field names,
//! its event names) and the handler's answer is written back in the client's own words (how it
//! adds context, how it denies). So `inject`, `enforce`, `capture` and the ledger never know who
//! called, and a client's quirks live in its own file.
//!
//! Which client is calling comes from the command line the installed hook runs (`learnings hook
//! pre-tool --client gemini`), never from the input: inputs look alike, and a guess that reads a
//! Gemini deny as Claude's would let the command run.
//!
//! Every client gets exit code 0. A block is said in the client's JSON, which each client was
//! seen to honour (`../shared/CLIENTS.md`), because the installed command line turns any other
//! exit (a missing or older binary) into `{}` and a pass: a client must never be blocked by our
//! absence, and exit 2 would be turned into a pass all the same.

pub mod claude;
pub mod codex;
pub mod copilot;
pub mod cursor;
pub mod gemini;
pub mod opencode;
mod said;
mod tools;

pub use said::Said;
use serde_json::{Map, Value};
use std::borrow::Cow;

/// The agent clients `learnings` answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Client {
    /// Claude Code: the protocol the handlers speak.
    Claude,
    /// OpenAI Codex CLI: Claude's shape, in `.codex/hooks.json`.
    Codex,
    /// Gemini CLI: `hooks` in `.gemini/settings.json`.
    Gemini,
    /// opencode: a JavaScript plugin of ours that pipes each event to `learnings hook`.
    Opencode,
    /// Cursor's agent: `.cursor/hooks.json`, from its published contract.
    Cursor,
    /// GitHub Copilot CLI: `.github/hooks/*.json`, from its published contract.
    Copilot,
}

impl Client {
    /// Every client, in the order the book lists them.
    pub const ALL: [Client; 6] = [
        Client::Claude,
        Client::Codex,
        Client::Gemini,
        Client::Opencode,
        Client::Cursor,
        Client::Copilot,
    ];

    /// The name on the command line and in the ledger.
    pub fn name(self) -> &'static str {
        match self {
            Client::Claude => "claude",
            Client::Codex => "codex",
            Client::Gemini => "gemini",
            Client::Opencode => "opencode",
            Client::Cursor => "cursor",
            Client::Copilot => "copilot",
        }
    }

    /// The client named `name`.
    pub fn from_name(name: &str) -> Option<Client> {
        Client::ALL.into_iter().find(|c| c.name() == name)
    }

    /// How people call it.
    pub fn title(self) -> &'static str {
        match self {
            Client::Claude => "Claude Code",
            Client::Codex => "Codex CLI",
            Client::Gemini => "Gemini CLI",
            Client::Opencode => "opencode",
            Client::Cursor => "Cursor",
            Client::Copilot => "Copilot CLI",
        }
    }
}

/// The events the handlers answer, whichever client sent them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A session starts.
    SessionStart,
    /// The user sent a prompt.
    Prompt,
    /// A tool is about to run: the shell (enforce) or a file tool (inject).
    PreTool,
    /// A file tool ran: for clients that add context only after a tool.
    PostTool,
    /// A sub-agent tool ran (Claude Code).
    PostTask,
    /// The turn ended.
    Stop,
    /// A sub-agent starts (Claude Code).
    SubagentStart,
}

/// What the hook process prints on stdout, and its exit code (always 0, see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// One JSON object.
    pub stdout: String,
}

/// Whether `client`'s answer to `event` can carry context to the model.
pub fn takes_context(client: Client, event: Event) -> bool {
    !matches!((client, event), (Client::Cursor | Client::Copilot, Event::Prompt))
}

/// Whether `client` lets the model type into a shell it started, where no hook sees the text:
/// Codex's `write_stdin` into an `exec_command` run with a terminal (measured in Codex 0.169.0:
/// no hook fires for it, whatever the matcher).
pub fn types_into_shells(client: Client) -> bool {
    client == Client::Codex
}

/// The client's input, as the handlers read it: Claude Code's JSON. `None` when it is not a JSON
/// object, or is an event this client's hook should not act on.
pub fn input(client: Client, event: Event, raw: &[u8]) -> Option<Cow<'_, [u8]>> {
    if client == Client::Claude {
        // The handlers' own protocol: passed on unread and uncopied, so Claude Code pays nothing.
        return Some(Cow::Borrowed(raw));
    }
    let object = object(raw)?;
    let read = match client {
        Client::Claude => Some(object),
        Client::Codex => codex::input(event, object),
        Client::Gemini => gemini::input(event, object),
        Client::Opencode => opencode::input(event, object),
        Client::Cursor => cursor::input(event, object),
        Client::Copilot => copilot::input(event, object),
    }?;
    serde_json::to_vec(&Value::Object(read)).ok().map(Cow::Owned)
}

/// The handler's answer (Claude Code's JSON) in the client's words.
pub fn output(client: Client, event: Event, answer: &str) -> Reply {
    if client == Client::Claude {
        return Reply {
            stdout: answer.to_owned(),
        };
    }
    let said = Said::read(answer);
    let value = match client {
        Client::Claude => as_is(answer),
        Client::Codex => codex::output(event, said),
        Client::Gemini => gemini::output(event, said),
        Client::Opencode => opencode::output(event, said),
        Client::Cursor => cursor::output(event, said),
        Client::Copilot => copilot::output(event, said),
    };
    Reply {
        stdout: serde_json::to_string(&value).unwrap_or_else(|_| nothing().stdout),
    }
}

/// The answer that says nothing and lets everything go on, in every client's protocol: for a
/// panic. (Never `allow`: that would skip the user's own approval in Codex, Cursor and Copilot.)
pub fn nothing() -> Reply {
    Reply {
        stdout: String::from("{}"),
    }
}

/// Claude Code's answer, which is already in its words (kept for a match without a gap).
fn as_is(answer: &str) -> Value {
    serde_json::from_str(answer).unwrap_or_else(|_| Value::Object(Map::new()))
}

/// The input as a JSON object; an array or a scalar is nobody's hook input.
fn object(raw: &[u8]) -> Option<Map<String, Value>> {
    let first = raw.iter().find(|b| !b.is_ascii_whitespace())?;
    if *first != b'{' {
        return None;
    }
    match serde_json::from_slice(raw).ok()? {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

/// `additionalContext` under `hookSpecificOutput`, as Codex and Gemini take it.
fn context_answer(event_name: &str, text: String) -> Value {
    serde_json::json!({
        "hookSpecificOutput": { "hookEventName": event_name, "additionalContext": text }
    })
}

/// The string at `key`, when there is one.
fn text<'a>(object: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    object.get(key).and_then(Value::as_str)
}
