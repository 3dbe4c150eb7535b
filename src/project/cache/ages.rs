//! The facts of `ages` taken from the newest checkpoint on HEAD's first-parent chain, plus what
//! the commits since it say: blame stops at the checkpoint and looks the rest up, the calendar
//! adds the days of the commits the checkpoint cannot reach, and the consolidation walk judges
//! the new changes, then the recorded ones again.

use super::format::{self, Checkpoint};
use super::{SEARCH_LIMIT, Store};
use crate::error::Result;
use crate::history::{Calendar, DateKind, HeadingOrigin, Known, ObjectId, Repository, Trace, Walked};
use crate::model;
use crate::project::consolidations::{Explain, Judged, Judging, Record, RecordEnd, Recorded, walk_from};
use std::collections::{HashMap, HashSet};

/// What history says of the file, as the analysis needs it.
#[derive(Debug, Clone)]
pub struct Facts {
    /// One origin per working-tree heading.
    pub origins: Vec<HeadingOrigin>,
    /// Active days.
    pub calendar: Calendar,
    /// The last consolidation (or the creation), and the judgements `--explain` keeps.
    pub walked: (Walked, Vec<Judged>),
    /// What the cache did, for `LEARNINGS_DEBUG`.
    pub notes: Vec<String>,
}

/// A checkpoint, decoded.
struct Base {
    head: ObjectId,
    origins: HashMap<u32, HeadingOrigin>,
    calendar: Calendar,
    records: Option<(Vec<Record>, RecordEnd)>,
    verdict: Option<Walked>,
}

/// The facts of the file at `path`, committed in `head` as `committed`, with working-tree
/// bytes `raw` and `headings`; the cache read first and updated after.
#[allow(clippy::too_many_arguments)]
pub fn facts(
    repo: &Repository,
    head: ObjectId,
    path: &str,
    kind: DateKind,
    judging: &Judging,
    committed: Vec<u8>,
    raw: &[u8],
    headings: &[(usize, String)],
) -> Result<Facts> {
    let store = Store::new(repo, path, kind, judging.settings());
    let mut notes = Vec::new();
    let mut saved = store.load(&mut notes);
    let heads: HashMap<ObjectId, usize> = saved
        .heads
        .iter()
        .enumerate()
        .filter_map(|(i, head)| Some((ObjectId::from_hex(head.as_bytes()).ok()?, i)))
        .collect();
    let keys: HashSet<ObjectId> = heads.keys().copied().collect();
    let base = match keys.is_empty() {
        true => None,
        false => repo.first_parent_to(head, &keys, SEARCH_LIMIT)?,
    }
    .and_then(|k| decode(k, &saved.checkpoint(heads[&k])?, path));
    match &base {
        Some(b) if b.head == head => notes.push(format!("{}: up to date at {head}", store.file().display())),
        Some(b) => notes.push(format!(
            "{}: reading the commits since {}",
            store.file().display(),
            b.head
        )),
        None => notes.push(format!(
            "{}: no checkpoint on HEAD's history; reading it all",
            store.file().display()
        )),
    }
    let at_head = base.as_ref().is_some_and(|b| b.head == head);
    let head_text = model::lossy(&committed);
    // From the tree: hashing the bytes again cost a millisecond on a large file.
    let head_blob = repo.blob_id(head, path)?;

    let (committed_origins, origins, side) = std::thread::scope(|scope| {
        let side_repo = repo.clone();
        let base = base.as_ref();
        let head_text = head_text.as_str();
        let side = scope.spawn(
            move || -> Result<(Calendar, crate::project::consolidations::Walk, bool)> {
                let calendar = match base {
                    Some(b) if b.head == head => b.calendar.clone(),
                    Some(b) => Calendar::from_dates(
                        b.calendar
                            .dates()
                            .iter()
                            .copied()
                            .chain(side_repo.dates_since(head, b.head, kind)?),
                    ),
                    None => side_repo.calendar(head, kind)?,
                };
                if let Some(Base {
                    verdict: Some(verdict),
                    ..
                }) = base.filter(|b| b.head == head)
                    && judging.explain == Explain::Off
                {
                    let walk = crate::project::consolidations::Walk {
                        walked: verdict.clone(),
                        judged: Vec::new(),
                        records: Vec::new(),
                        end: RecordEnd::Found,
                    };
                    return Ok((calendar, walk, false));
                }
                let recorded = base.and_then(|b| {
                    let (records, end) = b.records.as_ref()?;
                    Some(Recorded {
                        head: b.head,
                        path,
                        records,
                        end,
                    })
                });
                let walk = walk_from(&side_repo, head, path, kind, head_text, judging, recorded)?;
                Ok((calendar, walk, true))
            },
        );
        let result = origins_of(
            repo,
            head,
            path,
            kind,
            &committed,
            raw,
            headings,
            base,
            &judging.structure,
        );
        let side = side
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        let (committed_origins, origins) = result?;
        Ok::<_, crate::error::Error>((committed_origins, origins, side?))
    })?;
    let (calendar, walk, walked_again) = side;

    let plain = matches!(judging.explain, Explain::Off | Explain::Verdicts);
    let missing_verdict = base.as_ref().is_some_and(|b| b.verdict.is_none()) && plain && walked_again;
    if !at_head || missing_verdict {
        let walk_saved = walked_again
            .then(|| format::save_walk(path, &walk.records, &walk.end, plain.then_some(&walk.walked)));
        let checkpoint = Checkpoint {
            head: head.to_string(),
            blob: head_blob.map(|b| b.to_string()).unwrap_or_default(),
            origins: format::save_origins(&committed_origins),
            calendar: calendar.dates().iter().map(|d| format::day(*d)).collect(),
            walk: walk_saved,
        };
        match saved.push(&checkpoint) {
            Ok(()) => store.save(&saved, &mut notes),
            Err(e) => notes.push(format!("{}: not written ({e})", store.file().display())),
        }
    }
    Ok(Facts {
        origins,
        calendar,
        walked: (walk.walked, walk.judged),
        notes,
    })
}

