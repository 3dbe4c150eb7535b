//! File writes that are all-or-nothing: a temp file in the same folder, then a rename.
//!
//! Hooks run concurrently (several sub-agents can finish at once) and a reader such as the stop
//! hook may look at any moment: it must see the old file or the new one, never half of one. The
//! temp file sits in the target's own folder because a rename is only atomic within one file
//! system.
//!
//! Every atomic write of the product goes through [`temp_in`], the one place that sets modes:
//! a temp file is private (0600) by default, so a new file is created as git creates files
//! (0666, or 0777 for a hook, minus the umask, which the kernel applies), and a file that is
//! replaced keeps the mode it had.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// A file write that failed, with the file it concerns. The rooms above turn it into their own
/// error, with the same words.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct Error {
    /// The file or folder the write concerned.
    pub path: PathBuf,
    /// What the system said.
    #[source]
    pub source: std::io::Error,
}

impl Error {
    /// Wraps an I/O error with the path it concerns.
    pub fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> Error {
        let path = path.into();
        move |source| Error { path, source }
    }
}

type Result<T, E = Error> = std::result::Result<T, E>;

/// Writes `contents` to `path`, replacing it atomically.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<()> {
    write_atomic_mode(path, contents, NEW_FILE)
}

/// Like [`write_atomic`], with the mode a new file gets before the umask (0777 for a script).
pub fn write_atomic_mode(path: &Path, contents: &[u8], new_mode: u32) -> Result<()> {
    if let Ok(meta) = std::fs::symlink_metadata(path)
        && !meta.is_file()
        && !meta.is_dir()
        && !meta.file_type().is_symlink()
    {
        return write_special(path, meta.file_type(), contents);
    }
    let mut file = temp_in(path, new_mode)?;
    file.write_all(contents).map_err(Error::io(file.path()))?;
    file.persist(path).map_err(|e| Error::io(path)(e.error))?;
    Ok(())
}

/// Writes into a device or a FIFO at `path` (`--out /dev/null`, a named pipe) as any tool
/// writes to it. Renaming a file over it would replace the device itself: run as root,
/// `report --out /dev/null` turned `/dev/null` into a file, and every program that read it
/// then read a report. A FIFO is opened without blocking, so one with no reader fails at once
/// rather than hangs; a block device or a socket is refused.
fn write_special(path: &Path, kind: std::fs::FileType, contents: &[u8]) -> Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        if kind.is_block_device() || kind.is_socket() {
            return Err(Error::io(path)(std::io::Error::other(
                "is a block device or a socket, not a file; pass a file",
            )));
        }
        let nonblock = if kind.is_fifo() { libc::O_NONBLOCK } else { 0 };
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NOFOLLOW | nonblock)
            .open(path)
            .map_err(|e| match e.raw_os_error() {
                Some(libc::ENXIO) => Error::io(path)(std::io::Error::other(
                    "a named pipe with no reader; start its reader first",
                )),
                _ => Error::io(path)(e),
            })?;
        let mut rest = contents;
        while !rest.is_empty() {
            match file.write(rest) {
                Ok(0) => return Err(Error::io(path)(std::io::ErrorKind::WriteZero.into())),
                Ok(n) => rest = &rest[n..],
                // A full pipe: its reader is behind.
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(Error::io(path)(e)),
            }
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        let _ = kind;
        std::fs::write(path, contents).map_err(Error::io(path))
    }
}

/// Like [`write_atomic`], but leaves `path` alone when it already holds exactly `contents`.
///
/// Replacing an existing file by rename costs a data flush on ext4 (`auto_da_alloc`), about a
/// millisecond: the hooks skip it when the agent is used again within the same second.
pub fn replace_if_changed(path: &Path, contents: &[u8]) -> Result<()> {
    let same = std::fs::File::open(path).is_ok_and(|file| {
        let mut current = Vec::with_capacity(contents.len() + 1);
        file.take(contents.len() as u64 + 1)
            .read_to_end(&mut current)
            .is_ok_and(|_| current == contents)
    });
    if same {
        Ok(())
    } else {
        write_atomic(path, contents)
    }
}

/// Writes `contents` to `path` only if nothing is there yet; returns whether it wrote.
/// Atomic too: a file appears whole or not at all, and an existing one is never replaced.
pub fn write_new(path: &Path, contents: &[u8]) -> Result<bool> {
    if path.symlink_metadata().is_ok() {
        return Ok(false);
    }
    let mut file = temp_in(path, NEW_FILE)?;
    file.write_all(contents).map_err(Error::io(file.path()))?;
    match file.persist_noclobber(path) {
        Ok(_) => Ok(true),
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(Error::io(path)(e.error)),
    }
}

