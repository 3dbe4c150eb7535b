//! The domain files: configured paths and globs resolved under the project root, read only when
//! they stay inside it.

use std::path::Path;

/// A domain file larger than this is read only up to here (the budget is under 10,000 anyway).
const READ_CAP: u64 = 1024 * 1024;
/// Folders a glob never descends into.
const SKIP_DIRS: [&str; 3] = [".git", "target", "node_modules"];

/// The repository-relative files `spec` names under `root`: the file itself, or every file a
/// glob matches, in path order.
pub fn resolve(root: &Path, spec: &str) -> Vec<String> {
    if !is_glob(spec) {
        return if root.join(spec).is_file() {
            vec![spec.to_owned()]
        } else {
            Vec::new()
        };
    }
    let Ok(set) = crate::base::glob::glob_set([spec], "files") else {
        return Vec::new();
    };
    // Walk only below the glob's literal prefix.
    // Every part before the first one with glob syntax is a folder.
    let base: Vec<&str> = spec.split('/').take_while(|part| !is_glob(part)).collect();
    let base = base.join("/");
    let mut found = Vec::new();
    walk(root, &base, &set, &mut found, 0);
    found.sort();
    found
}

fn walk(root: &Path, rel: &str, set: &globset::GlobSet, found: &mut Vec<String>, depth: usize) {
    if depth > 16 || found.len() > 1000 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(root.join(rel)) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = if rel.is_empty() {
            name.clone()
        } else {
            format!("{rel}/{name}")
        };
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            if !SKIP_DIRS.contains(&name.as_str()) {
                walk(root, &path, set, found, depth + 1);
            }
        } else if kind.is_file() && set.is_match(&path) {
            found.push(path);
        }
    }
}

/// The text of `rel` under `root`, if it is a file inside the root (a symbolic link out of the
/// repository is refused) and valid UTF-8.
pub fn read(root: &Path, rel: &str) -> Option<String> {
    let path = root.join(rel);
    let real = path.canonicalize().ok()?;
    let real_root = root.canonicalize().ok()?;
    if !real.starts_with(&real_root) {
        return None;
    }
    let bytes = crate::base::fs::read_regular(&real, READ_CAP).ok()?;
    String::from_utf8(bytes).ok()
}

pub use crate::base::hash::hash;

/// True when `path` holds glob syntax.
pub fn is_glob(path: &str) -> bool {
    path.contains(['*', '?', '[', '{'])
}
