//! The incremental cache of what `ages` learns from history, so that a run reads only the
//! commits since the last one: one file per learnings file in the repository's common git dir
//! (`<git-common-dir>/learnings/`), shared by every worktree, never committed, gone with the
//! `.git` folder.
//!
//! A file holds a few *checkpoints*, each the facts at one commit: the origin of every heading
//! line of the file as committed there, the calendar of active days, and the first-parent
//! changes of the file back to its last consolidation. A run finds the newest checkpoint on its
//! HEAD's first-parent chain and reads only what came after it; when history was rewritten past
//! every checkpoint, it reads the whole history as without a cache. The answer is the same
//! either way: every fact is either re-derived from the commits since, or one a later commit
//! cannot change (the consolidation changes are judged again each time, since the judge looks
//! at the file's later versions).
//!
//! A file that cannot be read, from an older format or another configuration is ignored and
//! replaced; one that cannot be written (a read-only git dir) only costs the next run its speed.

pub mod ages;
pub mod files;
mod format;
pub mod freshness;
pub mod lint;

use crate::history::{DateKind, Repository};
pub use format::{Checkpoint, Saved};
use std::path::{Path, PathBuf};

/// The cache format: a change makes older files be ignored and rebuilt.
pub const FORMAT: u32 = 2;
/// Checkpoints kept per file: the newest runs, so that an amend, a reset or a switch back to a
/// branch finds one.
pub const CHECKPOINTS: usize = 4;
/// First-parent commits searched for a checkpoint before reading the whole history instead.
pub const SEARCH_LIMIT: usize = 10_000;
/// The folder in the common git dir.
pub const DIR: &str = "learnings";

/// Whether a command reads and writes the cache (`--no-cache` turns it off).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Use {
    /// Read it, and update it after the run.
    #[default]
    On,
    /// Neither read nor write it.
    Off,
}

/// The cache of one learnings file.
#[derive(Debug, Clone)]
pub struct Store {
    file: PathBuf,
    /// What the results depend on besides history: the tool, the date kind, the judge's settings.
    config: String,
    /// The file's repository-relative path.
    path: String,
}

/// The folder of the caches of `repo`.
pub fn folder(repo: &Repository) -> PathBuf {
    repo.common_dir().join(DIR)
}

/// The revision of how entries are read and dated, part of every cache key: a build that reads
/// them differently (issue 28: groups, retitles in place) must not take an older build's
/// answers, even under the same package version.
const READING: u32 = 3;

impl Store {
    /// The cache of `path` (repository-relative) in `repo`, for results computed with `kind`
    /// and the judge's `settings`.
    pub fn new(repo: &Repository, path: &str, kind: DateKind, settings: &str) -> Store {
        Store {
            // One file per date kind: a CI running both keeps both warm.
            file: folder(repo).join(match kind {
                DateKind::Author => file_name("ages", path),
                DateKind::Committer => file_name("ages-committer", path),
            }),
            config: format!("{} r{READING} {:?} {settings}", env!("CARGO_PKG_VERSION"), kind),
            path: path.to_owned(),
        }
    }

    /// The cache file.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// The saved checkpoints; none (with a note saying why) when the file is missing,
    /// unreadable, from another format or for another configuration.
    pub fn load(&self, notes: &mut Vec<String>) -> Saved {
        let empty = || Saved::new(&self.path, &self.config);
        let bytes = match std::fs::read(&self.file) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return empty(),
            Err(e) => {
                notes.push(format!(
                    "{}: unreadable ({e}); reading the history",
                    self.file.display()
                ));
                return empty();
            }
        };
        match serde_json::from_slice::<Saved>(&bytes) {
            Ok(saved)
                if saved.format == FORMAT
                    && saved.config == self.config
                    && saved.path == self.path
                    && saved.is_whole() =>
            {
                saved
            }
            Ok(_) => {
                notes.push(format!(
                    "{}: from another version or configuration; rebuilding it",
                    self.file.display()
                ));
                empty()
            }
            Err(e) => {
                notes.push(format!("{}: corrupt ({e}); rebuilding it", self.file.display()));
                empty()
            }
        }
    }

    /// Writes `saved` atomically; a failure is a note, not an error.
    pub fn save(&self, saved: &Saved, notes: &mut Vec<String>) {
        let result = serde_json::to_vec(saved)
            .map_err(std::io::Error::other)
            .and_then(|bytes| {
                let dir = self.file.parent().unwrap_or(Path::new("."));
                crate::store::fs::folder(dir)?;
                crate::base::fs::write_atomic(&self.file, &bytes).map_err(std::io::Error::other)
            });
        if let Err(e) = result {
            notes.push(format!(
                "{}: not written ({e}); the next run reads the history again",
                self.file.display()
            ));
        }
    }
}

