//! The repository as lint sees it: the tracked paths, the folders they make, and the text of
//! the few files it reads, read without following a link out of the tree.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// The most of one file read: Claude Code skips a CLAUDE.md over 4 MiB (CC-15), so more says
/// nothing more.
pub const READ_CAP: u64 = 4 * 1024 * 1024 + 1;

/// The tracked paths of a repository (slash-separated, relative to its root).
#[derive(Debug, Clone, Default)]
pub struct Tree {
    /// The working tree's root.
    pub root: PathBuf,
    /// Tracked regular files.
    pub files: BTreeSet<String>,
    /// Every folder holding a tracked file, at any depth (`""` is the root).
    pub dirs: BTreeSet<String>,
    /// Tracked links whose target is a tracked file: the link's path to the target's.
    pub links: BTreeMap<String, String>,
    /// Every tracked file and folder by its last name, for a path cited from elsewhere.
    names: BTreeMap<String, Vec<String>>,
}

impl Tree {
    /// The tree of `root` from its tracked files and tracked links (`(link, target as stored)`).
    pub fn new(root: PathBuf, files: impl IntoIterator<Item = String>, links: Vec<(String, String)>) -> Tree {
        let files: BTreeSet<String> = files.into_iter().collect();
        let mut dirs = BTreeSet::from([String::new()]);
        for file in &files {
            let mut at = file.as_str();
            while let Some(cut) = at.rfind('/') {
                at = &at[..cut];
                if !dirs.insert(at.to_owned()) {
                    break;
                }
            }
        }
        // A link is followed only in the tree's own terms: to a tracked file, never on disk.
        let links = links
            .into_iter()
            .filter_map(|(link, target)| {
                let resolved = join(parent(&link), &target)?;
                files.contains(&resolved).then_some((link, resolved))
            })
            .collect();
        let mut names: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for path in files.iter().chain(dirs.iter()) {
            let name = path.rsplit('/').next().unwrap_or(path);
            if !name.is_empty() {
                names.entry(name.to_owned()).or_default().push(path.clone());
            }
        }
        Tree {
            root,
            files,
            dirs,
            links,
            names,
        }
    }

    /// Whether some tracked file or folder ends with `path` (slash-separated, at a folder
    /// boundary): `docs/guide.md` written in a subproject's file names `app/docs/guide.md`.
    pub fn ends_with(&self, path: &str) -> bool {
        let path = path.trim_start_matches("./").trim_end_matches('/');
        let name = path.rsplit('/').next().unwrap_or(path);
        self.names
            .get(name)
            .is_some_and(|all| all.iter().any(|p| p == path || p.ends_with(&format!("/{path}"))))
    }

    /// Whether `path` is a tracked file or folder (or a link to a tracked file).
    pub fn exists(&self, path: &str) -> bool {
        let path = path.trim_end_matches('/');
        self.files.contains(path) || self.dirs.contains(path) || self.links.contains_key(path)
    }

    /// The text of the tracked file at `path` (a link: its target's), or `None` when it cannot
    /// be read as a regular file. Invalid UTF-8 is replaced, not refused.
    pub fn read(&self, path: &str) -> Option<String> {
        let path = self.links.get(path).map_or(path, String::as_str);
        let full = self.root.join(path);
        // The index says it is a file; the disk may say otherwise (a link put there since).
        if !std::fs::symlink_metadata(&full).ok()?.is_file() {
            return None;
        }
        let bytes = crate::base::fs::read_regular(&full, READ_CAP).ok()?;
        Some(String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// The folder of a slash path (`""` at the root).
pub fn parent(path: &str) -> &str {
    path.rfind('/').map_or("", |cut| &path[..cut])
}

/// `relative` joined to the folder `base` and tidied (`.` and `..` removed), or `None` when it
/// is absolute, leaves the tree, or is empty.
pub fn join(base: &str, relative: &str) -> Option<String> {
    if relative.starts_with('/') || relative.starts_with('~') || relative.contains('\\') {
        return None;
    }
    let mut parts: Vec<&str> = base.split('/').filter(|p| !p.is_empty()).collect();
    for part in relative.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            part => parts.push(part),
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

/// The folders from the root (`""`) down to `dir`, inclusive.
pub fn chain(dir: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    if dir.is_empty() {
        return out;
    }
    let mut at = String::new();
    for part in dir.split('/') {
        if !at.is_empty() {
            at.push('/');
        }
        at.push_str(part);
        out.push(at.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_stay_inside() {
        assert_eq!(join("a/b", "../c.md").as_deref(), Some("a/c.md"));
        assert_eq!(join("", "./x/y.md").as_deref(), Some("x/y.md"));
        assert_eq!(join("a", "../../x"), None);
        assert_eq!(join("a", "/etc/passwd"), None);
        assert_eq!(chain("a/b"), ["", "a", "a/b"]);
    }

    #[test]
    fn links_resolve_to_tracked_files_only() {
        let tree = Tree::new(
            PathBuf::from("/nowhere"),
            ["AGENTS.md".to_owned(), "a/b.rs".to_owned()],
            vec![
                ("CLAUDE.md".into(), "AGENTS.md".into()),
                ("x/GEMINI.md".into(), "../../etc/passwd".into()),
            ],
        );
        assert_eq!(tree.links.get("CLAUDE.md").map(String::as_str), Some("AGENTS.md"));
        assert!(!tree.links.contains_key("x/GEMINI.md"));
        assert!(tree.exists("a") && tree.exists("a/b.rs") && !tree.exists("b"));
    }
}
