//! The store's one way to touch the disk: folders made owner-only (0700), files owner-only
//! (0600), and nothing ever written or read through a symbolic link or into a FIFO.
//!
//! The threat is a repository cloned from a stranger: it can commit `.learnings/` as a link, or
//! a file in it as a link to `~/.bashrc`, and every hook appends to that file. So each folder
//! under the store's top is looked at without following links before it is used, and each file
//! is opened with `O_NOFOLLOW` (a link fails with `ELOOP`) and `O_NONBLOCK` (a FIFO does not
//! hang the hook), then checked to be a regular file before a byte moves. Replacing a file
//! goes through a private temp file and a rename, which replaces a link rather than following
//! it. A folder that already exists with wider permissions (made by an older version, or by
//! git) is narrowed to 0700, and a file to 0600, the first time the store uses it.
//!
//! What is left is a race against a local process that swaps a folder for a link between the
//! look and the open; a repository's content is fixed when it is cloned, so that is outside
//! what this guards against (`openat` without links would close it, at the price of unsafe
//! code, which the crate forbids).

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// The mode of every folder the store makes.
pub const DIR_MODE: u32 = 0o700;
/// The mode of every file the store makes.
pub const FILE_MODE: u32 = 0o600;

/// Why the store refused a path.
fn refused(path: &Path, what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::PermissionDenied,
        format!(
            "{what}; learnings never writes through it: remove {} (it is not learnings')",
            path.display()
        ),
    )
}

/// Makes `dir` and the folders between `top` and it (each owner-only), where `top` is the
/// store's own folder (`.learnings` or the user's data folder) and `dir` is inside it. Any of
/// them that is a link, or not a folder, is refused. The parent of `top` must exist: a project
/// folder that is not there is never created (a hook's `cwd` can name anything).
pub fn private_dir(top: &Path, dir: &Path) -> io::Result<()> {
    let below = below(top, dir)?;
    if let Some(parent) = top.parent().filter(|p| !p.as_os_str().is_empty())
        && !std::fs::metadata(parent).is_ok_and(|m| m.is_dir())
    {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("{} is not a folder", parent.display()),
        ));
    }
    let mut at = top.to_path_buf();
    one_dir(&at, true)?;
    for part in below.components() {
        at.push(part);
        one_dir(&at, true)?;
    }
    Ok(())
}

/// Makes the folders from `root` (which must exist) down to `dir` with the user's umask,
/// refusing any that is a link: for what we write into a repository's own folders (the
/// LearningAgents' session logs under `.deepwork/`), which are not private but must not be
/// redirected either.
pub fn dirs_in(root: &Path, dir: &Path) -> io::Result<()> {
    let below = below(root, dir)?;
    let mut at = root.to_path_buf();
    for part in below.components() {
        at.push(part);
        one_dir(&at, false)?;
    }
    Ok(())
}

/// `dir` relative to `top`, or an error when it is not inside it.
fn below<'a>(top: &Path, dir: &'a Path) -> io::Result<&'a Path> {
    dir.strip_prefix(top).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is outside {}", dir.display(), top.display()),
        )
    })
}

/// Makes `dir` (its parent must exist) with the user's umask, or checks it: refused if it is a
/// link. For the history cache in the git folder, which is not private but must not be
/// redirected.
pub fn folder(dir: &Path) -> io::Result<()> {
    one_dir(dir, false)
}

/// Makes or checks one folder; `private` ones are owner-only.
fn one_dir(dir: &Path, private: bool) -> io::Result<()> {
    let check_dir = |dir: &Path, meta: &std::fs::Metadata| {
        check_dir(dir, meta)?;
        if private {
            narrow(dir, meta, DIR_MODE)
        } else {
            Ok(())
        }
    };
    match std::fs::symlink_metadata(dir) {
        Ok(meta) => check_dir(dir, &meta),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            #[cfg_attr(not(unix), allow(unused_mut))] // the mode is set on Unix only
            let mut builder = std::fs::DirBuilder::new();
            #[cfg(unix)]
            if private {
                std::os::unix::fs::DirBuilderExt::mode(&mut builder, DIR_MODE);
            }
            match builder.create(dir) {
                Ok(()) => Ok(()),
                // Another hook made it between the look and the make: look again.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    check_dir(dir, &std::fs::symlink_metadata(dir)?)
                }
                Err(e) => Err(e),
            }
        }
        Err(e) => Err(e),
    }
}

