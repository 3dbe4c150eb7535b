//! A lock file in git's manner: `<file>.lock` created exclusively, removed when done.
//!
//! Hooks of one session run in parallel (Claude Code starts every matching hook at once), so two
//! processes may append or rotate the same log together. `create_new` is atomic on every local
//! file system and needs no platform locking API. A lock older than [`STALE`] was left by a
//! process that died (hooks are killed at their timeout) and is broken.

use crate::error::{Error, Result};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long a command waits for a lock before giving up: long enough for a few hundred
/// parallel writers on a busy two-core machine to take their turn (each holds it for
/// milliseconds), short of what a person would take for a hang. Hooks wait far less
/// (`Log::with_lock_wait`): losing one event beats stalling a session.
pub const WAIT: Duration = Duration::from_secs(30);
/// A lock this old belongs to a dead process.
pub const STALE: Duration = Duration::from_secs(10);

/// A held lock; dropping it releases the lock.
#[derive(Debug)]
pub struct Lock {
    path: PathBuf,
}

impl Lock {
    /// Takes the lock of `file` (the lock is `<file>.lock`), waiting up to [`WAIT`].
    pub fn acquire(file: &Path) -> Result<Lock> {
        Lock::acquire_within(file, WAIT)
    }

    /// [`Lock::acquire`], waiting up to `wait`.
    pub fn acquire_within(file: &Path, wait: Duration) -> Result<Lock> {
        let mut name = file.as_os_str().to_owned();
        name.push(".lock");
        let path = PathBuf::from(name);
        let start = Instant::now();
        let mut pause = Duration::from_millis(1);
        loop {
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(_) => return Ok(Lock { path }),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    if is_stale(&path) {
                        let _ = std::fs::remove_file(&path);
                        continue;
                    }
                    if start.elapsed() > wait {
                        return Err(Error::Io {
                            path: path.clone(),
                            source: std::io::Error::new(
                                std::io::ErrorKind::TimedOut,
                                "locked by another process; remove the lock file if no learnings process is running",
                            ),
                        });
                    }
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(20));
                }
                Err(e) => return Err(Error::io(&path)(e)),
            }
        }
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        // A lock that cannot be removed goes stale and is broken by the next writer.
        let _ = std::fs::remove_file(&self.path);
    }
}

fn is_stale(path: &Path) -> bool {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age > STALE)
}
