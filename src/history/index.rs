//! What `check` and `install-hook` need from the repository besides history: the tracked files
//! (read from the index, so a pre-commit run sees files staged for the first commit) and where
//! git looks for hooks.

use super::{Error, Repository, git_error};
use gix::index::entry::{Mode, Stage};
use std::path::PathBuf;

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
