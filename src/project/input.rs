//! Checks on the paths a user passes, before anything opens them.
//!
//! Opening a FIFO waits for a writer forever and reading a folder fails with an OS message that
//! names no remedy, so a FILE argument that is not a regular file is refused by name first. A
//! path whose folder does not exist names that folder: a typo there is not a missing file.

use crate::error::{Error, Result};
use std::path::Path;

/// Refuses `path` if it exists and is not a regular file (symlinks followed), or if one of its
/// folders is missing. A missing file in an existing folder is the caller's to report: a deleted
/// file still has a history.
pub fn expect_file(path: &Path) -> Result<()> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(()),
        Ok(meta) => Err(Error::NotAFile {
            path: crate::base::paths::tidy(path),
            kind: kind(&meta),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => match missing_folder(path) {
            Some(folder) => Err(Error::MissingFolder { path: folder }),
            None => Ok(()),
        },
        // Whatever else is wrong (permissions), the read that follows says it with the path.
        Err(_) => Ok(()),
    }
}

/// Refuses `path` if it exists and is not a regular file; a missing path is the caller's to
/// report (a configured learnings file that is gone is named as such, folder or not).
pub fn refuse_special(path: &Path) -> Result<()> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Err(Error::NotAFile {
            path: crate::base::paths::tidy(path),
            kind: kind(&meta),
        }),
        _ => Ok(()),
    }
}

/// The outermost folder on the way to `path` that does not exist, if its parent folder is missing.
pub fn missing_folder(path: &Path) -> Option<std::path::PathBuf> {
    let mut missing = None;
    let mut folder = path.parent();
    while let Some(dir) = folder.filter(|d| !d.as_os_str().is_empty()) {
        if dir.exists() {
            break;
        }
        missing = Some(crate::base::paths::tidy(dir));
        folder = dir.parent();
    }
    missing
}

fn kind(meta: &std::fs::Metadata) -> &'static str {
    if meta.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}
