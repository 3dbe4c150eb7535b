//! Claude Code hooks of the LearningAgents plugin: track each use of a LearningAgent
//! (PostToolUse on `Task|Agent`) and suggest the learning cycle when a turn ends (Stop).
//!
//! Hooks run on every turn, so they are built to never get in the way: the handlers here are
//! plain functions from a parsed input and a project root to an answer and a list of writes,
//! and the command line around them turns every failure, whatever its cause, into `{}` and exit
//! code 0. Nothing here reads the clock; the caller passes the time in.

pub mod capture;
pub mod debug;
pub mod post_task;
pub mod pre_tool;
pub mod prompt;
pub mod protocol;
pub mod session_start;
pub mod stop;
pub mod subagent_start;

pub use protocol::{HookOutput, HookSpecificOutput, PostToolUseInput, StopInput};

use std::path::{Path, PathBuf};

/// The project a hook works on: `CLAUDE_PROJECT_DIR` when set, else the session's `cwd` from
/// the input, else the process's own working directory. Empty values count as unset.
pub fn project_root(project_dir: Option<&Path>, input_cwd: Option<&str>, current: &Path) -> PathBuf {
    if let Some(dir) = project_dir.filter(|d| !d.as_os_str().is_empty()) {
        return current.join(dir);
    }
    match input_cwd.filter(|cwd| !cwd.is_empty() && !cwd.contains('\0')) {
        Some(cwd) => current.join(cwd),
        None => current.to_path_buf(),
    }
}

/// A UTC time as the session files store it: `YYYY-MM-DDTHH:MM:SSZ`.
pub fn timestamp(time: chrono::DateTime<chrono::Utc>) -> String {
    time.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}
