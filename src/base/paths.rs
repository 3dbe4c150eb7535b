//! Paths as the tool names them: the configuration file, a project's root, paths without `.`.

use std::path::{Component, Path, PathBuf};

/// The configuration file name, looked up at the repository root.
pub const CONFIG_FILE: &str = "learnings.toml";

/// `path` without `.` components (`/repo/.` is `/repo`, `./a/./b` is `a/b`), as a user would
/// write it; `.` alone stays `.`.
pub fn tidy(path: &Path) -> PathBuf {
    let tidy: PathBuf = path.components().filter(|c| *c != Component::CurDir).collect();
    if tidy.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        tidy
    }
}

/// The project a hook works on: `CLAUDE_PROJECT_DIR` when set, else the nearest folder at or
/// above the session's `cwd` from the input (else the process's own working directory) that holds
/// `learnings.toml` or `.git`, else that folder itself. Empty values count as unset.
pub fn project_root(project_dir: Option<&Path>, input_cwd: Option<&str>, current: &Path) -> PathBuf {
    if let Some(dir) = project_dir.filter(|d| !d.as_os_str().is_empty()) {
        return current.join(dir);
    }
    let start = match input_cwd.filter(|cwd| !cwd.is_empty() && !cwd.contains('\0')) {
        Some(cwd) => current.join(cwd),
        None => current.to_path_buf(),
    };
    // A client started in a subfolder says so in `cwd` (Codex, opencode, Copilot CLI set no
    // project variable): its project is the nearest folder above with the configuration or a
    // repository, or the rules and knowledge would be off there.
    let found = start
        .ancestors()
        .find(|dir| dir.join(CONFIG_FILE).exists() || dir.join(".git").exists())
        .map(Path::to_path_buf);
    found.unwrap_or(start)
}

/// The project a command run by hand works on: the nearest folder at or above `cwd` with a
/// `learnings.toml`, else with `.git`, else `cwd`.
pub fn enclosing_project(cwd: &Path) -> PathBuf {
    let find = |marker: &str| cwd.ancestors().find(|dir| dir.join(marker).exists());
    find(CONFIG_FILE)
        .or_else(|| find(".git"))
        .unwrap_or(cwd)
        .to_path_buf()
}

/// `path` (absolute, or relative to `base`) as a `/`-separated path relative to `root`, when it
/// is inside `root`; `None` outside it. `.` and `..` are resolved by the text alone, because a
/// file about to be written does not exist yet; a root reached through a link is also compared
/// by its real path.
pub fn inside(root: &Path, base: &Path, path: &str) -> Option<String> {
    if path.trim().is_empty() || path.contains('\0') {
        return None;
    }
    let full = lexical(&base.join(path));
    let relative = match full.strip_prefix(lexical(root)) {
        Ok(rel) => rel.to_path_buf(),
        Err(_) => full.strip_prefix(root.canonicalize().ok()?).ok()?.to_path_buf(),
    };
    (!relative.as_os_str().is_empty()).then(|| slash(&relative))
}

/// `path` with `.` dropped and each `..` taking back the part before it (never above the top).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if out.file_name().is_some() {
                    out.pop();
                } else if !out.has_root() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// A relative path with `/` on every platform, as the skills expect.
pub fn slash(path: &std::path::Path) -> String {
    let parts: Vec<_> = path.iter().map(|p| p.to_string_lossy()).collect();
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_lose_their_dot_components() {
        assert_eq!(tidy(Path::new("/repo/.")), PathBuf::from("/repo"));
        assert_eq!(tidy(Path::new("./a/./b")), PathBuf::from("a/b"));
        assert_eq!(tidy(Path::new(".")), PathBuf::from("."));
    }

    #[test]
    fn paths_inside_the_root_only() {
        let root = Path::new("/repo");
        let inside = |base: &str, path: &str| super::inside(root, Path::new(base), path);
        assert_eq!(inside("/repo", "/repo/src/a.rs").as_deref(), Some("src/a.rs"));
        assert_eq!(inside("/repo/src", "a.rs").as_deref(), Some("src/a.rs"));
        assert_eq!(inside("/repo", "./src/../lib/b.rs").as_deref(), Some("lib/b.rs"));
        assert_eq!(inside("/repo", "/repo/../other/a.rs"), None);
        assert_eq!(inside("/repo", "../other/a.rs"), None);
        assert_eq!(inside("/repo", "/repository/a.rs"), None);
        assert_eq!(inside("/repo", "/repo"), None);
        assert_eq!(inside("/repo", ""), None);
    }
}
