//! Session logs: `.deepwork/tmp/agent_sessions/<session id>/<agent id>/`, one per use of a
//! LearningAgent, flagged by `needs_learning_as_of_timestamp` until the cycle has learned from it.
//!
//! The scan goes exactly two levels deep and never follows symbolic links: a log folder can hold
//! a transcript link and issue files that it has no reason to open.
//!
//! The stop hook runs at the end of every turn, and a project collects thousands of old logs:
//! scanning them all costs five system calls per folder (40 ms for 5,000 on a small VM). So the
//! post-task hook also records each flagged log in an index, `.pending/<session id>/<agent id>`
//! (an empty file), and the stop hook reads only that, checking each entry against the real flag.
//! An entry whose flag is gone is skipped, so the index can only be stale, never wrong; without
//! an index (logs from another tool) the stop hook falls back to the full scan.

use super::{
    AGENT_USED, Error, LAST_LEARNED, NEEDS_LEARNING, Result, SESSIONS_DIR, TRANSCRIPT, issues, safe_component,
};
use crate::base::fs;
use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most of `agent_used` the scan reads: an agent name is a file name, at most 255 bytes.
const NAME_CAP: u64 = 256;
/// The most of a timestamp file the scan reads.
const TIMESTAMP_CAP: u64 = 64;

/// One session log folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionLog {
    /// The Claude Code session.
    pub session_id: String,
    /// The sub-agent within the session.
    pub agent_id: String,
    /// The folder, relative to the project root.
    pub path: PathBuf,
    /// The LearningAgent from `agent_used`, if readable and a valid name.
    pub agent: Option<String>,
    /// When the agent was last used, if the log still needs learning.
    pub needs_learning_as_of: Option<String>,
    /// When the cycle last learned from this log.
    pub learning_last_performed: Option<String>,
    /// Whether the sub-agent's transcript is linked in the folder.
    pub transcript: bool,
}

/// The index of flagged logs, inside the sessions folder. Session ids starting with a dot are
/// refused by the hook, so it cannot be mistaken for a session.
pub const PENDING_INDEX: &str = ".pending";

/// The index entry of a log: `<sessions>/.pending/<session id>/<agent id>`.
pub fn pending_entry(sessions: &Path, session: &str, agent_id: &str) -> PathBuf {
    sessions.join(PENDING_INDEX).join(session).join(agent_id)
}

/// The unique names of the agents whose logs need learning, sorted. Reads the index when there
/// is one (else every log folder), one flag per candidate, and `agent_used` only where the flag
/// is set; a missing folder is no pending log.
pub fn pending_agents(root: &Path) -> BTreeSet<String> {
    let sessions = root.join(SESSIONS_DIR);
    let index = sessions.join(PENDING_INDEX);
    let candidates: Vec<PathBuf> = if index.is_dir() {
        children(&index, |kind| kind.is_dir())
            .into_iter()
            .flat_map(|(session, path)| {
                children(&path, |kind| kind.is_file())
                    .into_iter()
                    .map(move |(agent_id, _)| (session.clone(), agent_id))
            })
            .map(|(session, agent_id)| sessions.join(session).join(agent_id))
            .collect()
    } else {
        log_dirs(&sessions).into_iter().map(|dir| dir.path).collect()
    };
    let mut names = BTreeSet::new();
    for dir in candidates {
        if dir.join(NEEDS_LEARNING).is_file()
            && let Some(name) = read_small(&dir.join(AGENT_USED), NAME_CAP)
            && safe_component(&name).is_some()
        {
            names.insert(name);
        }
    }
    names
}

/// Every session log (or only those needing learning), sorted by agent, session and agent id.
pub fn list(root: &Path, pending_only: bool) -> Vec<SessionLog> {
    let mut logs: Vec<SessionLog> = log_dirs(&root.join(SESSIONS_DIR))
        .into_iter()
        .filter_map(|dir| {
            let needs = read_small(&dir.path.join(NEEDS_LEARNING), TIMESTAMP_CAP);
            if pending_only && needs.is_none() && !dir.path.join(NEEDS_LEARNING).is_file() {
                return None;
            }
            let agent = read_small(&dir.path.join(AGENT_USED), NAME_CAP)
                .filter(|name| safe_component(name).is_some());
            Some(SessionLog {
                path: Path::new(SESSIONS_DIR).join(&dir.session).join(&dir.agent_id),
                session_id: dir.session,
                agent_id: dir.agent_id,
                agent,
                needs_learning_as_of: needs,
                learning_last_performed: read_small(&dir.path.join(LAST_LEARNED), TIMESTAMP_CAP),
                transcript: dir.path.join(TRANSCRIPT).symlink_metadata().is_ok(),
            })
        })
        .collect();
    logs.sort_by(|a, b| (&a.agent, &a.session_id, &a.agent_id).cmp(&(&b.agent, &b.session_id, &b.agent_id)));
    logs
}

