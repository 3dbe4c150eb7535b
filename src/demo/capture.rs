//! The capture part of `learnings demo`: one session through the same functions as the prompt
//! and Stop hooks, then `learn analyze`, `learn show` (the next session's learned context),
//! `learn review` (a capture the classifier was unsure of, decided; its label exported),
//! `learn promote --dry-run` and `learn forget`.
//!
//! The demo keeps its learned data inside the demo repository (`.learnings/demo-user`, which
//! ignores itself), never in the user's own data folder, and forgets it at the end.

use super::Shell;
use crate::error::{Error, Result};
use crate::hooks::capture;
use crate::store::Store;
use std::io::Write;
use std::path::Path;

/// The demo's user-level data folder, relative to the repository.
pub const DATA_DIR: &str = ".learnings/demo-user";

/// What happens in a turn besides the assistant's words.
#[derive(Clone, Copy)]
enum Twist {
    None,
    /// The person pressed Esc during the turn.
    Interrupted,
    /// The person declined this Bash command at the permission prompt.
    Declined(&'static str),
}

/// The session: what the assistant said (and what happened), then what the person typed.
const TURNS: [(&str, Twist, &str); 7] = [
    (
        "Done: the CSV export now writes dates in the machine's time zone.",
        Twist::None,
        "No, that's wrong: exported dates must stay in UTC.",
    ),
    (
        "Fixed: dates use local time with an offset.",
        Twist::None,
        "Wrong again, exported dates must stay in UTC",
    ),
    (
        "Done: the JSON export uses local time too.",
        Twist::None,
        "exported dates stay in UTC",
    ),
    (
        "All exports are in UTC now.",
        Twist::None,
        "Always run the export tests before you say done.",
    ),
    ("Ran them: 14 passed.", Twist::None, "Perfect, thanks!"),
    (
        "Rewriting the whole exporter for speed",
        Twist::Interrupted,
        "let's look at the importer instead",
    ),
    (
        "The importer's fixtures are stale; deleting them.",
        Twist::Declined("rm -rf fixtures/"),
        "keep the fixtures, they are the only copy",
    ),
];

/// Runs the session through the hooks' capture, then the `learn` commands on what it left.
pub fn show(shell: &mut dyn Shell, dir: &Path, out: &mut dyn Write) -> Result<()> {
    let store = Store::at(dir.join(DATA_DIR), dir);
    let transcript = dir.join(".learnings/demo-capture.jsonl");
    let mut lines = Vec::new();
    writeln!(
        out,
        "\nOne session, as the prompt and Stop hooks see it (what was logged after each prompt;\n\
         a lesson may become an entry, transient feedback only counts as evidence, and a pattern\n\
         needs one wording that is a lesson):"
    )?;
    for (n, (said, twist, typed)) in TURNS.iter().enumerate() {
        let at = |second: usize| format!("2026-03-02T10:{:02}:{second:02}Z", n * 5);
        lines.push(message("assistant", said));
        match twist {
            Twist::None => {}
            Twist::Interrupted => lines.push(message("user", "[Request interrupted by user]")),
            Twist::Declined(command) => {
                let id = format!("toolu_demo_{n}");
                lines.push(serde_json::json!({"type": "assistant", "message": {"role": "assistant",
                    "content": [{"type": "tool_use", "id": id, "name": "Bash", "input": {"command": command}}]}}));
                lines.push(
                    serde_json::json!({"type": "user", "toolDenialKind": "user-rejected",
                    "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": id,
                    "is_error": true, "content": "The user doesn't want to proceed with this tool use."}]}}),
                );
            }
        }
        write_lines(&transcript, &lines)?;
        // Claude Code sends no Stop for a turn the user interrupted.
        if !matches!(twist, Twist::Interrupted) {
            capture::record_stop(&store, dir, "demo", said, &at(0));
        }
        let turn = crate::transcript::turn::turn(&transcript, typed);
        let logged = capture::record_prompt(&store, dir, "demo", &turn, typed, &at(30));
        lines.push(message("user", typed));
        writeln!(out, "  assistant: {said}")?;
        match twist {
            Twist::None => {}
            Twist::Interrupted => writeln!(out, "  (the user presses Esc)")?,
            Twist::Declined(command) => writeln!(out, "  (the user declines `{command}`)")?,
        }
        writeln!(out, "  user: {typed}")?;
        let logged: Vec<String> = logged
            .iter()
            .map(|e| {
                // Whether it may become an entry: a lesson, or true only now.
                let kept = match e.lesson {
                    Some(true) => " (lesson)",
                    Some(false) => " (transient)",
                    None => "",
                };
                let unsure = if e.unsure { ", unsure: for review" } else { "" };
                format!("{} {:.2}{kept}{unsure}", e.kind.name(), e.confidence)
            })
            .collect();
        let logged = if logged.is_empty() {
            "nothing".to_owned()
        } else {
            logged.join(", ")
        };
        writeln!(out, "    → logged: {logged}")?;
    }
    let _ = std::fs::remove_file(&transcript);
    let data = dir.join(DATA_DIR);
    // What the classifier was unsure of waits for the user: here they accept it as the
    // correction it was, before the analysis counts the corrections.
    let unsure = crate::store::Store::at(data.clone(), dir)
        .review()
        .records::<crate::capture::Event>()
        .map(|(queue, _)| queue.len())
        .unwrap_or(0);
    let mut steps: Vec<&[&str]> = vec![&["learn", "review", "--format", "json"]];
    if unsure > 0 {
        steps.push(&["learn", "review", "--accept", "1", "--as", "correction"]);
        steps.push(&["learn", "export-labels"]);
    }
    steps.extend([
        &["learn", "analyze"][..],
        &["learn", "show"],
        &["learn", "promote", "--dry-run"],
        &["learn", "forget"],
    ]);
    for args in steps {
        super::command_with_data(shell, dir, out, args, &data)?;
    }
    Ok(())
}

fn message(role: &str, text: &str) -> serde_json::Value {
    serde_json::json!({"type": role, "message": {"role": role,
        "content": [{"type": "text", "text": text}]}})
}

fn write_lines(path: &Path, lines: &[serde_json::Value]) -> Result<()> {
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(Error::io(parent))?;
    }
    std::fs::write(path, text).map_err(Error::io(path))
}
