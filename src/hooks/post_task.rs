//! PostToolUse on `Task|Agent`: record that a LearningAgent was used (REQ-004.2 to 004.11).
//!
//! The session id, agent id and agent name all come from the hook's input and all become path
//! components. Each must be a safe single component, or the input is ignored as a whole: with
//! `..` or `/` let through, a crafted input could write anywhere the user can.

use super::protocol::{self, Env};
use super::{HookOutput, HookSpecificOutput, PostToolUseInput, debug};
use crate::agents::sessions::pending_entry;
use crate::agents::{
    AGENT_USED, NEEDS_LEARNING, SESSIONS_DIR, TRANSCRIPT, agent_dir, normalize_agent_name, safe_component,
};
use crate::base::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The event name the answer carries.
pub const EVENT: &str = "PostToolUse";

/// A use of a LearningAgent to record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tracking {
    /// `<root>/.deepwork/tmp/agent_sessions/<session id>/<agent id>`.
    pub dir: PathBuf,
    /// The agent's folder name.
    pub agent: String,
    /// The sub-agent's transcript, when it exists.
    pub transcript: Option<PathBuf>,
    /// The log's entry in the index of pending logs.
    pub index_entry: PathBuf,
}

/// One change to the file system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileWrite {
    /// Create a folder and its parents.
    Dir(PathBuf),
    /// Replace a file's content atomically.
    File { path: PathBuf, contents: String },
    /// Point a link at a target, replacing the link atomically.
    Link { target: PathBuf, path: PathBuf },
}

/// The reminder shown after each use of a LearningAgent, relative to the plugin root.
pub const REMINDER: &str = "doc/learning_agent_post_task_reminder.md";
/// A reminder larger than this is not ours.
const REMINDER_CAP: u64 = 64 * 1024;

/// Answers PostToolUse on `Task|Agent`: records the use of a LearningAgent, reminds how to
/// follow up.
pub fn respond(input: Option<&[u8]>, env: &Env, cwd: &Path) -> HookOutput {
    let Some(input) = input.and_then(protocol::parse::<PostToolUseInput>) else {
        return HookOutput::default();
    };
    let root = env.root(input.cwd.as_deref(), cwd);
    let session = input.session_id.clone().unwrap_or_default();
    let Some(tracking) = track(&input, &root) else {
        debug::log(&root, "post-task", &session, "SKIP not a LearningAgent");
        return HookOutput::default();
    };
    if apply(&root, &tracking.writes(&protocol::now())).is_err() {
        debug::log(&root, "post-task", &session, "SKIP cannot write the session log");
        return HookOutput::default();
    }
    debug::log(&root, "post-task", &session, &format!("TRACK {}", tracking.agent));
    output(reminder(env).as_deref())
}

