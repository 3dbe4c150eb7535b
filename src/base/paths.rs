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

/// The project a hook works on: `CLAUDE_PROJECT_DIR` when set, else the session's `cwd` from
/// the input, else the process's own working directory. Empty values count as unset.
pub fn project_root(project_dir: Option<&Path>, input_cwd: Option<&str>, current: &Path) -> PathBuf {
    if let Some(dir) = project_dir.filter(|d| !d.as_os_str().is_empty()) {
        return current.join(dir);
    }
    match input_cwd.filter(|cwd| !cwd.is_empty() && !cwd.contains('\0')) {
        Some(cwd) => current.join(cwd),
        None => current.to_path_buf(),
    }
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
}
