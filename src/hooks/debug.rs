//! `LEARNINGS_DEBUG=1`: one line per hook decision in `.learnings/debug.log` of the project, so a
//! user can see why a rule did or did not apply (`INJECT render,design 3120 chars`,
//! `SKIP no match`). The log is bounded: past [`LOG_CAP`] bytes it moves to `debug.log.1`,
//! replacing the previous one.

use std::io::Write;
use std::path::Path;

/// The log, relative to the project root.
pub const LOG: &str = ".learnings/debug.log";
/// Bytes before the log rotates.
pub const LOG_CAP: u64 = 256 * 1024;

/// True when `LEARNINGS_DEBUG` is set to anything but empty or `0`.
pub fn enabled() -> bool {
    std::env::var_os("LEARNINGS_DEBUG").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Appends `<time> <hook> <session> <decision>` when debugging is on; failures are ignored (a
/// log must never break a hook).
pub fn log(root: &Path, hook: &str, session: &str, decision: &str) {
    if !enabled() {
        return;
    }
    let path = root.join(LOG);
    let Some(dir) = path.parent() else {
        return;
    };
    if crate::inject::state::ensure_dir(dir).is_err() {
        return;
    }
    if std::fs::metadata(&path).is_ok_and(|m| m.len() > LOG_CAP) {
        let _ = std::fs::rename(&path, path.with_extension("log.1"));
    }
    let time = crate::base::time::timestamp(std::time::SystemTime::now().into());
    let session: String = session.chars().filter(|c| !c.is_control()).take(64).collect();
    let decision = decision.replace(['\n', '\r'], " ");
    let line = format!("{time} {hook} {session} {decision}\n");
    // One write of a short line in append mode: lines of concurrent hooks do not interleave.
    if let Ok(mut file) = std::fs::OpenOptions::new().create(true).append(true).open(&path) {
        let _ = file.write_all(line.as_bytes());
    }
}

/// Logs a malformed input in the project the environment or working directory names.
pub fn malformed(env: &super::protocol::Env, cwd: &std::path::Path, hook: &str) {
    log(&env.root(None, cwd), hook, "-", "SKIP malformed input");
}
