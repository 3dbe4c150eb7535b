//! Telling a damaged repository from a failed read. gix says what it was doing when an object
//! could not be read ("Failed to convert old resource at …", "Failed to decompress pack entry");
//! a user needs to know which object is broken, where it sits, and that `git fsck` is the next
//! step. So once a read has failed, the objects it names are checked, and then the history from
//! HEAD (each commit, its trees, its files, newest first), until one is found that is missing,
//! cannot be read, or does not hash to its id; its id, path and commit are then the error.
//!
//! The search runs only after a failure and is bounded by a count of objects and of bytes, so a
//! large history costs seconds, not minutes; past the bound, a message that is about objects
//! still says the repository is damaged, without naming one.

use super::{Error, ObjectId, Repository, chain};
use gix::objs::{CommitRef, Find, Kind, TreeRefIter};
use std::collections::{HashSet, VecDeque};

/// Objects the search may check.
const MAX_OBJECTS: usize = 200_000;
/// Bytes of objects the search may read.
const MAX_BYTES: usize = 512 * 1024 * 1024;

/// What is wrong with an object.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Broken {
    Missing,
    Unreadable(String),
    /// Its content does not hash to its id, or does not decode as its kind.
    Corrupt,
}

/// A broken object and where it was met.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Damage {
    id: ObjectId,
    kind: &'static str,
    /// The file or folder it is, when a tree names it.
    path: Option<String>,
    /// The commit whose tree holds it.
    commit: Option<ObjectId>,
    broken: Broken,
}

impl std::fmt::Display for Damage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.kind, self.id)?;
        match (&self.path, self.commit) {
            (Some(path), Some(commit)) => write!(f, " ({path} in commit {})", short(commit))?,
            (None, Some(commit)) => write!(f, " (the root folder of commit {})", short(commit))?,
            _ => {}
        }
        match &self.broken {
            Broken::Missing => write!(f, " is missing"),
            Broken::Unreadable(why) => {
                write!(f, " cannot be read ({})", crate::base::words::cut(why, 160))
            }
            Broken::Corrupt => write!(f, " is corrupt: its content does not match its id"),
        }
    }
}

fn short(id: ObjectId) -> String {
    id.to_hex_with_len(7).to_string()
}

/// What the search may still spend.
struct Budget {
    objects: usize,
    bytes: usize,
}

impl Repository {
    /// `error` said as a damaged repository when it is one: the broken object, its path and
    /// commit, and `git fsck`. Any other error is returned as it is.
    pub(super) fn damaged(&self, error: Error) -> Error {
        let Error::Git { message, .. } = &error else {
            return error;
        };
        let lower = message.to_ascii_lowercase();
        let about_objects = ["object", "pack", "zip", "decompress", "tree", "peel"]
            .iter()
            .any(|w| lower.contains(w));
        if !about_objects {
            return error;
        }
        let object = match self.find_damage(message) {
            Some(damage) => damage.to_string(),
            // Past the bound, or an object only gix's own walk reaches: the message says which.
            None if corrupt_words(&lower) => format!(
                "an object could not be read ({})",
                crate::base::words::cut(message, 200)
            ),
            None => return error,
        };
        Error::Damaged {
            path: self.root.clone(),
            object,
        }
    }

    /// The damage that can stop a revision (`HEAD~3`) from resolving: a broken commit of the
    /// history from HEAD. gix then says only that the revision is out of range.
    pub(super) fn damaged_commits(&self) -> Option<Error> {
        let mut budget = Budget {
            objects: MAX_OBJECTS,
            bytes: MAX_BYTES,
        };
        let damage = self.search(None, &mut budget, false)?;
        Some(Error::Damaged {
            path: self.root.clone(),
            object: damage.to_string(),
        })
    }

    /// The first broken object among those `message` names, then in the history from HEAD.
    fn find_damage(&self, message: &str) -> Option<Damage> {
        let mut budget = Budget {
            objects: MAX_OBJECTS,
            bytes: MAX_BYTES,
        };
        let named = ids_in(message).into_iter().find_map(|id| {
            let broken = self.check(id, None, &mut budget)?;
            Some((id, broken))
        });
        match named {
            // Where it sits, when the history reaches it; else its id alone.
            Some((id, broken)) => Some(self.search(Some(id), &mut budget, true).unwrap_or(Damage {
                id,
                kind: "object",
                path: None,
                commit: None,
                broken,
            })),
            None => self.search(None, &mut budget, true),
        }
    }

    /// Commits from HEAD, breadth first, with their trees and files when `trees`: the first
    /// broken object, or where `target` (known broken) is named.
    fn search(&self, target: Option<ObjectId>, budget: &mut Budget, trees: bool) -> Option<Damage> {
        let head = self.repo.head().ok()?.id()?.detach();
        let mut queue = VecDeque::from([head]);
        let mut seen: HashSet<ObjectId> = HashSet::new();
        let mut buf = Vec::new();
        while let Some(commit) = queue.pop_front() {
            if !seen.insert(commit) || budget.objects == 0 || budget.bytes == 0 {
                continue;
            }
            let at = |kind, path, broken| Damage {
                id: commit,
                kind,
                path,
                commit: None,
                broken,
            };
            if let Some(broken) = self.check(commit, Some(Kind::Commit), budget) {
                return Some(at("commit", None, broken));
            }
            let data = self.repo.objects.try_find(&commit, &mut buf).ok()??;
            let decoded = CommitRef::from_bytes(data.data, self.repo.object_hash()).ok()?;
            let (tree, parents): (ObjectId, Vec<ObjectId>) = (decoded.tree(), decoded.parents().collect());
            if trees && let Some(damage) = self.search_tree(commit, tree, target, &mut seen, budget) {
                return Some(damage);
            }
            queue.extend(parents);
        }
        None
    }

