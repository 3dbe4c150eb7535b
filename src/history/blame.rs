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
use super::lines::{inserts_one_block, line_ranges};
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

/// Origins already worked out: for some commits, the origin of each heading line of `path` in
/// that commit's version (the incremental cache of `project`). Blame stops at these commits and
/// takes the answer, so only the history since them is read.
#[derive(Debug, Clone, Default)]
pub struct Known {
    /// The file the lines belong to.
    pub path: String,
    /// Per commit: 1-based line to origin.
    pub at: HashMap<ObjectId, HashMap<u32, HeadingOrigin>>,
    /// How the file's headings are read: old versions are read the same way, so a title is
    /// found at the same kind of heading in each.
    pub structure: model::Structure,
}

impl Known {
    fn get(&self, commit: ObjectId, path: &str, line: u32) -> Option<&HeadingOrigin> {
        if path != self.path {
            return None;
        }
        self.at.get(&commit)?.get(&line)
    }
}

/// Where tracing starts.
#[derive(Debug, Clone, Copy)]
pub enum Trace<'a> {
    /// The working-tree `contents` of the file, on top of `head`.
    Worktree {
        /// HEAD.
        head: ObjectId,
        /// The file in the working tree.
        contents: &'a [u8],
    },
    /// The file as committed in this commit.
    Commit(ObjectId),
}

impl Repository {
    /// Traces each heading (1-based line and title of the file at `start`) to the commit that
    /// added it, taking the origins `known` holds wherever the trace reaches one of its
    /// commits. `in_head` is the file in HEAD (for a worktree start, which the caller has read
    /// already to know the file is committed; ignored for a commit); `path` is
    /// repository-relative.
    pub fn trace_headings(
        &self,
        start: Trace<'_>,
        path: &str,
        mut in_head: Vec<u8>,
        headings: &[(usize, String)],
        kind: DateKind,
        known: &Known,
    ) -> Result<Vec<HeadingOrigin>, Error> {
        let mut origins = vec![HeadingOrigin::Uncommitted; headings.len()];
        if headings.is_empty() {
            return Ok(origins);
        }

        let mut versions = Versions::new(known.structure.clone());
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
        let mut tracing = Tracing {
            known,
            origins: &mut origins,
            queue: BTreeMap::new(),
        };
        // The working tree first: a heading only there is uncommitted unless HEAD has its title.
        let round = match start {
            Trace::Worktree { head, contents } => Start::Worktree(head, contents),
            Trace::Commit(commit) => Start::Commit(commit),
        };
        for (pending, blamed) in first.iter().zip(self.blame(round, path, &first, known)?) {
            match blamed {
                Some(found) if found.cut => {
                    tracing.resume(found.commit, found.path, found.source_line, pending)
                }
                Some(found) => self.follow(found, pending, kind, &mut versions, &mut tracing)?,
                None => {
                    let Trace::Worktree { head, .. } = start else {
                        continue;
                    };
                    if let Some(line) =
                        versions.line_of_title(head, path, std::mem::take(&mut in_head), &pending.title_key)
                    {
                        tracing.resume(head, path.to_owned(), line, pending);
                    }
                }
            }
        }
        // Each round starts strictly further back in history, so this ends.
        while let Some(((commit, path), pendings)) = tracing.queue.pop_first() {
            progress.step();
            let blamed = self.blame(Start::Commit(commit), &path, &pendings, known)?;
            for (pending, found) in pendings.iter().zip(blamed) {
                match found {
                    Some(found) if found.cut => {
                        tracing.resume(found.commit, found.path, found.source_line, pending)
                    }
                    Some(found) => self.follow(found, pending, kind, &mut versions, &mut tracing)?,
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
        tracing: &mut Tracing<'_>,
    ) -> Result<(), Error> {
        let Some(parent) = self.first_parent(found.commit)? else {
            tracing.origins[pending.index] = HeadingOrigin::Committed(self.commit_info(found.commit, kind)?);
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
        // Retitled in place: the lesson is older than its heading line.
        let retitled = match (moved, rewrote) {
            (None, true) => {
                self.retitled_from(found.commit, parent, &found.path, found.source_line, versions)?
            }
            _ => None,
        };
        let source = match moved.or(retitled) {
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
            tracing.resume(parent, path, line, pending);
            return Ok(());
        }
        // Removed and restored: the lesson is as old as it was before the removal.
        if let Some((older, line)) = self.restored_from(
            (found.commit, parent),
            &found.path,
            (found.source_line, &pending.title_key),
            versions,
        )? {
            tracing.resume(older, found.path.clone(), line, pending);
            return Ok(());
        }
        tracing.origins[pending.index] = HeadingOrigin::Committed(self.commit_info(found.commit, kind)?);
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
    /// Blame stops at the commits of `known` (other than the one it starts from): their lines
    /// come back cut there, to be looked up.
    fn blame(
        &self,
        start: Start<'_>,
        path: &str,
        lines: &[Pending],
        known: &Known,
    ) -> Result<Vec<Option<Blamed>>, Error> {
        let err = git_error(&self.root);
        let ranges = line_ranges(lines.iter().map(|p| p.line));
        let options = gix::blame::Options {
            diff_algorithm: self.repo.diff_algorithm().map_err(&err)?,
            ranges,
            since: None,
            rewrites: Some(gix::diff::Rewrites::default()),
            debug_track_path: false,
        };
        let mut odb = FirstParentOdb::new(&self.repo.objects, &self.shallow, self.blob_budget);
        odb.stops = known
            .at
            .keys()
            .filter(|id| !matches!(start, Start::Commit(from) if from == **id))
            .copied()
            .collect();
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
                        cut: cut == Some(entry.commit_id) || odb.stops.contains(&entry.commit_id),
                    },
                );
            }
        }
        Ok(lines.iter().map(|p| by_line.get(&p.line).cloned()).collect())
    }
}

/// The state of one trace: the origins found, and the lines still to blame by commit and path.
struct Tracing<'a> {
    known: &'a Known,
    origins: &'a mut [HeadingOrigin],
    queue: BTreeMap<(ObjectId, String), Vec<Pending>>,
}

impl Tracing<'_> {
    /// Goes on with `pending`, now `line` of `path` in `commit`: known there, or queued.
    fn resume(&mut self, commit: ObjectId, path: String, line: u32, pending: &Pending) {
        if let Some(origin) = self.known.get(commit, &path, line) {
            self.origins[pending.index] = origin.clone();
            return;
        }
        self.queue.entry((commit, path)).or_default().push(Pending {
            line,
            ..pending.clone()
        });
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
