//! The audit of a span of history: every entry whose title the span removed from the learnings
//! file, and how it is accounted for. The span is a commit (`audit REV`), a range
//! (`audit A..B`) or a commit against the working tree (`audit --since REV`).
//!
//! An entry is accounted for when it is still in the file (retitled, or merged into another
//! entry), when its content reached a doc the span changed, when the consolidation report drops
//! it with a reason, or when equivalent content already stood in a doc before the span. One
//! found nowhere while the span moved a submodule is reported as possibly gone there.

use super::Project;
use super::analysis::read_text;
use crate::base::glob::glob_set;
use crate::error::{Error, Result};
use crate::history::ObjectId;
use crate::model::lossy;
use crate::policy::audit::{self, ChangedDoc, Removed, Status, Verdict};
use crate::policy::consolidation::judge::Change;

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
    let Some(change) = Change::new(&before, &after) else {
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
        let earlier: Vec<ChangedDoc> = repo
            .texts_at(start, |p| p != path && p != report && docs_set.is_match(p))?
            .into_iter()
            .map(|(path, added)| ChangedDoc { path, added })
            .collect();
        let found = audit::audit_with(&removed, &earlier, &[], threshold);
        for i in open {
            if matches!(found[i].status, Status::Moved | Status::Condensed { .. })
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

/// The docs the span changed, with the lines it added to each, and the submodules it moved.
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
            let (files, submodules) = repo.changed_files(start, commit, wanted)?;
            let changed = files
                .into_iter()
                .filter_map(|f| {
                    let added = audit::added_lines(f.before.as_deref().unwrap_or(""), f.after.as_deref()?);
                    Some(ChangedDoc { path: f.path, added })
                })
                .collect();
            Ok((changed, submodules))
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
