//! Every first-parent version of one file, oldest first, for the size history of `report`.
//!
//! Only the first-parent chain is read, as in the consolidation walk: the file on the main line
//! is the file the team had. A commit counts only when it changed the file's blob, so the walk
//! decodes every first-parent commit and its tree path, but reads a blob only when it differs
//! from the one before. Renames are followed; the walk stops where the file was created, or at a
//! shallow boundary.

use super::{CommitInfo, DateKind, Error, Repository};
use gix::ObjectId;

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
        let (tree, mut next) = self.step(current)?;
        let Some(mut blob) = self.blob_in_tree(tree, &path)? else {
            return Ok(versions);
        };
        let mut after = self.blob_data(blob)?;
        let progress = crate::base::progress::start("measuring the file at each commit", None);
        loop {
            progress.step();
            let parent_version = match next {
                None => None,
                Some(parent) => {
                    let (parent_tree, grandparent) = self.step(parent)?;
                    let found = match self.blob_in_tree(parent_tree, &path)? {
                        Some(id) => Some((path.clone(), id)),
                        None => self.rename_source(parent, current, &path)?,
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
}