/// The cache file `kind` of a repository-relative path: `/` and `%` escaped, so names never
/// clash.
fn file_name(kind: &str, path: &str) -> String {
    let mut name = format!("{kind}-");
    for c in path.chars() {
        match c {
            '%' => name.push_str("%25"),
            '/' => name.push_str("%2F"),
            c => name.push(c),
        }
    }
    name.push_str(".json");
    name
}

/// Writes a small file of the cache (the freshness line, the rule files' dates) when it
/// changed; a failure only means the hooks say less.
fn write_small(file: &Path, value: &impl serde::Serialize) {
    let folder_ok = file
        .parent()
        .is_some_and(|dir| crate::store::fs::folder(dir).is_ok());
    if folder_ok && let Ok(bytes) = serde_json::to_vec(value) {
        let _ = crate::base::fs::replace_if_changed(file, &bytes);
    }
}

/// One cache file, as `learnings cache info` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileInfo {
    /// The file.
    pub file: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// The learnings file it is for, when readable.
    pub path: Option<String>,
    /// Its checkpoints' commits, newest first, when readable.
    pub heads: Vec<String>,
    /// Why it would not be used, if so.
    pub problem: Option<String>,
}

/// The cache files of `repo`, by name.
pub fn info(repo: &Repository) -> std::io::Result<Vec<FileInfo>> {
    let dir = folder(repo);
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut files = Vec::new();
    for entry in entries {
        let path = entry?.path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let bytes = std::fs::metadata(&path)?.len();
        let is_ages = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("ages-"));
        if !is_ages {
            // The freshness line and the rule files' dates: small, rebuilt by any run.
            files.push(FileInfo {
                file: path,
                bytes,
                path: None,
                heads: Vec::new(),
                problem: None,
            });
            continue;
        }
        let parsed = std::fs::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|b| serde_json::from_slice::<Saved>(&b).map_err(|e| e.to_string()));
        files.push(match parsed {
            Ok(saved) => FileInfo {
                problem: (saved.format != FORMAT)
                    .then(|| format!("format {}, not {FORMAT}: will be rebuilt", saved.format)),
                heads: saved.heads.clone(),
                path: Some(saved.path),
                file: path,
                bytes,
            },
            Err(e) => FileInfo {
                problem: Some(format!("unreadable ({e}): will be rebuilt")),
                heads: Vec::new(),
                path: None,
                file: path,
                bytes,
            },
        });
    }
    files.sort_by(|a, b| a.file.cmp(&b.file));
    Ok(files)
}

/// Removes the cache folder of `repo`; how many files it held.
pub fn clear(repo: &Repository) -> std::io::Result<usize> {
    let dir = folder(repo);
    let count = match std::fs::read_dir(&dir) {
        Ok(entries) => entries.count(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e),
    };
    std::fs::remove_dir_all(&dir)?;
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::file_name;

    #[test]
    fn file_names_never_clash() {
        assert_eq!(
            file_name("ages", "agents/learnings.md"),
            "ages-agents%2Flearnings.md.json"
        );
        assert_ne!(file_name("ages", "a/b.md"), file_name("ages", "a%2Fb.md"));
    }
}
