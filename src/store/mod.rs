//! The local, private state of capture: feedback events, discoveries, patch backups.
//!
//! Two levels. The user level lives in the platform's data directory (what is learned about the
//! person follows them across projects); the project level is `.learnings/` at the project root,
//! a folder that ignores itself (it holds a `.gitignore` of `*`), so nothing captured can be
//! committed by accident and the user's own `.gitignore` is never edited.
//!
//! Everything goes through [`jsonl::Log`] (appends under a lock file, bounded by rotation) and
//! every string is passed through [`redact`] before it reaches the disk.

pub mod bundle;
pub mod claims;
pub mod debug;
pub mod fs;
pub mod jsonl;
pub mod ledger;
pub mod lock;
pub mod redact;
mod sessions;

pub use sessions::project_of;

use crate::error::{Error, Result};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Overrides the user-level folder (tests, or a user who wants the data elsewhere).
pub const DATA_DIR_ENV: &str = "LEARNINGS_DATA_DIR";
/// Set to `off` (or `0`, `false`) in a session's environment to capture nothing in it.
pub const CAPTURE_ENV: &str = "LEARNINGS_CAPTURE";
/// The project-level folder, relative to the project root.
pub const PROJECT_DIR: &str = ".learnings";
/// Feedback events (user level).
pub const FEEDBACK: &str = "feedback.jsonl";
/// Unsure captures waiting for the user's decision (user level).
pub const REVIEW: &str = "review.jsonl";
/// The user's decisions on unsure captures, as labelled prompts for training (user level).
pub const LABELS: &str = "labels.jsonl";
/// Discoveries (both levels: global ones at the user level, project ones in the project).
pub const DISCOVERIES: &str = "discoveries.jsonl";
/// Backups and the record of applied prompt patches (project level).
pub const PATCHES: &str = "patches";
/// Per-session off switches (user level): one empty file per session id.
const OFF: &str = "off";
/// Per-session capture windows (user level): `<session id>.jsonl`, the last line current.
const SESSIONS: &str = "sessions";
/// The project folder's `.gitignore`: the folder ignores itself.
const IGNORE: &[u8] = b"# Private data captured by learnings: never commit it.\n*\n";
/// A session file is compacted to its last line past this size.
pub const SESSION_BYTES: u64 = 64 * 1024;

/// Where a store lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Store {
    /// The user-level folder.
    pub user: PathBuf,
    /// The project-level folder (`<root>/.learnings`).
    pub project: PathBuf,
}

impl Store {
    /// The store of the project at `root`, with the user folder from the environment.
    pub fn locate(root: &Path) -> Result<Store> {
        let user = user_dir(|key| std::env::var_os(key)).ok_or_else(|| {
            Error::Usage(format!(
                "cannot find a data directory (HOME is not set); set {DATA_DIR_ENV} to a folder for learned data"
            ))
        })?;
        Ok(Store::at(user, root))
    }

    /// A store with an explicit user folder, for the project `root` is in: the one place the
    /// project folder is worked out ([`project_of`]), so that a hook started in a subfolder
    /// keeps its claims, its ledger and its debug log in the same `.learnings/`.
    pub fn at(user: PathBuf, root: &Path) -> Store {
        Store {
            user,
            project: project_of(root).join(PROJECT_DIR),
        }
    }

    /// The project level alone (the hooks' ledger, claims and debug log read no user folder).
    pub fn project_only(root: &Path) -> Store {
        Store::at(PathBuf::new(), root)
    }

    /// The folder of a level.
    pub fn top(&self, project: bool) -> &Path {
        if project { &self.project } else { &self.user }
    }

    /// The log `name` of a level.
    pub fn log(&self, project: bool, name: &str) -> jsonl::Log {
        let top = self.top(project);
        let log = jsonl::Log::under(top.to_path_buf(), top.join(name));
        if project { log } else { log.with_parents() }
    }

    /// The user-level feedback log.
    pub fn feedback(&self) -> jsonl::Log {
        self.log(false, FEEDBACK)
    }

    /// The unsure captures waiting for review.
    pub fn review(&self) -> jsonl::Log {
        self.log(false, REVIEW)
    }

    /// The labelled prompts of the user's review decisions.
    pub fn labels(&self) -> jsonl::Log {
        self.log(false, LABELS)
    }

    /// The discoveries of one scope.
    pub fn discoveries(&self, project: bool) -> jsonl::Log {
        self.log(project, DISCOVERIES)
    }