/// The session log folder named by `arg`: a path to one (relative to `cwd`), or an agent id
/// found under the sessions folder. Refuses anything that is not a folder exactly two levels
/// below `.deepwork/tmp/agent_sessions/`, so commands that write there cannot be sent elsewhere.
pub fn resolve(root: &Path, cwd: &Path, arg: &str) -> Result<PathBuf> {
    let sessions = root.join(SESSIONS_DIR);
    let as_path = cwd.join(arg);
    if as_path.is_dir() {
        let canonical = as_path.canonicalize().map_err(Error::io(&as_path))?;
        let base = sessions.canonicalize().map_err(Error::io(&sessions))?;
        if canonical.parent().and_then(Path::parent) == Some(base.as_path()) {
            return Ok(canonical);
        }
        return Err(Error::BadPath {
            path: as_path,
            reason: format!("not a session log folder; expected {SESSIONS_DIR}/<session id>/<agent id>/"),
        });
    }
    let not_found = || Error::BadPath {
        path: PathBuf::from(arg),
        reason: format!("no such session log folder, and no agent id of that name under {SESSIONS_DIR}"),
    };
    safe_component(arg).ok_or_else(not_found)?;
    let matches: Vec<LogDir> = log_dirs(&sessions)
        .into_iter()
        .filter(|dir| dir.agent_id == arg)
        .collect();
    match matches.as_slice() {
        [one] => Ok(one.path.clone()),
        [] => Err(not_found()),
        many => Err(Error::BadPath {
            path: PathBuf::from(arg),
            reason: format!(
                "agent id found in {} sessions ({}); pass the folder instead",
                many.len(),
                many.iter()
                    .map(|d| d.session.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }),
    }
}

/// Closes a learning cycle on `dir`: records `now` as the last learning time and clears the
/// flag. Refuses while an issue of the folder has not reached `learned`.
pub fn mark_learned(dir: &Path, now: &str) -> Result<()> {
    let open: Vec<String> = issues::list(dir)?
        .into_iter()
        .filter(|listed| !matches!(&listed.issue, Ok(issue) if issue.status == issues::Status::Learned))
        .map(|listed| {
            listed
                .path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    if !open.is_empty() {
        return Err(Error::BadPath {
            path: dir.to_path_buf(),
            reason: format!(
                "issues not learned yet: {}; move them to `learned` first",
                open.join(", ")
            ),
        });
    }
    fs::write_atomic(&dir.join(LAST_LEARNED), format!("{now}\n").as_bytes())?;
    remove_if_there(&dir.join(NEEDS_LEARNING))?;
    // The index entry goes last: an entry without a flag is skipped, a flag without one is missed.
    if let (Some(agent_id), Some(session_dir)) = (dir.file_name(), dir.parent())
        && let (Some(session), Some(sessions)) = (session_dir.file_name(), session_dir.parent())
    {
        let entry = sessions.join(PENDING_INDEX).join(session).join(agent_id);
        remove_if_there(&entry)?;
        // Only succeeds once the session has no other pending log.
        let _ = entry.parent().map(std::fs::remove_dir);
    }
    Ok(())
}

fn remove_if_there(path: &Path) -> Result<()> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(Error::io(path)(e)),
    }
}

struct LogDir {
    session: String,
    agent_id: String,
    path: PathBuf,
}

/// The `<session>/<agent id>` folders under `sessions`, real folders with UTF-8 names only,
/// without hidden ones (the index).
fn log_dirs(sessions: &Path) -> Vec<LogDir> {
    let mut dirs = Vec::new();
    let is_dir = |kind: std::fs::FileType| kind.is_dir();
    for (session, session_path) in children(sessions, is_dir) {
        if session.starts_with('.') {
            continue;
        }
        for (agent_id, path) in children(&session_path, is_dir) {
            dirs.push(LogDir {
                session: session.clone(),
                agent_id,
                path,
            });
        }
    }
    dirs
}

/// The entries of `dir` of a kind (`file_type` does not follow links), with UTF-8 names.
fn children(dir: &Path, kind: impl Fn(std::fs::FileType) -> bool) -> Vec<(String, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|entry| entry.file_type().is_ok_and(&kind))
        .filter_map(|entry| Some((entry.file_name().into_string().ok()?, entry.path())))
        .collect()
}

/// The trimmed text of a small file, read up to `cap` bytes; `None` if missing or blank.
fn read_small(path: &Path, cap: u64) -> Option<String> {
    let file = std::fs::File::open(path).ok()?;
    let mut bytes = Vec::new();
    file.take(cap).read_to_end(&mut bytes).ok()?;
    let text = String::from_utf8_lossy(&bytes).trim().to_owned();
    (!text.is_empty()).then_some(text)
}
