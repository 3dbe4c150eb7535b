//! A heading retitled in place keeps the date of its lesson. Blame dates a heading line by the
//! commit that wrote it, so an entry whose title only lost a `Lesson:` prefix, or was reworded,
//! looked new while the consolidation judge called the same commit a retitle. When the commit
//! that wrote the heading also took a title out of the same file, and that entry's body is this
//! one's (`model::bodies_match`, the measure copies between files are followed by), the trace
//! goes on from the old heading.
//!
//! So does an entry removed and restored: a wipe that a later commit undid (the judge calls the
//! entry restored) leaves the heading line written by the restore. When the commit that wrote a
//! heading has no such title in its parent, the few versions of the file before the parent are
//! looked in ([`RESTORE_VERSIONS`]); where one holds the title over the same body, the trace
//! goes on from there.

use super::versions::{Entries, Versions};
use super::{Error, ObjectId, Repository};
use crate::model;
use std::rc::Rc;

/// Versions of the file before a restore looked in for the entries it brought back: the
/// consolidation judge looks as far (8 later versions) for a restore after a removal.
pub(super) const RESTORE_VERSIONS: usize = 8;
/// First parents walked for those versions: a restore comes soon after the wipe.
const RESTORE_WALK: usize = 16;

impl Repository {
    /// The line in `parent`'s version of `path` of the entry that `commit` retitled into the one
    /// whose heading is at `line` of its own version; `None` when it wrote a new entry.
    pub(super) fn retitled_from(
        &self,
        commit: ObjectId,
        parent: ObjectId,
        path: &str,
        line: u32,
        versions: &mut Versions,
    ) -> Result<Option<u32>, Error> {
        let new = self.entries_of(commit, path, versions)?;
        let Some((_, _, body)) = new.iter().find(|(at, _, _)| *at == line) else {
            return Ok(None);
        };
        let old = self.entries_of(parent, path, versions)?;
        let kept: std::collections::HashSet<&str> = new.iter().map(|(_, key, _)| key.as_str()).collect();
        // The first entry the commit took out whose body is this one's, both ways, in file order.
        let found = old.iter().find(|(_, key, old_body)| {
            !kept.contains(key.as_str())
                && model::bodies_match(body, old_body)
                && model::bodies_match(old_body, body)
        });
        Ok(found.map(|(at, _, _)| *at))
    }

    /// Where the entry whose heading `commit` wrote at `line` of `path` (title `key`) stood
    /// before a removal that `commit` undid: a version among the [`RESTORE_VERSIONS`] before
    /// `parent`'s that holds the title over the same body, and the heading's line there.
    pub(super) fn restored_from(
        &self,
        (commit, parent): (ObjectId, ObjectId),
        path: &str,
        (line, key): (u32, &str),
        versions: &mut Versions,
    ) -> Result<Option<(ObjectId, u32)>, Error> {
        for older in self.versions_before(parent, path, versions)?.iter() {
            if !versions.has(*older, path) {
                let bytes = self.file_at(*older, path)?.unwrap_or_default();
                versions.remember(*older, path, &bytes);
            }
            // A substring test first: most new headings were never in the file before.
            let Some(at) = versions.line_of_title(*older, path, Vec::new(), key) else {
                continue;
            };
            let new = self.entries_of(commit, path, versions)?;
            let old = self.entries_of(*older, path, versions)?;
            let body = |entries: &Entries, line: u32| {
                entries
                    .iter()
                    .find(|(l, _, _)| *l == line)
                    .map(|(_, _, b)| b.clone())
            };
            if let (Some(now), Some(then)) = (body(&new, line), body(&old, at))
                && model::bodies_match(&now, &then)
                && model::bodies_match(&then, &now)
            {
                return Ok(Some((*older, at)));
            }
        }
        Ok(None)
    }

    /// The commits, newest first, of the versions of `path` among the [`RESTORE_VERSIONS`]
    /// before `commit`'s (within [`RESTORE_WALK`] first parents) that the next version shrank:
    /// only a version something was taken out of can hold an entry brought back later, and
    /// most histories only grow, so most headings cost no read at all. Worked out once a commit.
    fn versions_before(
        &self,
        commit: ObjectId,
        path: &str,
        versions: &mut Versions,
    ) -> Result<Rc<Vec<ObjectId>>, Error> {
        let key = (commit, path.to_owned());
        if let Some(found) = versions.before.get(&key) {
            return Ok(Rc::clone(found));
        }
        let mut found = Vec::new();
        let mut last = self.blob_id(commit, path)?;
        let mut newer_size = match last {
            Some(id) => self.blob_size(id)?,
            None => 0,
        };
        let (mut at, mut seen) = (commit, 0);
        for _ in 0..RESTORE_WALK {
            let Some(parent) = self.first_parent(at)? else {
                break;
            };
            let blob = self.blob_id(parent, path)?;
            if let Some(id) = blob.filter(|id| Some(*id) != last) {
                let size = self.blob_size(id)?;
                if size > newer_size {
                    found.push(parent);
                }
                newer_size = size;
                seen += 1;
                if seen == RESTORE_VERSIONS {
                    break;
                }
            }
            (last, at) = (blob, parent);
        }
        let found = Rc::new(found);
        versions.before.insert(key, Rc::clone(&found));
        Ok(found)
    }

    /// Each entry of `path` in `commit`: its line, title key and body; parsed once a version.
    fn entries_of(&self, commit: ObjectId, path: &str, versions: &mut Versions) -> Result<Entries, Error> {
        let key = (commit, path.to_owned());
        if let Some(entries) = versions.entries.get(&key) {
            return Ok(Rc::clone(entries));
        }
        let text = self
            .file_at(commit, path)?
            .map(|b| model::lossy(&b))
            .unwrap_or_default();
        let entries: Vec<(u32, String, String)> = model::parse_with(&text, &versions.structure)
            .entries
            .iter()
            .map(|e| {
                let at = u32::try_from(e.line).unwrap_or(u32::MAX);
                (at, e.title_key(), e.body_text(&text).to_owned())
            })
            .collect();
        let entries = Rc::new(entries);
        versions.entries.insert(key, Rc::clone(&entries));
        Ok(entries)
    }
}
