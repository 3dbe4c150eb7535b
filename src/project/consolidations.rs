//! The last consolidation of a learnings file: the first-parent commits that removed a title,
//! newest first, each judged by where the removed entries' content went, until one is a
//! consolidation. `--explain` keeps every judgement on the way.
//!
//! The walk reads, for a commit that removed a title, the other files it changed (where moved
//! entries land) and remembers the file's later versions (an entry found there came back: the
//! removal was a wipe that a later commit restored). Commits that only append are passed over
//! without parsing.

use crate::error::{Error, Result};
use crate::history::{self, CommitInfo, DateKind, FileChange, Repository, Walked};
use crate::model::lossy;
use crate::policy::consolidation::judge::{Change, Judgement, Place, PlaceKind};
use crate::project::judge;
pub use crate::project::judge::{Explain, Judging};
use std::collections::VecDeque;

/// Later versions of the file kept to recognise a restore: a wipe is restored soon after.
const LATER_VERSIONS: usize = 8;
/// The versions right after a commit that are also looked in (by blob, read only when a
/// commit removed a title): a restore is often an append, which is never judged.
const NEXT_VERSIONS: usize = 4;

/// A commit that removed a title, and its judgement.
#[derive(Debug, Clone, PartialEq)]
pub struct Judged {
    /// The commit.
    pub commit: CommitInfo,
    /// Where each removed entry went, and the verdict.
    pub judgement: Judgement,
}

/// Walks the first-parent chain of `head` for the newest consolidation of `path`, whose
/// version in `head` is `head_text`. With `judging.explain`, also every judgement on the way.
pub fn last_consolidation(
    repo: &Repository,
    head: history::ObjectId,
    path: &str,
    kind: DateKind,
    head_text: &str,
    judging: &Judging,
) -> Result<(Walked, Vec<Judged>)> {
    let walk = walk_from(repo, head, path, kind, head_text, judging, None)?;
    Ok((walk.walked, walk.judged))
}

/// One change of the file met by the walk, as kept to walk it again without reading the
/// history: what the judge reads, and whether it removed a title (only those are judged).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The commit.
    pub commit: history::ObjectId,
    /// Its first parent.
    pub parent: history::ObjectId,
    /// The file's path in the commit.
    pub path: String,
    /// Its path in the parent.
    pub parent_path: String,
    /// The version before.
    pub before: history::ObjectId,
    /// The version the commit made.
    pub after: history::ObjectId,
    /// Whether it removed a title (it was judged).
    pub removes: bool,
}

/// How a recorded walk ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordEnd {
    /// At the last record, a consolidation.
    Found,
    /// At the commit that created the file.
    Created(CommitInfo),
}

/// A walk already made from an older commit of the first-parent chain: its changes, newest
/// first, and how it ended.
#[derive(Debug, Clone, Copy)]
pub struct Recorded<'a> {
    /// The commit it started from.
    pub head: history::ObjectId,
    /// The file's path there.
    pub path: &'a str,
    /// Its changes, newest first.
    pub records: &'a [Record],
    /// How it ended.
    pub end: &'a RecordEnd,
}

/// A walk's outcome, with its changes recorded back to the first consolidation.
#[derive(Debug, Clone)]
pub struct Walk {
    /// The newest consolidation, or the creation.
    pub walked: Walked,
    /// The judgements `--explain` keeps.
    pub judged: Vec<Judged>,
    /// The changes back to the newest consolidation (or the creation), newest first.
    pub records: Vec<Record>,
    /// How the records end.
    pub end: RecordEnd,
}

