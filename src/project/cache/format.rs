//! The cache file as JSON: ids as hex, dates as days of the common era, short keys, and the
//! changes that were never judged reduced to the one version the walk reads again.

use crate::history::{Calendar, CommitInfo, HeadingOrigin, ObjectId, Walked};
use crate::project::consolidations::{Record, RecordEnd};
use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// One cache file.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Saved {
    /// [`super::FORMAT`].
    pub format: u32,
    /// What the results depend on besides history.
    pub config: String,
    /// The learnings file, repository-relative.
    pub path: String,
    /// The commit of each checkpoint, in the same order.
    pub heads: Vec<String>,
    /// Newest first, each kept as its JSON text: a run decodes only the one it takes over
    /// from (decoding all of them cost a millisecond each on a large file).
    pub checkpoints: Vec<Box<serde_json::value::RawValue>>,
}

impl Saved {
    /// An empty cache of `path`.
    pub fn new(path: &str, config: &str) -> Saved {
        Saved {
            format: super::FORMAT,
            config: config.to_owned(),
            path: path.to_owned(),
            heads: Vec::new(),
            checkpoints: Vec::new(),
        }
    }

    /// Whether every checkpoint has its commit listed.
    pub fn is_whole(&self) -> bool {
        self.heads.len() == self.checkpoints.len()
    }

    /// The checkpoint at `index`, decoded.
    pub fn checkpoint(&self, index: usize) -> Option<Checkpoint> {
        serde_json::from_str(self.checkpoints.get(index)?.get()).ok()
    }

    /// Puts `checkpoint` first, replacing one of the same commit, keeping at most
    /// [`super::CHECKPOINTS`].
    pub fn push(&mut self, checkpoint: &Checkpoint) -> serde_json::Result<()> {
        let raw = serde_json::value::to_raw_value(checkpoint)?;
        if let Some(i) = self.heads.iter().position(|h| *h == checkpoint.head) {
            self.heads.remove(i);
            self.checkpoints.remove(i);
        }
        self.heads.insert(0, checkpoint.head.clone());
        self.checkpoints.insert(0, raw);
        self.heads.truncate(super::CHECKPOINTS);
        self.checkpoints.truncate(super::CHECKPOINTS);
        Ok(())
    }
}

/// The facts at one commit.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The commit.
    pub head: String,
    /// The file's blob there.
    pub blob: String,
    /// Each heading line of the file there: line, commit, date.
    pub origins: Vec<(u32, String, i32)>,
    /// The active days.
    pub calendar: Vec<i32>,
    /// The first-parent changes back to the last consolidation, if the run walked them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub walk: Option<SavedWalk>,
}

/// A recorded walk.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SavedWalk {
    /// Changes, newest first.
    pub changes: Vec<SavedChange>,
    /// The creation (commit, date) when the records reach it; else they end at a
    /// consolidation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created: Option<(String, i32)>,
    /// The verdict at the checkpoint's own commit with no `--explain`: the newest
    /// consolidation, or the creation: (found, commit, date).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<(bool, String, i32)>,
}

/// A change: only `a` for one that removed no title.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SavedChange {
    /// The version it made.
    pub a: String,
    /// The commit, its parent and the version before; for a change that removed a title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub j: Option<(String, String, String)>,
    /// The path and the parent's path, when not the file's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p: Option<(String, String)>,
}

/// Days of the common era, as saved.
pub fn day(date: NaiveDate) -> i32 {
    date.num_days_from_ce()
}

/// A saved day.
pub fn date(day: i32) -> Option<NaiveDate> {
    NaiveDate::from_num_days_from_ce_opt(day)
}

fn id(hex: &str) -> Option<ObjectId> {
    ObjectId::from_hex(hex.as_bytes()).ok()
}

impl Checkpoint {
    /// The saved heading origins, by line; `None` if any is malformed.
    pub fn origins(&self) -> Option<HashMap<u32, HeadingOrigin>> {
        self.origins
            .iter()
            .map(|(line, commit, d)| {
                Some((
                    *line,
                    HeadingOrigin::Committed(CommitInfo {
                        id: commit.clone(),
                        date: date(*d)?,
                    }),
                ))
            })
            .collect()
    }

    /// The saved calendar.
    pub fn calendar(&self) -> Option<Calendar> {
        let dates: Option<Vec<NaiveDate>> = self.calendar.iter().map(|d| date(*d)).collect();
        Some(Calendar::from_dates(dates?))
    }

    /// The saved changes and how they end; `None` if not saved or malformed.
    pub fn records(&self, path: &str) -> Option<(Vec<Record>, RecordEnd)> {
        let walk = self.walk.as_ref()?;
        let null = ObjectId::null(gix_kind());
        let records = walk
            .changes
            .iter()
            .map(|c| {
                let (path, parent_path) = c.p.clone().unwrap_or_else(|| (path.to_owned(), path.to_owned()));
                let after = id(&c.a)?;
                Some(match &c.j {
                    Some((commit, parent, before)) => Record {
                        commit: id(commit)?,
                        parent: id(parent)?,
                        path,
                        parent_path,
                        before: id(before)?,
                        after,
                        removes: true,
                    },
                    None => Record {
                        commit: null,
                        parent: null,
                        path,
                        parent_path,
                        before: null,
                        after,
                        removes: false,
                    },
                })
            })
            .collect::<Option<Vec<Record>>>()?;
        let end = match &walk.created {
            Some((commit, d)) => RecordEnd::Created(CommitInfo {
                id: commit.clone(),
                date: date(*d)?,
            }),
            None => RecordEnd::Found,
        };
        Some((records, end))
    }

    /// The saved verdict at the checkpoint's commit, without `--explain`.
    pub fn verdict(&self) -> Option<Walked> {
        let (found, commit, d) = self.walk.as_ref()?.verdict.clone()?;
        let info = CommitInfo {
            id: commit,
            date: date(d)?,
        };
        Some(match found {
            true => Walked::Found(info),
            false => Walked::NotFound { created: info },
        })
    }
}

/// The walk as saved.
pub fn save_walk(path: &str, records: &[Record], end: &RecordEnd, verdict: Option<&Walked>) -> SavedWalk {
    let changes = records
        .iter()
        .map(|r| SavedChange {
            a: r.after.to_string(),
            j: r.removes
                .then(|| (r.commit.to_string(), r.parent.to_string(), r.before.to_string())),
            p: (r.path != path || r.parent_path != path).then(|| (r.path.clone(), r.parent_path.clone())),
        })
        .collect();
    let info = |c: &CommitInfo| (c.id.clone(), day(c.date));
    SavedWalk {
        changes,
        created: match end {
            RecordEnd::Created(c) => Some(info(c)),
            RecordEnd::Found => None,
        },
        verdict: verdict.map(|w| match w {
            Walked::Found(c) => (true, c.id.clone(), day(c.date)),
            Walked::NotFound { created } => (false, created.id.clone(), day(created.date)),
        }),
    }
}

/// The heading origins as saved (committed ones only: a checkpoint is of a commit).
pub fn save_origins(origins: &HashMap<u32, HeadingOrigin>) -> Vec<(u32, String, i32)> {
    let mut saved: Vec<(u32, String, i32)> = origins
        .iter()
        .filter_map(|(line, origin)| match origin {
            HeadingOrigin::Committed(c) => Some((*line, c.id.clone(), day(c.date))),
            HeadingOrigin::Uncommitted => None,
        })
        .collect();
    saved.sort();
    saved
}

fn gix_kind() -> crate::history::HashKind {
    crate::history::HashKind::Sha1
}
