//! The first-parent walk over the versions of one file, newest first, following renames.
//!
//! It also follows the commit that created the file out of another one (a split: the old file
//! renamed to a backup, a new one holding the entries): that commit's change is the old file's
//! version in the parent against the new file, so entries that went elsewhere count as removed
//! and a split that kept every entry does not.

use super::{CommitInfo, DateKind, Error, Repository, git_error};
use gix::ObjectId;
use gix::object::tree::diff::ChangeDetached;

/// One commit's change to the file: the version before it and the version it made.
#[derive(Debug)]
pub struct FileChange<'a> {
    /// The file in the first parent.
    pub before: &'a [u8],
    /// The file in the commit.
    pub after: &'a [u8],
    /// The commit.
    pub commit: ObjectId,
    /// Its first parent.
    pub parent: ObjectId,
    /// The file's path in the parent (another file's, for a rename or a split).
    pub parent_path: &'a str,
    /// The file's path in the commit.
    pub path: &'a str,
    /// The blob of `after`, to read that version again later.
    pub after_id: ObjectId,
    /// The blob of `before`.
    pub before_id: ObjectId,
}

/// How a walk that may stop at a known commit ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Until {
    /// It ended as a whole walk does.
    Walked(Walked),
    /// It reached the commit it was to stop at (before that commit's own change), where the
    /// file is `path`.
    Reached {
        /// The file's path there.
        path: String,
    },
}

/// How a walk for a change ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Walked {
    /// The newest commit whose change matched.
    Found(CommitInfo),
    /// No change matched; the commit that created the file (or the oldest one the history
    /// holds, at a shallow boundary).
    NotFound { created: CommitInfo },
}

