//! Append-only JSON Lines logs, bounded by rotation, written under a lock file.
//!
//! A log is `<name>.jsonl` plus up to [`GENERATIONS`] rotated files `<name>.jsonl.1` (newer) …
//! `.N` (older). When an append would take the current file over [`MAX_BYTES`], the generations
//! shift and the oldest is dropped: the log never exceeds `(GENERATIONS + 1) × MAX_BYTES`.
//! Every record is redacted before it is serialised ([`super::redact::value`]).

use super::lock::Lock;
use super::redact;
use crate::error::{Error, Result};
use serde::{Serialize, de::DeserializeOwned};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The size at which the current file rotates.
pub const MAX_BYTES: u64 = 1024 * 1024;
/// The most an unlocked append writes at once (a pipe's atomic write size on Linux).
const QUICK_BYTES: usize = 4096;
/// Rotated files kept besides the current one.
pub const GENERATIONS: usize = 3;

/// One log file and its rotated generations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Log {
    path: PathBuf,
    max_bytes: u64,
    lock_wait: std::time::Duration,
}

impl Log {
    /// The log at `path`, with the default bound.
    pub fn new(path: PathBuf) -> Log {
        Log {
            path,
            max_bytes: MAX_BYTES,
            lock_wait: super::lock::WAIT,
        }
    }

    /// The same log, giving up on a held lock after `wait`: a hook must answer in
    /// milliseconds, and losing one event beats stalling the user's session.
    pub fn with_lock_wait(self, wait: std::time::Duration) -> Log {
        Log {
            lock_wait: wait,
            ..self
        }
    }

    /// The same log with another rotation size (tests).
    pub fn with_max_bytes(self, max_bytes: u64) -> Log {
        Log { max_bytes, ..self }
    }

    /// The current file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one record, redacted, as one line. Creates the folder if needed.
    pub fn append<T: Serialize>(&self, record: &T) -> Result<()> {
        let line = line(record)?;
        if let Some(dir) = self.path.parent() {
            super::create_private_dir(dir)?;
        }
        let _lock = Lock::acquire_within(&self.path, self.lock_wait)?;
        let size = std::fs::metadata(&self.path).map(|m| m.len()).unwrap_or(0);
        if size > 0 && size + line.len() as u64 > self.max_bytes {
            self.rotate()?;
        }
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .map_err(Error::io(&self.path))?;
        // One write of the whole line: readers never see half a record.
        file.write_all(line.as_bytes()).map_err(Error::io(&self.path))
    }

