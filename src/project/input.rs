//! Checks on the paths a user passes, before anything opens them.
//!
//! Opening a FIFO waits for a writer forever and reading a folder fails with an OS message that
//! names no remedy, so a FILE argument that is not a regular file is refused by name first. A
//! path whose folder does not exist names that folder: a typo there is not a missing file.

use crate::error::{Error, Result};
use std::path::Path;

/// The largest learnings file the history commands read. Blame, the analysis and the cache
/// hold about eleven copies of the file while they work (the bytes, the decoded text, HEAD's
/// version and its text, gix's object cache and blame's own), so a command's memory would pass
/// three times the file's size plus 100 MB at about 11 MB. Real files are under 1 MB.
pub const MAX_LEARNINGS_BYTES: u64 = 8 * 1024 * 1024;

/// The most headings of a learnings file the history commands read: each costs about 0.8 KB
/// across parsing, blame, ages and the report, so a file of short headings would pass the same
/// bound at about 120,000. Counted as lines that open with `#` (after up to three spaces) or
/// that underline a heading (`===`, `---`), before the markdown parser sees the file.
pub const MAX_LEARNINGS_HEADINGS: usize = 40_000;

/// Refuses a learnings file of `size` bytes at `path` (the working tree's, or as committed
/// when `committed` names where) over [`MAX_LEARNINGS_BYTES`], with the way out.
pub fn refuse_too_large(path: &Path, size: u64, committed: Option<&str>) -> Result<()> {
    if size <= MAX_LEARNINGS_BYTES {
        return Ok(());
    }
    // One decimal near the limit, so that a file just over it never reads "8 MB, over the 8 MB".
    let mb = |bytes: u64| match bytes as f64 / (1024.0 * 1024.0) {
        mb if mb < 10.0 => format!("{:.1}", (mb * 10.0).ceil() / 10.0).replace(".0", ""),
        mb => format!("{}", mb.round()),
    };
    Err(too_large(
        path,
        format!(
            "{} MB{}, over the {} MB learnings reads",
            mb(size),
            committed
                .map(|c| format!(" as committed in {c}"))
                .unwrap_or_default(),
            mb(MAX_LEARNINGS_BYTES)
        ),
    ))
}

/// Refuses the learnings file `bytes` read from `path` when it has more heading lines than
/// [`MAX_LEARNINGS_HEADINGS`].
pub fn refuse_too_many_headings(path: &Path, bytes: &[u8]) -> Result<()> {
    let headings = heading_lines(bytes);
    if headings <= MAX_LEARNINGS_HEADINGS {
        return Ok(());
    }
    Err(too_large(
        path,
        format!(
            "{} headings, over the {} learnings reads",
            thousands(headings),
            thousands(MAX_LEARNINGS_HEADINGS)
        ),
    ))
}

/// A refusal of [`refuse_too_large`] or [`refuse_too_many_headings`] in words a status line can
/// carry: "what; the way out". `None` for any other error.
pub fn refusal_words(error: &Error) -> Option<String> {
    match error {
        Error::TooLarge { what, hint, .. } => Some(format!("{what}; {hint}")),
        _ => None,
    }
}

fn too_large(path: &Path, what: String) -> Error {
    Error::TooLarge {
        path: crate::base::paths::tidy(path),
        what,
        hint: "split it into smaller files (`learnings split-plan FILE` proposes where)".into(),
    }
}

/// Lines that may hold or underline a heading: an upper bound of the headings markdown finds.
fn heading_lines(bytes: &[u8]) -> usize {
    bytes
        .split(|&b| b == b'\n')
        .filter(|line| {
            let indent = line.iter().take(4).take_while(|&&b| b == b' ').count();
            let rest = &line[indent.min(3)..];
            match rest.first() {
                Some(b'#') => true,
                Some(&c @ (b'=' | b'-')) => {
                    let body = rest.iter().take_while(|&&b| b == c).count();
                    rest[body..].iter().all(|b| b.is_ascii_whitespace())
                }
                _ => false,
            }
        })
        .count()
}

/// `1234567` as `1,234,567`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heading_lines_count_all_that_may_be_a_heading() {
        let text = b"# T\n## A\n   ## B\n    ## code\n---\nText\n===  \r\n- item\n#tag\n-- x\n";
        // `# T`, `## A`, `   ## B`, `---`, `===`, `#tag`: never fewer than markdown's headings.
        assert_eq!(heading_lines(text), 6);
        assert_eq!(heading_lines(b""), 0);
    }

    #[test]
    fn sizes_are_said_in_megabytes() {
        let said = |size: u64| match refuse_too_large(Path::new("l.md"), size, None) {
            Err(Error::TooLarge { what, .. }) => what,
            other => panic!("{other:?}"),
        };
        assert!(refuse_too_large(Path::new("l.md"), MAX_LEARNINGS_BYTES, None).is_ok());
        assert_eq!(
            said(MAX_LEARNINGS_BYTES + 1),
            "8.1 MB, over the 8 MB learnings reads"
        );
        assert_eq!(said(17_930_000), "17 MB, over the 8 MB learnings reads");
        assert_eq!(said(208 << 20), "208 MB, over the 8 MB learnings reads");
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(7), "7");
        assert_eq!(thousands(40_000), "40,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
