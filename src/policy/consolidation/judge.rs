//! Whether one commit consolidated: where the content of each entry whose title it removed went.
//!
//! A title can go while its entry stays: retitled, reworded, or merged with others into a
//! denser entry of the same file. It can move to another staging file (a split), or come back
//! in a later commit (a wipe that was restored). Only entries whose content left for good (into
//! a permanent doc, or dropped) make a consolidation, and only when the commit does not add more
//! entries than it takes out: a merge that brings twenty entries and renames one is growth.
//!
//! Where content went is decided by the audit's measure ([`super::super::audit`]): an entry is
//! in a place when enough of its weighted terms, and of the terms only it has, are there, and
//! every key term (code, path, flag, identifier, number) arrived.

pub use super::fate::{Fate, Judgement, Went};
use super::in_place::{OwnVerdicts, REPLACED_SHARE, mostly_theirs};
use crate::model::{self, Entry};
use crate::policy::audit::{self, ChangedDoc, Match, Removed, Status};
use std::collections::HashMap;

/// One step of the search for where an entry went, in order.
#[derive(Debug, Clone, Copy)]
enum Step {
    /// Places of one kind.
    In(PlaceKind),
    /// A new entry of the file that took its place.
    Replaced,
}

/// What kind of place a text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceKind {
    /// Another staging file: a split, not a departure.
    Staging,
    /// A later version of this staging file: the entry came back.
    Later,
    /// Text the commit added to a permanent doc.
    Doc,
    /// Text the commit added to an archive: a copy kept for the record, not a doc.
    Archive,
    /// A permanent doc as it stood before the commit: the entry was there already.
    Before,
}

/// A text where a removed entry's content may be.
#[derive(Debug, Clone)]
pub struct Place {
    /// Repository-relative path (for a later version, the staging file's own).
    pub path: String,
    /// What kind of place it is.
    pub kind: PlaceKind,
    /// The text to look in.
    pub text: String,
}

/// What a commit did to the staging file, before looking beyond it: the entries whose titles
/// went, and those whose content may have gone into the file's own new or changed entries.
#[derive(Debug)]
pub struct Change {
    gone: Vec<Entry>,
    old_titles: Vec<String>,
    /// Every entry's text before the commit: how rare each word is in this file.
    corpus: Vec<String>,
    before: String,
    /// New or changed entries of the file after the commit: (title, full text, title is new).
    fresh: Vec<(String, String, bool)>,
}

