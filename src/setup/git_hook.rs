//! The plain git pre-commit hook that `learnings install-hook` writes, for teams without the
//! pre-commit framework.
//!
//! The hook carries a marker line: a hook with the marker is ours and may be rewritten, any
//! other hook belongs to someone else and is only replaced when asked (and then kept beside it).
//! The script leaves it to `learnings check --staged` to read the staged files from the index.

use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

/// The line that marks a hook as written by `learnings install-hook`.
pub const MARKER: &str = "# installed by learnings install-hook";

/// The hook's file name in the hooks folder.
pub const HOOK_NAME: &str = "pre-commit";

/// Where `--force` moves a hook that learnings did not write.
pub const BACKUP_NAME: &str = "pre-commit.before-learnings";

/// The hook script.
pub const SCRIPT: &str = r#"#!/bin/sh
# installed by learnings install-hook
#
# Stops a commit that takes a memory file (the learnings file, decision docs) past its line
# limit; the limits are [[limits]] in learnings.toml. Skip it once with `git commit --no-verify`.
# Set LEARNINGS_BIN when the learnings binary is not on the PATH git hooks run with.
learnings=${LEARNINGS_BIN:-learnings}
if ! command -v "$learnings" >/dev/null 2>&1; then
    echo "pre-commit: '$learnings' not found: install learnings, or set LEARNINGS_BIN to its path; skip once with --no-verify" >&2
    exit 1
fi
# Counts what the commit records (the index), for every file it adds, copies, modifies or renames.
exec "$learnings" check --staged
"#;

/// The script of the post-commit and post-merge hooks of `install-hook --cache`: the cache
/// brought up to date in the background, so the commit returns at once and the next command
/// (or session) finds it warm.
pub const WARM_SCRIPT: &str = r#"#!/bin/sh
# installed by learnings install-hook
#
# Brings the cache of `learnings` up to date for the new HEAD, in the background and at low
# priority, so that the next `learnings` command, the pre-commit guard and the next Claude Code
# session answer from it in milliseconds. It never fails the git command.
learnings=${LEARNINGS_BIN:-learnings}
command -v "$learnings" >/dev/null 2>&1 || exit 0
command -v nice >/dev/null 2>&1 && nice=nice || nice=
( $nice "$learnings" --quiet cache warm >/dev/null 2>&1 & ) >/dev/null 2>&1
exit 0
"#;

/// The hooks `install-hook --cache` adds.
pub const WARM_HOOKS: [&str; 2] = ["post-commit", "post-merge"];

/// What installing did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// There was no hook.
    Installed,
    /// Our hook was there already, exactly as it would be written.
    Unchanged,
    /// Our hook was there in another version and was rewritten.
    Updated,
    /// Someone else's hook was there; it was moved to `backup`.
    Replaced { backup: PathBuf },
}

/// What to do about the hook file as it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Plan {
    Write,
    Keep,
    Rewrite,
    Refuse,
    Replace,
}

fn decide(existing: Option<&[u8]>, script: &str, force: bool) -> Plan {
    match existing {
        None => Plan::Write,
        Some(text) if text == script.as_bytes() => Plan::Keep,
        Some(text) if is_ours(text) => Plan::Rewrite,
        Some(_) if force => Plan::Replace,
        Some(_) => Plan::Refuse,
    }
}

/// Whether a hook script carries our marker line.
pub fn is_ours(script: &[u8]) -> bool {
    script
        .split(|&b| b == b'\n')
        .any(|line| line.strip_suffix(b"\r").unwrap_or(line) == MARKER.as_bytes())
}

/// Installs the hook into `hooks_dir` (created if missing); returns its path and what happened.
pub fn install(hooks_dir: &Path, force: bool) -> Result<(PathBuf, Outcome)> {
    install_script(hooks_dir, HOOK_NAME, SCRIPT, force)
}

