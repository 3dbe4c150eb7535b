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

fn decide(existing: Option<&[u8]>, force: bool) -> Plan {
    match existing {
        None => Plan::Write,
        Some(text) if text == SCRIPT.as_bytes() => Plan::Keep,
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
    let path = hooks_dir.join(HOOK_NAME);
    let existing = match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(Error::io(path)(e)),
    };
    let outcome = match decide(existing.as_deref(), force) {
        Plan::Keep => return Ok((path, Outcome::Unchanged)),
        Plan::Refuse => {
            return Err(Error::Usage(format!(
                "{}: a pre-commit hook that learnings did not write is already there; \
                 call `learnings check` from it, or pass --force to replace it (it is kept as {BACKUP_NAME})",
                path.display()
            )));
        }
        Plan::Write => Outcome::Installed,
        Plan::Rewrite => Outcome::Updated,
        Plan::Replace => {
            let backup = backup_path(hooks_dir, existing.as_deref().unwrap_or_default())?;
            if !backup.exists() {
                std::fs::copy(&path, &backup).map_err(Error::io(&backup))?;
            }
            Outcome::Replaced { backup }
        }
    };
    write_executable(hooks_dir, &path)?;
    Ok((path, outcome))
}

/// Where to keep a replaced hook: `pre-commit.before-learnings`, or the first free
/// `pre-commit.before-learnings.N` when that holds another hook, so that a second `--force`
/// (after some tool wrote its own hook again) never loses the first one. A backup with the
/// same content is reused rather than copied again.
fn backup_path(dir: &Path, content: &[u8]) -> Result<PathBuf> {
    for n in 0u32.. {
        let name = match n {
            0 => BACKUP_NAME.to_owned(),
            n => format!("{BACKUP_NAME}.{n}"),
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
fn write_executable(dir: &Path, path: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(Error::io(dir))?;
    crate::base::fs::write_atomic_mode(path, SCRIPT.as_bytes(), crate::base::fs::NEW_SCRIPT)?;
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
        assert_eq!(decide(None, false), Plan::Write);
        assert_eq!(decide(Some(SCRIPT.as_bytes()), false), Plan::Keep);
        let older = format!("#!/bin/sh\r\n{MARKER}\r\nlearnings check\r\n");
        assert_eq!(decide(Some(older.as_bytes()), false), Plan::Rewrite);
        assert_eq!(decide(Some(b"#!/bin/sh\nmake lint\n"), false), Plan::Refuse);
        assert_eq!(decide(Some(b"#!/bin/sh\nmake lint\n"), true), Plan::Replace);
        assert_eq!(
            decide(Some(format!("# {MARKER}\n").as_bytes()), false),
            Plan::Refuse
        );
    }
}