    /// Makes the folder `sub` (relative, may be empty) of a level, owner-only, refusing links;
    /// the project level gets its `.gitignore` on the way. Returns the folder.
    pub fn make_dir(&self, project: bool, sub: impl AsRef<Path>) -> Result<PathBuf> {
        let top = self.top(project);
        let sub = sub.as_ref();
        let dir = if sub.as_os_str().is_empty() {
            top.to_path_buf()
        } else {
            top.join(sub)
        };
        // The user's data folder may sit where nothing exists yet (`~/.local/share` on a new
        // machine); the folders above it are the user's, made as any program makes them.
        if !project && let Some(parent) = top.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(Error::io(parent))?;
        }
        fs::private_dir(top, &dir).map_err(Error::io(&dir))?;
        if project {
            let ignore = top.join(".gitignore");
            fs::create_new(&ignore, IGNORE).map_err(Error::io(&ignore))?;
        }
        Ok(dir)
    }

    /// Checks that both levels are folders, or can become ones: a data folder that is a file
    /// would otherwise fail in a different way in every command (or be "empty" to `forget`).
    pub fn check(&self) -> Result<()> {
        if !can_be_dir(&self.user) {
            return Err(Error::Usage(format!(
                "{}: not a folder; point {DATA_DIR_ENV} at a folder",
                self.user.display()
            )));
        }
        if !can_be_dir(&self.project) {
            return Err(Error::Usage(format!(
                "{}: not a folder; move it away, learnings keeps this project's private data there",
                self.project.display()
            )));
        }
        Ok(())
    }

    /// Creates the folder of a level: private on Unix, and self-ignoring for the project level.
    pub fn ensure(&self, project: bool) -> Result<()> {
        self.make_dir(project, "").map(|_| ())
    }

    /// Whether capture is switched off for `session` (by `learn off --session`).
    pub fn session_off(&self, session: &str) -> bool {
        session_file(session).is_some_and(|name| self.user.join(OFF).join(name).exists())
    }

    /// Switches capture off (`off = true`) or back on for one session.
    pub fn set_session_off(&self, session: &str, off: bool) -> Result<PathBuf> {
        let name = session_file(session).ok_or_else(|| {
            Error::Usage(format!(
                "`{session}` is not a session id (letters, digits, - and _)"
            ))
        })?;
        let path = self.user.join(OFF).join(name);
        if off {
            self.make_dir(false, OFF)?;
            fs::write(&path, b"").map_err(Error::io(&path))?;
        } else {
            fs::remove(&path).map_err(Error::io(&path))?;
        }
        Ok(path)
    }

    /// The saved state of `session` (the capture window), or the default when there is none,
    /// it does not parse, or the id is not plain.
    pub fn session_state<T: serde::de::DeserializeOwned + Default>(&self, session: &str) -> T {
        session_file(session)
            .and_then(|name| fs::read(&self.user.join(SESSIONS).join(format!("{name}.jsonl"))).ok()?)
            .and_then(|bytes| {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let last = text.lines().rev().find(|l| !l.trim().is_empty())?.to_owned();
                serde_json::from_str(&last).ok()
            })
            .unwrap_or_default()
    }

    /// Saves the state of `session`, redacted. The file is appended to, not replaced: a hook
    /// saves it on every prompt, and replacing a file costs a data flush on ext4. It is compacted
    /// to its last line once it passes [`SESSION_BYTES`].
    pub fn save_session_state<T: serde::Serialize>(&self, session: &str, state: &T) -> Result<()> {
        let name = session_file(session).ok_or_else(|| {
            Error::Usage(format!(
                "`{session}` is not a session id (letters, digits, - and _)"
            ))
        })?;
        let dir = self.make_dir(false, SESSIONS)?;
        let value = serde_json::to_value(state)
            .map_err(|e| Error::Usage(format!("cannot encode a session state: {e}")))?;
        let json = serde_json::to_string(&redact::value(value)).unwrap_or_default();
        let line = jsonl::inert(&json) + "\n";
        let path = dir.join(format!("{name}.jsonl"));
        let size = std::fs::symlink_metadata(&path).map(|m| m.len()).unwrap_or(0);
        if size + line.len() as u64 > SESSION_BYTES {
            return fs::write(&path, line.as_bytes()).map_err(Error::io(&path));
        }
        let mut file = fs::open_append(&path).map_err(Error::io(&path))?;
        std::io::Write::write_all(&mut file, line.as_bytes()).map_err(Error::io(&path))
    }

    /// Removes every file of the chosen levels and returns what was removed (files, sorted).
    /// The user level is removed only when `user` is true. Only what this tool writes is
    /// touched (the folder may be one the user pointed `LEARNINGS_DATA_DIR` at); a folder left
    /// empty is removed too.
    pub fn forget(&self, user: bool) -> Result<Vec<PathBuf>> {
        let mut removed = Vec::new();
        let mut dirs = vec![(&self.project, true)];
        if user {
            dirs.push((&self.user, false));
        }
        for (dir, project) in dirs {
            // Never through a link: a `.learnings` that is one is not ours to empty.
            if std::fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink()) {
                return Err(Error::Usage(format!(
                    "{}: is a symbolic link; learnings keeps nothing there: remove the link",
                    dir.display()
                )));
            }
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            for entry in entries {
                let entry = entry.map_err(Error::io(dir))?;
                let path = entry.path();
                let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                let ours = name.starts_with(FEEDBACK)
                    || name.starts_with(REVIEW)
                    || name.starts_with(LABELS)
                    || name.starts_with(DISCOVERIES)
                    || name.starts_with(ledger::LEDGER)
                    || name == OFF
                    || name == PATCHES
                    || name == SESSIONS;
                if !ours {
                    continue;
                }
                if is_dir {
                    list_files(&path, &mut removed)?;
                    std::fs::remove_dir_all(&path).map_err(Error::io(&path))?;
                } else {
                    std::fs::remove_file(&path).map_err(Error::io(&path))?;
                    removed.push(path);
                }
            }
            // The project folder's `.gitignore` goes last, and only when nothing else is left:
            // injection keeps its state there too, and that must stay ignored.
            let ignore = dir.join(".gitignore");
            let only_ignore = std::fs::read_dir(dir)
                .is_ok_and(|mut e| e.all(|e| e.is_ok_and(|e| e.file_name() == ".gitignore")));
            if project && only_ignore && std::fs::symlink_metadata(&ignore).is_ok_and(|m| m.is_file()) {
                std::fs::remove_file(&ignore).map_err(Error::io(&ignore))?;
                removed.push(ignore);
            }
            // Not empty: the user (or injection) keeps something there.
            let _ = std::fs::remove_dir(dir);
        }
        removed.sort();
        Ok(removed)
    }
}

