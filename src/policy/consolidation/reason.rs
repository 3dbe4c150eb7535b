//! A judgement in words: what `--explain` says of each commit that removed a title, in the
//! status names every view shares ([`super::status`]).

use super::judge::{Judgement, Went};
use super::status::Status;
use crate::base::words::count;

impl Judgement {
    /// Why, in one line: "consolidation: 23 entries left: 19 moved into agents/decisions/*.md, 4
    /// unaccounted", or "not a consolidation: 1 retitled in place".
    pub fn reason(&self) -> String {
        let left = self.left();
        let (gone, stayed) = (self.told(true), self.told(false));
        let also = |head: String| match stayed.is_empty() {
            true => head,
            false => format!("{head}; {stayed}"),
        };
        if self.consolidation {
            return also(format!("consolidation: {} left: {gone}", count(left, "entry")));
        }
        if left > 0 {
            return also(format!(
                "not a consolidation: it adds {} and {} left for good ({gone})",
                count(self.added, "entry"),
                count(left, "entry"),
            ));
        }
        format!("not a consolidation: {stayed}")
    }

    /// The entries that left for good (`gone`), or the others, by status with their places:
    /// "19 moved into agents/decisions/*.md, 4 unaccounted".
    fn told(&self, gone: bool) -> String {
        let statuses = self.statuses();
        let mut parts = Vec::new();
        for status in Status::ALL {
            let fates: Vec<&Went> = self
                .fates
                .iter()
                .zip(&statuses)
                .filter(|(f, s)| **s == status && f.went.for_good() == gone)
                .map(|(f, _)| &f.went)
                .collect();
            if fates.is_empty() {
                continue;
            }
            let paths: Vec<&str> = fates.iter().filter_map(|w| path(w)).collect();
            let n = fates.len();
            parts.push(match status {
                Status::Moved if gone => format!("{n} moved into {}", places(&paths)),
                Status::Moved => format!("{n} moved to {}", places(&paths)),
                Status::Archived => format!("{n} archived in {}", places(&paths)),
                Status::Already => format!("{n} already in a doc ({})", places(&paths)),
                Status::Retitled | Status::Merged => format!("{n} {} in place", status.label()),
                Status::Restored => format!("{n} restored by a later commit"),
                other => format!("{n} {}", other.label()),
            });
        }
        parts.join(", ")
    }
}

/// The place a fate names, if any.
fn path(went: &Went) -> Option<&str> {
    match went {
        Went::Staging { path }
        | Went::Doc { path, .. }
        | Went::Archived { path }
        | Went::Already { path, .. } => Some(path),
        _ => None,
    }
}

/// A few paths as one phrase: "a.md", "a.md and b.md", "docs/*.md", "5 files".
fn places(paths: &[&str]) -> String {
    let mut unique: Vec<&str> = paths.to_vec();
    unique.sort_unstable();
    unique.dedup();
    match unique.as_slice() {
        [one] => (*one).to_owned(),
        [a, b] => format!("{a} and {b}"),
        many => {
            let folder = |p: &str| p.rsplit_once('/').map_or("", |(d, _)| d).to_owned();
            let first = folder(many[0]);
            let extension = |p: &str| p.rsplit_once('.').map_or("", |(_, e)| e).to_owned();
            let ext = extension(many[0]);
            if many.iter().all(|p| folder(p) == first && extension(p) == ext) && !first.is_empty() {
                format!("{first}/*.{ext}")
            } else {
                count(many.len(), "file")
            }
        }
    }
}
