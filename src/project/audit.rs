//! The audit of a span of history: every entry whose title the span removed from the learnings
//! file, and how it is accounted for. The span is a commit (`audit REV`), a range
//! (`audit A..B`) or a commit against the working tree (`audit --since REV`).
//!
//! The verdict is the one judge's ([`super::judge`]): a commit is judged as the consolidation
//! walk from HEAD judges it (knowing what later commits restored), so `audit REV` and
//! `ages --explain` say the same of it. The audit adds what the judge does not keep: for each
//! entry, the share of it found in the docs the span changed and, for one found nowhere, the
//! terms that are missing; and it reads the consolidation report given with `--report`.

use super::Project;
use super::analysis::read_text;
use super::consolidations::{Explain, Judging, walk_from};
use super::judge::{self, Changed};
use crate::error::{Error, Result};
use crate::history::{ObjectId, Walked};
use crate::model::lossy;
use crate::policy::audit::{self, ChangedDoc, Removed, Verdict};
use crate::policy::consolidation::judge::{Change, Judgement, Place, PlaceKind, Went};
use crate::policy::consolidation::status::Status;

/// Where a span ends.
#[derive(Debug, Clone, Copy)]
pub enum End {
    /// A commit.
    Commit(ObjectId),
    /// The working tree (and the consolidation report in it).
    WorkingTree,
}

/// One removed entry, judged.
#[derive(Debug, Clone)]
pub struct Audited {
    /// The entry as it stood before the span.
    pub removed: Removed,
    /// Its status, as every view names it.
    pub status: Status,
    /// Where it went.
    pub went: Went,
    /// The audit's measure of it in the docs the span changed.
    pub detail: Verdict,
}

/// The entries a span removed, each judged, in file order.
pub fn audit(
    project: &Project,
    start: ObjectId,
    end: End,
    report: &str,
) -> Result<(Vec<Audited>, Vec<String>)> {
    let repo = &project.repo;
    let path = repo
        .relative_path(&project.file)
        .ok_or_else(|| Error::Usage(format!("{}: is outside the repository", project.file.display())))?;
    let before = repo.file_at(start, &path)?.ok_or_else(|| {
        Error::Usage(format!(
            "{path}: not in {}; audit a span where the file exists",
            short(start)
        ))
    })?;
    let before = lossy(&before);
    let after = match end {
        End::Commit(commit) => repo
            .file_at(commit, &path)?
            .map(|b| lossy(&b))
            .unwrap_or_default(),
        End::WorkingTree => match read_text(&project.file, "") {
            Ok((_, document)) => document.text,
            Err(Error::Missing { .. }) => String::new(),
            Err(e) => return Err(e),
        },
    };
    // The report is read (and a FIFO refused) whether or not anything was removed.
    let dropped = match end {
        End::WorkingTree => read_report(&repo.root().join(report))?,
        End::Commit(commit) => judge::drops_at(repo, commit, report)?,
    };
    let mut judging = Judging::new(&project.config.consolidation, Explain::Last)?;
    judging.report = report.to_owned();
    let Some(change) = Change::new(&before, &after, &judging.structure) else {
        return Ok((Vec::new(), Vec::new()));
    };
    let own = |p: &str| p == path || p == report;
    let changed = match end {
        End::Commit(commit) => judge::changed(repo, &judging, &own, start, commit)?,
        End::WorkingTree => worktree_changes(project, &judging, &own, start)?,
    };
    let walked = match end {
        End::Commit(commit) if repo.first_parent(commit)? == Some(start) => {
            judged_by_walk(project, &path, commit, &judging)?
        }
        _ => None,
    };
    let judgement = match walked {
        Some(judgement) => judgement,
        None => {
            let mut earlier =
                || judge::before(repo, &judging, &own, start, &changed.deleted).map_err(Error::from);
            let mut drops = || Ok(dropped.clone());
            judge::judge(
                &change,
                &judging,
                changed.places.clone(),
                &changed.submodules,
                Some(&mut earlier as &mut dyn FnMut() -> Result<Vec<Place>>),
                Some(&mut drops as &mut dyn FnMut() -> Result<Vec<(String, String)>>),
            )?
        }
    };
    let removed = change.removed();
    let docs: Vec<ChangedDoc> = changed
        .places
        .iter()
        .filter(|p| p.kind != PlaceKind::Later)
        .map(|p| ChangedDoc {
            path: p.path.clone(),
            added: p.text.clone(),
        })
        .collect();
    let details = audit::audit_with(&removed, &docs, &dropped, judging.matching());
    let statuses = judgement.statuses();
    let entries = removed
        .into_iter()
        .zip(judgement.fates)
        .zip(statuses)
        .zip(details)
        .map(|(((removed, fate), status), detail)| Audited {
            removed,
            status,
            went: fate.went,
            detail,
        })
        .collect();
    Ok((entries, judgement.warnings))
}

/// The judgement of `commit` by the consolidation walk from HEAD; `None` where HEAD's first
/// parents do not reach it (it is judged on its own then).
fn judged_by_walk(
    project: &Project,
    path: &str,
    commit: ObjectId,
    judging: &Judging,
) -> Result<Option<Judgement>> {
    let repo = &project.repo;
    let head = repo.head()?;
    let Some(head_text) = repo.file_at(head, path)? else {
        return Ok(None);
    };
    let mut at = judging.clone();
    at.explain = Explain::At(commit);
    let walk = walk_from(
        repo,
        head,
        path,
        crate::history::DateKind::default(),
        &lossy(&head_text),
        &at,
        None,
    )?;
    Ok(match walk.walked {
        Walked::Found(found) if found.id.parse::<ObjectId>().ok() == Some(commit) => {
            walk.judged.into_iter().last().map(|j| j.judgement)
        }
        _ => None,
    })
}

/// What the working tree changed since `start` beside the learnings file.
fn worktree_changes(
    project: &Project,
    judging: &Judging,
    own: &dyn Fn(&str) -> bool,
    start: ObjectId,
) -> Result<Changed> {
    let repo = &project.repo;
    let mut changed = Changed::default();
    let present = super::docs::find_with(repo.root(), &|p| !own(p) && judging.is_place(p), &[])?;
    for doc in &present {
        let now = std::fs::read(repo.root().join(doc)).map_err(Error::io(repo.root().join(doc)))?;
        let then = repo.file_at(start, doc)?.unwrap_or_default();
        if now != then {
            changed.add(judging, doc.clone(), &lossy(&then), &lossy(&now));
        }
    }
    for (doc, _) in repo.texts_at(start, |p| !own(p) && judging.is_place(p))? {
        if present.binary_search(&doc).is_err() {
            changed.deleted.insert(doc);
        }
    }
    Ok(changed)
}

fn read_report(file: &std::path::Path) -> Result<Vec<(String, String)>> {
    super::input::refuse_special(file)?;
    match std::fs::read(file) {
        Ok(bytes) => Ok(audit::dropped_in_report(&lossy(&bytes))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(Error::io(file)(e)),
    }
}

fn short(id: ObjectId) -> String {
    id.to_string().chars().take(8).collect()
}
