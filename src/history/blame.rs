//! When each heading was added: first-parent blame of the heading lines only, then past moves.
//!
//! Blame answers "which commit last wrote this line". A heading that was cut and pasted
//! elsewhere in the file was written again, but the entry was not new: when the commit that
//! wrote a heading also removed a heading with the same title, we keep blaming from that
//! removed line in the parent. Likewise, when the parent holds the title in another file the
//! commit changed (or, for a commit that created the file, in any markdown file), blame goes on
//! in that file, as `git blame -C -C` does: see `copies`.
//!
//! Each blame reads at most [`BLOB_BUDGET`] bytes of file versions before it is cut and resumed
//! from the cut commit (see `first_parent`): gix blame keeps every version it diffed until it
//! returns, so one blame over a long history of a large file would hold gigabytes.

use super::first_parent::FirstParentOdb;
use super::versions::Versions;
use super::{CommitInfo, DateKind, Error, Repository, git_error};
use crate::model;
use gix::ObjectId;
use gix::bstr::BStr;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

/// Bytes of blobs one blame may read before it is cut and resumed with an empty cache.
pub(super) const BLOB_BUDGET: usize = 32 * 1024 * 1024;

/// Where a heading of the working-tree file comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeadingOrigin {
    /// The commit that introduced the entry.
    Committed(CommitInfo),
    /// New or edited in the working tree (or staged, not yet committed).
    Uncommitted,
}

/// A heading still to be traced: its index in the caller's list, and where it stands now.
#[derive(Debug, Clone)]
struct Pending {
    index: usize,
    title_key: String,
    /// 1-based line in the version being blamed.
    line: u32,
}

impl Repository {
    /// Traces each heading (1-based working-tree line and title) to the commit that added it.
    ///
    /// `contents` is the working-tree file, `in_head` the same file in `head` (the caller has read
    /// it already to know the file is committed), `path` its repository-relative name.
    pub fn heading_origins(
        &self,
        head: ObjectId,
        path: &str,
        mut in_head: Vec<u8>,
        contents: &[u8],
        headings: &[(usize, String)],
        kind: DateKind,
    ) -> Result<Vec<HeadingOrigin>, Error> {
        let mut origins = vec![HeadingOrigin::Uncommitted; headings.len()];
        if headings.is_empty() {
            return Ok(origins);
        }

        let mut versions = Versions::default();
        let first: Vec<Pending> = headings
            .iter()
            .enumerate()
            .map(|(index, (line, title))| Pending {
                index,
                title_key: model::title_key(title),
                line: u32::try_from(*line).unwrap_or(u32::MAX),
            })
            .collect();

        let progress = crate::base::progress::start("blaming the entries' headings, round", None);
        progress.step();
        // The working tree first: a heading only there is uncommitted unless HEAD has its title.
        let mut queue: BTreeMap<(ObjectId, String), Vec<Pending>> = BTreeMap::new();
        for (pending, blamed) in
            first
                .iter()
                .zip(self.blame(Start::Worktree(head, contents), path, &first)?)
        {
            match blamed {
                Some(found) if found.cut => {
                    queue
                        .entry((found.commit, found.path))
                        .or_default()
                        .push(Pending {
                            line: found.source_line,
                            ..pending.clone()
                        })
                }
                Some(found) => self.follow(found, pending, kind, &mut versions, &mut origins, &mut queue)?,
                None => {
                    if let Some(line) =
                        versions.line_of_title(head, path, std::mem::take(&mut in_head), &pending.title_key)
                    {
                        queue.entry((head, path.to_owned())).or_default().push(Pending {
                            line,
                            ..pending.clone()
                        });
                    }
                }
            }
        }
        // Each round starts strictly further back in history, so this ends.
        while let Some(((commit, path), pendings)) = queue.pop_first() {
            progress.step();
            let blamed = self.blame(Start::Commit(commit), &path, &pendings)?;
            for (pending, found) in pendings.iter().zip(blamed) {
                match found {
                    Some(found) if found.cut => {
                        queue
                            .entry((found.commit, found.path))
                            .or_default()
                            .push(Pending {
                                line: found.source_line,
                                ..pending.clone()
                            });
                    }
                    Some(found) => {
                        self.follow(found, pending, kind, &mut versions, &mut origins, &mut queue)?
                    }
                    None => {}
                }
            }
        }
        Ok(origins)
    }