fn check_dir(dir: &Path, meta: &std::fs::Metadata) -> io::Result<()> {
    if meta.file_type().is_symlink() {
        return Err(refused(dir, "is a symbolic link"));
    }
    if !meta.is_dir() {
        return Err(refused(dir, "is not a folder"));
    }
    Ok(())
}

/// Takes the group's and others' bits off a folder or file of ours.
#[cfg(unix)]
fn narrow(path: &Path, meta: &std::fs::Metadata, mode: u32) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    if meta.permissions().mode() & 0o077 != 0 {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))?;
    }
    Ok(())
}

#[cfg(not(unix))]
fn narrow(_: &Path, _: &std::fs::Metadata, _: u32) -> io::Result<()> {
    Ok(())
}

/// Options that never follow a link at the last component and never block on a FIFO.
fn options() -> std::fs::OpenOptions {
    #[cfg_attr(not(unix), allow(unused_mut))] // the flags are set on Unix only
    let mut options = std::fs::OpenOptions::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
        options.mode(FILE_MODE);
    }
    options
}

/// A file just opened, refused unless it is a regular file; made owner-only.
fn regular(file: std::fs::File, path: &Path) -> io::Result<std::fs::File> {
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(refused(path, "is not a regular file"));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o077 != 0 {
            file.set_permissions(std::fs::Permissions::from_mode(FILE_MODE))?;
        }
    }
    Ok(file)
}

/// Whether an open failed because the last component is a link (`ELOOP` on Unix).
fn is_link_error(e: &io::Error, path: &Path) -> bool {
    e.raw_os_error()
        .is_some_and(|_| std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()))
}

/// Opens `path` for appending, creating it (0600) if it is missing.
pub fn open_append(path: &Path) -> io::Result<std::fs::File> {
    let file = options()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| link_or(e, path))?;
    regular(file, path)
}

/// Opens `path` for appending if it exists (`Ok(None)` when it does not).
pub fn open_append_existing(path: &Path) -> io::Result<Option<std::fs::File>> {
    match options().append(true).open(path) {
        Ok(file) => regular(file, path).map(Some),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(link_or(e, path)),
    }
}

/// Creates `path` (0600) with `contents` only if nothing is there; `Ok(false)` when something
/// is (a link counts: `O_EXCL` never follows one).
pub fn create_new(path: &Path, contents: &[u8]) -> io::Result<bool> {
    match options().write(true).create_new(true).open(path) {
        Ok(mut file) => {
            file.write_all(contents)?;
            Ok(true)
        }
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(e),
    }
}

/// The bytes of `path`, or `None` when it is missing; a link or anything but a regular file
/// is refused.
pub fn read(path: &Path) -> io::Result<Option<Vec<u8>>> {
    let mut read_options = options();
    read_options.read(true);
    match read_options.open(path) {
        Ok(file) => {
            let mut file = regular_for_reading(file, path)?;
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes)?;
            Ok(Some(bytes))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(link_or(e, path)),
    }
}

/// Like [`regular`], without changing the mode (a read never writes).
fn regular_for_reading(file: std::fs::File, path: &Path) -> io::Result<std::fs::File> {
    if file.metadata()?.is_file() {
        Ok(file)
    } else {
        Err(refused(path, "is not a regular file"))
    }
}

