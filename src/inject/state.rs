//! Once per session: which file versions a session has already been given.
//!
//! Injected text stays in the conversation, so a file version is injected at most once per
//! session. Each injection is a *claim*: an empty file named after the content hash, created with
//! `create_new` in the session's folder. Creating a file is atomic, so when two hooks of one
//! session run at once, exactly one of them wins each file, without a lock. The claim holds the
//! file's path, so that after a compaction the files the conversation had can be found again.
//! SessionStart with source `clear` or `compact` removes the folder: the conversation forgot
//! the text.
//!
//! The state lives in the project's `.learnings/` folder, which ignores itself in git (its own
//! `.gitignore` holds `*`), so nothing of it is ever committed.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// The project-level folder of local state, relative to the project root.
pub const STATE_DIR: &str = ".learnings";

/// A session's claims.
#[derive(Debug, Clone)]
pub struct Session {
    dir: PathBuf,
}

impl Session {
    /// The state of `session_id` in the project at `root`.
    pub fn new(root: &Path, session_id: &str) -> Session {
        Session {
            dir: root.join(STATE_DIR).join("inject").join(folder_name(session_id)),
        }
    }

    /// True when this file version was injected in this session already.
    pub fn seen(&self, hash: u64) -> bool {
        self.dir.join(format!("{hash:016x}")).exists()
    }

    /// Claims a file version (`hash`, of the file at `path`) for this injection: `Ok(true)` if
    /// this call won it, `Ok(false)` if the session has it already.
    pub fn claim(&self, hash: u64, path: &str) -> std::io::Result<bool> {
        use std::io::Write;
        ensure_dir(&self.dir)?;
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(self.dir.join(format!("{hash:016x}")))
        {
            // The claim is won by the creation; the path is a note for after a compaction, and
            // a claim without it only means that file is not put back.
            Ok(mut file) => {
                let _ = file.write_all(path.as_bytes());
                Ok(true)
            }
            Err(e) if e.kind() == ErrorKind::AlreadyExists => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The paths of the files this session was given, each once, sorted (claims written before
    /// claims held paths count as none).
    pub fn claimed_paths(&self) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut paths: Vec<String> = entries
            .flatten()
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .filter_map(|e| std::fs::read_to_string(e.path()).ok())
            .map(|p| p.trim().to_owned())
            .filter(|p| !p.is_empty())
            .collect();
        paths.sort();
        paths.dedup();
        paths
    }

    /// Forgets every claim (SessionStart `clear` or `compact`). The folder is renamed away
    /// first, so a hook running at the same time sees either the old claims or none.
    pub fn reset(&self) -> std::io::Result<()> {
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
            Ok(()) => std::fs::remove_dir_all(&trash),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
            Err(e) => Err(e),
        }
    }
}

/// Creates `dir` (and `.learnings/.gitignore` on the way).
pub fn ensure_dir(dir: &Path) -> std::io::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    std::fs::create_dir_all(dir)?;
    let top = dir
        .ancestors()
        .find(|a| a.file_name().is_some_and(|n| n == STATE_DIR));
    if let Some(top) = top {
        let ignore = top.join(".gitignore");
        if !ignore.exists() {
            let _ = crate::base::fs::write_new(&ignore, b"# Local state of learnings; never committed.\n*\n");
        }
    }
    Ok(())
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
        format!("h{:016x}", super::files::hash(&[session_id.as_bytes()]))
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
}
