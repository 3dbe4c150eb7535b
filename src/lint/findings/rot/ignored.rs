//! What the repository's `.gitignore` files say is never tracked: a path cited there is made
//! by a build or a tool, not rotted. Read the way git reads the common forms (a name matches at
//! any depth, a pattern with a slash is anchored to its file's folder, a trailing slash means a
//! folder); negations are left out, which only makes fewer findings.

use crate::lint::tree::{Tree, chain, parent};
use globset::GlobSet;
use std::cell::RefCell;
use std::collections::BTreeMap;

/// The `.gitignore` files of a tree, read when first asked about.
#[derive(Debug, Default)]
pub(super) struct Ignored {
    by_dir: RefCell<BTreeMap<String, Option<GlobSet>>>,
}

impl Ignored {
    /// Whether `path` (or a folder above it) is ignored by a `.gitignore` on its way down.
    pub(super) fn is_ignored(&self, tree: &Tree, path: &str) -> bool {
        for dir in chain(parent(path)) {
            let mut memo = self.by_dir.borrow_mut();
            let set = memo.entry(dir.clone()).or_insert_with(|| read(tree, &dir));
            let Some(set) = set else { continue };
            // The path and every folder above it, as seen from this `.gitignore`'s folder.
            let inner = if dir.is_empty() {
                path
            } else {
                &path[dir.len() + 1..]
            };
            let mut at = inner;
            loop {
                if set.is_match(at) {
                    return true;
                }
                match at.rfind('/') {
                    Some(cut) => at = &at[..cut],
                    None => break,
                }
            }
        }
        false
    }
}

fn read(tree: &Tree, dir: &str) -> Option<GlobSet> {
    let file = if dir.is_empty() {
        ".gitignore".to_owned()
    } else {
        format!("{dir}/.gitignore")
    };
    if !tree.files.contains(&file) {
        return None;
    }
    let text = tree.read(&file)?;
    let mut globs = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with('!') {
            continue;
        }
        let pattern = line.trim_end_matches('/');
        if pattern.trim_start_matches('/').contains('/') || line.starts_with('/') {
            globs.push(pattern.trim_start_matches('/').to_owned());
        } else {
            globs.push(format!("**/{pattern}"));
        }
    }
    let valid: Vec<&str> = globs
        .iter()
        .map(String::as_str)
        .filter(|g| crate::base::glob::check(g, "").is_ok())
        .collect();
    crate::base::glob::glob_set(valid, "").ok()
}
