//! The Claude Code hook protocol: what a hook reads on stdin and prints on stdout.
//!
//! Input types declare only the fields the handlers use and ignore the rest, because Claude Code
//! adds fields over time. A field of the wrong type makes the whole input invalid: the handlers
//! would rather do nothing than guess.

use serde::{Deserialize, Serialize};
use std::ffi::OsString;
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

/// Hook input larger than this is not Claude Code's and is ignored unread.
pub const STDIN_CAP: u64 = 16 * 1024 * 1024;
/// Claude Code's cap on a hook's text (`../shared/HOOKS.md`): past it, the text is moved into a
/// file and the model sees a preview.
pub const HOOK_TEXT_CAP: usize = 10_000;

/// What a hook reads of its environment, read once.
#[derive(Debug, Clone)]
pub struct Env {
    /// `CLAUDE_PROJECT_DIR`: the project, when Claude Code says it.
    pub project_dir: Option<PathBuf>,
    /// `CLAUDE_PLUGIN_ROOT`: where the plugin's own files are.
    pub plugin_root: Option<OsString>,
    /// `CLAUDE_ENV_FILE`: where SessionStart may export variables for later Bash calls.
    pub env_file: Option<OsString>,
    /// The answer to this event can carry context to the model. When it cannot (Cursor's and
    /// Copilot CLI's prompt hooks), nothing is injected, so no file is claimed as given to a
    /// session that never saw it.
    pub takes_context: bool,
    /// The client lets the model type into a shell it started (Codex's `write_stdin`), and no
    /// hook sees what is typed: an interactive shell is refused where block rules exist.
    pub types_into_shells: bool,
}

impl Default for Env {
    fn default() -> Env {
        Env {
            project_dir: None,
            plugin_root: None,
            env_file: None,
            takes_context: true,
            types_into_shells: false,
        }
    }
}

impl Env {
    /// The variables of this process.
    pub fn from_process() -> Env {
        Env {
            project_dir: std::env::var_os("CLAUDE_PROJECT_DIR").map(PathBuf::from),
            plugin_root: std::env::var_os("CLAUDE_PLUGIN_ROOT").filter(|r| !r.is_empty()),
            env_file: std::env::var_os("CLAUDE_ENV_FILE").filter(|p| !p.is_empty()),
            takes_context: true,
            types_into_shells: false,
        }
    }

    /// The project a hook works on: the project dir, else the input's `cwd`, else `current`.
    pub fn root(&self, input_cwd: Option<&str>, current: &Path) -> PathBuf {
        crate::base::paths::project_root(self.project_dir.as_deref(), input_cwd, current)
    }
}

/// Stdin up to the cap; `None` for a terminal (nobody is piping a hook input), a read error or
/// an input over the cap.
pub fn read_stdin() -> Option<Vec<u8>> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        return None;
    }
    let mut bytes = Vec::new();
    stdin.lock().take(STDIN_CAP + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() as u64 <= STDIN_CAP).then_some(bytes)
}

/// The time stamp of a hook's records: the one place the hooks read the wall clock.
pub fn now() -> String {
    crate::base::time::timestamp(std::time::SystemTime::now().into())
}

/// What PostToolUse sends for a sub-agent tool (`Task`, renamed `Agent`).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct PostToolUseInput {
    /// The Claude Code session.
    #[serde(default)]
    pub session_id: Option<String>,
    /// The parent session's transcript (`…/<session id>.jsonl`).
    #[serde(default)]
    pub transcript_path: Option<String>,
    /// The working directory of the session.
    #[serde(default)]
    pub cwd: Option<String>,
    /// The arguments the model passed to the tool.
    #[serde(default)]
    pub tool_input: Option<ToolInput>,
    /// What the tool returned.
    #[serde(default)]
    pub tool_response: Option<ToolResponse>,
}

/// The sub-agent tool's arguments that name the agent.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ToolInput {
    /// The name given to this use of the agent.
    #[serde(default)]
    pub name: Option<String>,
    /// The agent type, i.e. the `name` in `.claude/agents/<agent>.md`.
    #[serde(default)]
    pub subagent_type: Option<String>,
}

/// The sub-agent tool's response fields that identify the spawned agent.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ToolResponse {
    /// The sub-agent's id, as current Claude Code spells it.
    #[serde(default, rename = "agentId")]
    pub agent_id_camel: Option<String>,
    /// The same, as older versions spell it.
    #[serde(default)]
    pub agent_id: Option<String>,
}

/// What the Stop hook reads: only where the project is.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct StopInput {
    /// The Claude Code session.
    #[serde(default)]
    pub session_id: Option<String>,
    /// The working directory of the session.
    #[serde(default)]
    pub cwd: Option<String>,
    /// The completion claim: the assistant's last words in the turn.
    #[serde(default)]
    pub last_assistant_message: Option<String>,
}

/// A hook's answer. Empty, it prints `{}`: "nothing to say, carry on".
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct HookOutput {
    /// Shown to the user.
    #[serde(rename = "systemMessage", skip_serializing_if = "Option::is_none")]
    pub system_message: Option<String>,
    /// Event-specific fields; `additionalContext` reaches the model.
    #[serde(rename = "hookSpecificOutput", skip_serializing_if = "Option::is_none")]
    pub hook_specific_output: Option<HookSpecificOutput>,
}

/// The event-specific part of a hook's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HookSpecificOutput {
    /// The event this answers, e.g. `PostToolUse`.
    #[serde(rename = "hookEventName")]
    pub hook_event_name: String,
    /// Text added to the model's context.
    #[serde(rename = "additionalContext")]
    pub additional_context: String,
}

/// A hook's answer, as the JSON line to print.
pub trait Answer {
    /// The JSON line; `{}` if it cannot be written.
    fn to_json(&self) -> String;
}

impl HookOutput {
    /// The JSON line to print.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| String::from("{}"))
    }
}

impl Answer for HookOutput {
    fn to_json(&self) -> String {
        HookOutput::to_json(self)
    }
}

/// Parses hook input, refusing anything that is not a JSON object (an array would otherwise
/// fill a struct by position).
pub fn parse<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Option<T> {
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace())?;
    if *first != b'{' {
        return None;
    }
    serde_json::from_slice(bytes).ok()
}

/// `additionalContext` for `event`.
pub fn context(event: &str, text: String) -> HookOutput {
    HookOutput {
        system_message: None,
        hook_specific_output: Some(HookSpecificOutput {
            hook_event_name: event.to_owned(),
            additional_context: text,
        }),
    }
}

/// `answer` with `text` added to its `additionalContext` (after what is there).
pub fn with_context(mut answer: HookOutput, event: &str, text: String) -> HookOutput {
    match answer.hook_specific_output.as_mut() {
        Some(out) if !out.additional_context.is_empty() => {
            out.additional_context.push_str("\n\n");
            out.additional_context.push_str(&text);
        }
        Some(out) => out.additional_context = text,
        None => answer = context(event, text),
    }
    answer
}
