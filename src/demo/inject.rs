//! The knowledge-injection part of `learnings demo`: one session across phases, through the same
//! handler as `learnings hook prompt`. A prompt with no match, one domain, two domains at once
//! (caught from the assistant's last message), and a domain mentioned again but not injected
//! again. The demo's decision docs and its learnings file are the domain files.

use crate::error::{Error, Result};
use crate::hooks::prompt::{self, PromptInput};
use std::io::Write;
use std::path::Path;

/// The demo's `[inject]` configuration.
const CONFIG: &str = r#"[inject]
budget = 6000

[[inject.domains]]
name = "testing"
keywords = ["test", "tests", "flaky"]
files = ["agents/decisions/testing.md"]

[[inject.domains]]
name = "workflow"
keywords = ["agent", "sub-agent", "subagent", "memory"]
files = ["agents/learnings.md"]

[[inject.domains]]
name = "decisions"
keywords = ["decision", "decisions", "consolidate"]
files = ["agents/decisions/README.md"]
"#;

/// The turns: the assistant's previous message (if any) and the prompt.
const TURNS: [(Option<&str>, &str); 4] = [
    (None, "Summarise the roadmap for this week"),
    (None, "Add tests for the config parser"),
    (
        Some("Done. Should a sub-agent record this as a decision?"),
        "yes please",
    ),
    (None, "The tests are flaky again"),
];

/// Writes `learnings.toml` into the demo repository and runs the prompt hook on each turn.
pub fn show(dir: &Path, out: &mut dyn Write) -> Result<()> {
    let config = dir.join(crate::base::paths::CONFIG_FILE);
    std::fs::write(&config, CONFIG).map_err(Error::io(&config))?;
    writeln!(
        out,
        "\nlearnings.toml: three domains whose files are the decision docs and the learnings file"
    )?;
    for line in CONFIG
        .lines()
        .filter(|l| l.starts_with("name") || l.starts_with("keywords"))
    {
        writeln!(out, "  {line}")?;
    }
    let transcript = dir.join(".learnings/demo-transcript.jsonl");
    crate::store::Store::project_only(dir).ensure(true)?;
    for (turn, (said, text)) in TURNS.iter().enumerate() {
        let lines = said
            .map(|said| {
                serde_json::json!({"type": "assistant", "message": {"role": "assistant",
                    "content": [{"type": "text", "text": said}]}})
                .to_string()
                    + "\n"
            })
            .unwrap_or_default();
        std::fs::write(&transcript, lines).map_err(Error::io(&transcript))?;
        writeln!(out, "\nTurn {}:", turn + 1)?;
        if let Some(said) = said {
            writeln!(out, "  assistant said: {said}")?;
        }
        writeln!(
            out,
            "$ echo '{{\"session_id\": \"demo\", \"prompt\": \"{text}\", …}}' | learnings hook prompt"
        )?;
        let input = PromptInput {
            session_id: Some("demo".into()),
            transcript_path: Some(transcript.to_string_lossy().into_owned()),
            cwd: None,
            prompt: Some((*text).to_owned()),
        };
        let conversation = crate::transcript::Conversation::new(
            input.transcript_path.as_deref(),
            input.prompt.as_deref(),
            crate::inject::RECENT_MESSAGES,
        );
        let (answer, decision) = prompt::handle(&input, dir, &conversation);
        match answer.hook_specific_output {
            None => writeln!(out, "{{}}")?,
            Some(specific) => {
                let context = specific.additional_context;
                writeln!(
                    out,
                    "{{\"hookSpecificOutput\": {{\"hookEventName\": \"{}\", \"additionalContext\": <{} characters>}}}}",
                    specific.hook_event_name,
                    context.chars().count()
                )?;
                for line in context
                    .lines()
                    .filter(|l| l.starts_with("<project-knowledge") || l.starts_with("Why:"))
                {
                    writeln!(out, "  {line}")?;
                }
            }
        }
        writeln!(out, "  (debug log: {decision})")?;
    }
    Ok(())
}
