//! The one judge of a change to the learnings file: where the content of each entry whose title
//! it removed went. `ages` and `plan` (through the consolidation walk), `audit` (a commit, a
//! range or the working tree), the HTML report and the job summary all ask here, so they give
//! one verdict and one set of counts for one commit.
//!
//! The places looked in are those the change gave text to (other staging files, archives,
//! docs, the docs of submodules whose repositories are here), later versions of the file (a
//! restore), and, for what is still found nowhere, the docs as they stood before (already
//! there). A doc the change deleted is nowhere anything went.

use crate::base::glob::glob_set;
use crate::error::Error;
use crate::history::{self, ObjectId, Repository};
use crate::model::lossy;
use crate::policy::audit::Match;
use crate::policy::audit::{self, added_lines};
use crate::policy::consolidation::judge::{Change, Judgement, Place, PlaceKind, Went};
use crate::policy::consolidation::narrative;
use crate::policy::plan::Thresholds;
use globset::GlobSet;
use std::collections::{BTreeMap, HashSet};

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
    /// The judgement of one commit, as `Last` judges it: the walk stops there.
    At(history::ObjectId),
}

/// How commits are judged: the globs of other staging files and of docs, the shares an entry
/// must reach in a place, and which judgements are kept for `--explain`.
#[derive(Debug, Clone)]
pub struct Judging {
    staging: GlobSet,
    archive: GlobSet,
    docs: GlobSet,
    matching: Match,
    /// The docs `[consolidation] docs` names one by one (no wildcard).
    named: Vec<String>,
    /// The consolidation report, repository-relative: its reasons name dropped entries.
    pub report: String,
    /// How the learnings file's headings are read.
    pub structure: crate::model::Structure,
    /// The settings above, as the cache records what its verdicts depend on.
    settings: String,
    /// Which judgements to keep; with any, entries are also looked for in the docs as they
    /// were before the commit.
    pub explain: Explain,
}

impl Judging {
    /// The judging `thresholds` configure.
    pub fn new(thresholds: &Thresholds, explain: Explain) -> crate::error::Result<Judging> {
        let set = |globs: &[String], key: &str| {
            glob_set(globs.iter().map(String::as_str), key).map_err(Error::Usage)
        };
        Ok(Judging {
            staging: set(&thresholds.staging, "consolidation.staging")?,
            archive: set(&thresholds.archive, "consolidation.archive")?,
            docs: set(&thresholds.docs, "consolidation.docs")?,
            matching: thresholds.matching(),
            named: thresholds
                .docs
                .iter()
                .filter(|g| !g.contains(['*', '?', '[', '{']))
                .cloned()
                .collect(),
            report: crate::config::CONSOLIDATION_REPORT.to_owned(),
            structure: thresholds.structure(),
            settings: format!(
                "{:?} {:?} {:?} {:?} {:?}",
                thresholds.staging,
                thresholds.archive,
                thresholds.docs,
                thresholds.matching(),
                thresholds.structure()
            ),
            explain,
        })
    }

    /// Whether a path is a place an entry could go: a staging file, an archive, a doc, or any
    /// text file.
    pub fn is_place(&self, path: &str) -> bool {
        self.docs.is_match(path)
            || self.staging.is_match(path)
            || self.archive.is_match(path)
            || super::docs::is_text(path)
    }

    /// What kind of place a path the change gave text to is.
    pub fn kind(&self, path: &str) -> PlaceKind {
        if self.staging.is_match(path) {
            PlaceKind::Staging
        } else if self.archive.is_match(path) {
            PlaceKind::Archive
        } else {
            PlaceKind::Doc
        }
    }

    /// Whether a path is a permanent doc (not a staging file).
    pub fn is_doc(&self, path: &str) -> bool {
        self.docs.is_match(path) && !self.staging.is_match(path)
    }

    /// Whether `[consolidation] docs` names this doc itself, not by a wildcard.
    pub fn names(&self, path: &str) -> bool {
        self.named.iter().any(|n| n == path)
    }

    /// The shares an entry must reach in a place.
    pub fn matching(&self) -> Match {
        self.matching
    }

    /// What the verdicts depend on besides history, for the cache.
    pub fn settings(&self) -> &str {
        &self.settings
    }
}

/// What a change gave text to, as places, with what it deleted and the submodules it moved
/// whose content is not here.
#[derive(Debug, Default)]
pub struct Changed {
    /// Text the change added to each file, by kind.
    pub places: Vec<Place>,
    /// Files the change deleted.
    pub deleted: HashSet<String>,
    /// Submodules the change moved whose repositories are not here.
    pub submodules: Vec<String>,
}

