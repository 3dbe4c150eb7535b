//! Append-only JSON Lines logs, bounded by rotation, written under a lock file.
//!
//! A log is `<name>.jsonl` plus up to [`GENERATIONS`] rotated files `<name>.jsonl.1` (newer) …
//! `.N` (older). When an append would take the current file over [`MAX_BYTES`], the generations
//! shift and the oldest is dropped: the log never exceeds `(GENERATIONS + 1) × MAX_BYTES`.
//! Every record is redacted before it is serialised ([`super::redact::value`]).

use super::fs;
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
    /// The store's folder the log lives under: every folder from it down is checked.
    top: PathBuf,
    /// Whether the folders above `top` may be made (the user's data folder; never a project).
    parents: bool,
    max_bytes: u64,
    lock_wait: std::time::Duration,
}

impl Log {
    /// The log at `path`, with the default bound; its folder is the store's top.
    pub fn new(path: PathBuf) -> Log {
        let top = path.parent().map(Path::to_path_buf).unwrap_or_default();
        Log::under(top, path)
    }

    /// The log at `path` inside the store folder `top`.
    pub fn under(top: PathBuf, path: PathBuf) -> Log {
        Log {
            path,
            top,
            parents: false,
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

    /// The same log, allowed to make the folders above its top (the user level's, which may
    /// sit where nothing exists yet).
    pub fn with_parents(self) -> Log {
        Log {
            parents: true,
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

    /// Whether the log has a file (current or rotated).
    pub fn exists(&self) -> bool {
        self.files().iter().any(|f| std::fs::symlink_metadata(f).is_ok())
    }

    /// Appends one record, redacted, as one line. Creates the folder if needed.
    pub fn append<T: Serialize>(&self, record: &T) -> Result<()> {
        let line = line(record)?;
        self.make_dir()?;
        let _lock = Lock::acquire_within(&self.path, self.lock_wait)?;
        let size = std::fs::symlink_metadata(&self.path)
            .map(|m| m.len())
            .unwrap_or(0);
        if size > 0 && size + line.len() as u64 > self.max_bytes {
            self.rotate()?;
        }
        let mut file = fs::open_append(&self.path).map_err(Error::io(&self.path))?;
        // One write of the whole line: readers never see half a record.
        file.write_all(line.as_bytes()).map_err(Error::io(&self.path))
    }

    /// Appends `record` unless a record of the log is `present` already, both under the lock, and
    /// keeps the `keep` newest records: a queue that a prompt joins once however often it is
    /// sent. The records there are only read, never written again (a rewrite, when over `keep`,
    /// copies their lines), so joining costs a read of the queue. Returns whether it joined.
    pub fn append_unless<T: Serialize + DeserializeOwned>(
        &self,
        record: &T,
        present: impl Fn(&T) -> bool,
        keep: usize,
    ) -> Result<bool> {
        let line = line(record)?;
        self.make_dir()?;
        let _lock = Lock::acquire_within(&self.path, self.lock_wait)?;
        let lines = self.lines()?;
        if lines
            .iter()
            .any(|l| serde_json::from_str::<T>(l).is_ok_and(|r| present(&r)))
        {
            return Ok(false);
        }
        if lines.len() < keep.max(1) {
            let mut file = fs::open_append(&self.path).map_err(Error::io(&self.path))?;
            file.write_all(line.as_bytes()).map_err(Error::io(&self.path))?;
            return Ok(true);
        }
        let mut text = String::new();
        for old in &lines[lines.len().saturating_sub(keep.max(1) - 1)..] {
            text.push_str(old);
            text.push('\n');
        }
        text.push_str(&line);
        fs::write(&self.path, text.as_bytes()).map_err(Error::io(&self.path))?;
        for old in &self.files()[1..] {
            fs::remove(old).map_err(Error::io(old))?;
        }
        Ok(true)
    }

    /// Appends `records` without the lock while the file is well under its bound: the lines go
    /// in one `write` on a file opened for appending (and created by that open if missing),
    /// which the kernel keeps whole. Only an append that may rotate takes the lock. For hooks:
    /// the lock's files cost a third of a millisecond, and a hook waits for them briefly.
    pub fn append_quick<T: Serialize>(&self, records: &[T]) -> Result<()> {
        let mut text = String::new();
        for record in records {
            text.push_str(&line(record)?);
        }
        // The folder is checked (a few `lstat`s, made if missing); the open creates the file if
        // need be (`O_APPEND | O_CREAT` is atomic, so hooks starting a log at once all land) and
        // never follows a link. Only a rotation needs the lock.
        let quick = text.len() <= QUICK_BYTES && self.path.parent() == Some(self.top.as_path());
        let existing = if quick {
            self.make_dir()?;
            Some(fs::open_append(&self.path).map_err(Error::io(&self.path))?)
        } else {
            None
        };
        if let Some(mut file) = existing {
            let size = file.metadata().map_or(u64::MAX, |m| m.len());
            if size.saturating_add(text.len() as u64) <= self.max_bytes {
                return file.write_all(text.as_bytes()).map_err(Error::io(&self.path));
            }
        }
        records.iter().try_for_each(|record| self.append(record))
    }

    /// Every line, oldest first, across the generations. A missing log is empty.
    pub fn lines(&self) -> Result<Vec<String>> {
        let mut lines = Vec::new();
        for path in self.files().iter().rev() {
            if let Some(bytes) = fs::read(path).map_err(Error::io(path))? {
                lines.extend(
                    String::from_utf8_lossy(&bytes)
                        .lines()
                        .filter(|l| !l.trim().is_empty())
                        .map(str::to_owned),
                );
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

    /// Reads every record and writes back what `change` leaves, holding the lock from the read
    /// to the write, so that two processes updating the log at once (parallel sub-agents
    /// recording discoveries) never lose each other's records. `change` gets the records that
    /// parse and the count of lines that do not; those lines are kept verbatim after the
    /// records. When `change` fails, nothing is written.
    pub fn update<T: Serialize + DeserializeOwned, R>(
        &self,
        change: impl FnOnce(&mut Vec<T>, usize) -> Result<R>,
    ) -> Result<R> {
        self.replace(|lines| {
            let mut records = Vec::new();
            let mut unreadable = Vec::new();
            for raw in lines {
                match serde_json::from_str::<T>(&raw) {
                    Ok(record) => records.push(record),
                    Err(_) => unreadable.push(raw),
                }
            }
            let result = change(&mut records, unreadable.len())?;
            let mut text = String::new();
            for record in &records {
                text.push_str(&line(record)?);
            }
            for raw in unreadable {
                text.push_str(&raw);
                text.push('\n');
            }
            Ok((text, result))
        })
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
            Ok((text, kept))
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
        self.replace(|_| Ok((text, ()))).map(|_| ())
    }

    /// Under the lock, builds the new text from the current lines and writes it (0600, by a
    /// rename) in place of every generation.
    fn replace<R>(&self, build: impl FnOnce(Vec<String>) -> Result<(String, R)>) -> Result<R> {
        self.make_dir()?;
        let _lock = Lock::acquire_within(&self.path, self.lock_wait)?;
        let (text, result) = build(self.lines()?)?;
        let text = newest_within(&text, self.max_bytes.saturating_mul(GENERATIONS as u64 + 1));
        fs::write(&self.path, text.as_bytes()).map_err(Error::io(&self.path))?;
        for old in &self.files()[1..] {
            fs::remove(old).map_err(Error::io(old))?;
        }
        Ok(result)
    }

    /// Makes the log's folder, and every folder from the store's top to it, owner-only and
    /// refusing links.
    fn make_dir(&self) -> Result<()> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        if self.parents
            && let Some(above) = self.top.parent().filter(|p| !p.as_os_str().is_empty())
        {
            std::fs::create_dir_all(above).map_err(Error::io(above))?;
        }
        fs::private_dir(&self.top, dir).map_err(Error::io(dir))
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
            if std::fs::symlink_metadata(&files[n - 1]).is_ok() {
                std::fs::rename(&files[n - 1], &files[n]).map_err(Error::io(&files[n - 1]))?;
            }
        }
        Ok(())
    }
}

/// The last whole lines of `text` that fit in `bound` bytes: a rewritten log keeps the bound
/// its appends keep, dropping the oldest records as a rotation would.
fn newest_within(text: &str, bound: u64) -> &str {
    let Ok(bound) = usize::try_from(bound) else {
        return text;
    };
    if text.len() <= bound {
        return text;
    }
    let cut = text.len() - bound;
    if text.as_bytes()[cut - 1] == b'\n' {
        // `cut` starts a line; every byte before a line start is ASCII `\n`, a char boundary.
        return &text[cut..];
    }
    // Mid-line: start at the next whole line (a newline is one byte, so the slice is valid).
    match text.as_bytes()[cut..].iter().position(|&b| b == b'\n') {
        Some(at) => &text[cut + at + 1..],
        None => "",
    }
}

/// `raw` as a JSON object, if it is one.
pub fn object(raw: &str) -> Option<serde_json::Value> {
    serde_json::from_str(raw)
        .ok()
        .filter(serde_json::Value::is_object)
}

/// A record as one redacted JSON line, newline included, that no shell would run anything of.
fn line<T: Serialize>(record: &T) -> Result<String> {
    let value =
        serde_json::to_value(record).map_err(|e| Error::Usage(format!("cannot encode a record: {e}")))?;
    let text = serde_json::to_string(&redact::value(value))
        .map_err(|e| Error::Usage(format!("cannot encode a record: {e}")))?;
    let mut text = inert(&text);
    text.push('\n');
    Ok(text)
}

/// A JSON line with `$` and `` ` `` written as `\u` escapes: the same JSON, but where a shell
/// reads it (a log appended to an rc file by some other tool's mistake), every string stays
/// inside double quotes in which nothing expands: no `$(…)`, no backquotes. JSON has neither
/// character outside strings, so the escape is always valid.
pub(crate) fn inert(json: &str) -> String {
    if !json.contains(['$', '`']) {
        return json.to_owned();
    }
    json.replace('$', "\\u0024").replace('`', "\\u0060")
}
