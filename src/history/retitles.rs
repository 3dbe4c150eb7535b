//! A heading retitled in place keeps the date of its lesson. Blame dates a heading line by the
//! commit that wrote it, so an entry whose title only lost a `Lesson:` prefix, or was reworded,
//! looked new while the consolidation judge called the same commit a retitle. When the commit
//! that wrote the heading also took a title out of the same file, and that entry's body is this
//! one's (`model::bodies_match`, the measure copies between files are followed by), the trace
//! goes on from the old heading.

use super::versions::Versions;
use super::{Error, ObjectId, Repository};
use crate::model;

impl Repository {
    /// The line in `parent`'s version of `path` of the entry that `commit` retitled into the one
    /// whose heading is at `line` of its own version; `None` when it wrote a new entry.
    pub(super) fn retitled_from(
        &self,
        commit: ObjectId,
        parent: ObjectId,
        path: &str,
        line: u32,
        versions: &Versions,
    ) -> Result<Option<u32>, Error> {
        let (Some(after), Some(before)) = (self.file_at(commit, path)?, self.file_at(parent, path)?) else {
            return Ok(None);
        };
        let (after, before) = (model::lossy(&after), model::lossy(&before));
        let new = model::parse_with(&after, &versions.structure);
        let old = model::parse_with(&before, &versions.structure);
        let Some(entry) = new.entries.iter().find(|e| e.line == line as usize) else {
            return Ok(None);
        };
        let body = entry.body_text(&after);
        let kept: std::collections::HashSet<String> =
            new.entries.iter().map(model::Entry::title_key).collect();
        // The first entry the commit took out whose body is this one's, in file order.
        let found = old
            .entries
            .iter()
            .filter(|e| !kept.contains(&e.title_key()))
            .find(|e| {
                model::bodies_match(body, e.body_text(&before))
                    && model::bodies_match(e.body_text(&before), body)
            });
        Ok(found.map(|e| u32::try_from(e.line).unwrap_or(u32::MAX)))
    }
}