/// The origins of the headings as committed in `head` (by line), then of the working tree's.
#[allow(clippy::too_many_arguments)]
fn origins_of(
    repo: &Repository,
    head: ObjectId,
    path: &str,
    kind: DateKind,
    committed: &[u8],
    raw: &[u8],
    headings: &[(usize, String)],
    base: Option<&Base>,
    structure: &model::Structure,
) -> Result<(HashMap<u32, HeadingOrigin>, Vec<HeadingOrigin>)> {
    let at_head = match base {
        Some(b) if b.head == head => b.origins.clone(),
        _ => {
            let text = match model::decode(committed) {
                Ok(document) => document.text,
                Err(_) => model::lossy(committed),
            };
            let lines: Vec<(usize, String)> = model::parse_with(&text, structure)
                .entries
                .iter()
                .map(|e| (e.line, e.title.clone()))
                .collect();
            let known = Known {
                path: path.to_owned(),
                at: base.map(|b| (b.head, b.origins.clone())).into_iter().collect(),
                structure: structure.clone(),
            };
            let found = repo.trace_headings(Trace::Commit(head), path, Vec::new(), &lines, kind, &known)?;
            lines
                .iter()
                .zip(found)
                .map(|((line, _), origin)| (u32::try_from(*line).unwrap_or(u32::MAX), origin))
                .collect()
        }
    };
    let line = |l: usize| u32::try_from(l).unwrap_or(u32::MAX);
    let origins = if raw == committed {
        headings
            .iter()
            .map(|(l, _)| {
                at_head
                    .get(&line(*l))
                    .cloned()
                    .unwrap_or(HeadingOrigin::Uncommitted)
            })
            .collect()
    } else {
        let known = Known {
            path: path.to_owned(),
            at: HashMap::from([(head, at_head.clone())]),
            structure: structure.clone(),
        };
        repo.trace_headings(
            Trace::Worktree { head, contents: raw },
            path,
            committed.to_vec(),
            headings,
            kind,
            &known,
        )?
    };
    Ok((at_head, origins))
}

fn decode(head: ObjectId, checkpoint: &Checkpoint, path: &str) -> Option<Base> {
    Some(Base {
        head,
        origins: checkpoint.origins()?,
        calendar: checkpoint.calendar()?,
        records: checkpoint.records(path),
        verdict: checkpoint.verdict(),
    })
}
