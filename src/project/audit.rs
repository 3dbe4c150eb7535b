//! The audit of a span of history: every entry whose title the span removed from the learnings
//! file, and how it is accounted for. The span is a commit (`audit REV`), a range
//! (`audit A..B`) or a commit against the working tree (`audit --since REV`).
//!
//! An entry is accounted for when it is still in the file (retitled, or merged into another
//! entry), when its content reached a doc the span changed, when the consolidation report drops
//! it with a reason, or when equivalent content already stood in a doc before the span. The docs
//! of submodules count where their repositories are here (checked out or initialised); one
//! found nowhere while the span moved a submodule that is not here is reported as possibly gone
//! there.

use super::Project;
use super::analysis::read_text;
use crate::base::glob::glob_set;
use crate::error::{Error, Result};
use crate::history::ObjectId;
use crate::model::lossy;
use crate::policy::audit::{self, ChangedDoc, Removed, Status, Verdict};
use crate::policy::consolidation::judge::Change;
use std::collections::BTreeMap;

/// Where a span ends.
#[derive(Debug, Clone, Copy)]
pub enum End {
    /// A commit.
    Commit(ObjectId),
    /// The working tree (and the consolidation report in it).
    WorkingTree,
}

/// The entries a span removed, each with its verdict, in file order.
pub fn audit(project: &Project, start: ObjectId, end: End, report: &str) -> Result<Vec<(Removed, Verdict)>> {
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
        End::Commit(commit) => repo
            .file_at(commit, report)?
            .map(|b| audit::dropped_in_report(&lossy(&b)))
            .unwrap_or_default(),
    };
    let Some(change) = Change::new(&before, &after, &project.config.consolidation.structure()) else {
        return Ok(Vec::new());
    };
    let thresholds = &project.config.consolidation;
    let threshold = thresholds.matching();
    let removed = change.removed();
    // What stayed in the file under a new title or merged into another entry. Strictly: a
    // careless deletion beside a new entry on a nearby subject must not pass for a rewrite.
    let kept = change.kept_in_place(threshold);
    let docs_set =
        glob_set(thresholds.docs.iter().map(String::as_str), "consolidation.docs").map_err(Error::Usage)?;
    let (changed, submodules) = changed_docs(project, &path, start, end, report, &docs_set)?;
    let mut verdicts = audit::audit_with(&removed, &changed, &dropped, threshold);
    for (verdict, kept) in verdicts.iter_mut().zip(kept) {
        if let Some((into, retitled)) = kept {
            verdict.status = match retitled {
                true => Status::Retitled { to: into },
                false => Status::Merged { into },
            };
            verdict.missing.clear();
        }
    }
    let open: Vec<usize> = (0..verdicts.len())
        .filter(|&i| verdicts[i].status == Status::Unaccounted)
        .collect();
    if !open.is_empty() {
        let earlier_doc = |p: &str| p != path && p != report && docs_set.is_match(p);
        let mut earlier = repo.texts_at(start, earlier_doc)?;
        // A doc the span deleted is not where anything went (issue 28): only the docs that are
        // still there at its end can hold what an entry said.
        let mut gone = Vec::new();
        for (doc, _) in &earlier {
            let there = match end {
                End::Commit(commit) => repo.file_at(commit, doc)?.is_some(),
                End::WorkingTree => repo.root().join(doc).is_file(),
            };
            if !there {
                gone.push(doc.clone());
            }
        }
        earlier.retain(|(doc, _)| !gone.contains(doc));
        for (sub, at) in repo.gitlinks_at(start)? {
            earlier.extend(repo.submodule_texts(&sub, at, earlier_doc).unwrap_or_default());
        }
        let earlier: Vec<ChangedDoc> = earlier
            .into_iter()
            .map(|(path, added)| ChangedDoc { path, added })
            .collect();
        let found = audit::audit_with(&removed, &earlier, &[], threshold);
        for i in open {
            if already(&found[i], threshold)
                && let Some(place) = found[i].landed.first()
            {
                verdicts[i].status = Status::Already {
                    path: place.path.clone(),
                };
                verdicts[i].landed = found[i].landed.clone();
                verdicts[i].score = found[i].score;
                verdicts[i].missing.clear();
            } else if !submodules.is_empty() {
                verdicts[i].status = Status::Outside {
                    submodules: submodules.clone(),
                };
                verdicts[i].missing.clear();
            }
        }
    }
    Ok(removed.into_iter().zip(verdicts).collect())
}

