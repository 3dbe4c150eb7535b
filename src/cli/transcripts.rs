//! `learnings transcripts --recent N`: the clean conversation of the project's most recent
//! Claude Code sessions, for the `curate` skill and agent (seed 002's curation loop).
//!
//! Claude Code keeps a session's transcript in `~/.claude/projects/<cwd with every character
//! other than a letter or digit turned into '-'>/<session id>.jsonl` (`CLAUDE_CONFIG_DIR`
//! replaces `~/.claude`). Only what the person and the model said is printed: no tool calls or
//! results, no injected hook text (the shared reader, [`crate::transcript`], leaves them out).

use super::args::Format;
use super::context::{Context, EXIT_OK};
use crate::error::{Error, Result};
use crate::transcript::{self, Role};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `learnings transcripts`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// How many of the most recent sessions.
    #[arg(long, default_value_t = 3)]
    pub recent: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The folder Claude Code keeps the transcripts of a project in.
pub fn project_folder(config_dir: &Path, project: &Path) -> PathBuf {
    let mangled: String = project
        .to_string_lossy()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    config_dir.join("projects").join(mangled)
}

/// Prints the conversations, oldest session first.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let config_dir = std::env::var_os("CLAUDE_CONFIG_DIR")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(".claude"))
        })
        .ok_or_else(|| {
            Error::Usage("transcripts: HOME is not set; set CLAUDE_CONFIG_DIR to Claude Code's folder".into())
        })?;
    let (_, root) = ctx.open_store()?;
    let folder = project_folder(&config_dir, &root);
    let mut sessions: Vec<(std::time::SystemTime, PathBuf)> = match std::fs::read_dir(&folder) {
        Ok(entries) => entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
            .filter_map(|p| Some((std::fs::metadata(&p).and_then(|m| m.modified()).ok()?, p)))
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(Error::io(&folder)(e)),
    };
    // Newest first by modification time, then by name, for the choice; printed oldest first.
    sessions.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    sessions.truncate(args.recent);
    sessions.reverse();
    let mut all = Vec::new();
    for (_, path) in &sessions {
        let id = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut messages = transcript::tail(path, usize::MAX).messages;
        messages.reverse();
        // The curate agent commits what it learns from this text: no secret may reach it.
        for message in &mut messages {
            message.text = crate::store::redact::text(&message.text).into_owned();
        }

        all.push((id, messages));
    }
    if args.format == Format::Json {
        let sessions: Vec<_> = all
            .iter()
            .map(|(id, messages)| {
                let messages: Vec<_> = messages
                    .iter()
                    .map(|m| serde_json::json!({ "role": role(m.role), "text": m.text }))
                    .collect();
                serde_json::json!({ "session": id, "messages": messages })
            })
            .collect();
        let json = serde_json::json!({ "schema_version": 1, "folder": folder, "sessions": sessions });
        writeln!(out, "{}", serde_json::to_string(&json).unwrap_or_default())?;
        return Ok(EXIT_OK);
    }
    if all.is_empty() {
        writeln!(out, "No Claude Code sessions in {}.", folder.display())?;
    }
    for (id, messages) in &all {
        writeln!(out, "# Session {id}\n")?;
        for m in messages {
            writeln!(
                out,
                "**{}:** {}\n",
                if m.role == Role::User { "User" } else { "Assistant" },
                m.text.trim()
            )?;
        }
    }
    Ok(EXIT_OK)
}

fn role(role: Role) -> &'static str {
    match role {
        Role::User => "user",
        Role::Assistant => "assistant",
    }
}
