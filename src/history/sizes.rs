//! Every first-parent version of one file, oldest first, for the size history of `report`.
//!
//! Only the first-parent chain is read, as in the consolidation walk: the file on the main line
//! is the file the team had. A commit counts only when it changed the file's blob, so the walk
//! decodes every first-parent commit and its tree path, but reads a blob only when it differs
//! from the one before. Renames are followed; the walk stops where the file was created, or at a
//! shallow boundary.

use super::{CommitInfo, DateKind, Error, Repository, git_error};
use gix::ObjectId;
use gix::object::tree::diff::ChangeDetached;

/// One version of the file, as the caller measured it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Version<T> {
    /// The commit that made this version.
    pub commit: CommitInfo,
    /// What `measure` returned for it.
    pub measure: T,
}

impl Repository {
    /// The versions of `path` along the first-parent chain from `head`, oldest first.
    ///
    /// `measure(before, after)` is called once per version, newest first, with the version in
    /// the first parent (`None` where the commit created the file) and the version it made.
    /// Each blob is read once: a version's `before` is the next call's `after`.
    pub fn file_versions<T>(
        &self,
        head: ObjectId,
        path: &str,
        kind: DateKind,
        mut measure: impl FnMut(Option<&[u8]>, &[u8]) -> T,
    ) -> Result<Vec<Version<T>>, Error> {
        let mut versions = Vec::new();
        let mut path = path.to_owned();
        let mut current = head;
        let (tree, mut next) = self.tree_and_parent(current)?;
        let Some(mut blob) = self.entry_in_tree(tree, &path)? else {
            return Ok(versions);
        };
        let mut after = self.blob_data(blob)?;
        loop {
            let parent_version = match next {
                None => None,
                Some(parent) => {
                    let (parent_tree, grandparent) = self.tree_and_parent(parent)?;
                    let found = match self.entry_in_tree(parent_tree, &path)? {
                        Some(id) => Some((path.clone(), id)),
                        None => self.renamed_from(parent, current, &path)?,
                    };
                    found.map(|(parent_path, id)| (parent, grandparent, parent_path, id))
                }
            };
            let Some((parent, grandparent, parent_path, parent_blob)) = parent_version else {
                versions.push(Version {
                    commit: self.commit_info(current, kind)?,
                    measure: measure(None, &after),
                });
                break;
            };
            if parent_blob != blob {
                let before = self.blob_data(parent_blob)?;
                versions.push(Version {
                    commit: self.commit_info(current, kind)?,
                    measure: measure(Some(&before), &after),
                });
                after = before;
            }
            (current, path, blob, next) = (parent, parent_path, parent_blob, grandparent);
        }
        versions.reverse();
        Ok(versions)
    }

    /// A commit's tree and first parent (none at a shallow boundary), from one decode.
    fn tree_and_parent(&self, commit: ObjectId) -> Result<(ObjectId, Option<ObjectId>), Error> {
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

    fn entry_in_tree(&self, tree: ObjectId, path: &str) -> Result<Option<ObjectId>, Error> {
        let err = git_error(&self.root);
        let tree = self.repo.find_tree(tree).map_err(&err)?;
        Ok(tree
            .lookup_entry_by_path(path)
            .map_err(&err)?
            .filter(|e| e.mode().is_blob())
            .map(|e| e.object_id()))
    }

    /// Where `path` in `commit` came from in `parent`, if `commit` renamed it.
    fn renamed_from(
        &self,
        parent: ObjectId,
        commit: ObjectId,
        path: &str,
    ) -> Result<Option<(String, ObjectId)>, Error> {
        let err = git_error(&self.root);
        let tree = |id: ObjectId| -> Result<gix::Tree<'_>, Error> {
            self.repo.find_commit(id).map_err(&err)?.tree().map_err(&err)
        };
        let (old, new) = (tree(parent)?, tree(commit)?);
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