/// Replaces `path` by `contents` atomically: a 0600 temp file in the same folder, renamed over
/// it (a rename replaces a link, never follows it).
pub fn write(path: &Path, contents: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no parent folder"))?;
    let mut builder = tempfile::Builder::new();
    builder.prefix(".tmp-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(FILE_MODE));
    }
    let mut file = builder.tempfile_in(dir)?;
    file.write_all(contents)?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// The error of an open, named as a link when that is what it met.
fn link_or(e: io::Error, path: &Path) -> io::Error {
    if is_link_error(&e, path) {
        refused(path, "is a symbolic link")
    } else {
        e
    }
}

/// Removes `path` if it is there (a link is removed, never followed).
pub fn remove(path: &Path) -> io::Result<()> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// The most entries of one folder [`problem`] looks at. SessionStart runs it, and a project that
/// gathered 100,000 claim folders under an older version cost 55 ms of reading that folder whole.
/// A link past the first entries is not said, but never written through either: every write
/// refuses one by itself.
const PROBLEM_SCAN: usize = 1_000;

/// What is wrong with the store's folder `top` as found on disk: a link, not a folder, or a
/// link inside it (looked for two levels down, where the store keeps files, among the first
/// [`PROBLEM_SCAN`] entries of each folder). `None` when it is missing or sound.
pub fn problem(top: &Path) -> Option<String> {
    let meta = std::fs::symlink_metadata(top).ok()?;
    if meta.file_type().is_symlink() {
        return Some(format!("{} is a symbolic link", top.display()));
    }
    if !meta.is_dir() {
        return Some(format!("{} is not a folder", top.display()));
    }
    let mut links: Vec<PathBuf> = Vec::new();
    for entry in std::fs::read_dir(top).ok()?.take(PROBLEM_SCAN).flatten() {
        let Ok(kind) = entry.file_type() else { continue };
        if kind.is_symlink() {
            links.push(entry.path());
        } else if kind.is_dir() {
            let inner = std::fs::read_dir(entry.path())
                .into_iter()
                .flatten()
                .take(PROBLEM_SCAN)
                .flatten();
            links.extend(
                inner
                    .filter(|e| e.file_type().is_ok_and(|k| k.is_symlink()))
                    .map(|e| e.path()),
            );
        }
    }
    links.sort();
    let first = links.first()?;
    Some(match links.len() {
        1 => format!("{} is a symbolic link", first.display()),
        n => format!("{} and {} more are symbolic links", first.display(), n - 1),
    })
}

#[cfg(test)]
#[cfg(unix)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn mode(path: &Path) -> u32 {
        std::fs::symlink_metadata(path)
            .expect("meta")
            .permissions()
            .mode()
            & 0o777
    }

    #[test]
    fn folders_and_files_are_owner_only_and_links_are_refused() {
        let temp = tempfile::tempdir().expect("temp");
        let top = temp.path().join(".learnings");
        private_dir(&top, &top.join("inject/s1")).expect("dirs");
        assert_eq!(mode(&top), 0o700);
        assert_eq!(mode(&top.join("inject/s1")), 0o700);
        let log = top.join("log.jsonl");
        open_append(&log).expect("open").write_all(b"x\n").expect("write");
        assert_eq!(mode(&log), 0o600);

        let outside = temp.path().join("bashrc");
        std::fs::write(&outside, "rc\n").expect("write");
        let link = top.join("effect.jsonl");
        std::os::unix::fs::symlink(&outside, &link).expect("link");
        let e = open_append(&link).expect_err("a link is refused");
        assert!(e.to_string().contains("is a symbolic link"), "{e}");
        assert!(read(&link).is_err());
        assert!(!create_new(&link, b"y").expect("create_new"));
        assert_eq!(std::fs::read_to_string(&outside).expect("read"), "rc\n");
        assert!(problem(&top).is_some_and(|p| p.contains("effect.jsonl")));

        let linked_top = temp.path().join("other");
        std::os::unix::fs::symlink(temp.path(), &linked_top).expect("link");
        assert!(private_dir(&linked_top, &linked_top.join("x")).is_err());
        assert!(!temp.path().join("x").exists());
    }

    #[test]
    fn a_fifo_is_refused_without_waiting() {
        let temp = tempfile::tempdir().expect("temp");
        let fifo = temp.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return;
        }
        assert!(read(&fifo).is_err());
        assert!(open_append(&fifo).is_err());
    }

    #[test]
    fn wider_modes_are_narrowed() {
        let temp = tempfile::tempdir().expect("temp");
        let top = temp.path().join(".learnings");
        std::fs::create_dir(&top).expect("mkdir");
        std::fs::set_permissions(&top, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let file = top.join("f");
        std::fs::write(&file, "").expect("write");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        private_dir(&top, &top).expect("dir");
        open_append(&file).expect("open");
        assert_eq!((mode(&top), mode(&file)), (0o700, 0o600));
    }
}
