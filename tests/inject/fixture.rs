//! Projects with knowledge domains, transcripts modelled on Claude Code's, and hook inputs.

use crate::hooks::project::Project;
use serde_json::{Value, json};
use std::path::PathBuf;

/// A project with `learnings.toml` holding `toml`, and the files `(path, text)`.
pub fn project(toml: &str, files: &[(&str, &str)]) -> Project {
    let project = Project::new();
    project.write("learnings.toml", toml);
    for (path, text) in files {
        project.write(path, text);
    }
    project
}

/// One domain `[[inject.domains]]` block.
pub fn domain(name: &str, keywords: &[&str], files: &[&str]) -> String {
    let list = |items: &[&str]| {
        items
            .iter()
            .map(|i| format!("{:?}", i))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "[[inject.domains]]\nname = \"{name}\"\nkeywords = [{}]\nfiles = [{}]\n",
        list(keywords),
        list(files)
    )
}

/// A render domain with its rule file.
pub fn render_project() -> Project {
    project(
        &domain("render", &["render", "manim", ".venv"], &["docs/rules/render.md"]),
        &[(
            "docs/rules/render.md",
            "# Render rules\n- Use .venv/bin/python for manim.\n",
        )],
    )
}

/// Transcript lines, oldest first.
#[derive(Default)]
pub struct Transcript {
    lines: Vec<String>,
}

impl Transcript {
    pub fn new() -> Transcript {
        Transcript::default()
    }

    pub fn line(mut self, value: Value) -> Self {
        self.lines.push(value.to_string());
        self
    }

    pub fn raw(mut self, text: &str) -> Self {
        self.lines.push(text.to_owned());
        self
    }

    /// A person's message, content as a string.
    pub fn user(self, text: &str) -> Self {
        self.line(json!({"type": "user", "isSidechain": false, "message": {"role": "user", "content": text}}))
    }

    /// A person's message, content as blocks.
    pub fn user_blocks(self, text: &str) -> Self {
        self.line(
            json!({"type": "user", "message": {"role": "user", "content": [{"type": "text", "text": text}]}}),
        )
    }

    /// The model's text, as blocks.
    pub fn assistant(self, text: &str) -> Self {
        self.line(
            json!({"type": "assistant", "message": {"role": "assistant", "content": [
            {"type": "thinking", "thinking": "hidden"}, {"type": "text", "text": text}]}}),
        )
    }

    /// The model's text, content as a string.
    pub fn assistant_string(self, text: &str) -> Self {
        self.line(json!({"type": "assistant", "message": {"role": "assistant", "content": text}}))
    }

    /// A tool call of the model.
    pub fn tool_use(self, name: &str, input: Value) -> Self {
        self.line(
            json!({"type": "assistant", "message": {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": name, "input": input}]}}),
        )
    }

    /// A tool result (a `user` line that is not the person).
    pub fn tool_result(self, text: &str) -> Self {
        self.line(json!({"type": "user", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": text, "is_error": false}]}}))
    }

    /// Hook output recorded back into the transcript.
    pub fn attachment(self, text: &str) -> Self {
        self.line(json!({"type": "attachment", "attachment": {"type": "hook_additional_context", "content": [text]}}))
    }

    /// A meta line (a reminder, not the person).
    pub fn meta(self, text: &str) -> Self {
        self.line(json!({"type": "user", "isMeta": true, "message": {"role": "user", "content": text}}))
    }

    /// A sub-agent's line.
    pub fn sidechain(self, text: &str) -> Self {
        self.line(json!({"type": "assistant", "isSidechain": true, "message": {"role": "assistant", "content": text}}))
    }

    /// A summary line.
    pub fn summary(self, text: &str) -> Self {
        self.line(json!({"type": "summary", "summary": text, "leafUuid": "u1"}))
    }

    /// Writes the transcript next to the project and returns its path.
    pub fn write(&self, project: &Project, name: &str) -> PathBuf {
        let path = project.outer().join(name);
        let mut text = self.lines.join("\n");
        text.push('\n');
        std::fs::write(&path, text).expect("write transcript");
        path
    }
}

/// A UserPromptSubmit input.
pub fn prompt(session: &str, transcript: &str, text: &str) -> Vec<u8> {
    json!({
        "session_id": session, "transcript_path": transcript, "hook_event_name": "UserPromptSubmit",
        "permission_mode": "default", "prompt_id": "p1", "prompt": text
    })
    .to_string()
    .into_bytes()
}

/// A SessionStart input.
pub fn start(session: &str, source: &str) -> Vec<u8> {
    json!({"session_id": session, "transcript_path": "/nonexistent.jsonl", "hook_event_name": "SessionStart",
        "source": source, "model": "claude"})
    .to_string()
    .into_bytes()
}

/// The `additionalContext` of an answer, checking the event name; `None` for `{}`.
pub fn context(run: crate::common::Run, event: &str) -> Option<String> {
    let run = run.code(0);
    let json = run.json();
    if json == json!({}) {
        return None;
    }
    let out = &json["hookSpecificOutput"];
    assert_eq!(out["hookEventName"], event, "{json}");
    assert!(json.get("additionalContext").is_none());
    let text = out["additionalContext"].as_str().expect("text").to_owned();
    assert!(text.chars().count() < 10_000);
    Some(text)
}

/// Runs `hook prompt`.
pub fn run_prompt(project: &Project, session: &str, transcript: &str, text: &str) -> Option<String> {
    context(
        project.hook("prompt", &prompt(session, transcript, text), &[]),
        "UserPromptSubmit",
    )
}
