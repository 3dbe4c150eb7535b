//! Once per session: which file versions a session has already been given.
//!
//! Injected text stays in the conversation, so a file version is injected at most once per
//! session. Each injection is a *claim*: a file named after the content hash, created with
//! `O_EXCL` in the session's folder. Creating a file is atomic, so when two hooks of one session
//! run at once, exactly one of them wins each file, without a lock. The claim holds the file's
//! path, so that after a compaction the files the conversation had can be found again.
//! SessionStart with source `clear` or `compact` removes the folder: the conversation forgot
//! the text.
//!
//! The folders live in the project's `.learnings/inject/`, one per session. They are bounded:
//! when a session makes its folder, the folders idle past [`IDLE`] are removed, and past
//! [`MAX_SESSIONS`] the oldest go too, looking at no more than [`SCAN`] folders and removing
//! no more than [`PRUNE`] per call, so a project that gathered a hundred thousand folders under
//! an older version is brought back within bounds over its next sessions, never in one slow
//! hook.

use super::Store;
use std::io::{self, ErrorKind};
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

/// The folder of the claims, under the project level.
pub const INJECT: &str = "inject";
/// A session folder not touched for this long is worth nothing (a resumed session may get a
/// file again).
pub const IDLE: Duration = Duration::from_secs(14 * 24 * 3600);
/// The most session folders kept.
pub const MAX_SESSIONS: usize = 1_000;
/// The most folders one prune looks at.
const SCAN: usize = 2 * MAX_SESSIONS;
/// The most folders one prune removes.
const PRUNE: usize = 64;

/// A session's claims.
#[derive(Debug, Clone)]
pub struct Session {
    store: Store,
    dir: PathBuf,
}

impl Session {
    /// The claims of `session_id` in the project at `root`.
    pub fn new(root: &std::path::Path, session_id: &str) -> Session {
        let store = Store::project_only(root);
        let dir = store.project.join(INJECT).join(folder_name(session_id));
        Session { store, dir }
    }

    /// True when this file version was injected in this session already.
    pub fn seen(&self, hash: u64) -> bool {
        std::fs::symlink_metadata(self.dir.join(format!("{hash:016x}"))).is_ok()
    }

    /// Claims a file version (`hash`, of the file at `path`) for this injection: `Ok(true)` if
    /// this call won it, `Ok(false)` if the session has it already.
    pub fn claim(&self, hash: u64, path: &str) -> io::Result<bool> {
        // Every folder down to the session's is looked at (a few `lstat`s): a link anywhere on
        // the way is refused before the claim is created.
        let fresh = std::fs::symlink_metadata(&self.dir).is_err();
        let sub = self.dir.strip_prefix(&self.store.project).unwrap_or(&self.dir);
        self.store.make_dir(true, sub).map_err(io::Error::other)?;
        if fresh {
            let sessions = self.store.project.join(INJECT);
            prune(&sessions, self.dir.file_name(), SystemTime::now(), MAX_SESSIONS);
        }
        // The claim is won by the creation; the path is a note for after a compaction, and a
        // claim without it only means that file is not put back.
        super::fs::create_new(&self.dir.join(format!("{hash:016x}")), path.as_bytes())
    }

    /// The paths of the files this session was given, each once, sorted (claims written before
    /// claims held paths count as none; a link counts as nothing).
    pub fn claimed_paths(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut paths: Vec<String> = entries
            .flatten()
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|e| super::fs::read(&e.path()).ok().flatten())
            .map(|p| String::from_utf8_lossy(&p).trim().to_owned())
            .filter(|p| !p.is_empty())
            .collect();
        paths.sort();
        paths.dedup();
        paths
    }

    /// Forgets every claim (SessionStart `clear` or `compact`). The folder is renamed away
    /// first, so a hook running at the same time sees either the old claims or none.
    pub fn reset(&self) -> io::Result<()> {
        let Some(parent) = self.dir.parent() else {
            return Ok(());
        };
        let trash = parent.join(format!(
            ".reset-{}-{}",
            std::process::id(),
            self.dir
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        ));
        match std::fs::rename(&self.dir, &trash) {
            // `remove_dir_all` removes a link, never what it points at.
            Ok(()) => std::fs::remove_dir_all(&trash),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
            Err(e) => Err(e),
        }
    }
}