/// [`last_consolidation`], taking over from `recorded` where the chain reaches its commit: its
/// changes are judged again (what came since changes what a removal looks like), but the
/// history behind them is not read. When they run out without a consolidation, the walk goes
/// on in the history.
pub fn walk_from(
    repo: &Repository,
    head: history::ObjectId,
    path: &str,
    kind: DateKind,
    head_text: &str,
    judging: &Judging,
    recorded: Option<Recorded<'_>>,
) -> Result<Walk> {
    let mut walker = Walker {
        repo,
        judging,
        kind,
        later: VecDeque::from([head_text.to_owned()]),
        next: VecDeque::new(),
        judged: Vec::new(),
        newest: None,
        records: Vec::new(),
        recording: true,
    };
    let stop = recorded.map(|r| r.head);
    let mut until = repo.newest_change_until(head, path, kind, stop, |c| walker.step(c))?;
    if let (history::Until::Reached { path: at }, Some(recorded)) = (&until, recorded) {
        let same = *at == recorded.path;
        let replayed = match same {
            true => walker.replay(recorded)?,
            false => None,
        };
        until = match (replayed, recorded.records.last(), recorded.end) {
            (Some(walked), _, _) => history::Until::Walked(walked),
            // Every change down to the creation was recorded, and none ended the walk.
            (None, _, RecordEnd::Created(created)) if same => history::Until::Walked(Walked::NotFound {
                created: created.clone(),
            }),
            // The recorded consolidation is one no more: go on in the history behind it.
            (None, Some(last), _) if same => {
                repo.newest_change_until(last.parent, &last.parent_path, kind, None, |c| walker.step(c))?
            }
            _ => repo.newest_change_until(recorded.head, at, kind, None, |c| walker.step(c))?,
        };
    }
    let walked = match until {
        history::Until::Walked(walked) => walked,
        history::Until::Reached { .. } => {
            return Err(Error::Usage("the consolidation walk stopped early".into()));
        }
    };
    let walked = match (walker.newest.take(), walked) {
        (Some(found), Walked::NotFound { .. }) => Walked::Found(found),
        (_, walked) => walked,
    };
    let end = match &walked {
        Walked::NotFound { created } if walker.recording => RecordEnd::Created(created.clone()),
        _ => RecordEnd::Found,
    };
    Ok(Walk {
        walked,
        judged: walker.judged,
        records: walker.records,
        end,
    })
}

/// The walk's state: the later versions a removal is compared with, and what it recorded.
struct Walker<'a> {
    repo: &'a Repository,
    judging: &'a Judging,
    kind: DateKind,
    later: VecDeque<String>,
    next: VecDeque<history::ObjectId>,
    judged: Vec<Judged>,
    newest: Option<CommitInfo>,
    records: Vec<Record>,
    /// Until the first consolidation: the records a later walk takes over.
    recording: bool,
}