/// Whether an entry's content stood in the docs before the span. A doc written before the
/// entry holds its lesson, not its incident: the dates, issue numbers and commands of the day
/// need not be there when most of the entry, and most of what only it says, is.
fn already(found: &audit::Verdict, threshold: audit::Match) -> bool {
    matches!(found.status, Status::Moved | Status::Condensed { .. })
        || (found.score >= ALREADY_SCORE.max(threshold.score)
            && found.distinct >= ALREADY_DISTINCT.max(threshold.distinct))
}

/// Shares an entry missing a key term must reach in the docs before the span to have stood
/// there already: above a move's, since nothing in the span points at the place. On the public
/// histories of `fixtures/histories`, entries a maintainer dropped because a doc already held
/// them reach 0.65 and 0.52 and more.
const ALREADY_SCORE: f64 = 0.6;
const ALREADY_DISTINCT: f64 = 0.5;

/// The docs the span changed (in submodules too), with the lines it added to each, and the
/// submodules it moved whose content is not here.
fn changed_docs(
    project: &Project,
    path: &str,
    start: ObjectId,
    end: End,
    report: &str,
    docs: &globset::GlobSet,
) -> Result<(Vec<ChangedDoc>, Vec<String>)> {
    let repo = &project.repo;
    let wanted = |p: &str| p != path && p != report && docs.is_match(p);
    match end {
        End::Commit(commit) => {
            let (files, moved) = repo.changed_files(start, commit, wanted)?;
            let mut changed: Vec<ChangedDoc> = files
                .into_iter()
                .filter_map(|f| {
                    let added = audit::added_lines(f.before.as_deref().unwrap_or(""), f.after.as_deref()?);
                    Some(ChangedDoc { path: f.path, added })
                })
                .collect();
            let unreadable = submodule_docs(project, start, commit, moved, &wanted, &mut changed)?;
            changed.sort_by(|a, b| a.path.cmp(&b.path));
            Ok((changed, unreadable))
        }
        End::WorkingTree => {
            let mut changed = Vec::new();
            for doc in super::docs::find(repo.root(), docs, &[path, report])? {
                let now = std::fs::read(repo.root().join(&doc)).map_err(Error::io(repo.root().join(&doc)))?;
                let then = repo.file_at(start, &doc)?.unwrap_or_default();
                if now != then {
                    changed.push(ChangedDoc {
                        added: audit::added_lines(&lossy(&then), &lossy(&now)),
                        path: doc,
                    });
                }
            }
            Ok((changed, Vec::new()))
        }
    }
}

/// Adds to `changed` what the span added to the docs of the submodules it moved, where their
/// repositories are here; returns the submodules whose content is out of reach.
fn submodule_docs(
    project: &Project,
    start: ObjectId,
    end: ObjectId,
    moved: Vec<String>,
    wanted: &dyn Fn(&str) -> bool,
    changed: &mut Vec<ChangedDoc>,
) -> Result<Vec<String>> {
    if moved.is_empty() {
        return Ok(moved);
    }
    let repo = &project.repo;
    let links = |at: ObjectId| -> Result<BTreeMap<String, ObjectId>> {
        Ok(repo.gitlinks_at(at)?.into_iter().collect())
    };
    let (before, after) = (links(start)?, links(end)?);
    let mut unreadable = Vec::new();
    for sub in moved {
        let Some(&now) = after.get(&sub) else {
            continue; // removed: nothing was added there
        };
        let then = match before.get(&sub) {
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
                changed.push(ChangedDoc {
                    added: audit::added_lines(old, &text),
                    path,
                });
            }
        }
    }
    Ok(unreadable)
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