/// Removes, from the first [`SCAN`] session folders of `sessions`, those idle past [`IDLE`],
/// and when there are more than `keep`, the oldest beyond it; never `current`, never more than
/// [`PRUNE`]. Returns how many it removed. Failures are skipped: pruning is housekeeping.
pub fn prune(
    sessions: &std::path::Path,
    current: Option<&std::ffi::OsStr>,
    now: SystemTime,
    keep: usize,
) -> usize {
    let Ok(entries) = std::fs::read_dir(sessions) else {
        return 0;
    };
    let mut folders: Vec<(SystemTime, PathBuf)> = entries
        .take(SCAN)
        .flatten()
        .filter(|e| Some(e.file_name().as_os_str()) != current)
        .filter_map(|e| {
            let meta = e.metadata().ok()?;
            Some((meta.modified().ok()?, e.path()))
        })
        .collect();
    // Oldest first; the path breaks ties so the order never depends on the listing.
    folders.sort();
    let idle = folders
        .iter()
        .take_while(|(at, _)| now.duration_since(*at).is_ok_and(|age| age >= IDLE))
        .count();
    let over = (folders.len() + 1).saturating_sub(keep);
    let mut removed = 0;
    for (_, path) in folders.iter().take(idle.max(over).min(PRUNE)) {
        if std::fs::remove_dir_all(path)
            .or_else(|_| std::fs::remove_file(path))
            .is_ok()
        {
            removed += 1;
        }
    }
    removed
}

/// The session id as a folder name: itself when it is a safe, short path component, else its
/// hash (ids come from the hook input and must never steer a write).
fn folder_name(session_id: &str) -> String {
    if session_id.len() <= 128
        && crate::agents::unsafe_reason(session_id).is_none()
        && !session_id.starts_with('.')
    {
        session_id.to_owned()
    } else {
        format!("h{:016x}", crate::base::hash::hash(&[session_id.as_bytes()]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_once_until_reset() {
        let temp = tempfile::tempdir().expect("temp");
        let s = Session::new(temp.path(), "s1");
        assert!(!s.seen(7));
        assert!(s.claim(7, "docs/a.md").expect("claim"));
        assert!(!s.claim(7, "docs/a.md").expect("claim"));
        assert!(s.claim(8, "docs/a.md").expect("claim"));
        assert!(s.seen(7));
        assert_eq!(s.claimed_paths(), ["docs/a.md"]);
        s.reset().expect("reset");
        assert!(!s.seen(7));
        assert!(s.claimed_paths().is_empty());
        assert!(temp.path().join(".learnings/.gitignore").is_file());
        assert!(folder_name("../x").starts_with('h'));
        assert!(folder_name("..").starts_with('h'));
    }

    #[test]
    fn session_folders_stay_within_their_bound() {
        let temp = tempfile::tempdir().expect("temp");
        let sessions = temp.path().join(".learnings").join(INJECT);
        for i in 0..40 {
            std::fs::create_dir_all(sessions.join(format!("s{i:02}"))).expect("mkdir");
        }
        let count = || std::fs::read_dir(&sessions).expect("list").count();
        // Within the bound and fresh: nothing goes.
        assert_eq!(prune(&sessions, None, SystemTime::now(), 100), 0);
        // Over a bound of 10: the oldest go, never the current one, and the rest stay.
        let current = std::ffi::OsStr::new("s00");
        assert_eq!(prune(&sessions, Some(current), SystemTime::now(), 10), 30);
        assert_eq!(count(), 10);
        assert!(sessions.join("s00").is_dir());
        // Everything idle goes, a bounded number at a time.
        let later = SystemTime::now() + IDLE + Duration::from_secs(1);
        assert_eq!(prune(&sessions, None, later, 100), 10);
        assert_eq!(count(), 0);
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_session_folder_is_refused() {
        let temp = tempfile::tempdir().expect("temp");
        let outside = temp.path().join("outside");
        std::fs::create_dir(&outside).expect("mkdir");
        let inject = temp.path().join(".learnings").join(INJECT);
        std::fs::create_dir_all(&inject).expect("mkdir");
        std::os::unix::fs::symlink(&outside, inject.join("s1")).expect("link");
        let s = Session::new(temp.path(), "s1");
        assert!(s.claim(7, "docs/a.md").is_err());
        assert_eq!(std::fs::read_dir(&outside).expect("list").count(), 0);
    }
}