impl Walker<'_> {
    /// Judges one change; whether the walk stops.
    fn step(&mut self, change: FileChange<'_>) -> std::result::Result<bool, history::Error> {
        let full = match self.judging.explain {
            Explain::Last | Explain::All => true,
            Explain::At(target) if target == change.commit => true,
            // On the way to the one commit asked about, only what the later versions are.
            Explain::At(_) => {
                if removes_title(&change, &self.judging.structure) {
                    self.remember(change.before);
                }
                self.next.push_front(change.after_id);
                self.next.truncate(NEXT_VERSIONS);
                return Ok(false);
            }
            Explain::Off | Explain::Verdicts => false,
        };
        let judgement = judge(self.repo, &change, &self.later, &self.next, self.judging, full)?;
        self.next.push_front(change.after_id);
        self.next.truncate(NEXT_VERSIONS);
        if self.recording {
            self.records.push(Record {
                commit: change.commit,
                parent: change.parent,
                path: change.path.to_owned(),
                parent_path: change.parent_path.to_owned(),
                before: change.before_id,
                after: change.after_id,
                removes: judgement.is_some(),
            });
        }
        let Some(judgement) = judgement else {
            return Ok(false);
        };
        self.remember(change.before);
        let consolidation = judgement.consolidation;
        if consolidation {
            self.recording = false;
        }
        if self.judging.explain != Explain::Off {
            let commit = self.repo.commit_info(change.commit, self.kind)?;
            if consolidation && self.newest.is_none() {
                self.newest = Some(commit.clone());
            }
            self.judged.push(Judged { commit, judgement });
        }
        // `--explain=all` walks the whole history; the verdict is still the newest.
        Ok(match self.judging.explain {
            Explain::At(_) => true,
            Explain::All | Explain::Verdicts => false,
            Explain::Off | Explain::Last => consolidation,
        })
    }

    /// Keeps the version before a removal as one the removals older than it may come back in.
    fn remember(&mut self, before: &[u8]) {
        if self.later.len() > LATER_VERSIONS {
            self.later.pop_back();
        }
        self.later.insert(1, lossy(before));
    }

    /// Walks `recorded`'s changes again; `Some` when one ends the walk.
    fn replay(&mut self, recorded: Recorded<'_>) -> std::result::Result<Option<Walked>, history::Error> {
        for record in recorded.records {
            if !record.removes {
                // Only its version is read again, as one of the next versions of older ones.
                self.next.push_front(record.after);
                self.next.truncate(NEXT_VERSIONS);
                if self.recording {
                    self.records.push(record.clone());
                }
                continue;
            }
            let before = self.repo.blob_data(record.before)?;
            let after = self.repo.blob_data(record.after)?;
            let stop = self.step(FileChange {
                before: &before,
                after: &after,
                commit: record.commit,
                parent: record.parent,
                parent_path: &record.parent_path,
                path: &record.path,
                after_id: record.after,
                before_id: record.before,
            })?;
            if stop {
                return Ok(Some(Walked::Found(
                    self.repo.commit_info(record.commit, self.kind)?,
                )));
            }
        }
        Ok(None)
    }
}

/// Whether a change removed a title (what makes it judged).
fn removes_title(change: &FileChange<'_>, structure: &crate::model::Structure) -> bool {
    let (before, after) = (change.before, change.after);
    !(after.starts_with(before) && (before.is_empty() || before.ends_with(b"\n")))
        && Change::new(&lossy(before), &lossy(after), structure).is_some()
}

/// The judgement of one change; `None` when it removed no title. With `full`, entries found
/// nowhere are also looked for in the docs as they were, and in the consolidation report.
fn judge(
    repo: &Repository,
    change: &FileChange<'_>,
    later: &VecDeque<String>,
    next: &VecDeque<history::ObjectId>,
    judging: &Judging,
    full: bool,
) -> std::result::Result<Option<Judgement>, history::Error> {
    // Appending after a complete last line cannot take an entry away.
    let (before, after) = (change.before, change.after);
    if after.starts_with(before) && (before.is_empty() || before.ends_with(b"\n")) {
        return Ok(None);
    }
    let Some(removed) = Change::new(&lossy(before), &lossy(after), &judging.structure) else {
        return Ok(None);
    };
    let own = |p: &str| p == change.path || p == change.parent_path;
    let changed = judge::changed(repo, judging, &own, change.parent, change.commit)?;
    let mut places = changed.places;
    let next_texts = next
        .iter()
        .map(|id| repo.blob_data(*id).map(|bytes| lossy(&bytes)))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let after_text = lossy(after);
    // The commit's own version is no later version: what it still holds was judged in place.
    for version in later.iter().chain(&next_texts).filter(|v| **v != after_text) {
        places.push(Place {
            path: change.path.to_owned(),
            kind: PlaceKind::Later,
            text: version.clone(),
        });
    }
    let mut earlier = || judge::before(repo, judging, &own, change.parent, &changed.deleted);
    let mut drops = || judge::drops_at(repo, change.commit, &judging.report);
    let judgement = judge::judge(
        &removed,
        judging,
        places,
        &changed.submodules,
        full.then_some(&mut earlier as &mut dyn FnMut() -> _),
        full.then_some(&mut drops as &mut dyn FnMut() -> _),
    )?;
    Ok(Some(judgement))
}