/// The reminder from the plugin root, if it is known and the file is there.
fn reminder(env: &Env) -> Option<String> {
    let root = env.plugin_root.as_ref()?;
    let file = std::fs::File::open(Path::new(root).join(REMINDER)).ok()?;
    let mut bytes = Vec::new();
    file.take(REMINDER_CAP).read_to_end(&mut bytes).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// What the input asks to record, or `None` when it is not a use of a LearningAgent of the
/// project at `root` (missing, empty or unsafe fields, unknown agent).
pub fn track(input: &PostToolUseInput, root: &Path) -> Option<Tracking> {
    let session_id = non_empty(input.session_id.as_deref())?;
    let tool_input = input.tool_input.as_ref()?;
    let names: Vec<String> = [tool_input.name.as_deref(), tool_input.subagent_type.as_deref()]
        .into_iter()
        .filter_map(non_empty)
        .map(normalize_agent_name)
        .collect();
    let response = input.tool_response.as_ref()?;
    let agent_id =
        non_empty(response.agent_id_camel.as_deref()).or_else(|| non_empty(response.agent_id.as_deref()))?;
    safe_component(session_id)?;
    safe_component(agent_id)?;
    // Hidden names are reserved for the index of pending logs.
    if session_id.starts_with('.') {
        return None;
    }
    if names.is_empty() || names.iter().any(|name| safe_component(name).is_none()) {
        return None;
    }
    // `name` labels this use of the agent and `subagent_type` says which agent it is: the first
    // that is a LearningAgent of the project wins.
    let agent = names.into_iter().find(|name| agent_dir(root, name).is_dir())?;
    let sessions = root.join(SESSIONS_DIR);
    let session_dir = sessions.join(session_id);
    let dir = session_dir.join(agent_id);
    // A log folder that is a link could send the writes out of the sessions folder.
    if is_symlink(&session_dir) || is_symlink(&dir) {
        return None;
    }
    Some(Tracking {
        transcript: transcript(input.transcript_path.as_deref(), agent_id, root),
        index_entry: pending_entry(&sessions, session_id, agent_id),
        dir,
        agent,
    })
}

impl Tracking {
    /// The writes that record this use at `now` (`YYYY-MM-DDTHH:MM:SSZ`). The index entry
    /// comes before the flag, so that an interrupted run leaves at worst a stale entry.
    pub fn writes(&self, now: &str) -> Vec<FileWrite> {
        let index_dir = self.index_entry.parent().unwrap_or(&self.dir).to_path_buf();
        let mut writes = vec![
            FileWrite::Dir(index_dir),
            FileWrite::File {
                path: self.index_entry.clone(),
                contents: String::new(),
            },
            FileWrite::Dir(self.dir.clone()),
            FileWrite::File {
                path: self.dir.join(NEEDS_LEARNING),
                contents: format!("{now}\n"),
            },
            FileWrite::File {
                path: self.dir.join(AGENT_USED),
                contents: format!("{}\n", self.agent),
            },
        ];
        if let Some(target) = &self.transcript {
            writes.push(FileWrite::Link {
                target: target.clone(),
                path: self.dir.join(TRANSCRIPT),
            });
        }
        writes
    }
}

/// Performs `writes` in order. A transcript link that cannot be made is skipped: the log is
/// still useful without it, and the learning cycle can find the transcript by its id.
/// No folder from `root` down is followed if it is a link: a repository could commit one.
pub fn apply(root: &Path, writes: &[FileWrite]) -> crate::agents::Result<()> {
    for write in writes {
        match write {
            FileWrite::Dir(dir) => {
                crate::store::fs::dirs_in(root, dir).map_err(crate::agents::Error::io(dir))?;
            }
            FileWrite::File { path, contents } => fs::replace_if_changed(path, contents.as_bytes())?,
            FileWrite::Link { target, path } => {
                let _ = fs::link_atomic(target, path);
            }
        }
    }
    Ok(())
}

/// The answer after recording: the reminder for the user (`systemMessage`, REQ-004.10) and for
/// the model that called the agent (`additionalContext`); `{}` without a reminder.
pub fn output(reminder: Option<&str>) -> HookOutput {
    let Some(reminder) = reminder.map(str::trim).filter(|r| !r.is_empty()) else {
        return HookOutput::default();
    };
    HookOutput {
        system_message: Some(reminder.to_owned()),
        hook_specific_output: Some(HookSpecificOutput {
            hook_event_name: EVENT.to_owned(),
            additional_context: reminder.to_owned(),
        }),
    }
}

/// The sub-agent's transcript: `<parent transcript without .jsonl>/subagents/agent-<id>.jsonl`,
/// if that file exists.
fn transcript(parent: Option<&str>, agent_id: &str, root: &Path) -> Option<PathBuf> {
    let parent = non_empty(parent).filter(|p| !p.contains('\0'))?;
    let base = parent.strip_suffix(".jsonl").unwrap_or(parent);
    let path = root
        .join(base)
        .join("subagents")
        .join(format!("agent-{agent_id}.jsonl"));
    path.is_file().then_some(path)
}

fn non_empty(value: Option<&str>) -> Option<&str> {
    value.filter(|v| !v.is_empty())
}

fn is_symlink(path: &Path) -> bool {
    path.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hooks::protocol::parse;

    fn project() -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join(".deepwork/learning-agents/rust-expert")).expect("mkdir");
        dir
    }

    fn input(json: &str) -> PostToolUseInput {
        parse(json.as_bytes()).expect("valid input")
    }

    #[test]
    fn a_learning_agent_use_plans_the_three_writes() {
        let dir = project();
        let tracking = track(
            &input(
                r#"{"session_id":"s1","tool_input":{"name":"Rust Expert"},"tool_response":{"agentId":"a1"}}"#,
            ),
            dir.path(),
        )
        .expect("tracked");
        let sessions = dir.path().join(".deepwork/tmp/agent_sessions");
        let log = sessions.join("s1/a1");
        assert_eq!(
            tracking.writes("2025-01-15T14:32:00Z"),
            [
                FileWrite::Dir(sessions.join(".pending/s1")),
                FileWrite::File {
                    path: sessions.join(".pending/s1/a1"),
                    contents: String::new()
                },
                FileWrite::Dir(log.clone()),
                FileWrite::File {
                    path: log.join(NEEDS_LEARNING),
                    contents: "2025-01-15T14:32:00Z\n".into()
                },
                FileWrite::File {
                    path: log.join(AGENT_USED),
                    contents: "rust-expert\n".into()
                },
            ]
        );
    }

    #[test]
    fn subagent_type_is_used_when_name_is_not_an_agent() {
        let dir = project();
        let json = r#"{"session_id":"s","tool_input":{"name":"helper","subagent_type":"rust-expert"},"tool_response":{"agent_id":"a"}}"#;
        assert_eq!(
            track(&input(json), dir.path()).expect("tracked").agent,
            "rust-expert"
        );
    }

    #[test]
    fn unsafe_ids_are_ignored() {
        let dir = project();
        for json in [
            r#"{"session_id":"..","tool_input":{"name":"rust-expert"},"tool_response":{"agentId":"a"}}"#,
            r#"{"session_id":"s","tool_input":{"name":"rust-expert"},"tool_response":{"agentId":"../a"}}"#,
            r#"{"session_id":"s","tool_input":{"name":".."},"tool_response":{"agentId":"a"}}"#,
        ] {
            assert_eq!(track(&input(json), dir.path()), None, "{json}");
        }
    }

    #[test]
    fn output_carries_the_reminder_twice_or_nothing() {
        assert_eq!(output(None).to_json(), "{}");
        assert_eq!(output(Some("  \n")).to_json(), "{}");
        let json: serde_json::Value =
            serde_json::from_str(&output(Some("Resume.\n")).to_json()).expect("json");
        assert_eq!(json["systemMessage"], "Resume.");
        assert_eq!(json["hookSpecificOutput"]["additionalContext"], "Resume.");
        assert_eq!(json["hookSpecificOutput"]["hookEventName"], "PostToolUse");
    }
}
