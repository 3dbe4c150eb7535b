//! The permanent docs of a repository: working-tree files matching the `docs` globs.
//!
//! The working tree, not the index: a consolidation may have written a new doc that is not
//! staged yet, and it must count.

use crate::error::{Error, Result};
use globset::GlobSet;
use std::path::Path;

/// Folders never searched: version control, build output, dependencies. Other hidden folders
/// are searched: `.claude/` and `.github/` hold docs that consolidated knowledge goes to.
const SKIPPED: &[&str] = &[
    ".git",
    "target",
    "node_modules",
    "vendor",
    ".venv",
    "venv",
    "__pycache__",
];

/// Builds a matcher from the `docs` globs (already validated by the config).
pub fn glob_set(globs: &[String]) -> Result<GlobSet> {
    crate::base::glob::glob_set(globs.iter().map(String::as_str), "consolidation.docs").map_err(Error::Usage)
}

/// Repository-relative paths (`/`-separated, sorted) of the files under `root` matching `set`,
/// except those in `exclude`.
pub fn find(root: &Path, set: &GlobSet, exclude: &[&str]) -> Result<Vec<String>> {
    find_with(root, &|p| set.is_match(p), exclude)
}

/// [`find`] of the files whose path `wanted` accepts.
pub fn find_with(root: &Path, wanted: &dyn Fn(&str) -> bool, exclude: &[&str]) -> Result<Vec<String>> {
    let mut found = Vec::new();
    let mut stack = vec![(root.to_path_buf(), String::new())];
    while let Some((dir, prefix)) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(Error::io(&dir))?;
        for entry in entries {
            let entry = entry.map_err(Error::io(&dir))?;
            let Some(name) = entry.file_name().to_str().map(str::to_owned) else {
                continue;
            };
            let relative = if prefix.is_empty() {
                name.clone()
            } else {
                format!("{prefix}/{name}")
            };
            let kind = entry.file_type().map_err(Error::io(entry.path()))?;
            if kind.is_dir() {
                if !SKIPPED.contains(&name.as_str()) {
                    stack.push((entry.path(), relative));
                }
            } else if kind.is_file() && wanted(&relative) && !exclude.contains(&relative.as_str()) {
                found.push(relative);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// Whether a path names a text file an entry could be moved into, whatever the doc globs say
/// (an archive, a backup of the staging file).
pub fn is_text(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    [".md", ".markdown", ".txt", ".rst", ".bak"]
        .iter()
        .any(|e| lower.ends_with(e))
}