impl Change {
    /// The change from `before` to `after`, read with `structure`; `None` when no title was
    /// removed.
    pub fn new(before: &str, after: &str, structure: &model::Structure) -> Option<Change> {
        let old = model::parse_with(before, structure);
        let new = model::parse_with(after, structure);
        let mut left: HashMap<String, usize> = HashMap::new();
        for entry in &new.entries {
            *left.entry(entry.title_key()).or_default() += 1;
        }
        let mut gone = Vec::new();
        for entry in &old.entries {
            match left.get_mut(&entry.title_key()) {
                Some(n) if *n > 0 => *n -= 1,
                _ => gone.push(entry.clone()),
            }
        }
        if gone.is_empty() {
            return None;
        }
        let old_titles: HashMap<String, usize> = old
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.title_key(), i))
            .collect();
        let fresh = new
            .entries
            .iter()
            .filter_map(|e| {
                let text = e.text(after);
                match old_titles.get(&e.title_key()) {
                    Some(&i) if old.entries[i].text(before) == text => None,
                    // An entry that stays under its title holds what the commit added to it,
                    // no more: a long entry only trimmed in place took in nothing, though a
                    // short removed entry's words may stand in it already.
                    Some(&i) => Some((
                        e.title.clone(),
                        added_lines(old.entries[i].text(before), text),
                        false,
                    )),
                    None => Some((e.title.clone(), text.to_owned(), true)),
                }
            })
            .collect();
        Some(Change {
            gone,
            old_titles: old.entries.iter().map(|e| e.title.clone()).collect(),
            corpus: old.entries.iter().map(|e| e.text(before).to_owned()).collect(),
            before: before.to_owned(),
            fresh,
        })
    }

    /// The entries whose titles the commit removed, as the audit reads them.
    pub fn removed(&self) -> Vec<Removed> {
        self.gone
            .iter()
            .map(|e| Removed {
                title: e.title.clone(),
                text: e.text(&self.before).to_owned(),
                body: e.body_text(&self.before).to_owned(),
            })
            .collect()
    }

    /// For each removed entry, the new or changed entry of the file that holds it at the full
    /// thresholds (its title, and whether that title is new: a retitle, not a merge).
    pub fn kept_in_place(&self, threshold: Match) -> Vec<Option<(String, bool)>> {
        let removed = self.removed();
        let own = self.own_verdicts(&removed, threshold);
        (0..removed.len())
            .map(|i| {
                own.best(i, 1.0, true, threshold)
                    .map(|j| (self.fresh[j].0.clone(), self.fresh[j].2))
            })
            .collect()
    }

    /// The removed entries measured against each new or changed entry of the file, weighed two
    /// ways: by rarity in the whole file (a topic word counts, the template's words do not), and
    /// among the removed entries alone, as the audit weighs them.
    fn own_verdicts(&self, removed: &[Removed], threshold: Match) -> OwnVerdicts {
        // (Named by index: the audit names a landing by its path.)
        let own: Vec<ChangedDoc> = self
            .fresh
            .iter()
            .enumerate()
            .map(|(j, (_, text, _))| ChangedDoc {
                path: j.to_string(),
                added: text.clone(),
            })
            .collect();
        // Nothing new or changed in the file: nothing can hold a removed entry, and measuring
        // thousands of entries against nothing is the cost of a large consolidation.
        if own.is_empty() {
            return OwnVerdicts::new(Vec::new(), Vec::new());
        }
        OwnVerdicts::new(
            audit::audit_in(removed, &own, &[], threshold, Some(&self.corpus)),
            audit::audit_in(removed, &own, &[], threshold, None),
        )
    }

    /// Judges where each removed entry went, looking in the file itself first, then in
    /// `places` by kind (staging files, later versions, docs the commit changed, docs as they
    /// were). `submodules` are the submodules the commit changed whose content is not here;
    /// `dropped`, the entries the consolidation report drops, with the reason it gives.
    pub fn judge(
        &self,
        places: &[Place],
        submodules: &[String],
        dropped: &[(String, String)],
        threshold: Match,
    ) -> Judgement {
        let removed = self.removed();
        let mut fates: Vec<Option<Went>> = vec![None; removed.len()];
        let mut absorbed = vec![false; self.fresh.len()];
        // In the file itself: each new or changed entry is a place of its own. A rename in
        // place may rename the entry's identifiers too: its key terms need not all stay, as
        // long as enough of it does.
        let own = self.own_verdicts(&removed, threshold);
        let best_own = |i: usize, share: f64, distinct: bool| own.best(i, share, distinct, threshold);
        let held: Vec<Option<usize>> = (0..removed.len()).map(|i| best_own(i, 1.0, true)).collect();
        for (i, j) in mostly_theirs(&self.fresh, &self.corpus, &removed, held, threshold) {
            absorbed[j] = true;
            fates[i] = Some(Went::Kept {
                into: self.fresh[j].0.clone(),
            });
        }
        let steps = [
            Step::In(PlaceKind::Staging),
            Step::In(PlaceKind::Doc),
            Step::Replaced,
            Step::In(PlaceKind::Archive),
            Step::In(PlaceKind::Later),
            Step::In(PlaceKind::Before),
        ];
        for step in steps {
            let open: Vec<usize> = (0..removed.len()).filter(|&i| fates[i].is_none()).collect();
            let kind = match step {
                // An entry replaced in place by a new one on its subject (a corrected lesson
                // under a new title) was rewritten, not taken out: half the share suffices when
                // the new entry stands for no other.
                Step::Replaced => {
                    let mut held = vec![None; removed.len()];
                    for i in open {
                        held[i] =
                            best_own(i, REPLACED_SHARE, true).filter(|&j| !absorbed[j] && self.fresh[j].2);
                        if let Some(j) = held[i] {
                            absorbed[j] = true; // one old entry per new one
                        }
                    }
                    for j in held.iter().flatten() {
                        absorbed[*j] = false;
                    }
                    for (i, j) in mostly_theirs(&self.fresh, &self.corpus, &removed, held, threshold) {
                        absorbed[j] = true;
                        fates[i] = Some(Went::Kept {
                            into: self.fresh[j].0.clone(),
                        });
                    }
                    continue;
                }
                // A commit that moves a submodule may have moved the entry there: a copy that
                // came back later does not undo that.
                Step::In(PlaceKind::Later) if !submodules.is_empty() => continue,
                Step::In(kind) => kind,
            };
            let texts: Vec<ChangedDoc> = places
                .iter()
                .filter(|p| p.kind == kind)
                .map(|p| ChangedDoc {
                    path: p.path.clone(),
                    added: p.text.clone(),
                })
                .collect();
            if open.is_empty() || texts.is_empty() {
                continue;
            }
            // Whether an entry is still staged is judged on its topic, as in the file itself;
            // where it landed in the docs, as the audit judges it.
            let corpus =
                matches!(kind, PlaceKind::Staging | PlaceKind::Later).then_some(self.corpus.as_slice());
            let verdicts = match corpus {
                Some(_) => audit::audit_in(&removed, &texts, &[], threshold, corpus),
                None => audit::audit_with(&removed, &texts, &[], threshold),
            };
            for i in open {
                let verdict = &verdicts[i];
                let found = match kind {
                    PlaceKind::Before => landing(verdict).or_else(|| stood(verdict, threshold)),
                    _ => landing(verdict),
                };
                let Some(path) = found.map(str::to_owned) else {
                    continue;
                };
                let score = verdict.score;
                fates[i] = Some(match kind {
                    // Archived with its gist merged into a denser entry that stays: the archive
                    // is the originals' record, the knowledge is still staged. A summary keeps
                    // little of what only one entry said, so its share alone decides.
                    PlaceKind::Archive => match own.best_by_topic(i, REPLACED_SHARE, false, threshold) {
                        Some(j) => {
                            absorbed[j] = true;
                            Went::Kept {
                                into: self.fresh[j].0.clone(),
                            }
                        }
                        None => Went::Archived { path },
                    },
                    PlaceKind::Staging => Went::Staging { path },
                    PlaceKind::Later => Went::Restored,
                    PlaceKind::Doc => Went::Doc { path, score },
                    PlaceKind::Before => Went::Already { path, score },
                });
            }
        }
        // A pass that folds most of the entries it archives into denser entries of the file is a
        // merge in place, and the few it archived without a visible trace went with the rest.
        let condensed = fates
            .iter()
            .filter(|f| matches!(f, Some(Went::Kept { .. })))
            .count();
        let archived_only: Vec<usize> = (0..fates.len())
            .filter(|&i| matches!(fates[i], Some(Went::Archived { .. })))
            .collect();
        if !archived_only.is_empty() && condensed >= archived_only.len() && absorbed.iter().any(|a| *a) {
            for i in archived_only {
                if let Some(Went::Archived { path }) = fates[i].take() {
                    fates[i] = Some(Went::Condensed { archive: path });
                }
            }
        }
        let fates: Vec<Fate> = removed
            .iter()
            .zip(fates)
            .map(|(entry, went)| Fate {
                title: entry.title.clone(),
                went: went.unwrap_or_else(|| {
                    let reason = dropped
                        .iter()
                        .find(|(t, _)| model::title_key(t) == model::title_key(&entry.title))
                        .map(|(_, r)| r.clone());
                    match (reason, submodules.is_empty()) {
                        (None, false) => Went::Outside {
                            submodules: submodules.to_vec(),
                        },
                        (reason, _) => Went::Dropped { reason },
                    }
                }),
            })
            .collect();
        let added = self
            .fresh
            .iter()
            .zip(&absorbed)
            .filter(|((_, _, new_title), absorbed)| *new_title && !**absorbed)
            .count();
        let left = fates.iter().filter(|f| f.went.for_good()).count();
        Judgement {
            consolidation: left > 0 && added <= left,
            fates,
            added,
            old_titles: self.old_titles.clone(),
            warnings: Vec::new(),
        }
    }
}

