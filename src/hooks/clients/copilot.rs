//! GitHub Copilot CLI: `.github/hooks/*.json`, from its published contract (docs.github.com,
//! "Hooks configuration"); not proven in the real client, whose model API cannot be stood in
//! for offline, only through the binary with fixture inputs.
//!
//! Its fields are camelCase, `toolArgs` a JSON string in older versions and an object in newer
//! ones (both are read). `preToolUse` is answered with a deny and its reason, or a rewrite in
//! `modifiedArgs` without `allow`, which keeps the user's own approval of the command.
//! `sessionStart` and `postToolUse` take `additionalContext`; the output of
//! `userPromptSubmitted` is dropped by the client, so the prompt is captured and its knowledge
//! waits. Any exit other than 0 denies the tool in Copilot CLI: the installed command line
//! turns a missing binary into `{}` for that reason.

use super::tools::{self, Kind};
use super::{Event, Said};
use serde_json::{Map, Value, json};

/// Copilot CLI's tools that are ours.
fn kind(tool: &str) -> Option<Kind> {
    match tool {
        "bash" | "powershell" => Some(Kind::Shell("command")),
        "view" => Some(Kind::File {
            tool: "Read",
            key: "path",
        }),
        "create" => Some(Kind::File {
            tool: "Write",
            key: "path",
        }),
        "edit" | "str_replace_editor" => Some(Kind::File {
            tool: "Edit",
            key: "path",
        }),
        _ => None,
    }
}

/// Copilot CLI's input, for the handlers.
pub fn input(event: Event, mut object: Map<String, Value>) -> Option<Map<String, Value>> {
    if let Some(id) = object.get("sessionId").cloned() {
        object.entry("session_id").or_insert(id);
    }
    match event {
        Event::PreTool | Event::PostTool => tools::rename(object, "toolName", "toolArgs", kind),
        _ => Some(object),
    }
}

/// The handler's answer in Copilot CLI's words.
pub fn output(event: Event, said: Said) -> Value {
    match event {
        Event::PreTool => {
            if let Some(reason) = said.deny {
                return json!({ "permissionDecision": "deny", "permissionDecisionReason": reason });
            }
            match said.updated_input {
                Some(args) => json!({ "modifiedArgs": args }),
                None => json!({}),
            }
        }
        Event::SessionStart | Event::PostTool => match said.all_text() {
            Some(text) => json!({ "additionalContext": text }),
            None => json!({}),
        },
        _ => json!({}),
    }
}
