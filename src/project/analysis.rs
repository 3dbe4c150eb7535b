//! Loading a learnings file together with the facts git holds about it.
//!
//! This is the "load" step every command shares: read and parse the working-tree file, open the
//! repository above it, blame the headings, build the calendar, find the last consolidation.

use crate::error::{Error, Result};
use crate::history::{self, Calendar, DateKind, HeadingOrigin, Repository, Walked};
use crate::model::{self, LearningsFile};
use crate::policy::{self, EntryAge};
use crate::project::cache;
use crate::project::consolidations::{Judged, Judging, last_consolidation};
use chrono::NaiveDate;
use std::path::{Path, PathBuf};

/// A commit with its date and its age in active days.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dated {
    /// Full hex id.
    pub commit: String,
    /// Date in the commit's own offset.
    pub date: NaiveDate,
    /// Active days strictly after `date`.
    pub age: usize,
}

/// A learnings file and its history, as owned data.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// Path relative to the repository root, `/`-separated.
    pub path: String,
    /// The working-tree root.
    pub root: PathBuf,
    /// The decoded file text.
    pub source: String,
    /// The parsed file.
    pub file: LearningsFile,
    /// One age per entry, in file order.
    pub entries: Vec<EntryAge>,
    /// Active days.
    pub calendar: Calendar,
    /// The newest consolidation: a commit whose removed entries left the file for good.
    pub last_consolidation: Option<Dated>,
    /// With `--explain`: the commits that removed a title, newest first, back to the last
    /// consolidation, each with its judgement.
    pub judged: Vec<Judged>,
    /// The commit that created the file (reported when there is no consolidation).
    pub created: Option<Dated>,
    /// Whether the history is cut at a shallow boundary.
    pub shallow: bool,
    /// Things the user should know that do not stop the command.
    pub warnings: Vec<String>,
    /// What the cache did, for `LEARNINGS_DEBUG`.
    pub cache_notes: Vec<String>,
    /// HEAD, full hex.
    pub head: String,
    /// The git blob id of the working-tree file's bytes.
    pub blob: String,
}

impl Analysis {
    /// The consolidation decision for this file under `thresholds`.
    pub fn plan(&self, thresholds: &crate::policy::plan::Thresholds) -> crate::policy::plan::Plan {
        crate::policy::plan::plan(
            self.file.lines,
            self.staleness(),
            self.staleness_since(),
            &self.entries,
            thresholds,
        )
    }

    /// What [`Analysis::staleness`] counts from.
    pub fn staleness_since(&self) -> crate::policy::plan::Since {
        match self.last_consolidation {
            Some(_) => crate::policy::plan::Since::LastConsolidation,
            None => crate::policy::plan::Since::Creation,
        }
    }

    /// Staleness: active days since the last consolidation, or since the file was created.
    pub fn staleness(&self) -> Option<usize> {
        self.last_consolidation
            .as_ref()
            .or(self.created.as_ref())
            .map(|d| d.age)
    }
}

/// Reads a text file, refusing anything that is not UTF-8; returns the raw bytes too.
pub fn read_text(path: &Path, hint: &str) -> Result<(Vec<u8>, model::Document)> {
    crate::project::input::refuse_special(path)?;
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(Error::Missing {
                path: path.to_path_buf(),
                hint: hint.to_owned(),
            });
        }
        Err(e) => return Err(Error::io(path)(e)),
    };
    let document = model::decode(&bytes).map_err(|offset| Error::NotUtf8 {
        path: path.to_path_buf(),
        offset,
    })?;
    Ok((bytes, document))
}