    /// Records `found` as the origin of `pending`, unless the commit moved the heading there
    /// from elsewhere in the file or copied it from another file.
    fn follow(
        &self,
        found: Blamed,
        pending: &Pending,
        kind: DateKind,
        versions: &mut Versions,
        origins: &mut [HeadingOrigin],
        queue: &mut BTreeMap<(ObjectId, String), Vec<Pending>>,
    ) -> Result<(), Error> {
        let Some(parent) = self.first_parent(found.commit)? else {
            origins[pending.index] = HeadingOrigin::Committed(self.commit_info(found.commit, kind)?);
            return Ok(());
        };
        let key = (found.commit, found.path.clone());
        let rewrote = match versions.rewrote.get(&key) {
            Some(rewrote) => *rewrote,
            None => {
                let rewrote = match self.file_at(parent, &found.path)? {
                    Some(before) if !self.only_inserts_lines(&before, found.commit, &found.path)? => {
                        // Kept for the title look-ups of every heading this commit wrote.
                        versions.remember(parent, &found.path, &before);
                        true
                    }
                    _ => false,
                };
                versions.rewrote.insert(key, rewrote);
                rewrote
            }
        };
        let moved = if rewrote {
            versions.line_of_title(parent, &found.path, Vec::new(), &pending.title_key)
        } else {
            None
        };
        let source = match moved {
            Some(line) => Some((found.path.clone(), line)),
            None => self.copy_source(
                found.commit,
                parent,
                &found.path,
                found.source_line,
                &pending.title_key,
                versions,
            )?,
        };
        if let Some((path, line)) = source {
            queue.entry((parent, path)).or_default().push(Pending {
                line,
                ..pending.clone()
            });
            return Ok(());
        }
        origins[pending.index] = HeadingOrigin::Committed(self.commit_info(found.commit, kind)?);
        Ok(())
    }

    /// Whether `commit` only inserted lines into `path` (one block, nothing of `before`, its
    /// parent's version, removed or changed). Such a commit cannot have moved a heading, so its parent need not be parsed:
    /// that parse, once per blamed commit, cost more than the blame itself.
    fn only_inserts_lines(&self, before: &[u8], commit: ObjectId, path: &str) -> Result<bool, Error> {
        Ok(self
            .file_at(commit, path)?
            .is_some_and(|after| inserts_one_block(before, &after)))
    }

    /// The first parent of `commit` (none for a root commit or at a shallow boundary).
    pub fn first_parent(&self, commit: ObjectId) -> Result<Option<ObjectId>, Error> {
        if self.shallow.contains(&commit) {
            return Ok(None);
        }
        let commit = self.repo.find_commit(commit).map_err(git_error(&self.root))?;
        Ok(commit.parent_ids().next().map(|id| id.detach()))
    }

    /// Blames the given lines of `path`; `None` for lines that only exist in the working tree.
    /// A line whose blame was cut (see [`BLOB_BUDGET`]) comes back with `cut` set.
    fn blame(&self, start: Start<'_>, path: &str, lines: &[Pending]) -> Result<Vec<Option<Blamed>>, Error> {
        let err = git_error(&self.root);
        let ranges = line_ranges(lines.iter().map(|p| p.line));
        let options = gix::blame::Options {
            diff_algorithm: self.repo.diff_algorithm().map_err(&err)?,
            ranges,
            since: None,
            rewrites: Some(gix::diff::Rewrites::default()),
            debug_track_path: false,
        };
        let odb = FirstParentOdb::new(&self.repo.objects, &self.shallow, self.blob_budget);
        let start = match start {
            Start::Commit(id) => gix::blame::Start::Commit(id),
            Start::Worktree(head, contents) => gix::blame::Start::Contents {
                first_suspect: head,
                contents: Cow::Borrowed(contents),
            },
        };
        let mut resource_cache = self.repo.diff_resource_cache_for_tree_diff().map_err(&err)?;
        let outcome = gix::blame::file(&odb, start, None, &mut resource_cache, BStr::new(path), options)
            .map_err(&err)?;
        let cut = odb.cut.get();

        let mut by_line: HashMap<u32, Blamed> = HashMap::new();
        for entry in &outcome.entries {
            let source_path = entry
                .source_file_name
                .as_ref()
                .map_or_else(|| path.to_owned(), |p| p.to_string());
            for offset in 0..entry.len.get() {
                if entry.commit_id.is_null() {
                    continue;
                }
                by_line.insert(
                    entry.start_in_blamed_file + offset + 1,
                    Blamed {
                        commit: entry.commit_id,
                        path: source_path.clone(),
                        source_line: entry.start_in_source_file + offset + 1,
                        cut: cut == Some(entry.commit_id),
                    },
                );
            }
        }
        Ok(lines.iter().map(|p| by_line.get(&p.line).cloned()).collect())
    }
}

