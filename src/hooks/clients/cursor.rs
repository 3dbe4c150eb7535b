//! Cursor's agent: `.cursor/hooks.json`, from its published contract (cursor.com/docs/hooks);
//! not proven in the real client, which has no headless mode to drive offline, only through the
//! binary with fixture inputs.
//!
//! Its shell hook (`beforeShellExecution`) sends the bare `command` and answers a `permission`.
//! Nothing is ever answered `allow`: that would skip the user's own approval of the command, so
//! "no decision" is `{}`. The shell hook has no field for a new command, and `preToolUse`'s
//! `updated_input` needs `allow`, so a rewrite is a deny that names the command to run instead.
//! `beforeSubmitPrompt` can add nothing to the model's context: the prompt is captured, and
//! knowledge comes with the session's start (`sessionStart`) and after a file tool
//! (`postToolUse`), the two places Cursor takes `additional_context`.

use super::tools::{self, Kind};
use super::{Event, Said};
use serde_json::{Map, Value, json};

/// Cursor's file tools, as `postToolUse` names them.
fn kind(tool: &str) -> Option<Kind> {
    match tool {
        "Read" => Some(Kind::File {
            tool: "Read",
            key: "file_path",
        }),
        "Write" => Some(Kind::File {
            tool: "Write",
            key: "file_path",
        }),
        "Edit" | "StrReplace" => Some(Kind::File {
            tool: "Edit",
            key: "file_path",
        }),
        _ => None,
    }
}

/// Cursor's input, for the handlers: `conversation_id` is the session, the first workspace
/// root the project when no `cwd` is given.
pub fn input(event: Event, mut object: Map<String, Value>) -> Option<Map<String, Value>> {
    if let Some(id) = object.get("conversation_id").cloned() {
        object.entry("session_id").or_insert(id);
    }
    let cwd_empty = super::text(&object, "cwd").is_none_or(str::is_empty);
    if cwd_empty
        && let Some(Value::Array(roots)) = object.get("workspace_roots")
        && let Some(first) = roots.first().cloned()
    {
        object.insert("cwd".into(), first);
    }
    // Cursor's own transcript format, not Claude Code's JSONL.
    object.remove("transcript_path");
    match event {
        Event::PreTool => {
            let (tool, input) = tools::as_claude(Kind::Shell("command"), &object)?;
            object.insert("tool_name".into(), json!(tool));
            object.insert("tool_input".into(), Value::Object(input));
            Some(object)
        }
        Event::PostTool => tools::rename(object, "tool_name", "tool_input", kind),
        // `afterAgentResponse`: the assistant's words, the answer the next prompt reacts to
        // (Cursor's `stop` carries only a status).
        Event::Stop => {
            if let Some(text) = object.get("text").cloned() {
                object.insert("last_assistant_message".into(), text);
            }
            Some(object)
        }
        _ => Some(object),
    }
}

/// The handler's answer in Cursor's words (snake_case, as its current docs spell it).
pub fn output(event: Event, said: Said) -> Value {
    match event {
        Event::PreTool => match said.deny.clone().or_else(|| said.rewrite_as_deny()) {
            Some(reason) => json!({
                "permission": "deny",
                "user_message": reason,
                "agent_message": reason,
            }),
            None => json!({}),
        },
        Event::Prompt => json!({ "continue": true }),
        Event::SessionStart | Event::PostTool => match said.all_text() {
            Some(text) => json!({ "additional_context": text }),
            None => json!({}),
        },
        _ => json!({}),
    }
}