    /// The first broken object under `tree` of `commit`, or the entry that names `target`.
    fn search_tree(
        &self,
        commit: ObjectId,
        tree: ObjectId,
        target: Option<ObjectId>,
        seen: &mut HashSet<ObjectId>,
        budget: &mut Budget,
    ) -> Option<Damage> {
        let mut stack: Vec<(ObjectId, Option<String>, Kind)> = vec![(tree, None, Kind::Tree)];
        let mut buf = Vec::new();
        while let Some((id, path, kind)) = stack.pop() {
            if budget.objects == 0 || budget.bytes == 0 {
                return None;
            }
            let name = if kind == Kind::Tree { "tree" } else { "blob" };
            let damage = |broken| Damage {
                id,
                kind: name,
                path: path.clone(),
                commit: Some(commit),
                broken,
            };
            if Some(id) == target {
                let broken = self.check(id, Some(kind), budget)?;
                return Some(damage(broken));
            }
            if !seen.insert(id) {
                continue;
            }
            if let Some(broken) = self.check(id, Some(kind), budget) {
                return Some(damage(broken));
            }
            if kind != Kind::Tree {
                continue;
            }
            let data = self.repo.objects.try_find(&id, &mut buf).ok()??;
            for entry in TreeRefIter::from_bytes(data.data, self.repo.object_hash()).flatten() {
                let kind = match entry.mode {
                    mode if mode.is_tree() => Kind::Tree,
                    mode if mode.is_blob_or_symlink() => Kind::Blob,
                    // A submodule's commit lives in another repository.
                    _ => continue,
                };
                let name = entry.filename.to_string();
                let full = match &path {
                    Some(parent) => format!("{parent}/{name}"),
                    None => name,
                };
                stack.push((entry.oid.to_owned(), Some(full), kind));
            }
        }
        None
    }

    /// What is wrong with object `id` (of `kind` when known), if anything: missing, unreadable,
    /// of another kind, not hashing to its id, or not decoding.
    fn check(&self, id: ObjectId, kind: Option<Kind>, budget: &mut Budget) -> Option<Broken> {
        budget.objects = budget.objects.saturating_sub(1);
        let mut buf = Vec::new();
        let data = match self.repo.objects.try_find(&id, &mut buf) {
            Ok(None) => return Some(Broken::Missing),
            // The loose object's path only repeats its id.
            Err(e) => {
                let why = chain(&e);
                let causes: Vec<&str> = why.split(": ").filter(|part| !part.contains("path=")).collect();
                return Some(Broken::Unreadable(causes.join(": ")));
            }
            Ok(Some(data)) => data,
        };
        budget.bytes = budget.bytes.saturating_sub(data.data.len());
        let hash = self.repo.object_hash();
        let decodes = match data.kind {
            Kind::Commit => CommitRef::from_bytes(data.data, hash).is_ok(),
            Kind::Tree => TreeRefIter::from_bytes(data.data, hash).all(|e| e.is_ok()),
            Kind::Blob | Kind::Tag => true,
        };
        let kind_ok = kind.is_none_or(|k| k == data.kind);
        (!decodes || !kind_ok || data.verify_checksum(&id).is_err()).then_some(Broken::Corrupt)
    }
}

/// Whether an error's words are those of an object store that fails, not of a question that
/// has no answer.
fn corrupt_words(lower: &str) -> bool {
    [
        "zip stream",
        "decompress",
        "loose object",
        "pack entry",
        "checksum",
        "could not be found",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// Object ids written in an error: 40 hex digits, or a loose object's path (`objects/ab/cdef…`).
fn ids_in(message: &str) -> Vec<ObjectId> {
    let hex: String = message
        .chars()
        .map(|c| if c.is_ascii_hexdigit() || c == '/' { c } else { ' ' })
        .collect();
    let mut ids = Vec::new();
    for word in hex.split_whitespace() {
        let parts: Vec<&str> = word.split('/').collect();
        let candidates = parts
            .windows(2)
            .filter(|w| w[0].len() == 2 && w[1].len() == 38)
            .map(|w| format!("{}{}", w[0], w[1]))
            .chain(parts.iter().filter(|p| p.len() == 40).map(|p| (*p).to_owned()));
        for candidate in candidates {
            if let Ok(id) = ObjectId::from_hex(candidate.as_bytes())
                && !ids.contains(&id)
            {
                ids.push(id);
            }
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_are_read_from_gix_words() {
        let ids = super::ids_in(
            "Could not read loose object, path=\"/tmp/r/.git/objects/56/2cbb5600b3907a3337eb50ce410c7bd63a9eca\": zip; An object with id be1558add504216b5234583d48f408e62e8f76c3 could not be found",
        );
        let hex: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
        assert_eq!(
            hex,
            [
                "562cbb5600b3907a3337eb50ce410c7bd63a9eca",
                "be1558add504216b5234583d48f408e62e8f76c3"
            ]
        );
    }
}
