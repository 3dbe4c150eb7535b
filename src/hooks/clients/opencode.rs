//! opencode: no command hooks, so our plugin (`.opencode/plugins/learnings.js`, written by
//! `learnings install --client opencode`) pipes each event to `learnings hook … --client
//! opencode` in Claude Code's shape, and reads the answer in it. What is opencode's here is the
//! tool names (`bash`, `read`, `write`, `edit`) and the path key (`filePath`); the answer goes
//! back in Claude's words, a deny always with its reason (the plugin throws it, and the model
//! reads it as the tool's result).

use super::tools::{self, Kind};
use super::{Event, Said};
use serde_json::{Map, Value, json};

/// opencode's tools that are ours.
fn kind(tool: &str) -> Option<Kind> {
    match tool {
        "bash" => Some(Kind::Shell("command")),
        "read" => Some(Kind::File {
            tool: "Read",
            key: "filePath",
        }),
        "write" => Some(Kind::File {
            tool: "Write",
            key: "filePath",
        }),
        "edit" => Some(Kind::File {
            tool: "Edit",
            key: "filePath",
        }),
        _ => None,
    }
}

/// The plugin's input, for the handlers.
pub fn input(event: Event, object: Map<String, Value>) -> Option<Map<String, Value>> {
    match event {
        Event::PreTool | Event::PostTool => tools::rename(object, "tool_name", "tool_input", kind),
        _ => Some(object),
    }
}

/// The handler's answer, for the plugin.
pub fn output(_event: Event, said: Said) -> Value {
    let mut specific = Map::new();
    if let Some(reason) = said.deny {
        specific.insert("permissionDecision".into(), json!("deny"));
        specific.insert("permissionDecisionReason".into(), json!(reason));
    } else if let Some(input) = said.updated_input {
        specific.insert("updatedInput".into(), Value::Object(input));
    }
    if let Some(text) = said.context {
        specific.insert("additionalContext".into(), json!(text));
    }
    let mut answer = Map::new();
    if !specific.is_empty() {
        answer.insert("hookSpecificOutput".into(), Value::Object(specific));
    }
    if let Some(message) = said.system_message {
        answer.insert("systemMessage".into(), json!(message));
    }
    Value::Object(answer)
}
