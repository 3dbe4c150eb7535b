//! A view of the object database in which every commit has at most its first parent.
//!
//! gix blame has no `--first-parent` switch, but it learns a commit's parents only by reading
//! the commit object. Serving it commits whose extra `parent` lines are removed makes it walk the
//! first-parent chain exactly as `git blame --first-parent` does. Commits at a shallow boundary
//! lose all their parents, so blame stops there instead of failing on missing objects.

use gix::ObjectId;
use gix::objs::{Data, Find, FindHeader, Kind};
use std::cell::RefCell;
use std::collections::HashSet;

/// Wraps an object store; commits come back with their second and later parents removed.
pub(super) struct FirstParentOdb<'a, T> {
    pub inner: T,
    pub shallow: &'a HashSet<ObjectId>,
    pub scratch: RefCell<Vec<u8>>,
}

impl<T: Find> Find for FirstParentOdb<'_, T> {
    fn try_find<'a>(&self, id: &gix::oid, buffer: &'a mut Vec<u8>) -> gix::Result<Option<Data<'a>>> {
        // The object is read into a scratch buffer first: a borrow of `buffer` returned by the
        // inner store could not be rewritten in place.
        let mut scratch = self.scratch.borrow_mut();
        let Some(data) = self.inner.try_find(id, &mut scratch)? else {
            return Ok(None);
        };
        let (kind, object_hash) = (data.kind, data.object_hash);
        buffer.clear();
        let keep = if self.shallow.contains(id) { 0 } else { 1 };
        let rewritten = (kind == Kind::Commit)
            .then(|| keep_parents(data.data, keep))
            .flatten();
        buffer.extend_from_slice(rewritten.as_deref().unwrap_or(data.data));
        Ok(Some(Data {
            kind,
            object_hash,
            data: buffer.as_slice(),
        }))
    }
}

impl<T: FindHeader> FindHeader for FirstParentOdb<'_, T> {
    fn try_header(&self, id: &gix::oid) -> gix::Result<Option<gix::objs::Header>> {
        self.inner.try_header(id)
    }
}

/// Returns the commit with only its first `keep` parent lines, or `None` if nothing changes.
///
/// Parent lines sit in the header, right after `tree`; the header ends at the first empty line.
fn keep_parents(commit: &[u8], keep: usize) -> Option<Vec<u8>> {
    let header_end = find(commit, b"\n\n").map_or(commit.len(), |i| i + 1);
    let mut out = Vec::with_capacity(commit.len());
    let mut parents = 0;
    let mut dropped = false;
    let mut rest = &commit[..header_end];
    while !rest.is_empty() {
        let line_end = rest
            .iter()
            .position(|&b| b == b'\n')
            .map_or(rest.len(), |i| i + 1);
        let (line, tail) = rest.split_at(line_end);
        if line.starts_with(b"parent ") {
            parents += 1;
            if parents > keep {
                dropped = true;
                rest = tail;
                continue;
            }
        }
        out.extend_from_slice(line);
        rest = tail;
    }
    if !dropped {
        return None;
    }
    out.extend_from_slice(&commit[header_end..]);
    Some(out)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::keep_parents;

    const MERGE: &[u8] =
        b"tree t\nparent a\nparent b\nauthor x 1 +0000\ncommitter x 1 +0000\n\nparent c in message\n";

    #[test]
    fn drops_second_parents_only_from_the_header() {
        let out = keep_parents(MERGE, 1).expect("changed");
        assert_eq!(
            out,
            b"tree t\nparent a\nauthor x 1 +0000\ncommitter x 1 +0000\n\nparent c in message\n"
        );
    }

    #[test]
    fn shallow_commits_lose_every_parent() {
        let out = keep_parents(MERGE, 0).expect("changed");
        assert!(!out.starts_with(b"tree t\nparent"));
        assert!(out.ends_with(b"parent c in message\n"));
    }

    #[test]
    fn single_parent_commits_are_untouched() {
        assert_eq!(keep_parents(b"tree t\nparent a\n\nmsg\n", 1), None);
    }
}
