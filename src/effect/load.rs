//! What `effect` weighs, read once: the rules (entries of the learnings file and the sections of
//! the rule files injection brings, each dated by git blame of its heading), the ledger and the
//! corrections of this project.

use super::{Correction, Ledger, Place, Rule};
use crate::capture::Event;
use crate::capture::event::Kind;
use crate::error::Result;
use crate::history::{DateKind, HeadingOrigin, Walked};
use crate::project::Project;
use crate::project::analysis::Analysis;
use crate::store::ledger::{Act, Record};
use chrono::NaiveDate;
use std::collections::BTreeSet;

/// The rules: `analysis`'s entries, then each rule file of `[inject]` (its sections, and the
/// whole file), in path order.
pub fn rules(project: &Project, analysis: &Analysis) -> Result<Vec<Rule>> {
    let mut rules: Vec<Rule> = analysis
        .file
        .entries
        .iter()
        .zip(&analysis.entries)
        .map(|(entry, age)| Rule {
            path: analysis.path.clone(),
            title: Some(entry.title.clone()),
            text: entry.text(&analysis.source).to_owned(),
            written: age.added,
            place: Place::Entry,
        })
        .collect();
    let root = project.repo.root().to_path_buf();
    let inject = &project.config.inject;
    let always: BTreeSet<String> = inject
        .always
        .iter()
        .flat_map(|s| crate::inject::files::resolve(&root, s.get_ref()))
        .collect();
    let mut paths: BTreeSet<String> = always.clone();
    for domain in &inject.domains {
        for spec in &domain.files {
            paths.extend(crate::inject::files::resolve(&root, spec.get_ref()));
        }
    }
    paths.remove(&analysis.path);
    let head = project.repo.head()?;
    for path in paths {
        let Some(text) = crate::inject::files::read(&root, &path) else {
            continue;
        };
        let place = match always.contains(&path) {
            true => Place::Always,
            false => Place::RuleFile,
        };
        let committed = project.repo.file_at(head, &path)?;
        let created = match committed {
            Some(_) => match project
                .repo
                .newest_change(head, &path, DateKind::Author, |_| Ok(false))?
            {
                Walked::NotFound { created } | Walked::Found(created) => Some(created.date),
            },
            None => None,
        };
        let file = crate::model::parse(&text);
        let headings: Vec<(usize, String)> = file.entries.iter().map(|e| (e.line, e.title.clone())).collect();
        let origins = match committed {
            Some(committed) if !headings.is_empty() => project.repo.trace_headings(
                crate::history::Trace::Worktree {
                    head,
                    contents: text.as_bytes(),
                },
                &path,
                committed,
                &headings,
                DateKind::Author,
                &crate::history::Known::default(),
            )?,
            _ => vec![HeadingOrigin::Uncommitted; headings.len()],
        };
        for (entry, origin) in file.entries.iter().zip(origins) {
            rules.push(Rule {
                path: path.clone(),
                title: Some(entry.title.clone()),
                text: entry.text(&text).to_owned(),
                written: match origin {
                    HeadingOrigin::Committed(info) => Some(info.date),
                    HeadingOrigin::Uncommitted => None,
                },
                place,
            });
        }
        rules.push(Rule {
            path,
            title: None,
            text,
            written: created,
            place,
        });
    }
    Ok(rules)
}

/// The ledger's records from `since` on, reduced.
pub fn ledger(records: &[Record], since: Option<NaiveDate>) -> Ledger {
    let mut ledger = Ledger::default();
    let mut seen = BTreeSet::new();
    for record in records.iter().filter(|r| in_range(&r.at, since)) {
        if seen.insert(record.session.clone()) {
            ledger.sessions.push(record.session.clone());
        }
        match record.act {
            Act::Session => {}
            Act::Inject => {
                if let Some(path) = &record.path {
                    ledger
                        .injected
                        .entry(path.clone())
                        .or_default()
                        .insert(record.session.clone());
                }
            }
            Act::Block | Act::Rewrite => {
                if let Some(rule) = &record.rule {
                    let entry = ledger.enforced.entry(rule.clone()).or_default();
                    entry.0 += 1;
                    entry.1.insert(record.session.clone());
                }
            }
        }
    }
    ledger
}

/// The corrections of the project at `root` (or of no project) from `since` on.
pub fn corrections(events: &[Event], root: &str, since: Option<NaiveDate>) -> Vec<Correction> {
    events
        .iter()
        .filter(|e| e.kind == Kind::Correction)
        .filter(|e| e.project.as_deref().is_none_or(|p| p == root))
        .filter(|e| in_range(&e.at, since))
        .filter_map(|e| {
            Some(Correction {
                day: day_of(&e.at)?,
                session: e.session.clone(),
                text: e.text.clone(),
            })
        })
        .collect()
}

fn day_of(at: &str) -> Option<NaiveDate> {
    at.get(..10)?.parse().ok()
}

fn in_range(at: &str, since: Option<NaiveDate>) -> bool {
    match (since, day_of(at)) {
        (Some(since), Some(day)) => day >= since,
        (Some(_), None) => false,
        (None, _) => true,
    }
}
