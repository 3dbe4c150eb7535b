//! What `check` and `install-hook` need from the repository besides history: the tracked files
//! (read from the index, so a pre-commit run sees files staged for the first commit), the
//! staged content the next commit will hold, and where git looks for hooks.

use super::{Error, Repository, git_error};
use gix::ObjectId;
use gix::bstr::ByteSlice;
use gix::index::entry::{Mode, Stage};
use std::path::{Path, PathBuf};

/// A regular file as the index holds it: what `git commit` would record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Staged {
    /// Relative to the working tree root.
    pub path: PathBuf,
    /// The staged blob; its content comes from [`Repository::staged_content`].
    blob: ObjectId,
    /// Whether the commit adds, copies, modifies or renames it (its content differs from HEAD's
    /// at that path, or HEAD has no such path), as opposed to carrying it over unchanged.
    pub changed: bool,
}

impl Repository {
    /// The regular files in the index, relative to the working tree root, in index order
    /// (sorted by path). Conflicted files appear once; symlinks and submodules are left out,
    /// because a line limit is about the text a reader opens, not about what a link points to.
    pub fn tracked_files(&self) -> Result<Vec<PathBuf>, Error> {
        let index = self.repo.index_or_empty().map_err(git_error(&self.root))?;
        let mut files = Vec::with_capacity(index.entries().len());
        let mut last: Option<&gix::bstr::BStr> = None;
        for entry in index.entries() {
            if !matches!(entry.mode, Mode::FILE | Mode::FILE_EXECUTABLE) {
                continue;
            }
            let path = entry.path(&index);
            // Conflict stages 1-3 of one path follow each other.
            if entry.stage() != Stage::Unconflicted && last == Some(path) {
                continue;
            }
            last = Some(path);
            match gix::path::from_bstr(path) {
                Ok(path) => files.push(path.into_owned()),
                // Only possible on Windows for paths that are not Unicode: nothing to check there.
                Err(_) => continue,
            }
        }
        Ok(files)
    }

    /// The symbolic links in the index, relative to the working tree root: each link's path and
    /// its target as git stores it (the blob's text), never read through the disk.
    pub fn tracked_links(&self) -> Result<Vec<(String, String)>, Error> {
        let index = self.repo.index_or_empty().map_err(git_error(&self.root))?;
        let mut links = Vec::new();
        for entry in index.entries() {
            if entry.mode != Mode::SYMLINK || entry.stage() != Stage::Unconflicted {
                continue;
            }
            let Ok(path) = entry.path(&index).to_str() else {
                continue;
            };
            let Ok(blob) = self.repo.find_blob(entry.id) else {
                continue;
            };
            if let Ok(target) = blob.data.to_str() {
                links.push((path.to_owned(), target.to_owned()));
            }
        }
        Ok(links)
    }

    /// The first path the index tracks at or under the repository-relative folder `folder`
    /// (slash-separated), if any: a tracked `.learnings/` came with the repository, and
    /// private data must never be written into it.
    pub fn first_tracked_under(&self, folder: &str) -> Result<Option<String>, Error> {
        let index = self.repo.index_or_empty().map_err(git_error(&self.root))?;
        let prefix = format!("{}/", folder.trim_end_matches('/'));
        let exact = folder.trim_end_matches('/');
        let first = index
            .prefixed_entries(prefix.as_bytes().as_bstr())
            .and_then(|entries| entries.first())
            .or_else(|| index.entry_by_path(exact.as_bytes().as_bstr()))
            .map(|entry| entry.path(&index).to_str_lossy().into_owned());
        Ok(first)
    }

    /// The regular files of the index (the one `GIT_INDEX_FILE` names, as in a partial commit)
    /// that `keep` accepts, in path order, each compared with HEAD. Comparing by path rather
    /// than detecting renames is deliberate: a renamed file is new at its new path, so it is
    /// checked whatever its similarity. Conflicted paths are left out: git refuses to commit
    /// them. Only kept files are looked up in HEAD's tree, so the cost follows the files a rule
    /// governs, not the size of the repository.
    pub fn staged_files(&self, keep: impl Fn(&Path) -> bool) -> Result<Vec<Staged>, Error> {
        let err = git_error(&self.root);
        let index = self.repo.index_or_empty().map_err(&err)?;
        let head_tree = match self.head() {
            Ok(commit) => Some(
                self.repo
                    .find_commit(commit)
                    .map_err(&err)?
                    .tree_id()
                    .map_err(&err)?
                    .detach(),
            ),
            Err(Error::UnbornHead { .. }) => None,
            Err(e) => return Err(e),
        };
        let mut files = Vec::new();
        for entry in index.entries() {
            if !matches!(entry.mode, Mode::FILE | Mode::FILE_EXECUTABLE)
                || entry.stage() != Stage::Unconflicted
            {
                continue;
            }
            let path = entry.path(&index);
            let Ok(relative) = gix::path::from_bstr(path) else {
                continue;
            };
            if !keep(&relative) {
                continue;
            }
            let in_head = match (head_tree, path.to_str()) {
                (Some(tree), Ok(path)) => self.blob_in_tree(tree, path)?,
                _ => None,
            };
            files.push(Staged {
                path: relative.into_owned(),
                blob: entry.id,
                changed: in_head != Some(entry.id),
            });
        }
        Ok(files)
    }

    /// The staged content of a file.
    pub fn staged_content(&self, file: &Staged) -> Result<Vec<u8>, Error> {
        self.blob_data(file.blob)
    }

    /// The folder git runs hooks from: `core.hooksPath` (relative to the working tree root, as
    /// git resolves it for hooks), else `hooks` in the common git dir (shared by worktrees).
    pub fn hooks_dir(&self) -> Result<PathBuf, Error> {
        let configured = self
            .repo
            .config_snapshot()
            .trusted_path("core.hooksPath")
            .map_err(git_error(&self.root))?;
        Ok(match configured {
            Some(path) if path.is_absolute() => path,
            Some(path) => self.root.join(path),
            None => self.repo.common_dir().join("hooks"),
        })
    }
}