/// What `parent..commit` changed beside the learnings file (`own`: its paths on both sides).
pub fn changed(
    repo: &Repository,
    judging: &Judging,
    own: &dyn Fn(&str) -> bool,
    parent: ObjectId,
    commit: ObjectId,
) -> Result<Changed, history::Error> {
    let (files, moved) = repo.changed_files(parent, commit, |p| !own(p) && judging.is_place(p))?;
    let mut out = Changed::default();
    for file in files {
        match file.after {
            None => {
                out.deleted.insert(file.path);
            }
            Some(after) => out.add(judging, file.path, file.before.as_deref().unwrap_or(""), &after),
        }
    }
    out.submodules = submodule_docs(repo, judging, parent, commit, moved, &mut out)?;
    Ok(out)
}

impl Changed {
    /// Adds the lines `after` holds and `before` does not, as a place of the kind of `path`.
    pub fn add(&mut self, judging: &Judging, path: String, before: &str, after: &str) {
        let added = added_lines(before, after);
        if !added.trim().is_empty() {
            self.places.push(Place {
                kind: judging.kind(&path),
                path,
                text: added,
            });
        }
    }
}

/// The permanent docs as they stood at `at` (in submodules too, where their repositories are
/// here), except the learnings file and what the span deleted.
pub fn before(
    repo: &Repository,
    judging: &Judging,
    own: &dyn Fn(&str) -> bool,
    at: ObjectId,
    deleted: &HashSet<String>,
) -> Result<Vec<Place>, history::Error> {
    let wanted = |p: &str| !own(p) && judging.is_doc(p) && !deleted.contains(p);
    let mut texts = repo.texts_at(at, wanted)?;
    for (sub, commit) in repo.gitlinks_at(at)? {
        texts.extend(repo.submodule_texts(&sub, commit, wanted).unwrap_or_default());
    }
    Ok(texts
        .into_iter()
        .map(|(path, text)| Place {
            path,
            kind: PlaceKind::Before,
            text,
        })
        .collect())
}

/// Reads the consolidation report's drops (title, reason), when the judge needs them.
pub type Drops<'a, E> = dyn FnMut() -> Result<Vec<(String, String)>, E> + 'a;

/// Judges `change` in `places`: first where the span put text, then (for what is still found
/// nowhere) in the docs as they were, from `earlier`, and the consolidation report's reasons,
/// from `drops`. Either is read only when needed.
pub fn judge<E>(
    change: &Change,
    judging: &Judging,
    mut places: Vec<Place>,
    submodules: &[String],
    earlier: Option<&mut dyn FnMut() -> Result<Vec<Place>, E>>,
    drops: Option<&mut Drops<'_, E>>,
) -> Result<Judgement, E> {
    let matching = judging.matching();
    let judgement = change.judge(&places, submodules, &[], matching);
    let unplaced = judgement
        .fates
        .iter()
        .any(|f| matches!(f.went, Went::Dropped { .. } | Went::Outside { .. }));
    if !unplaced || (earlier.is_none() && drops.is_none()) {
        return Ok(judgement);
    }
    if let Some(earlier) = earlier {
        places.extend(earlier()?);
    }
    let dropped = match drops {
        Some(drops) => drops()?,
        None => Vec::new(),
    };
    let mut judgement = change.judge(&places, submodules, &dropped, matching);
    narrative::discount(&mut judgement, &places, &|p| judging.names(p), &dropped);
    Ok(judgement)
}

/// The consolidation report's drops as committed in `commit`.
pub fn drops_at(
    repo: &Repository,
    commit: ObjectId,
    report: &str,
) -> Result<Vec<(String, String)>, history::Error> {
    Ok(repo
        .file_at(commit, report)?
        .map(|b| audit::dropped_in_report(&lossy(&b)))
        .unwrap_or_default())
}

/// Adds to `changed` what the span added to the docs of the submodules it moved, where their
/// repositories are here; returns the submodules whose content is out of reach.
fn submodule_docs(
    repo: &Repository,
    judging: &Judging,
    start: ObjectId,
    end: ObjectId,
    moved: Vec<String>,
    changed: &mut Changed,
) -> Result<Vec<String>, history::Error> {
    if moved.is_empty() {
        return Ok(moved);
    }
    let wanted = |p: &str| judging.is_place(p);
    let links = |at: ObjectId| -> Result<BTreeMap<String, ObjectId>, history::Error> {
        Ok(repo.gitlinks_at(at)?.into_iter().collect())
    };
    let (then_links, now_links) = (links(start)?, links(end)?);
    let mut unreadable = Vec::new();
    for sub in moved {
        let Some(&now) = now_links.get(&sub) else {
            continue; // removed: nothing was added there
        };
        let then = match then_links.get(&sub) {
            Some(&then) => repo.submodule_texts(&sub, then, wanted),
            None => Some(Vec::new()),
        };
        let (Some(then), Some(now)) = (then, repo.submodule_texts(&sub, now, wanted)) else {
            unreadable.push(sub);
            continue;
        };
        let then: BTreeMap<String, String> = then.into_iter().collect();
        for (path, text) in now {
            let old = then.get(&path).map_or("", String::as_str);
            if old != text {
                changed.add(judging, path, old, &text);
            }
        }
    }
    Ok(unreadable)
}
