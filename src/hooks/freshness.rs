//! What the cache tells the hooks, without reading history: the learnings file's freshness
//! line at SessionStart, and the last change of each rule file injection puts before the model.
//! Both are shown only while they are true (the same HEAD and file bytes; the same file bytes),
//! and a missing line starts a background `learnings cache warm` for the next session.

use crate::history::Repository;
use crate::inject::Selection;
use crate::project::cache::{self, files, freshness};
use std::path::{Path, PathBuf};

/// A warm started less than this long ago is still running (or died): do not start another.
const WARMING_FOR: std::time::Duration = std::time::Duration::from_secs(600);

/// The freshness line of the learnings file at `path` (its bytes `bytes`), if the cache has
/// one for this HEAD and these bytes.
pub fn of_file(root: &Path, path: &Path, bytes: &[u8]) -> Option<String> {
    let repo = Repository::discover(root).ok()?;
    let head = repo.head().ok()?;
    let relative = repo.relative_path(path)?;
    let saved = freshness::load(&repo.common_dir(), &relative, &head.to_string(), bytes)?;
    Some(saved.line())
}

/// SessionStart's one line of the last `learnings lint`: its count of errors and warnings, when
/// it linted this HEAD and found any. Never the list, and never a lint here: without a count for
/// this HEAD, the background `cache warm` lints for the next session.
pub fn lint_line(root: &Path) -> Option<String> {
    let repo = Repository::discover(root).ok()?;
    let head = repo.head().ok()?.to_string();
    match crate::project::cache::lint::load(&repo.common_dir(), &head) {
        Some(count) => count.line(),
        None => {
            warm_in_background(root);
            None
        }
    }
}

/// Starts `learnings cache warm` for `root`, detached and at low priority, unless one started
/// recently or `LEARNINGS_WARM=0`. Whatever fails, the session goes on.
pub fn warm_in_background(root: &Path) {
    if std::env::var_os("LEARNINGS_WARM").is_some_and(|v| v == "0") {
        return;
    }
    let Some(folder) = common_dir(root).map(|dir| dir.join(cache::DIR)) else {
        return;
    };
    let marker = folder.join("warming");
    let recent = std::fs::metadata(&marker)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age < WARMING_FOR);
    // A cache folder that is a link is refused; the marker is replaced by a rename, never
    // written through a link.
    if recent
        || crate::store::fs::folder(&folder).is_err()
        || crate::base::fs::write_atomic(&marker, b"").is_err()
    {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let mut command = match which("nice") {
        Some(nice) => {
            let mut c = std::process::Command::new(nice);
            c.args(["-n", "19"]).arg(exe);
            c
        }
        None => std::process::Command::new(exe),
    };
    command
        .arg("-C")
        .arg(root)
        .args(["--quiet", "cache", "warm"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    #[cfg(unix)]
    {
        // Its own process group: the session's signals do not reach it.
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    let _ = command.spawn();
}

/// Removes the marker of a running warm (the warm itself calls this when done).
pub fn warmed(folder: &Path) {
    let _ = std::fs::remove_file(folder.join("warming"));
}

/// Marks each candidate of `selection` with its file's last change, where the cache dated
/// these very bytes.
pub fn date_files(root: &Path, selection: &mut Selection) {
    if selection.candidates.is_empty() {
        return;
    }
    let Some(dates) = common_dir(root).and_then(|dir| files::load(&dir.join(cache::DIR))) else {
        return;
    };
    for candidate in &mut selection.candidates {
        candidate.age =
            files::date_of(&dates, &candidate.path, candidate.text.as_bytes()).map(|d| d.describe());
    }
}

/// The git dir worktrees share, from the layout alone (`.git` a folder, or a `gitdir:` file
/// whose folder may name a `commondir`): the prompt hook cannot spend the time to open the
/// repository.
pub fn common_dir(root: &Path) -> Option<PathBuf> {
    let dot_git = root.join(".git");
    let git_dir = if dot_git.is_dir() {
        dot_git
    } else {
        let text = std::fs::read_to_string(&dot_git).ok()?;
        let target = text.strip_prefix("gitdir:")?.trim();
        root.join(target)
    };
    match std::fs::read_to_string(git_dir.join("commondir")) {
        Ok(common) => Some(git_dir.join(common.trim())),
        Err(_) => Some(git_dir),
    }
}

fn which(program: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}