/// Whether the environment switches capture off for this process (`LEARNINGS_CAPTURE=off`).
pub fn capture_env_off(value: Option<&std::ffi::OsStr>) -> bool {
    value.and_then(|v| v.to_str()).is_some_and(|v| {
        matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "off" | "0" | "false" | "no"
        )
    })
}

/// The user-level folder: the override, else the platform's data directory + `learnings`
/// (`$XDG_DATA_HOME` or `~/.local/share` on Linux, `~/Library/Application Support` on macOS,
/// `%APPDATA%` on Windows). Empty variables count as unset.
pub fn user_dir(env: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let var = |key: &str| env(key).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = var(DATA_DIR_ENV) {
        return Some(dir);
    }
    let base = if cfg!(windows) {
        var("APPDATA")?
    } else if cfg!(target_os = "macos") {
        var("HOME")?.join("Library/Application Support")
    } else {
        var("XDG_DATA_HOME")
            .filter(|p| p.is_absolute())
            .or_else(|| var("HOME").map(|h| h.join(".local/share")))?
    };
    Some(base.join("learnings"))
}

/// A session id as a file name: refused unless it is plain (no path can be smuggled in).
fn session_file(session: &str) -> Option<&str> {
    let plain = !session.is_empty()
        && session.len() <= 128
        && session
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    plain.then_some(session)
}

/// Whether `dir` is a folder, or its nearest existing ancestor is one (so it can be created).
fn can_be_dir(dir: &Path) -> bool {
    dir.ancestors()
        .filter(|a| !a.as_os_str().is_empty())
        .find_map(|a| std::fs::metadata(a).ok())
        .is_none_or(|m| m.is_dir())
}

fn list_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir).map_err(Error::io(dir))? {
        let entry = entry.map_err(Error::io(dir))?;
        let path = entry.path();
        if entry.file_type().map_err(Error::io(&path))?.is_dir() {
            list_files(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