impl Repository {
    /// Walks the first-parent chain from `head`, newest first, and returns the first commit whose
    /// change to `path` satisfies `matches` (whose errors stop the walk). Renames and splits are
    /// followed.
    pub fn newest_change(
        &self,
        head: ObjectId,
        path: &str,
        kind: DateKind,
        matches: impl FnMut(FileChange<'_>) -> Result<bool, Error>,
    ) -> Result<Walked, Error> {
        match self.newest_change_until(head, path, kind, None, matches)? {
            Until::Walked(walked) => Ok(walked),
            // Without a commit to stop at, the walk never reaches one.
            Until::Reached { .. } => Err(Error::Git {
                path: self.root.clone(),
                message: "the walk stopped without a stop".into(),
            }),
        }
    }

    /// [`Repository::newest_change`], stopping when it reaches `stop` (whose own change and
    /// older ones are known to the caller).
    pub fn newest_change_until(
        &self,
        head: ObjectId,
        path: &str,
        kind: DateKind,
        stop: Option<ObjectId>,
        mut matches: impl FnMut(FileChange<'_>) -> Result<bool, Error>,
    ) -> Result<Until, Error> {
        let mut path = path.to_owned();
        let walked = |w: Walked| Ok(Until::Walked(w));
        let mut current = head;
        // Each commit is decoded once: its tree here, its first parent for the next step.
        let (tree, mut next) = self.step(current)?;
        let Some(mut blob) = self.blob_in_tree(tree, &path)? else {
            return walked(Walked::NotFound {
                created: self.commit_info(head, kind)?,
            });
        };
        let mut older: Option<(ObjectId, Vec<u8>)> = None;
        let progress = crate::base::progress::start("walking first-parent history", None);
        loop {
            progress.step();
            if stop == Some(current) {
                return Ok(Until::Reached { path });
            }
            let Some(parent) = next else {
                return walked(Walked::NotFound {
                    created: self.commit_info(current, kind)?,
                });
            };
            let (parent_tree, grandparent) = self.step(parent)?;
            let (parent_path, parent_blob) = match self.blob_in_tree(parent_tree, &path)? {
                Some(id) => (path.clone(), id),
                None => match self.rename_source(parent, current, &path)? {
                    Some(found) => found,
                    None => match self.split_source(parent, current, &path, &self.blob_data(blob)?)? {
                        Some(source) => (source.path, source.blob),
                        None => {
                            return walked(Walked::NotFound {
                                created: self.commit_info(current, kind)?,
                            });
                        }
                    },
                },
            };
            if parent_blob != blob {
                // This change's version is the previous change's older one: read each blob once.
                let after = match older.take() {
                    Some((id, data)) if id == blob => data,
                    _ => self.blob_data(blob)?,
                };
                let before = self.blob_data(parent_blob)?;
                if matches(FileChange {
                    before: &before,
                    after: &after,
                    commit: current,
                    parent,
                    parent_path: &parent_path,
                    path: &path,
                    after_id: blob,
                    before_id: parent_blob,
                })? {
                    return walked(Walked::Found(self.commit_info(current, kind)?));
                }
                older = Some((parent_blob, before));
            }
            (current, path, blob, next) = (parent, parent_path, parent_blob, grandparent);
        }
    }

    /// The first of `targets` on the first-parent chain of `head` (`head` itself included),
    /// within `limit` commits: where a cache of an older state of the file can take over.
    pub fn first_parent_to(
        &self,
        head: ObjectId,
        targets: &std::collections::HashSet<ObjectId>,
        limit: usize,
    ) -> Result<Option<ObjectId>, Error> {
        let err = git_error(&self.root);
        let mut current = head;
        for _ in 0..limit {
            if targets.contains(&current) {
                return Ok(Some(current));
            }
            if self.shallow.contains(&current) {
                return Ok(None);
            }
            let commit = self.repo.find_commit(current).map_err(&err)?;
            match commit.parent_ids().next() {
                Some(parent) => current = parent.detach(),
                None => return Ok(None),
            }
        }
        Ok(None)
    }

    /// For each of `paths`, the newest first-parent commit from `head` that changed it (or
    /// created it): `None` for a path not in `head`, or, with `stop`, not changed since `stop`.
    pub fn last_changes(
        &self,
        head: ObjectId,
        paths: &[String],
        stop: Option<ObjectId>,
    ) -> Result<Vec<Option<ObjectId>>, Error> {
        let (tree, mut parent) = self.step(head)?;
        let mut blobs: Vec<Option<ObjectId>> = paths
            .iter()
            .map(|p| self.blob_in_tree(tree, p))
            .collect::<Result<_, _>>()?;
        let mut found: Vec<Option<ObjectId>> = vec![None; paths.len()];
        let mut open: Vec<usize> = (0..paths.len()).filter(|i| blobs[*i].is_some()).collect();
        let mut current = head;
        while !open.is_empty() && stop != Some(current) {
            let Some(p) = parent else {
                for i in open.drain(..) {
                    found[i] = Some(current);
                }
                break;
            };
            let (parent_tree, grandparent) = self.step(p)?;
            let mut still = Vec::with_capacity(open.len());
            for i in open {
                let before = self.blob_in_tree(parent_tree, &paths[i])?;
                if before != blobs[i] {
                    found[i] = Some(current);
                } else {
                    blobs[i] = before;
                    still.push(i);
                }
            }
            open = still;
            (current, parent) = (p, grandparent);
        }
        Ok(found)
    }

    /// A commit's tree and first parent (none at a shallow boundary), from one decode.
    pub(super) fn step(&self, commit: ObjectId) -> Result<(ObjectId, Option<ObjectId>), Error> {
        let err = git_error(&self.root);
        let decoded = self.repo.find_commit(commit).map_err(&err)?;
        let tree = decoded.tree_id().map_err(&err)?.detach();
        let parent = if self.shallow.contains(&commit) {
            None
        } else {
            decoded.parent_ids().next().map(|id| id.detach())
        };
        Ok((tree, parent))
    }

    pub(crate) fn blob_in_tree(&self, tree: ObjectId, path: &str) -> Result<Option<ObjectId>, Error> {
        let err = git_error(&self.root);
        let tree = self.repo.find_tree(tree).map_err(&err)?;
        Ok(tree
            .lookup_entry_by_path(path)
            .map_err(&err)?
            .filter(|e| e.mode().is_blob())
            .map(|e| e.object_id()))
    }

    pub(crate) fn blob_id(&self, commit: ObjectId, path: &str) -> Result<Option<ObjectId>, Error> {
        let (tree, _) = self.step(commit)?;
        self.blob_in_tree(tree, path)
    }

    /// The size of a blob, from its header: the object is not decompressed.
    pub(crate) fn blob_size(&self, id: ObjectId) -> Result<u64, Error> {
        let header = self.repo.find_header(id).map_err(git_error(&self.root))?;
        Ok(header.size())
    }

    pub(crate) fn blob_data(&self, id: ObjectId) -> Result<Vec<u8>, Error> {
        let mut blob = self.repo.find_blob(id).map_err(git_error(&self.root))?;
        Ok(blob.take_data())
    }

    /// Where `path` in `commit` came from in `parent`, if `commit` renamed it.
    pub(super) fn rename_source(
        &self,
        parent: ObjectId,
        commit: ObjectId,
        path: &str,
    ) -> Result<Option<(String, ObjectId)>, Error> {
        let err = git_error(&self.root);
        let old = self
            .repo
            .find_commit(parent)
            .map_err(&err)?
            .tree()
            .map_err(&err)?;
        let new = self
            .repo
            .find_commit(commit)
            .map_err(&err)?
            .tree()
            .map_err(&err)?;
        let options = gix::diff::Options::default().with_rewrites(Some(gix::diff::Rewrites::default()));
        let changes = self.repo.diff_tree_to_tree(&old, &new, options).map_err(&err)?;
        Ok(changes.into_iter().find_map(|change| match change {
            ChangeDetached::Rewrite {
                source_location,
                source_id,
                location,
                copy: false,
                ..
            } if location == path => Some((source_location.to_string(), source_id)),
            _ => None,
        }))
    }
}
