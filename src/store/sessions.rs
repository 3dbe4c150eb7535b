//! The project a folder belongs to, and the housekeeping of session windows: they are kept per
//! Claude Code session, hold the content words of recent prompts, and are worth nothing once
//! they have expired, so they are pruned, and forgotten with their project.

use super::{SESSIONS, Store};
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The most session windows one prune looks at.
pub const PRUNE_SCAN: usize = 1_000;

/// The most session windows one prune removes: each removal is a metadata write, and a
/// SessionStart that removed a thousand took 96 ms (`bench/growth.sh`, 100,000 legacy windows).
pub const PRUNE_REMOVE: usize = 64;

/// The project a folder belongs to: the nearest folder at or above it holding `.git` (a
/// repository's root, also a worktree's), else the folder itself. Hooks and commands key what
/// they capture by it, so a session started in a subfolder belongs to the same project.
pub fn project_of(dir: &Path) -> PathBuf {
    dir.ancestors()
        .find(|d| d.join(".git").exists())
        .unwrap_or(dir)
        .to_path_buf()
}

impl Store {
    /// Removes the session windows last written more than `idle` ago, except `keep`'s; returns
    /// what it removed. An expired window starts afresh anyway (`feedback::capture`). Bounded:
    /// it looks at no more than [`PRUNE_SCAN`] files a call (SessionStart calls it) and removes
    /// no more than [`PRUNE_REMOVE`], so a folder of a hundred thousand windows costs no more
    /// than a few, and shrinks by that much each session.
    pub fn prune_sessions(&self, idle: Duration, keep: Option<&str>) -> Vec<PathBuf> {
        let now = SystemTime::now();
        let mut removed = Vec::new();
        let Ok(entries) = std::fs::read_dir(self.user.join(SESSIONS)) else {
            return removed;
        };
        let mut files: Vec<PathBuf> = entries
            .take(PRUNE_SCAN)
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
            .collect();
        files.sort();
        for path in files {
            let stem = path.file_stem().and_then(|s| s.to_str());
            if stem.is_some() && stem == keep {
                continue;
            }
            let old = std::fs::symlink_metadata(&path)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|at| now.duration_since(at).ok())
                .is_some_and(|age| age >= idle);
            if old && std::fs::remove_file(&path).is_ok() {
                removed.push(path);
                if removed.len() >= PRUNE_REMOVE {
                    break;
                }
            }
        }
        removed
    }

    /// Removes the session windows whose last state names `project`; returns what it removed.
    pub fn forget_sessions_of(&self, project: &str) -> Result<Vec<PathBuf>> {
        let mut removed = Vec::new();
        for path in self.session_files() {
            let bytes = super::fs::read(&path).ok().flatten().unwrap_or_default();
            let text = String::from_utf8_lossy(&bytes);
            let last = text.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
            let value: serde_json::Value = serde_json::from_str(last).unwrap_or_default();
            if value.get("project").and_then(|p| p.as_str()) == Some(project) {
                std::fs::remove_file(&path).map_err(Error::io(&path))?;
                removed.push(path);
            }
        }
        Ok(removed)
    }

    /// The session window files, by name.
    fn session_files(&self) -> Vec<PathBuf> {
        let dir = self.user.join(SESSIONS);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subfolder_belongs_to_its_repository() {
        let dir = tempfile::tempdir().expect("temp");
        std::fs::create_dir_all(dir.path().join("repo/.git")).expect("mkdir");
        std::fs::create_dir_all(dir.path().join("repo/a/b")).expect("mkdir");
        assert_eq!(project_of(&dir.path().join("repo/a/b")), dir.path().join("repo"));
        assert_eq!(project_of(dir.path()), dir.path());
    }

    #[test]
    fn windows_are_forgotten_with_their_project_and_pruned_when_idle() {
        let dir = tempfile::tempdir().expect("temp");
        let store = Store::at(dir.path().join("user"), &dir.path().join("p"));
        let state = |project: &str| serde_json::json!({"project": project, "prompts": []});
        store.save_session_state("a", &state("/p")).expect("save");
        store.save_session_state("b", &state("/q")).expect("save");
        assert_eq!(store.forget_sessions_of("/p").expect("forget").len(), 1);
        assert!(store.prune_sessions(Duration::from_secs(3600), None).is_empty());
        assert_eq!(store.prune_sessions(Duration::ZERO, Some("c")).len(), 1);
        assert!(store.session_files().is_empty());
    }
}
