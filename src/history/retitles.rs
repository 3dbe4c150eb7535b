//! A heading retitled in place keeps the date of its lesson. Blame dates a heading line by the
//! commit that wrote it, so an entry whose title only lost a `Lesson:` prefix, or was reworded,
//! looked new while the consolidation judge called the same commit a retitle. When the commit
//! that wrote the heading also took a title out of the same file, and that entry's body is this
//! one's (`model::bodies_match`, the measure copies between files are followed by), the trace
//! goes on from the old heading.

use super::versions::{Entries, Versions};
use super::{Error, ObjectId, Repository};
use crate::model;
use std::rc::Rc;

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
