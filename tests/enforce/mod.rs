//! `learnings hook pre-tool` and `learnings enforce explain`: the `[enforce]` rules of
//! `learnings.toml` applied to Bash commands, through the binary with the JSON Claude Code sends.

mod block;
mod bypass;
mod env;
mod explain;
mod input;
mod rewrite;

use crate::common::{Run, run_env};
use serde_json::{Value, json};

/// The rules of issue 10, without `[enforce.env]` (tested on its own: it changes every command).
pub const RULES: &str = r#"
[[enforce.rewrite]]
from = "python3 -m manim"
to = ".venv/bin/python -m manim"

[[enforce.block]]
pattern = '\bgit push --force\b'
reason = "force-push rewrites shared history; use --force-with-lease"
"#;

/// A project folder with `learnings.toml`.
pub struct Project {
    dir: tempfile::TempDir,
}

impl Project {
    pub fn new(config: &str) -> Project {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("learnings.toml"), config).expect("config");
        Project { dir }
    }

    pub fn path(&self) -> &std::path::Path {
        self.dir.path()
    }

    /// The hook run with `input` on stdin, from the project folder.
    pub fn hook(&self, input: &[u8]) -> Run {
        run_env(self.path(), &["hook", "pre-tool"], Some(input), &[])
    }

    /// The hook's answer to a Bash call of `command`, with every field Claude Code sends.
    pub fn answer(&self, command: &str) -> Value {
        let input = bash_input(command);
        let run = self.hook(input.to_string().as_bytes()).code(0);
        let answer = run.json();
        assert!(!run.stdout.contains("\"allow\""), "never allow: {}", run.stdout);
        answer
    }

    /// The command that would run instead of `command`, or `None` when the answer is `{}`.
    pub fn rewritten(&self, command: &str) -> Option<String> {
        let answer = self.answer(command);
        if answer == json!({}) {
            return None;
        }
        let specific = &answer["hookSpecificOutput"];
        assert_eq!(specific["hookEventName"], "PreToolUse");
        assert!(
            specific.get("permissionDecision").is_none(),
            "a rewrite carries no decision: {answer}"
        );
        let updated = &specific["updatedInput"];
        // Every other field of tool_input is kept as it was.
        let mut expected = bash_input(command)["tool_input"].clone();
        expected["command"] = updated["command"].clone();
        assert_eq!(*updated, expected, "only the command changes");
        Some(updated["command"].as_str().expect("command").to_owned())
    }

    /// `learnings enforce explain COMMAND` in the project.
    pub fn explain(&self, command: &str) -> Run {
        run_env(self.path(), &["enforce", "explain", command], None, &[])
    }

    /// `learnings enforce explain --format json COMMAND` in the project.
    pub fn explain_json(&self, command: &str) -> Run {
        run_env(
            self.path(),
            &["enforce", "explain", "--format", "json", command],
            None,
            &[],
        )
    }
}

/// What Claude Code 2.1 sends on PreToolUse for Bash.
pub fn bash_input(command: &str) -> Value {
    json!({
        "session_id": "s1",
        "transcript_path": "/nonexistent/s1.jsonl",
        "cwd": ".",
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {
            "command": command,
            "description": "Render the scene",
            "timeout": 120000,
            "run_in_background": false,
            "dangerouslyDisableSandbox": false
        },
        "tool_use_id": "toolu_01"
    })
}
