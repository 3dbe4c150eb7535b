//! A view of the object database in which every commit has at most its first parent.
//!
//! gix blame has no `--first-parent` switch, but it learns a commit's parents only by reading
//! the commit object. Serving it commits whose extra `parent` lines are removed makes it walk the
//! first-parent chain exactly as `git blame --first-parent` does. Commits at a shallow boundary
//! lose all their parents, so blame stops there instead of failing on missing objects.
//!
//! The same view also bounds blame's memory. gix blame keeps every version of the file it has
//! diffed in its resource cache until it returns: on a long history of a large file that is
//! gigabytes. Once the blobs read reach a budget, the next commit blame has not seen yet is
//! served without parents, a *cut*: blame ends there, attributing the lines still unexplained
//! to the cut commit, and the caller blames those lines again from the cut, with a fresh cache.

use gix::ObjectId;
use gix::objs::{Data, Find, FindHeader, Kind};
use std::cell::{Cell, RefCell};
use std::collections::HashSet;

/// Wraps an object store; commits come back with their second and later parents removed.
pub(super) struct FirstParentOdb<'a, T> {
    pub inner: T,
    pub shallow: &'a HashSet<ObjectId>,
    pub scratch: RefCell<Vec<u8>>,
    /// Bytes of blobs that may still be read before the walk is cut.
    pub budget: Cell<usize>,
    /// The commits served so far: a commit keeps the parents it was first served with.
    pub seen: RefCell<HashSet<ObjectId>>,
    /// The commit served without parents once the budget ran out.
    pub cut: Cell<Option<ObjectId>>,
    /// Commits served without parents because what lies behind them is known already.
    pub stops: HashSet<ObjectId>,
}

impl<'a, T> FirstParentOdb<'a, T> {
    /// A view over `inner` that cuts the walk after about `budget` bytes of blobs.
    pub fn new(inner: T, shallow: &'a HashSet<ObjectId>, budget: usize) -> Self {
        FirstParentOdb {
            inner,
            shallow,
            scratch: RefCell::new(Vec::new()),
            budget: Cell::new(budget),
            seen: RefCell::new(HashSet::new()),
            cut: Cell::new(None),
            stops: HashSet::new(),
        }
    }

    /// How many parents `id` keeps: none at a shallow boundary or the cut, else the first.
    fn parents_kept(&self, id: &gix::oid) -> usize {
        if self.shallow.contains(id) || self.stops.contains(id) || self.cut.get().is_some_and(|cut| cut == id)
        {
            return 0;
        }
        if self.seen.borrow_mut().insert(id.to_owned()) && self.budget.get() == 0 && self.cut.get().is_none()
        {
            self.cut.set(Some(id.to_owned()));
            return 0;
        }
        1
    }
}

impl<T: Find> Find for FirstParentOdb<'_, T> {
    fn try_find<'a>(&self, id: &gix::oid, buffer: &'a mut Vec<u8>) -> gix::Result<Option<Data<'a>>> {
        // The object is read straight into `buffer` (blobs are large: a copy of each was a fifth
        // of the time). The stores gix has fill the whole buffer with the object; should one not,
        // the object is read again into scratch space and copied.
        let (kind, object_hash, start, len) = match self.inner.try_find(id, buffer)? {
            None => return Ok(None),
            Some(data) => (
                data.kind,
                data.object_hash,
                data.data.as_ptr() as usize,
                data.data.len(),
            ),
        };
        if start != buffer.as_ptr() as usize || len != buffer.len() {
            let mut scratch = self.scratch.borrow_mut();
            if let Some(data) = self.inner.try_find(id, &mut scratch)? {
                buffer.clear();
                buffer.extend_from_slice(data.data);
            }
        }
        match kind {
            Kind::Commit => {
                if let Some(rewritten) = keep_parents(buffer, self.parents_kept(id)) {
                    *buffer = rewritten;
                }
            }
            // Capacity, not length: the cache of versions holds whole allocations.
            Kind::Blob => self
                .budget
                .set(self.budget.get().saturating_sub(buffer.capacity())),
            Kind::Tree | Kind::Tag => {}
        }
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
