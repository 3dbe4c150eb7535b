//! What one commit changed beside a file: the other files' texts before and after, and the
//! submodules it moved. The consolidation judge looks there for where removed entries went.

use super::{Error, Repository, git_error};
use gix::ObjectId;
use gix::object::tree::diff::ChangeDetached;

/// A file a commit added, changed or deleted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangedFile {
    /// Repository-relative path.
    pub path: String,
    /// Its text in the parent (`None`: the commit created it).
    pub before: Option<String>,
    /// Its text in the commit (`None`: the commit deleted it).
    pub after: Option<String>,
}

/// Files larger than this are not read for entries' content: no doc is that large.
const TEXT_CAP: usize = 8 * 1024 * 1024;

impl Repository {
    /// The text files `parent..commit` changed whose path `wanted` accepts (sorted by path;
    /// binary and oversized files left out), and the submodules it moved.
    pub fn changed_files(
        &self,
        parent: ObjectId,
        commit: ObjectId,
        wanted: impl Fn(&str) -> bool,
    ) -> Result<(Vec<ChangedFile>, Vec<String>), Error> {
        let changes = self.tree_changes(parent, commit)?;
        let mut files = Vec::new();
        let mut submodules = Vec::new();
        for change in changes {
            let (path, before, after, mode) = match change {
                ChangeDetached::Addition {
                    location,
                    id,
                    entry_mode,
                    ..
                } => (location, None, Some(id), entry_mode),
                ChangeDetached::Deletion {
                    location,
                    id,
                    entry_mode,
                    ..
                } => (location, Some(id), None, entry_mode),
                ChangeDetached::Modification {
                    location,
                    previous_id,
                    id,
                    entry_mode,
                    ..
                } => (location, Some(previous_id), Some(id), entry_mode),
                ChangeDetached::Rewrite { .. } => continue,
            };
            let path = path.to_string();
            if mode.is_commit() {
                submodules.push(path);
                continue;
            }
            if !mode.is_blob() || !wanted(&path) {
                continue;
            }
            // A blob the object store lacks (a partial clone, a snapshot without large files)
            // is no text to look in, not a reason to fail.
            let text = |id: Option<ObjectId>| {
                id.and_then(|id| self.blob_data(id).ok())
                    .and_then(|b| text_of(&b))
            };
            let (before, after) = (text(before), text(after));
            if before.is_some() || after.is_some() {
                files.push(ChangedFile { path, before, after });
            }
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        submodules.sort();
        Ok((files, submodules))
    }

    /// What `commit` changed against `parent`, path by path (no rename detection).
    pub(super) fn tree_changes(
        &self,
        parent: ObjectId,
        commit: ObjectId,
    ) -> Result<Vec<ChangeDetached>, Error> {
        let err = git_error(&self.root);
        let tree = |id: ObjectId| -> Result<gix::Tree<'_>, Error> {
            self.repo.find_commit(id).map_err(&err)?.tree().map_err(&err)
        };
        let (old, new) = (tree(parent)?, tree(commit)?);
        self.repo
            .diff_tree_to_tree(&old, &new, gix::diff::Options::default().with_rewrites(None))
            .map_err(&err)
    }

    /// The text files of `commit` whose path `wanted` accepts, sorted by path.
    pub fn texts_at(
        &self,
        commit: ObjectId,
        wanted: impl Fn(&str) -> bool,
    ) -> Result<Vec<(String, String)>, Error> {
        let mut texts = Vec::new();
        for source in self.markdown_files(commit)? {
            if wanted(&source.path)
                && let Some(text) = self.blob_data(source.blob).ok().and_then(|b| text_of(&b))
            {
                texts.push((source.path, text));
            }
        }
        Ok(texts)
    }
}

/// The text of a blob, without a byte-order mark; `None` for binary or oversized content.
pub(super) fn text_of(bytes: &[u8]) -> Option<String> {
    if bytes.len() > TEXT_CAP || bytes.contains(&0) {
        return None;
    }
    Some(crate::model::lossy(bytes))
}
