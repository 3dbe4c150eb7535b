//! LearningAgents: the agent folders, the session logs the hooks leave, and the issue files of
//! the learning cycle (use → track → identify → investigate → incorporate).
//!
//! Everything on disk lives under two folders of a project: `.deepwork/learning-agents/<name>/`
//! (the agent's knowledge, tracked by git) and `.deepwork/tmp/agent_sessions/<session>/<agent id>/`
//! (transient logs). Every name that becomes a path component, whether it comes from a hook's
//! input, a command line or a file, goes through [`safe_component`] first: ids are chosen by
//! whoever writes the input, and `..` or `/` must never steer a write outside these folders.

pub mod instructions;
pub mod issues;
pub mod scaffold;
pub mod sessions;
mod template;

use std::path::{Component, Path, PathBuf};

/// Where the LearningAgents of a project live, relative to its root.
pub const AGENTS_DIR: &str = ".deepwork/learning-agents";
/// Where the session logs live, relative to the project root.
pub const SESSIONS_DIR: &str = ".deepwork/tmp/agent_sessions";
/// Flag file of a session log: its body is the UTC time the agent was last used.
pub const NEEDS_LEARNING: &str = "needs_learning_as_of_timestamp";
/// When the learning cycle last ran on a session log.
pub const LAST_LEARNED: &str = "learning_last_performed_timestamp";
/// The LearningAgent a session log belongs to (its folder name).
pub const AGENT_USED: &str = "agent_used";
/// The link to the sub-agent's own transcript.
pub const TRANSCRIPT: &str = "conversation_transcript.jsonl";
/// The longest file name common file systems accept, in bytes.
pub const MAX_COMPONENT_BYTES: usize = 255;

/// What went wrong with an agent folder, a session log or an issue file.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A name that cannot be used as a folder or file name.
    #[error("invalid {what} `{name}`: {reason}")]
    InvalidName {
        what: &'static str,
        name: String,
        reason: String,
    },
    /// The named agent has no folder.
    #[error("no LearningAgent `{name}` in {}; create it with `learnings agent create {name}`", dir.display())]
    NoAgent { name: String, dir: PathBuf },
    /// A path given on the command line is not what it should be (a session log, a template).
    #[error("{}: {reason}", path.display())]
    BadPath { path: PathBuf, reason: String },
    /// An issue file that cannot be read or changed as asked.
    #[error("{}: {message}", path.display())]
    Issue { path: PathBuf, message: String },
    /// Reading or writing a file failed.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl From<crate::base::fs::Error> for Error {
    fn from(e: crate::base::fs::Error) -> Self {
        Error::Io {
            path: e.path,
            source: e.source,
        }
    }
}

impl Error {
    /// Wraps an I/O error with the path it concerns.
    pub fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> Error {
        let path = path.into();
        move |source| Error::Io { path, source }
    }
}

/// Shorthand for results of this module.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Why `name` cannot be one path component, or `None` when it can.
///
/// Rejects what would climb (`..`), stay (`.`), nest (`/`, `\`), truncate (NUL) or overflow a
/// file name (over 255 bytes). The last check asks the platform's own parser, so that a Windows
/// drive prefix such as `C:` is refused there too.
pub fn unsafe_reason(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        return Some("it is empty");
    }
    if name == "." || name == ".." {
        return Some("`.` and `..` are not names");
    }
    if name.contains(['/', '\\']) {
        return Some("it contains a path separator");
    }
    if name.contains('\0') {
        return Some("it contains a NUL byte");
    }
    if name.len() > MAX_COMPONENT_BYTES {
        return Some("it is longer than 255 bytes");
    }
    let mut components = Path::new(name).components();
    match (components.next(), components.next()) {
        (Some(Component::Normal(one)), None) if one == name => None,
        _ => Some("it is not a plain file name on this platform"),
    }
}

/// `name` if it is a safe single path component.
pub fn safe_component(name: &str) -> Option<&str> {
    unsafe_reason(name).is_none().then_some(name)
}

/// The folder name a Task's agent name maps to: lower case, spaces to dashes
/// ("Consistency Reviewer" → "consistency-reviewer").
pub fn normalize_agent_name(raw: &str) -> String {
    raw.to_lowercase().replace(' ', "-")
}

/// Checks a name for a new agent: lower-case ASCII letters, digits and dashes, as Claude Code
/// wants for agent names, so that the folder, the agent file and the Task's `subagent_type` agree.
pub fn validate_agent_name(name: &str) -> Result<()> {
    let invalid = |reason: &str| invalid_agent_name(name, reason);
    safe_agent_name(name)?;
    if name.len() > 64 {
        return Err(invalid("keep it to 64 characters"));
    }
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
    if !name.chars().all(allowed) || name.starts_with('-') || name.ends_with('-') {
        return Err(invalid(
            "use lower-case letters, digits and dashes, e.g. `rust-reviewer`",
        ));
    }
    Ok(())
}

/// Refuses a name that is not a safe single path component.
fn safe_agent_name(name: &str) -> Result<()> {
    match unsafe_reason(name) {
        Some(reason) => Err(invalid_agent_name(name, reason)),
        None => Ok(()),
    }
}

fn invalid_agent_name(name: &str, reason: &str) -> Error {
    Error::InvalidName {
        what: "agent name",
        name: name.to_owned(),
        reason: reason.to_owned(),
    }
}

/// The project root for the agent commands: the nearest folder at or above `start` that holds
/// `.deepwork/`, so that they work from a subfolder as git does; `start` itself when none does.
pub fn find_root(start: &Path) -> PathBuf {
    start
        .ancestors()
        .find(|dir| dir.join(".deepwork").is_dir())
        .unwrap_or(start)
        .to_path_buf()
}

/// The folder of the agent `name` under `root` (not checked).
pub fn agent_dir(root: &Path, name: &str) -> PathBuf {
    root.join(AGENTS_DIR).join(name)
}

/// The folder of the agent `name`, which must exist.
pub fn existing_agent_dir(root: &Path, name: &str) -> Result<PathBuf> {
    safe_agent_name(name)?;
    let dir = agent_dir(root, name);
    if dir.is_dir() {
        Ok(dir)
    } else {
        Err(Error::NoAgent {
            name: name.to_owned(),
            dir: root.join(AGENTS_DIR),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_components() {
        for ok in ["abc", "a.b", "...", "a b", "é", "agent-1"] {
            assert_eq!(safe_component(ok), Some(ok), "{ok}");
        }
        let long = "x".repeat(256);
        for bad in ["", ".", "..", "a/b", "/", "a\\b", "a\0b", long.as_str()] {
            assert_eq!(safe_component(bad), None, "{bad:?}");
        }
        assert!(safe_component(&"x".repeat(255)).is_some());
    }

    #[test]
    fn agent_names() {
        assert_eq!(
            normalize_agent_name("Consistency Reviewer"),
            "consistency-reviewer"
        );
        assert!(validate_agent_name("rust-reviewer2").is_ok());
        for bad in ["Rust", "-a", "a-", "a_b", "a b", "..", ""] {
            assert!(validate_agent_name(bad).is_err(), "{bad}");
        }
    }
}
