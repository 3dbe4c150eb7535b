//! `learnings sessions [--pending]`: the session logs of LearningAgents, grouped by agent, for
//! the `learn` skill; `learnings sessions mark-learned DIR` closes a log after a cycle.

use super::args::Format;
use super::context::{Context, EXIT_OK};
use crate::agents::{self, sessions};
use crate::error::Result;
use serde::Serialize;
use std::io::Write;

/// Arguments of `learnings sessions`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    /// Only the logs that still need learning.
    #[arg(long)]
    pub pending: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(subcommand)]
    pub action: Option<Action>,
}

/// Changes to a session log.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// After a learning cycle: record the time in `learning_last_performed_timestamp` and remove
    /// `needs_learning_as_of_timestamp`. Refuses while an issue of the log is not `learned`.
    MarkLearned {
        /// The session log folder, or its agent id.
        session: String,
    },
}

#[derive(Serialize)]
struct Json<'a> {
    schema_version: u32,
    sessions: Vec<SessionJson<'a>>,
}

#[derive(Serialize)]
struct SessionJson<'a> {
    agent: Option<&'a str>,
    session_id: &'a str,
    agent_id: &'a str,
    path: String,
    needs_learning_as_of: Option<&'a str>,
    learning_last_performed: Option<&'a str>,
    transcript: bool,
}

/// Lists, or marks a log learned.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let root = agents::find_root(&ctx.cwd);
    if let Some(Action::MarkLearned { session }) = args.action {
        let dir = sessions::resolve(&root, &ctx.cwd, &session)?;
        // Like the hook's flag, the time a cycle ran can only come from the clock.
        let now = crate::base::time::timestamp(std::time::SystemTime::now().into());
        sessions::mark_learned(&dir, &now)?;
        writeln!(out, "learned {}", dir.display())?;
        return Ok(EXIT_OK);
    }
    let logs = sessions::list(&root, args.pending);
    match args.format {
        Format::Json => {
            let json = Json {
                schema_version: 1,
                sessions: logs.iter().map(session_json).collect(),
            };
            crate::report::write_json(out, &json)?;
        }
        Format::Text | Format::Markdown => text(&logs, args.pending, out)?,
    }
    Ok(EXIT_OK)
}

fn session_json(log: &sessions::SessionLog) -> SessionJson<'_> {
    SessionJson {
        agent: log.agent.as_deref(),
        session_id: &log.session_id,
        agent_id: &log.agent_id,
        path: crate::base::paths::slash(&log.path),
        needs_learning_as_of: log.needs_learning_as_of.as_deref(),
        learning_last_performed: log.learning_last_performed.as_deref(),
        transcript: log.transcript,
    }
}

fn text(logs: &[sessions::SessionLog], pending: bool, out: &mut dyn Write) -> Result<()> {
    if logs.is_empty() {
        let what = if pending { "need learning" } else { "exist" };
        writeln!(out, "No LearningAgent session logs {what}.")?;
        return Ok(());
    }
    let mut current: Option<Option<&str>> = None;
    for log in logs {
        let agent = log.agent.as_deref();
        if current != Some(agent) {
            if current.is_some() {
                writeln!(out)?;
            }
            writeln!(out, "## {}\n", agent.unwrap_or("(unknown agent)"))?;
            current = Some(agent);
        }
        let mut notes = Vec::new();
        if let Some(at) = &log.needs_learning_as_of {
            notes.push(format!("needs learning as of {at}"));
        }
        if let Some(at) = &log.learning_last_performed {
            notes.push(format!("last learned {at}"));
        }
        notes.push(
            if log.transcript {
                "transcript linked"
            } else {
                "no transcript link"
            }
            .to_owned(),
        );
        writeln!(
            out,
            "- {} ({})",
            crate::base::paths::slash(&log.path),
            notes.join(", ")
        )?;
    }
    Ok(())
}
