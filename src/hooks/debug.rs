//! `LEARNINGS_DEBUG=1`: one line per hook decision in `.learnings/debug.log` of the project, so a
//! user can see why a rule did or did not apply (`INJECT render,design 3120 chars`,
//! `SKIP no match`). The log is bounded (`store::debug`): past 256 KiB it moves to
//! `debug.log.1`, replacing the previous one. Each line starts with `# `.

use std::path::Path;

/// The log, relative to the project root.
pub const LOG: &str = ".learnings/debug.log";

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
    let time = crate::base::time::timestamp(std::time::SystemTime::now().into());
    let session: String = session.chars().filter(|c| !c.is_control()).take(64).collect();
    crate::store::debug::append(root, &format!("{time} {hook} {session} {decision}"));
}

/// Logs a malformed input in the project the environment or working directory names.
pub fn malformed(env: &super::protocol::Env, cwd: &std::path::Path, hook: &str) {
    log(&env.root(None, cwd), hook, "-", "SKIP malformed input");
}
