//! Codex CLI: `.codex/hooks.json`, Claude Code's shape and event names (`../shared/CLIENTS.md`).
//!
//! The differences that matter: a deny with no reason lets the command run, so every deny has
//! one ([`Said::read`]). Codex applies a new tool input only with `permissionDecision: "allow"`,
//! which also skips the user's own approval of the command: a rewrite rule in a cloned
//! repository could then run anything unasked. So a rewrite is said as a deny that names the
//! command to run instead, and the model's next call goes through the user's approval like any
//! other. `apply_patch` reaches PreToolUse with the patch as its `command`; the file it adds or
//! updates brings its domains' knowledge there, as Claude Code's file tools do. Its `transcript_path` is Codex's
//! own rollout file, which the handlers would misread as Claude Code's: it is not passed on, and
//! capture judges the prompt without the answer before it.

use super::tools::{self, Kind};
use super::{Event, Said, context_answer};
use serde_json::{Map, Value, json};

/// The tools Codex's hooks see: its shell, and `apply_patch`, whose path is in the patch.
fn kind(tool: &str) -> Option<Kind> {
    match tool {
        "Bash" | "exec_command" | "shell" => Some(Kind::Shell("command")),
        _ => None,
    }
}

/// Codex's input, for the handlers.
pub fn input(event: Event, mut object: Map<String, Value>) -> Option<Map<String, Value>> {
    object.remove("transcript_path");
    match event {
        Event::PreTool => {
            if let Some(patched) = patch_file(&object) {
                return Some(patched);
            }
            tools::rename(object, "tool_name", "tool_input", kind)
        }
        Event::PostTool => patch_file(&object),
        _ => Some(object),
    }
}

/// An `apply_patch` call as an `Edit` of the first file its patch adds or updates.
fn patch_file(object: &Map<String, Value>) -> Option<Map<String, Value>> {
    if super::text(object, "tool_name") != Some("apply_patch") {
        return None;
    }
    let patch = match object.get("tool_input")? {
        Value::String(s) => s.as_str(),
        Value::Object(map) => map
            .get("command")
            .or_else(|| map.get("input"))
            .or_else(|| map.get("patch"))?
            .as_str()?,
        _ => return None,
    };
    let path = patch.lines().find_map(|line| {
        let line = line.trim();
        line.strip_prefix("*** Update File: ")
            .or_else(|| line.strip_prefix("*** Add File: "))
    })?;
    let mut out = object.clone();
    out.insert("tool_name".into(), Value::String("Edit".into()));
    out.insert("tool_input".into(), json!({ "file_path": path.trim() }));
    Some(out)
}

/// The handler's answer in Codex's words.
pub fn output(event: Event, said: Said) -> Value {
    if let Some(reason) = said.deny.clone().or_else(|| said.rewrite_as_deny()) {
        return json!({ "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": reason,
        }});
    }
    let name = match event {
        Event::SessionStart => "SessionStart",
        Event::Prompt => "UserPromptSubmit",
        Event::PreTool => "PreToolUse",
        Event::PostTool => "PostToolUse",
        // Stop has no context to give.
        _ => return json!({}),
    };
    match said.all_text() {
        Some(text) => context_answer(name, text),
        None => json!({}),
    }
}