#[derive(Debug, Clone, Copy)]
enum Start<'a> {
    Commit(ObjectId),
    Worktree(ObjectId, &'a [u8]),
}

#[derive(Debug, Clone)]
struct Blamed {
    commit: ObjectId,
    path: String,
    /// 1-based line in `commit`'s version of `path`.
    source_line: u32,
    /// Blame stopped at `commit` for lack of budget, not because `commit` wrote the line.
    cut: bool,
}

/// The 1-based `lines` as gix blame's ranges: sorted, touching lines in one range.
///
/// Built here in one pass: gix's own constructors merge each range into all the others, which
/// is quadratic, and a file of 150,000 entries has as many heading lines (minutes, not
/// milliseconds).
fn line_ranges(lines: impl Iterator<Item = u32>) -> gix::blame::BlameRanges {
    let mut lines: Vec<u32> = lines.map(|line| line.max(1)).collect();
    lines.sort_unstable();
    lines.dedup();
    let mut ranges: Vec<std::ops::Range<u32>> = Vec::new();
    for line in lines {
        match ranges.last_mut() {
            Some(last) if last.end >= line - 1 => last.end = line,
            _ => ranges.push(line - 1..line),
        }
    }
    if ranges.is_empty() {
        return gix::blame::BlameRanges::default();
    }
    gix::blame::BlameRanges::PartialFile(ranges)
}

/// Whether `after` is `before` with whole lines inserted at one place.
fn inserts_one_block(before: &[u8], after: &[u8]) -> bool {
    if after.len() < before.len() {
        return false;
    }
    let common = common_prefix(before, after);
    // The lines before the first difference are kept; the block goes in after the last of them,
    // and everything of `before` from there on must end `after`, starting on a line of its own.
    let start = before[..common]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let rest = &before[start..];
    let tail = after.len() - rest.len();
    rest.is_empty() || (after.ends_with(rest) && (tail == 0 || after[tail - 1] == b'\n'))
}

/// The length of the longest common prefix, compared a chunk at a time.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const CHUNK: usize = 64;
    let chunks = a
        .chunks_exact(CHUNK)
        .zip(b.chunks_exact(CHUNK))
        .take_while(|(x, y)| x == y)
        .count();
    let skip = chunks * CHUNK;
    skip + a[skip..]
        .iter()
        .zip(&b[skip..])
        .take_while(|(x, y)| x == y)
        .count()
}

#[cfg(test)]
mod tests {
    use super::{inserts_one_block, line_ranges};

    #[test]
    fn heading_lines_become_sorted_ranges_with_touching_lines_joined() {
        let ranges = line_ranges([9, 3, 4, 4, 1, 0].into_iter());
        match ranges {
            gix::blame::BlameRanges::PartialFile(ranges) => assert_eq!(ranges, [0..1, 2..4, 8..9]),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            line_ranges(std::iter::empty()),
            gix::blame::BlameRanges::WholeFile
        ));
    }

    #[test]
    fn one_inserted_block_of_whole_lines() {
        let before = b"# L\n\n## A\nbody\n";
        assert!(inserts_one_block(before, b"# L\n\n## A\nbody\n\n## B\nnew\n"));
        assert!(inserts_one_block(before, b"# L\n\n## B\nnew\n\n## A\nbody\n"));
        assert!(inserts_one_block(before, before));
        assert!(inserts_one_block(b"", b"## A"));
        assert!(inserts_one_block(b"a\nfoo", b"a\nfoo\nfoo"));
        let long = "x".repeat(200) + "\n";
        assert!(inserts_one_block(
            long.as_bytes(),
            format!("{long}## B\n").as_bytes()
        ));
        assert!(!inserts_one_block(long.as_bytes(), format!("y{long}").as_bytes()));
    }

    #[test]
    fn anything_removed_or_changed_is_not() {
        let before = b"# L\n\n## A\nbody\n";
        assert!(!inserts_one_block(before, b"# L\n\n## B\nnew\n"));
        assert!(!inserts_one_block(before, b"# L\n\n## A!\nbody\n"));
        assert!(!inserts_one_block(before, b"# L\n## B\n\n## A\nbody\nmore\n\n"));
        // A last line without its newline is changed when something is appended to it.
        assert!(!inserts_one_block(b"## A", b"## A\n## B\n"));
    }
}