/// Opens `path` for reading only if it is a regular file: a FIFO, a device (`/dev/zero`,
/// `/dev/stdin`) or a folder is refused at once instead of hanging or never ending. The open
/// does not block (`O_NONBLOCK`, which a regular file ignores). For every file a hook reads
/// that a repository or a hook's input names: a committed link can point anywhere.
pub fn open_regular(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(path)?;
    if file.metadata()?.is_file() {
        Ok(file)
    } else {
        Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file",
        ))
    }
}

/// The bytes of the regular file at `path` ([`open_regular`]), at most `cap` of them.
pub fn read_regular(path: &Path, cap: u64) -> std::io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(cap).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The most of a configuration file read: far above any real `learnings.toml`.
pub const CONFIG_CAP: u64 = 4 * 1024 * 1024;

/// The text of a configuration file a repository carries (`learnings.toml`), read like
/// [`read_regular`], up to [`CONFIG_CAP`]: a committed link to `/dev/zero` or a FIFO must not
/// stall every hook. Invalid UTF-8 is `InvalidData`, as `fs::read_to_string` says it.
pub fn read_config(path: &Path) -> std::io::Result<String> {
    let bytes = read_regular(path, CONFIG_CAP + 1)?;
    if bytes.len() as u64 > CONFIG_CAP {
        return Err(std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            "over 4 MiB, far more than any learnings.toml holds: is it the right file?",
        ));
    }
    String::from_utf8(bytes).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
}

/// Points `link` at `target` (a symbolic link), replacing an existing `link` atomically.
///
/// Where the platform refuses symbolic links (Windows without developer mode), falls back to a
/// hard link, which needs no privilege but only works on the same volume.
pub fn link_atomic(target: &Path, link: &Path) -> Result<()> {
    let dir = parent(link)?;
    let temp = tempfile::Builder::new()
        .prefix(".tmp-")
        .make_in(dir, |path| make_link(target, path))
        .map_err(Error::io(dir))?;
    temp.into_temp_path()
        .persist(link)
        .map_err(|e| Error::io(link)(e.error))?;
    Ok(())
}

#[cfg(unix)]
fn make_link(target: &Path, path: &Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(target, path)
}

#[cfg(windows)]
fn make_link(target: &Path, path: &Path) -> std::io::Result<()> {
    std::os::windows::fs::symlink_file(target, path).or_else(|_| std::fs::hard_link(target, path))
}

#[cfg(not(any(unix, windows)))]
fn make_link(target: &Path, path: &Path) -> std::io::Result<()> {
    std::fs::hard_link(target, path)
}

/// The mode of a new file before the umask, as git creates working-tree files.
pub const NEW_FILE: u32 = 0o666;
/// The mode of a new script (a git hook) before the umask.
pub const NEW_SCRIPT: u32 = 0o777;

/// A temp file beside `path` with the mode `path` will have: its current one if it exists,
/// else `new_mode` minus the umask.
fn temp_in(path: &Path, new_mode: u32) -> Result<tempfile::NamedTempFile> {
    let dir = parent(path)?;
    let mut builder = tempfile::Builder::new();
    builder.prefix(".tmp-");
    #[cfg(unix)]
    let kept = {
        use std::os::unix::fs::PermissionsExt;
        // Created with `new_mode` so that the kernel applies the umask, as for any new file.
        builder.permissions(std::fs::Permissions::from_mode(new_mode));
        std::fs::metadata(path).ok().map(|m| m.permissions())
    };
    #[cfg(not(unix))]
    let kept: Option<std::fs::Permissions> = {
        let _ = new_mode;
        None
    };
    let file = builder.tempfile_in(dir).map_err(Error::io(dir))?;
    if let Some(permissions) = kept {
        file.as_file()
            .set_permissions(permissions)
            .map_err(Error::io(file.path()))?;
    }
    Ok(file)
}

fn parent(path: &Path) -> Result<&Path> {
    path.parent().ok_or_else(|| {
        Error::io(path)(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "has no parent folder",
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_replace_and_new_files_do_not() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("f");
        write_atomic(&path, b"one").expect("write");
        write_atomic(&path, b"two").expect("write");
        assert_eq!(std::fs::read(&path).expect("read"), b"two");
        assert!(!write_new(&path, b"three").expect("write_new"));
        assert_eq!(std::fs::read(&path).expect("read"), b"two");
        assert!(write_new(&dir.path().join("g"), b"g").expect("write_new"));
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names.len(), 2, "no temp file left behind: {names:?}");
    }

    #[cfg(unix)]
    #[test]
    fn links_replace_links() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (a, b, link) = (dir.path().join("a"), dir.path().join("b"), dir.path().join("l"));
        std::fs::write(&a, "a").expect("write");
        std::fs::write(&b, "b").expect("write");
        link_atomic(&a, &link).expect("link");
        link_atomic(&b, &link).expect("relink");
        assert_eq!(std::fs::read_to_string(&link).expect("read"), "b");
    }
}
