//! Whether the project's `.learnings/` can hold private data: not a link, holding no link, and
//! not tracked by git. A repository cloned from a stranger can commit any of these; the store
//! refuses links on every write by itself, and this check, which needs the index, is made once
//! a session (SessionStart) and by `learnings doctor`, so the user hears why once.

use crate::history::Repository;
use crate::store::{PROJECT_DIR, fs};
use std::path::Path;

/// What is wrong with `<root>/.learnings`, as one line with the fix; `None` when it is missing
/// or sound.
pub fn problem(root: &Path) -> Option<String> {
    let dir = root.join(PROJECT_DIR);
    if let Some(found) = fs::problem(&dir) {
        return Some(format!(
            "{found}: learnings never writes through links, so it keeps no private data for this project; remove the link (it came with the repository, not from learnings)"
        ));
    }
    std::fs::symlink_metadata(&dir).ok()?;
    let repo = Repository::discover(root).ok()?;
    let folder = repo.relative_path(&dir)?;
    let tracked = repo.first_tracked_under(&folder).ok()??;
    Some(format!(
        "{tracked} is tracked by git: {PROJECT_DIR}/ is learnings' private folder and must never be committed; run `git rm -r --cached {folder}` and commit"
    ))
}
