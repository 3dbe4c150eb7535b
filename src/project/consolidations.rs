//! The last consolidation of a learnings file: the first-parent commits that removed a title,
//! newest first, each judged by where the removed entries' content went, until one is a
//! consolidation. `--explain` keeps every judgement on the way.
//!
//! The walk reads, for a commit that removed a title, the other files it changed (where moved
//! entries land) and remembers the file's later versions (an entry found there came back: the
//! removal was a wipe that a later commit restored). Commits that only append are passed over
//! without parsing.

use crate::base::glob::glob_set;
use crate::error::{Error, Result};
use crate::history::{self, CommitInfo, DateKind, FileChange, Repository, Walked};
use crate::model::lossy;
use crate::policy::audit::{Match, added_lines};
use crate::policy::consolidation::judge::{Change, Judgement, Place, PlaceKind, Went};
use crate::policy::plan::Thresholds;
use globset::GlobSet;
use std::collections::VecDeque;

/// Later versions of the file kept to recognise a restore: a wipe is restored soon after.
const LATER_VERSIONS: usize = 8;
/// The versions right after a commit that are also looked in (by blob, read only when a
/// commit removed a title): a restore is often an append, which is never judged.
const NEXT_VERSIONS: usize = 4;

/// Which judgements to keep for `--explain`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Explain {
    /// None: stop at the last consolidation, keep nothing.
    #[default]
    Off,
    /// Every commit that removed a title, back to the last consolidation.
    Last,
    /// Every commit of the history that removed a title.
    All,
    /// Every verdict of the history, without looking for entries already in docs (the health
    /// report's size chart marks the consolidations with them).
    Verdicts,
}

/// How commits are judged: the globs of other staging files and of docs, the shares an entry
/// must reach in a place, and which judgements are kept for `--explain`.
#[derive(Debug, Clone)]
pub struct Judging {
    staging: GlobSet,
    archive: GlobSet,
    docs: GlobSet,
    matching: Match,
    /// Which judgements to keep; with any, entries are also looked for in the docs as they
    /// were before the commit.
    pub explain: Explain,
}

impl Judging {
    /// The judging `thresholds` configure.
    pub fn new(thresholds: &Thresholds, explain: Explain) -> Result<Judging> {
        let set = |globs: &[String], key: &str| {
            glob_set(globs.iter().map(String::as_str), key).map_err(Error::Usage)
        };
        Ok(Judging {
            staging: set(&thresholds.staging, "consolidation.staging")?,
            archive: set(&thresholds.archive, "consolidation.archive")?,
            docs: set(&thresholds.docs, "consolidation.docs")?,
            matching: thresholds.matching(),
            explain,
        })
    }
}

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
    let mut later: VecDeque<String> = VecDeque::from([head_text.to_owned()]);
    let mut judged = Vec::new();
    let mut newest: Option<CommitInfo> = None;
    let mut next: VecDeque<history::ObjectId> = VecDeque::new();
    let walked = repo.newest_change(head, path, kind, |change| {
        let judgement = judge(repo, &change, &later, &next, judging)?;
        next.push_front(change.after_id);
        next.truncate(NEXT_VERSIONS);
        let Some(judgement) = judgement else {
            return Ok(false);
        };
        if later.len() > LATER_VERSIONS {
            later.pop_back();
        }
        later.insert(1, lossy(change.before));
        let consolidation = judgement.consolidation;
        if judging.explain != Explain::Off {
            let commit = repo.commit_info(change.commit, kind)?;
            if consolidation && newest.is_none() {
                newest = Some(commit.clone());
            }
            judged.push(Judged { commit, judgement });
        }
        // `--explain=all` walks the whole history; the verdict is still the newest.
        Ok(consolidation && !matches!(judging.explain, Explain::All | Explain::Verdicts))
    })?;
    let walked = match (newest, walked) {
        (Some(found), Walked::NotFound { .. }) => Walked::Found(found),
        (_, walked) => walked,
    };
    Ok((walked, judged))
}

/// The judgement of one change; `None` when it removed no title.
fn judge(
    repo: &Repository,
    change: &FileChange<'_>,
    later: &VecDeque<String>,
    next: &VecDeque<history::ObjectId>,
    judging: &Judging,
) -> std::result::Result<Option<Judgement>, history::Error> {
    // Appending after a complete last line cannot take an entry away.
    let (before, after) = (change.before, change.after);
    if after.starts_with(before) && (before.is_empty() || before.ends_with(b"\n")) {
        return Ok(None);
    }
    let Some(removed) = Change::new(&lossy(before), &lossy(after)) else {
        return Ok(None);
    };
    let own = |p: &str| p == change.path || p == change.parent_path;
    let texts = |p: &str| judging.docs.is_match(p) || judging.staging.is_match(p) || is_text(p);
    let (files, submodules) = repo.changed_files(change.parent, change.commit, |p| !own(p) && texts(p))?;
    let mut places: Vec<Place> = Vec::new();
    for file in files {
        let added = added_lines(
            file.before.as_deref().unwrap_or(""),
            file.after.as_deref().unwrap_or(""),
        );
        if added.trim().is_empty() {
            continue;
        }
        let kind = if judging.staging.is_match(&file.path) {
            PlaceKind::Staging
        } else if judging.archive.is_match(&file.path) {
            PlaceKind::Archive
        } else {
            PlaceKind::Doc
        };
        places.push(Place {
            path: file.path,
            kind,
            text: added,
        });
    }
    let next_texts = next
        .iter()
        .map(|id| repo.blob_data(*id).map(|bytes| lossy(&bytes)))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    for version in later.iter().chain(&next_texts) {
        places.push(Place {
            path: change.path.to_owned(),
            kind: PlaceKind::Later,
            text: version.clone(),
        });
    }
    let mut judgement = removed.judge(&places, &submodules, judging.matching);
    let unplaced = |j: &Judgement| {
        j.fates
            .iter()
            .any(|f| matches!(f.went, Went::Dropped | Went::Outside { .. }))
    };
    if matches!(judging.explain, Explain::Last | Explain::All) && unplaced(&judgement) {
        let docs = repo.texts_at(change.parent, |p| {
            !own(p) && judging.docs.is_match(p) && !judging.staging.is_match(p)
        })?;
        places.extend(docs.into_iter().map(|(path, text)| Place {
            path,
            kind: PlaceKind::Before,
            text,
        }));
        judgement = removed.judge(&places, &submodules, judging.matching);
    }
    Ok(Some(judgement))
}

/// Whether a path names a text file an entry could be moved into, whatever the doc globs say
/// (an archive, a backup of the staging file).
fn is_text(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    [".md", ".markdown", ".txt", ".rst", ".bak"]
        .iter()
        .any(|e| lower.ends_with(e))
}
