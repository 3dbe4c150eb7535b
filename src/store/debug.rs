//! The debug log's file (`LEARNINGS_DEBUG=1`): `.learnings/debug.log`, bounded by one rotation.
//! Every line starts with `# `, so that were the file ever read by a shell (or any format with
//! `#` comments), no word of it would run: the lines carry names from the repository.

use super::Store;
use std::io::Write;
use std::path::Path;

/// The log, in the project level.
pub const LOG: &str = "debug.log";
/// Bytes before the log rotates.
pub const LOG_CAP: u64 = 256 * 1024;

/// Appends `line` (one line, without its newline) to the debug log of the project at `root`;
/// failures are ignored (a log must never break a hook).
pub fn append(root: &Path, line: &str) {
    let store = Store::project_only(root);
    if store.ensure(true).is_err() {
        return;
    }
    let path = store.project.join(LOG);
    if std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file() && m.len() > LOG_CAP) {
        let _ = std::fs::rename(&path, path.with_extension("log.1"));
    }
    let line = format!("# {}\n", line.replace(['\n', '\r'], " "));
    // One write of a short line in append mode: lines of concurrent hooks do not interleave.
    if let Ok(mut file) = super::fs::open_append(&path) {
        let _ = file.write_all(line.as_bytes());
    }
}
