//! A judgement in words: what `--explain` says of each commit that removed a title.

use super::judge::{Fate, Judgement, Went};
use crate::base::words::count;

impl Judgement {
    /// Why, in one line: "consolidation: 23 entries left: 19 into agents/decisions/*.md, 4
    /// dropped", or "not a consolidation: 1 retitle in place".
    pub fn reason(&self) -> String {
        let left = self.left();
        if self.consolidation {
            return format!(
                "consolidation: {} left: {}",
                count(left, "entry"),
                self.destinations()
            );
        }
        if left > 0 {
            return format!(
                "not a consolidation: it adds {} and {} left for good ({})",
                count(self.added, "entry"),
                count(left, "entry"),
                self.destinations()
            );
        }
        let mut parts = Vec::new();
        let kept: Vec<&Fate> = self
            .fates
            .iter()
            .filter(|f| matches!(f.went, Went::Kept { .. }))
            .collect();
        // A retitle is one old entry under one new title; several under one title is a merge.
        let into_count = |into: &str| {
            kept.iter()
                .filter(|f| matches!(&f.went, Went::Kept { into: i } if i == into))
                .count()
        };
        let retitles = kept
            .iter()
            .filter(|f| matches!(&f.went, Went::Kept { into } if !self.kept_into_old(into) && into_count(into) == 1))
            .count();
        if retitles > 0 {
            parts.push(format!("{} in place", count(retitles, "retitle")));
        }
        let condensed = self
            .fates
            .iter()
            .filter(|f| matches!(f.went, Went::Condensed { .. }))
            .count();
        let merged = kept.len() - retitles + condensed;
        if merged > 0 {
            parts.push(format!(
                "{} merged into denser entries in place",
                count(merged, "entry")
            ));
        }
        let staging: Vec<&str> = self
            .fates
            .iter()
            .filter_map(|f| match &f.went {
                Went::Staging { path } => Some(path.as_str()),
                _ => None,
            })
            .collect();
        if !staging.is_empty() {
            parts.push(format!(
                "{} moved to {}",
                count(staging.len(), "entry"),
                places(&staging)
            ));
        }
        let restored = self.fates.iter().filter(|f| f.went == Went::Restored).count();
        if restored > 0 {
            parts.push(format!("{} restored by a later commit", count(restored, "entry")));
        }
        format!("not a consolidation: {}", parts.join(", "))
    }

    /// Whether `title` was a title of the file before the commit (an entry merged into an old
    /// one, not retitled).
    fn kept_into_old(&self, title: &str) -> bool {
        self.old_titles.iter().any(|t| t == title)
    }

    /// Where the entries that left went: "19 into agents/decisions/*.md, 4 dropped".
    fn destinations(&self) -> String {
        let mut docs: Vec<&str> = Vec::new();
        let mut archived: Vec<&str> = Vec::new();
        let (mut already, mut dropped, mut outside) = (0, 0, 0);
        for fate in &self.fates {
            match &fate.went {
                Went::Doc { path, .. } => docs.push(path),
                Went::Archived { path } => archived.push(path),
                Went::Already { .. } => already += 1,
                Went::Dropped => dropped += 1,
                Went::Outside { .. } => outside += 1,
                _ => {}
            }
        }
        let mut parts = Vec::new();
        if !docs.is_empty() {
            parts.push(format!("{} into {}", docs.len(), places(&docs)));
        }
        if !archived.is_empty() {
            parts.push(format!("{} archived in {}", archived.len(), places(&archived)));
        }
        if already > 0 {
            parts.push(format!("{already} already in docs"));
        }
        if outside > 0 {
            parts.push(format!("{outside} into a submodule or out of the repository"));
        }
        if dropped > 0 {
            parts.push(format!("{dropped} dropped"));
        }
        parts.join(", ")
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
