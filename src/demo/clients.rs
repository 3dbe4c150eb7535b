//! The clients part of `learnings demo`: the same block rule, asked by five agent clients in
//! their own words, answered in theirs; then what `install --client` would write.
//!
//! Each answer comes from the hook's own code path (the client's input read into the handlers'
//! shape, the handler, the answer written back), run in-process on made-up inputs, so the demo
//! prints the same thing every time.

use super::Shell;
use crate::config::Config;
use crate::error::{Error, Result};
use crate::hooks::clients::{self, Client, Event};
use crate::hooks::pre_tool::{self, PreToolUseInput};
use crate::hooks::protocol;
use std::io::Write;
use std::path::Path;

/// The command every client's agent tries.
const COMMAND: &str = "git push --force origin main";

/// Each client's shell call, as it sends it, and how it names the event.
fn inputs() -> Vec<(Client, &'static str, serde_json::Value)> {
    use serde_json::json;
    vec![
        (
            Client::Codex,
            "PreToolUse: Bash",
            json!({"hook_event_name": "PreToolUse", "session_id": "demo", "tool_name": "Bash", "tool_input": {"command": COMMAND}}),
        ),
        (
            Client::Gemini,
            "BeforeTool: run_shell_command",
            json!({"hook_event_name": "BeforeTool", "session_id": "demo", "tool_name": "run_shell_command", "tool_input": {"command": COMMAND, "description": "push"}}),
        ),
        (
            Client::Opencode,
            "tool.execute.before: bash",
            json!({"hook_event_name": "PreToolUse", "session_id": "demo", "tool_name": "bash", "tool_input": {"command": COMMAND, "description": "push"}}),
        ),
        (
            Client::Cursor,
            "beforeShellExecution",
            json!({"hook_event_name": "beforeShellExecution", "conversation_id": "demo", "command": COMMAND, "cwd": "/repo", "workspace_roots": ["/repo"]}),
        ),
        (
            Client::Copilot,
            "preToolUse: bash",
            json!({"sessionId": "demo", "cwd": "/repo", "toolName": "bash", "toolArgs": json!({"command": COMMAND}).to_string()}),
        ),
    ]
}

/// Prints each client's answer to the blocked command, then `install --client codex --dry-run`.
pub fn show(shell: &mut dyn Shell, dir: &Path, out: &mut dyn Write) -> Result<()> {
    let config = Config::parse(super::enforce::RULES).map_err(Error::Usage)?;
    let rules = config.enforce.compile().map_err(Error::Usage)?;
    for (client, event, input) in inputs() {
        let raw = input.to_string();
        writeln!(
            out,
            "\n$ echo '<{} {event} `{COMMAND}`>' | learnings hook pre-tool --client {}",
            client.title(),
            client.name()
        )?;
        let read = clients::input(client, Event::PreTool, raw.as_bytes()).unwrap_or_default();
        let parsed: PreToolUseInput = protocol::parse(&read).unwrap_or_default();
        let answer = pre_tool::handle(&parsed, &rules).to_json();
        writeln!(out, "{}", clients::output(client, Event::PreTool, &answer).stdout)?;
    }
    writeln!(
        out,
        "\n(One binary, six protocols: each answer blocks in that client. `learnings install --client all` writes every client's hooks; here is Codex's, as a diff.)"
    )?;
    super::command(shell, dir, out, &["install", "--client", "codex", "--dry-run"])
}
