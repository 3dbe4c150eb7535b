//! Gemini CLI: `hooks` in `.gemini/settings.json` (`../shared/CLIENTS.md`).
//!
//! Its events are named otherwise (BeforeAgent is the prompt, BeforeTool and AfterTool the tool
//! calls, AfterAgent the end of the turn), its tools too (`run_shell_command`, `write_file`,
//! `replace`, `read_file`), and a block is the top-level `decision`, not Claude's
//! `permissionDecision`. A file tool's knowledge comes after it ran (AfterTool), where Gemini
//! appends it to the tool's result. BeforeAgent's prompt already holds SessionStart's context
//! in a `<hook_context>` element, which is not what the person typed and is cut off.

use super::tools::{self, Kind};
use super::{Event, Said, context_answer};
use serde_json::{Map, Value, json};

/// Gemini's tools that are ours.
fn kind(tool: &str) -> Option<Kind> {
    match tool {
        "run_shell_command" => Some(Kind::Shell("command")),
        "read_file" => Some(Kind::File {
            tool: "Read",
            key: "file_path",
        }),
        "write_file" => Some(Kind::File {
            tool: "Write",
            key: "file_path",
        }),
        "replace" => Some(Kind::File {
            tool: "Edit",
            key: "file_path",
        }),
        _ => None,
    }
}

/// Gemini's input, for the handlers.
pub fn input(event: Event, mut object: Map<String, Value>) -> Option<Map<String, Value>> {
    // A JSON file of Gemini's own, not Claude Code's JSONL.
    object.remove("transcript_path");
    match event {
        Event::PreTool | Event::PostTool => tools::rename(object, "tool_name", "tool_input", kind),
        Event::Prompt => {
            if let Some(prompt) = super::text(&object, "prompt") {
                let typed = typed_prompt(prompt).to_owned();
                object.insert("prompt".into(), Value::String(typed));
            }
            Some(object)
        }
        Event::Stop => {
            if let Some(said) = super::text(&object, "prompt_response") {
                let said = said.to_owned();
                object.insert("last_assistant_message".into(), Value::String(said));
            }
            Some(object)
        }
        _ => Some(object),
    }
}

/// The prompt without the `<hook_context>` elements Gemini put before it.
pub fn typed_prompt(prompt: &str) -> &str {
    let mut rest = prompt.trim_start();
    while rest.starts_with("<hook_context>") {
        match rest.find("</hook_context>") {
            Some(end) => rest = rest[end + "</hook_context>".len()..].trim_start(),
            None => break,
        }
    }
    rest
}

/// The handler's answer in Gemini's words.
pub fn output(event: Event, said: Said) -> Value {
    if let Some(reason) = said.deny.clone() {
        return json!({ "decision": "deny", "reason": reason });
    }
    if event == Event::PreTool
        && let Some(input) = said.updated_input.clone()
    {
        let mut answer = json!({ "hookSpecificOutput": {
            "hookEventName": "BeforeTool",
            "tool_input": input,
        }});
        if let Some(why) = said.context {
            answer["systemMessage"] = Value::String(why);
        }
        return answer;
    }
    let name = match event {
        Event::SessionStart => "SessionStart",
        Event::Prompt => "BeforeAgent",
        Event::PostTool => "AfterTool",
        _ => "",
    };
    let mut answer = match (said.context, name) {
        (Some(text), name) if !name.is_empty() => context_answer(name, text),
        _ => json!({}),
    };
    if let Some(message) = said.system_message {
        answer["systemMessage"] = Value::String(message);
    }
    answer
}