/// Installs `script` as the hook `name` into `hooks_dir`, as [`install`] does the pre-commit one.
pub fn install_script(hooks_dir: &Path, name: &str, script: &str, force: bool) -> Result<(PathBuf, Outcome)> {
    let path = hooks_dir.join(name);
    let existing = match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(Error::io(path)(e)),
    };
    let outcome = match decide(existing.as_deref(), script, force) {
        Plan::Keep => return Ok((path, Outcome::Unchanged)),
        Plan::Refuse => {
            return Err(Error::Usage(format!(
                "{}: a {name} hook that learnings did not write is already there; \
                 call learnings from it, or pass --force to replace it (it is kept as {name}.before-learnings)",
                path.display()
            )));
        }
        Plan::Write => Outcome::Installed,
        Plan::Rewrite => Outcome::Updated,
        Plan::Replace => {
            let backup = backup_path(hooks_dir, name, existing.as_deref().unwrap_or_default())?;
            if !backup.exists() {
                std::fs::copy(&path, &backup).map_err(Error::io(&backup))?;
            }
            Outcome::Replaced { backup }
        }
    };
    write_executable(hooks_dir, &path, script)?;
    Ok((path, outcome))
}

/// Where to keep a replaced hook: `pre-commit.before-learnings`, or the first free
/// `pre-commit.before-learnings.N` when that holds another hook, so that a second `--force`
/// (after some tool wrote its own hook again) never loses the first one. A backup with the
/// same content is reused rather than copied again.
fn backup_path(dir: &Path, hook: &str, content: &[u8]) -> Result<PathBuf> {
    let backup = format!("{hook}.before-learnings");
    for n in 0u32.. {
        let name = match n {
            0 => backup.clone(),
            n => format!("{backup}.{n}"),
        };
        let path = dir.join(name);
        match std::fs::read(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(path),
            Err(e) => return Err(Error::io(path)(e)),
            Ok(kept) if kept == content => return Ok(path),
            Ok(_) => continue,
        }
    }
    Err(Error::Usage(format!(
        "{}: no free name for a backup",
        dir.display()
    )))
}

/// Writes the script next to its place, then renames it into place, so a commit started
/// meanwhile sees the old hook or the new one, never half of one. A new hook is executable
/// (0777 minus the umask, as git's sample hooks); a rewritten one keeps its mode, plus the
/// execute bits where it can be read, since a hook git cannot execute is skipped silently.
fn write_executable(dir: &Path, path: &Path, script: &str) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(Error::io(dir))?;
    crate::base::fs::write_atomic_mode(path, script.as_bytes(), crate::base::fs::NEW_SCRIPT)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)
            .map_err(Error::io(path))?
            .permissions()
            .mode();
        let executable = mode | ((mode & 0o444) >> 2);
        if executable != mode {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(executable))
                .map_err(Error::io(path))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_carries_the_marker_and_checks_staged_files() {
        assert!(is_ours(SCRIPT.as_bytes()));
        assert!(SCRIPT.starts_with("#!/bin/sh\n"));
        assert!(SCRIPT.contains("check --staged"));
    }

    #[test]
    fn only_our_hooks_are_rewritten_without_force() {
        assert_eq!(decide(None, SCRIPT, false), Plan::Write);
        assert_eq!(decide(Some(SCRIPT.as_bytes()), SCRIPT, false), Plan::Keep);
        let older = format!("#!/bin/sh\r\n{MARKER}\r\nlearnings check\r\n");
        assert_eq!(decide(Some(older.as_bytes()), SCRIPT, false), Plan::Rewrite);
        assert_eq!(
            decide(Some(b"#!/bin/sh\nmake lint\n"), SCRIPT, false),
            Plan::Refuse
        );
        assert_eq!(
            decide(Some(b"#!/bin/sh\nmake lint\n"), SCRIPT, true),
            Plan::Replace
        );
        assert_eq!(
            decide(Some(format!("# {MARKER}\n").as_bytes()), SCRIPT, false),
            Plan::Refuse
        );
    }
}
