//! The LearningAgents part of `learnings demo`: a tracked session and the stop suggestion.
//!
//! It runs the same handlers as the hooks, on a made-up hook input and at a fixed time, so the
//! demo prints the same thing every time.

use crate::agents::{self, scaffold};
use crate::error::Result;
use crate::hooks::{PostToolUseInput, post_task, protocol, stop};
use std::io::Write;
use std::path::Path;

/// The reminder as shipped, so the demo shows it without a plugin install.
const REMINDER: &str = include_str!("../../doc/learning_agent_post_task_reminder.md");
/// The demo's LearningAgent.
const AGENT: &str = "rust-reviewer";
/// What Claude Code sends after the agent ran (shortened).
const INPUT: &str = r#"{"session_id":"demo-session","hook_event_name":"PostToolUse","tool_name":"Agent","tool_input":{"subagent_type":"rust-reviewer","prompt":"Review src/lib.rs"},"tool_response":{"agentId":"a1b2c3"}}"#;
/// The demo's clock.
const NOW: &str = "2024-02-01T12:00:00Z";

/// Creates a LearningAgent in `dir`, feeds a sub-agent use to the post-task hook, then runs the
/// stop hook; prints each step.
pub fn show(dir: &Path, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "\n$ learnings agent create {AGENT}\n")?;
    let done = scaffold::create(dir, AGENT, None)?;
    for path in &done.created {
        writeln!(out, "created {}", crate::base::paths::slash(path))?;
    }

    writeln!(out, "\n$ echo '<PostToolUse input>' | learnings hook post-task\n")?;
    writeln!(out, "input:  {INPUT}")?;
    let input: PostToolUseInput = protocol::parse(INPUT.as_bytes()).unwrap_or_default();
    let answer = match post_task::track(&input, dir) {
        Some(tracking) => {
            post_task::apply(dir, &tracking.writes(NOW))?;
            post_task::output(Some(REMINDER))
        }
        None => post_task::output(None),
    };
    match (&answer.system_message, &answer.hook_specific_output) {
        (Some(message), Some(specific)) => {
            writeln!(
                out,
                "output: {{\"systemMessage\": …, \"hookSpecificOutput\": {{\"hookEventName\": \"{}\", \"additionalContext\": …}}}}",
                specific.hook_event_name
            )?;
            writeln!(
                out,
                "        both carry the reminder, for the user and for the model:"
            )?;
            for line in message.lines() {
                writeln!(out, "        > {line}")?;
            }
        }
        _ => writeln!(out, "output: {}", answer.to_json())?,
    }
    let log = format!("{}/demo-session/a1b2c3", agents::SESSIONS_DIR);
    for file in [agents::NEEDS_LEARNING, agents::AGENT_USED] {
        let text = std::fs::read_to_string(dir.join(&log).join(file)).unwrap_or_default();
        writeln!(out, "{log}/{file}: {}", text.trim())?;
    }

    writeln!(out, "\n$ learnings hook stop\n")?;
    writeln!(out, "{}", stop::handle(dir).to_json())?;
    Ok(())
}
