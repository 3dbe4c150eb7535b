//! The Claude Code hook protocol: what a hook reads on stdin and prints on stdout.
//!
//! Input types declare only the fields the handlers use and ignore the rest, because Claude Code
//! adds fields over time. A field of the wrong type makes the whole input invalid: the handlers
//! would rather do nothing than guess.

use serde::{Deserialize, Serialize};

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

impl HookOutput {
    /// The JSON line to print.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| String::from("{}"))
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
