//! The enforcement part of `learnings demo`: the PreToolUse hook rewrites one Bash command,
//! leaves a look-alike alone and blocks another, under the rules of issue 10.
//!
//! It runs the hook's own handler on made-up inputs, with the rules below compiled as
//! `learnings.toml` would be, so the demo needs no file and prints the same thing every time.

use crate::config::Config;
use crate::error::{Error, Result};
use crate::hooks::pre_tool::{self, PreToolUseInput};
use crate::hooks::protocol;
use std::io::Write;

/// The `[enforce]` part of the demo's `learnings.toml`.
pub const RULES: &str = r#"[[enforce.rewrite]]
from = "python3 -m manim"
to = ".venv/bin/python -m manim"
reason = "manim is installed in the project's venv"

[[enforce.block]]
pattern = '\bgit push --force\b'
reason = "force-push rewrites shared history; use --force-with-lease"
suggest = "git push --force-with-lease"
"#;

/// The commands the agent tries: rewritten, left alone, blocked.
const COMMANDS: [&str; 3] = [
    "cd scenes && python3 -m manim render intro.py -qh | tee render.log",
    "python3 -m manimlib --version",
    "git commit -am 'render intro' && git push --force",
];

/// Prints the rules, then each command with the hook's answer.
pub fn show(out: &mut dyn Write) -> Result<()> {
    let config = Config::parse(RULES).map_err(Error::Usage)?;
    let rules = config.enforce.compile().map_err(Error::Usage)?;
    writeln!(out, "\nlearnings.toml:\n")?;
    for line in RULES.lines() {
        writeln!(out, "    {line}")?;
    }
    for command in COMMANDS {
        let input = serde_json::json!({
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": command, "description": "demo", "timeout": 120000},
        })
        .to_string();
        writeln!(
            out,
            "\n$ echo '<PreToolUse input: Bash `{command}`>' | learnings hook pre-tool\n"
        )?;
        let parsed: PreToolUseInput = protocol::parse(input.as_bytes()).unwrap_or_default();
        let answer = pre_tool::handle(&parsed, &rules);
        let json = serde_json::to_string_pretty(&answer).unwrap_or_else(|_| answer.to_json());
        writeln!(out, "{json}")?;
    }
    writeln!(
        out,
        "\n(`learnings enforce explain \"COMMAND\"` shows the same decision and its rule, for a person.)"
    )?;
    Ok(())
}