/// Analyses the learnings file at `path` (absolute) in `repo`.
pub fn analyze(
    repo: &Repository,
    path: &Path,
    kind: DateKind,
    judging: &Judging,
    cache: cache::Use,
) -> Result<Analysis> {
    let relative = repo.relative_path(path).ok_or_else(|| {
        Error::Usage(format!(
            "{}: is outside the repository at {}",
            path.display(),
            repo.root().display()
        ))
    })?;
    let head = repo.head()?;
    refuse_too_large(repo, head, path, &relative)?;
    let head_version = repo.file_at(head, &relative)?;
    let (raw, document) = match read_text(
        path,
        "pass the learnings file, or set `learnings = \"PATH\"` in learnings.toml (default agents/learnings.md)",
    ) {
        Err(Error::Missing { path, .. }) if head_version.is_some() => {
            return Err(Error::Missing {
                path,
                hint:
                    "it is committed in HEAD but missing from the working tree; restore it with `git restore`"
                        .into(),
            });
        }
        other => other?,
    };
    crate::project::input::refuse_too_many_headings(path, &raw)?;
    let mut warnings = Vec::new();
    if head_version.is_none() {
        warnings.push(format!(
            "{relative}: not in HEAD (new, or deleted in HEAD): every entry counts as uncommitted"
        ));
    }
    let file = model::parse_with(&document.text, &judging.structure);
    let headings: Vec<(usize, String)> = file.entries.iter().map(|e| (e.line, e.title.clone())).collect();
    let mut cache_notes = Vec::new();
    // The blob id of the working-tree file (for SessionStart's freshness): the tree's when the
    // file is as committed, which spares hashing a large file.
    let blob = match head_version.as_deref() == Some(raw.as_slice()) {
        true => repo.blob_id(head, &relative)?,
        false => Repository::blob_id_of(&raw),
    }
    .map(|b| b.to_string())
    .unwrap_or_default();
    let facts = match head_version {
        // A shallow history is not cached: its boundary moves with every fetch.
        Some(committed) if cache == cache::Use::On && !repo.is_shallow() => {
            let facts = cache::ages::facts(repo, head, &relative, kind, judging, committed, &raw, &headings)
                .map_err(|e| match e {
                    Error::History(e) => Error::History(repo.explain(e)),
                    other => other,
                })?;
            cache_notes = facts.notes;
            (facts.origins, (facts.calendar, Some(facts.walked)))
        }
        head_version => cold(
            repo,
            head,
            &relative,
            kind,
            judging,
            head_version,
            &raw,
            &headings,
        )?,
    };
    let (origins, (calendar, walked)) = facts;
    let mut entries = policy::entry_ages(&file, &origins, &calendar);
    for entry in &mut entries {
        entry.at_least = entry.commit.as_deref().is_some_and(|c| repo.is_boundary(c));
    }

    let dated = |info: history::CommitInfo| Dated {
        age: calendar.days_after(info.date),
        commit: info.id,
        date: info.date,
    };
    let (walked, judged) = match walked {
        Some((walked, judged)) => (Some(walked), judged),
        None => (None, Vec::new()),
    };
    let (last_consolidation, created) = match walked {
        Some(Walked::Found(info)) => (Some(dated(info)), None),
        Some(Walked::NotFound { created }) => (None, Some(dated(created))),
        None => (None, None),
    };
    let shallow = repo.is_shallow();
    if shallow {
        warnings.push(format!(
            "{}: shallow clone: ages are cut at the shallow boundary (at least what is shown); fetch the full history (`git fetch --unshallow`; in GitHub Actions, `fetch-depth: 0` on actions/checkout)",
            repo.root().display()
        ));
    }
    Ok(Analysis {
        path: relative,
        root: repo.root().to_path_buf(),
        source: document.text,
        file,
        entries,
        calendar,
        last_consolidation,
        judged,
        created,
        shallow,
        warnings,
        cache_notes,
        head: head.to_string(),
        blob,
    })
}

/// Refuses a learnings file at `path` (`relative` in `repo`) over the size the history
/// commands read, in the working tree or as committed in `head`, before either is read: a
/// 200 MB file took 3.8 GB and over a minute to answer.
pub fn refuse_too_large(
    repo: &Repository,
    head: history::ObjectId,
    path: &Path,
    relative: &str,
) -> Result<()> {
    if let Ok(meta) = std::fs::metadata(path) {
        crate::project::input::refuse_too_large(path, meta.len(), None)?;
    }
    if let Some(blob) = repo.blob_id(head, relative)? {
        crate::project::input::refuse_too_large(path, repo.blob_size(blob)?, Some("HEAD"))?;
    }
    Ok(())
}

type Side = (Calendar, Option<(Walked, Vec<Judged>)>);

/// The facts read from the whole history, without the cache.
#[allow(clippy::too_many_arguments)]
fn cold(
    repo: &Repository,
    head: history::ObjectId,
    relative: &str,
    kind: DateKind,
    judging: &Judging,
    head_version: Option<Vec<u8>>,
    raw: &[u8],
    headings: &[(usize, String)],
) -> Result<(Vec<HeadingOrigin>, Side)> {
    // Blame is the long pole; the calendar and the consolidation walk read the same history
    // independently, so they run beside it on a second handle to the same object store.
    let head_text = head_version.as_deref().map(model::lossy);
    std::thread::scope(|scope| {
        let side_repo = repo.clone();
        let side = scope.spawn(move || -> Result<Side> {
            let calendar = side_repo.calendar(head, kind)?;
            let walked = match &head_text {
                Some(text) => Some(last_consolidation(
                    &side_repo, head, relative, kind, text, judging,
                )?),
                None => None,
            };
            Ok((calendar, walked))
        });
        let origins = match head_version {
            Some(committed) => {
                let known = history::Known {
                    structure: judging.structure.clone(),
                    ..history::Known::default()
                };
                repo.trace_headings(
                    history::Trace::Worktree { head, contents: raw },
                    relative,
                    committed,
                    headings,
                    kind,
                    &known,
                )
            }
            None => Ok(vec![HeadingOrigin::Uncommitted; headings.len()]),
        };
        let side = side
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        Ok::<_, Error>((origins?, side?))
    })
    .map_err(|e| match e {
        Error::History(e) => Error::History(repo.explain(e)),
        other => other,
    })
}