/// The lines of `new` that `old` does not hold, in order: what a commit added to an entry.
fn added_lines(old: &str, new: &str) -> String {
    let before: std::collections::HashSet<&str> = old.lines().map(str::trim).collect();
    new.lines()
        .filter(|line| !before.contains(line.trim()))
        .flat_map(|line| [line, "\n"])
        .collect()
}

/// Whether an entry's content stood in a doc before the commit, though a key term is not
/// there: a doc written before the entry holds its lesson, not its incident (the dates, issue
/// numbers and commands of the day), so most of the entry, and most of what only it says,
/// suffices. Above a move's shares, since nothing in the commit points at the place. On the
/// public histories of `fixtures/histories`, entries a maintainer dropped because a doc
/// already held them reach 0.65 and 0.52 and more.
fn stood(verdict: &audit::Verdict, threshold: Match) -> Option<&str> {
    const SCORE: f64 = 0.6;
    const DISTINCT: f64 = 0.5;
    (verdict.score >= SCORE.max(threshold.score) && verdict.distinct >= DISTINCT.max(threshold.distinct))
        .then(|| verdict.landed.first().map(|l| l.path.as_str()))
        .flatten()
}

/// The place holding most of an accepted entry.
fn landing(verdict: &audit::Verdict) -> Option<&str> {
    match verdict.status {
        Status::Moved | Status::Condensed { .. } => verdict.landed.first().map(|l| l.path.as_str()),
        _ => None,
    }
}