    /// Appends `records` without the lock while the file is well under its bound: the lines go
    /// in one `write` on a file opened for appending, which the kernel keeps whole. Only an
    /// append that may rotate (or create the file) takes the lock. For hooks: the lock's files
    /// cost a third of a millisecond.
    pub fn append_quick<T: Serialize>(&self, records: &[T]) -> Result<()> {
        let mut text = String::new();
        for record in records {
            text.push_str(&line(record)?);
        }
        match std::fs::OpenOptions::new().append(true).open(&self.path) {
            Ok(mut file) => {
                let size = file.metadata().map_or(u64::MAX, |m| m.len());
                if text.len() <= QUICK_BYTES && size.saturating_add(text.len() as u64) <= self.max_bytes {
                    return file.write_all(text.as_bytes()).map_err(Error::io(&self.path));
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(Error::io(&self.path)(e)),
        }
        records.iter().try_for_each(|record| self.append(record))
    }

    /// Every line, oldest first, across the generations. A missing log is empty.
    pub fn lines(&self) -> Result<Vec<String>> {
        let mut lines = Vec::new();
        for path in self.files().iter().rev() {
            match std::fs::read(path) {
                Ok(bytes) => lines.extend(
                    String::from_utf8_lossy(&bytes)
                        .lines()
                        .filter(|l| !l.trim().is_empty())
                        .map(str::to_owned),
                ),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(Error::io(path)(e)),
            }
        }
        Ok(lines)
    }

    /// Every record that parses, oldest first; lines that do not parse (a newer version's
    /// records, a torn write) are counted in the second value and skipped.
    pub fn records<T: DeserializeOwned>(&self) -> Result<(Vec<T>, usize)> {
        let mut skipped = 0;
        let mut records = Vec::new();
        for line in self.lines()? {
            match serde_json::from_str(&line) {
                Ok(record) => records.push(record),
                Err(_) => skipped += 1,
            }
        }
        Ok((records, skipped))
    }

    /// Replaces the whole log by `records` (redacted), atomically, in one file. Used to update
    /// or remove records (a discovery's use count, `forget --project`). Lines that do not parse
    /// as `T` (a newer version's records, a torn write, a hand edit) are kept verbatim after the
    /// records: a rewrite never loses what it cannot read. Returns how many were kept.
    pub fn rewrite<T: Serialize + DeserializeOwned>(&self, records: &[T]) -> Result<usize> {
        let mut text = String::new();
        for record in records {
            text.push_str(&line(record)?);
        }
        self.replace(|lines| {
            let mut kept = 0;
            for raw in lines {
                if serde_json::from_str::<T>(&raw).is_err() {
                    text.push_str(&raw);
                    text.push('\n');
                    kept += 1;
                }
            }
            (text, kept)
        })
    }

    /// Replaces the whole log by raw JSON lines (an import): each must be a JSON object (the
    /// caller checks, [`object`]), and is kept byte for byte unless redaction changes it.
    pub fn rewrite_lines(&self, lines: &[String]) -> Result<()> {
        let mut text = String::new();
        for raw in lines {
            let value = object(raw).ok_or_else(|| {
                Error::Usage(format!(
                    "{}: not a JSON object: {}",
                    self.path.display(),
                    crate::base::words::cut(raw, 60)
                ))
            })?;
            let redacted = redact::value(value.clone());
            if redacted == value {
                text.push_str(raw.trim_end_matches(['\n', '\r']));
                text.push('\n');
            } else {
                text.push_str(&line(&redacted)?);
            }
        }
        self.replace(|_| (text, ())).map(|_| ())
    }

    /// Under the lock, builds the new text from the current lines and writes it in place of
    /// every generation. The write goes through the product's one atomic-write helper, so the
    /// file gets the user's umask like any file the tool creates; the folder (0700) is what
    /// keeps it private.
    fn replace<R>(&self, build: impl FnOnce(Vec<String>) -> (String, R)) -> Result<R> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        super::create_private_dir(dir)?;
        let _lock = Lock::acquire(&self.path)?;
        let (text, result) = build(self.lines()?);
        crate::base::fs::write_atomic(&self.path, text.as_bytes())?;
        for old in &self.files()[1..] {
            match std::fs::remove_file(old) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(Error::io(old)(e)),
                _ => {}
            }
        }
        Ok(result)
    }

    /// The current file, then `.1` … `.GENERATIONS`.
    fn files(&self) -> Vec<PathBuf> {
        let mut files = vec![self.path.clone()];
        for n in 1..=GENERATIONS {
            let mut name = self.path.as_os_str().to_owned();
            name.push(format!(".{n}"));
            files.push(PathBuf::from(name));
        }
        files
    }

    /// Shifts the generations (caller holds the lock): `.N-1` → `.N`, …, current → `.1`.
    fn rotate(&self) -> Result<()> {
        let files = self.files();
        for n in (1..files.len()).rev() {
            if files[n - 1].exists() {
                std::fs::rename(&files[n - 1], &files[n]).map_err(Error::io(&files[n - 1]))?;
            }
        }
        Ok(())
    }
}

/// `raw` as a JSON object, if it is one.
pub fn object(raw: &str) -> Option<serde_json::Value> {
    serde_json::from_str(raw)
        .ok()
        .filter(serde_json::Value::is_object)
}

/// A record as one redacted JSON line, newline included.
fn line<T: Serialize>(record: &T) -> Result<String> {
    let value =
        serde_json::to_value(record).map_err(|e| Error::Usage(format!("cannot encode a record: {e}")))?;
    let mut text = serde_json::to_string(&redact::value(value))
        .map_err(|e| Error::Usage(format!("cannot encode a record: {e}")))?;
    text.push('\n');
    Ok(text)
}
