//! The audit: every entry a consolidation removed is accounted for, or it is listed.
//!
//! A consolidation rewrites entries in the target doc's own words, so the audit does not look
//! for an entry's lines. It looks for its distinctive content ([`terms`]) in the text the span
//! added to changed docs: every key term (code, path, flag, identifier, number) must arrive,
//! and enough of the word weight. Words are weighted by rarity among the removed entries, so
//! the words a batch shares (its common topic) count for little and each entry is judged on
//! what only it says. The terms no other removed entry has are checked on their own too: that
//! is what keeps a near-twin ("cache the Y index") from riding on its sibling's move ("cache
//! the X index"). An entry the consolidation report drops with a reason is accounted for.

mod condensed;
mod drops;
mod index;
pub mod terms;

pub use drops::dropped_in_report;

use crate::model::title_key;
use index::DocIndex;
use std::collections::{BTreeMap, HashMap};
use terms::Term;

/// Share of an entry's weighted terms that must reach the docs. In the scenario suite
/// (`fixtures/audit/scenarios.toml`) faithful moves score 0.48 and up, entries lost without a key
/// term 0.28 at most: the threshold sits in that gap.
pub const ACCEPT_SCORE: f64 = 0.4;
/// Share of the weight of the terms only this entry has (among the removed) that must arrive.
/// In the scenario suite faithful moves reach 0.44 and up, near-twins of a moved entry 0, other
/// losses 0.08 at most.
pub const ACCEPT_DISTINCT: f64 = 0.3;
/// A second (third, …) doc counts as a landing place when it adds this share of the weight.
pub const MIN_LANDING: f64 = 0.1;
/// Missing words listed for an unaccounted entry (missing key terms are all listed).
pub const MISSING_WORDS_SHOWN: usize = 8;

/// How much of an entry must be found in a place for it to count as there (`[consolidation]`
/// `match_score` and `match_distinct` in `learnings.toml`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Match {
    /// Share of the entry's weighted terms.
    pub score: f64,
    /// Share of the weight of the terms only this entry has (among those the commit removed).
    pub distinct: f64,
}

impl Default for Match {
    fn default() -> Self {
        Match {
            score: ACCEPT_SCORE,
            distinct: ACCEPT_DISTINCT,
        }
    }
}

/// A removed entry, as the audit sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Removed {
    /// Its title.
    pub title: String,
    /// Its full text (heading and body).
    pub text: String,
    /// Its body.
    pub body: String,
}

/// A doc changed in the span, with the text the span added to it.
#[derive(Debug, Clone)]
pub struct ChangedDoc {
    /// Repository-relative path.
    pub path: String,
    /// Lines present now and absent at the start of the span.
    pub added: String,
}

/// How an entry is accounted for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// Its distinctive content reached the docs it landed in.
    Moved,
    /// The consolidation report drops it, for this reason.
    Dropped { reason: String },
    /// Still in the file under a new title.
    Retitled { to: String },
    /// Still in the file, merged into another entry.
    Merged { into: String },
    /// Condensed into a section of a doc named after it: what it lost (`missing`) was cut on
    /// purpose, and is listed for review.
    Condensed { section: String },
    /// Equivalent content stood in this doc before the span: dropped as a duplicate.
    Already { path: String },
    /// Found nowhere in the repository, while the span moved these submodules: it may have
    /// gone there (their content is not in this repository).
    Outside { submodules: Vec<String> },
    /// Not accounted for.
    Unaccounted,
}

/// A doc an entry's content reached, with the share of the entry's weight found there (0 to 1).
#[derive(Debug, Clone, PartialEq)]
pub struct Landing {
    /// Repository-relative path.
    pub path: String,
    /// Share of the entry's weighted terms in this doc alone.
    pub score: f64,
}

/// The audit's finding for one removed entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    /// Accounted for, and how.
    pub status: Status,
    /// Where its content landed, the doc holding most of it first.
    pub landed: Vec<Landing>,
    /// Share of its weighted terms found in the docs it landed in (0 to 1).
    pub score: f64,
    /// Share of the weight of the terms only it has, found there (1 when it has none).
    pub distinct: f64,
    /// For an unaccounted or condensed entry: missing key terms, then the rarest missing words.
    pub missing: Vec<String>,
}

/// Judges each removed entry against the text the span added to the changed docs.
pub fn audit(removed: &[Removed], docs: &[ChangedDoc], dropped: &[(String, String)]) -> Vec<Verdict> {
    audit_with(removed, docs, dropped, Match::default())
}

/// [`audit`] with the shares an entry must reach (`[consolidation]` of `learnings.toml`). An
/// entry that misses a key term is still accounted for when a doc gives it a section named
/// after it ([`condensed`]).
pub fn audit_with(
    removed: &[Removed],
    docs: &[ChangedDoc],
    dropped: &[(String, String)],
    threshold: Match,
) -> Vec<Verdict> {
    measure(removed, docs, dropped, threshold, None, true)
}

/// [`audit_with`] by content alone (no section names), weighing terms by their rarity among the
/// entries of `corpus` (a whole learnings file) rather than among the removed entries alone:
/// with one entry removed, the words every entry of a file shares ("anti-pattern", "evidence")
/// would weigh as much as its topic.
pub fn audit_in(
    removed: &[Removed],
    docs: &[ChangedDoc],
    dropped: &[(String, String)],
    threshold: Match,
    corpus: Option<&[String]>,
) -> Vec<Verdict> {
    measure(removed, docs, dropped, threshold, corpus, false)
}

fn measure(
    removed: &[Removed],
    docs: &[ChangedDoc],
    dropped: &[(String, String)],
    threshold: Match,
    corpus: Option<&[String]>,
    by_section: bool,
) -> Vec<Verdict> {
    let index = DocIndex::new(docs.iter().map(|d| d.added.as_str()));
    let entry_terms: Vec<Vec<Term>> = removed.iter().map(|e| terms::terms(&e.text)).collect();
    let mut own_df: HashMap<&str, usize> = HashMap::new();
    for term in entry_terms.iter().flatten() {
        *own_df.entry(term.key.as_str()).or_default() += 1;
    }
    let corpus_terms: Vec<Vec<Term>> = corpus
        .unwrap_or_default()
        .iter()
        .map(|t| terms::terms(t))
        .collect();
    let mut corpus_df: HashMap<&str, usize> = HashMap::new();
    for terms in &corpus_terms {
        let mut seen: Vec<&str> = terms.iter().map(|t| t.key.as_str()).collect();
        seen.sort_unstable();
        seen.dedup();
        for key in seen {
            *corpus_df.entry(key).or_default() += 1;
        }
    }
    let (df, n) = match corpus {
        Some(_) => (&corpus_df, corpus_terms.len() as f64),
        None => (&own_df, removed.len() as f64),
    };
    let mut weighed: Vec<Vec<Weighted>> = Vec::with_capacity(removed.len());
    let mut verdicts: Vec<Verdict> = Vec::with_capacity(removed.len());
    for (entry, terms) in removed.iter().zip(&entry_terms) {
        let weighted: Vec<Weighted> = terms
            .iter()
            .map(|t| {
                let df = df.get(t.key.as_str()).copied().unwrap_or(1).max(1);
                let idf = ((n + 1.0) / df as f64).ln();
                Weighted {
                    term: t,
                    weight: if t.kind.is_key() { 2.0 * idf } else { idf },
                    // Against a whole file, a term is the entry's own when no other entry of
                    // the file has it; against the removed ones, when no other removed one does.
                    own: df <= 1,
                    docs: index.docs_with(t),
                }
            })
            .collect();
        let reason = dropped
            .iter()
            .find(|(t, _)| title_key(t) == title_key(&entry.title))
            .map(|(_, r)| r.clone());
        let faceless = corpus.is_some() && !weighted.iter().any(|w| w.own);
        let mut verdict = judge(&weighted, docs, reason, threshold);
        // An entry with nothing of its own in its file cannot be told apart from the others:
        // it is found nowhere by topic.
        if faceless {
            verdict.distinct = 0.0;
            if verdict.status == Status::Moved {
                verdict.status = Status::Unaccounted;
            }
        }
        weighed.push(weighted);
        verdicts.push(verdict);
    }
    if by_section {
        condensed::condense(removed, &weighed, docs, &mut verdicts, threshold);
    }
    verdicts
}

/// One term of an entry with its weight, whether only this entry has it, and the docs holding it.
struct Weighted<'a> {
    term: &'a Term,
    weight: f64,
    own: bool,
    docs: Vec<u32>,
}

fn judge(terms: &[Weighted], docs: &[ChangedDoc], reason: Option<String>, threshold: Match) -> Verdict {
    let total: f64 = terms.iter().map(|t| t.weight).sum();
    let mut per_doc: BTreeMap<u32, f64> = BTreeMap::new();
    for t in terms {
        for &d in &t.docs {
            *per_doc.entry(d).or_default() += t.weight;
        }
    }
    // Greedy cover: the doc holding most of the entry, then any doc adding a fair share more.
    let mut covered = vec![false; terms.len()];
    let mut landed: Vec<u32> = Vec::new();
    loop {
        let best = per_doc
            .keys()
            .filter(|d| !landed.contains(d))
            .map(|&d| {
                let gain: f64 = terms
                    .iter()
                    .zip(&covered)
                    .filter(|(t, c)| !**c && t.docs.contains(&d))
                    .map(|(t, _)| t.weight)
                    .sum();
                (d, gain)
            })
            .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
        match best {
            Some((d, gain)) if gain > 0.0 && (landed.is_empty() || gain >= MIN_LANDING * total) => {
                landed.push(d);
                for (t, c) in terms.iter().zip(covered.iter_mut()) {
                    *c |= t.docs.contains(&d);
                }
            }
            _ => break,
        }
    }
    let share = |f: &dyn Fn(&Weighted, bool) -> bool| -> (f64, f64) {
        let (mut found, mut all) = (0.0, 0.0);
        for (t, &c) in terms.iter().zip(&covered) {
            if f(t, c) {
                all += t.weight;
                if c {
                    found += t.weight;
                }
            }
        }
        (found, all)
    };
    let ratio = |(found, all): (f64, f64)| if all > 0.0 { found / all } else { 1.0 };
    let score = ratio(share(&|_, _| true));
    let distinct = ratio(share(&|t, _| t.own));
    let keys_arrived = terms
        .iter()
        .zip(&covered)
        .all(|(t, c)| *c || !t.term.kind.is_key());
    let accepted = keys_arrived && score >= threshold.score && distinct >= threshold.distinct;
    let status = match (reason, accepted) {
        (Some(reason), _) => Status::Dropped { reason },
        (None, true) => Status::Moved,
        (None, false) => Status::Unaccounted,
    };
    let missing = if status == Status::Unaccounted {
        missing_terms(terms, &covered)
    } else {
        Vec::new()
    };
    Verdict {
        status,
        landed: landed
            .iter()
            .map(|d| Landing {
                path: docs[*d as usize].path.clone(),
                score: super::overlap::round2(per_doc.get(d).copied().unwrap_or(0.0) / total),
            })
            .collect(),
        score: super::overlap::round2(score),
        distinct: super::overlap::round2(distinct),
        missing,
    }
}

/// Missing key terms as written, then the missing words, those only this entry has and the
/// heaviest first.
fn missing_terms(terms: &[Weighted], covered: &[bool]) -> Vec<String> {
    let gone: Vec<&Weighted> = terms
        .iter()
        .zip(covered)
        .filter(|(_, c)| !**c)
        .map(|(t, _)| t)
        .collect();
    let mut out: Vec<String> = gone
        .iter()
        .filter(|t| t.term.kind.is_key())
        .map(|t| t.term.shown.clone())
        .collect();
    let mut words: Vec<&&Weighted> = gone.iter().filter(|t| !t.term.kind.is_key()).collect();
    words.sort_by(|a, b| b.own.cmp(&a.own).then(b.weight.total_cmp(&a.weight)));
    out.extend(
        words
            .into_iter()
            .take(MISSING_WORDS_SHOWN)
            .map(|t| t.term.shown.clone()),
    );
    // A hyphenated word gives one term per part, shown alike.
    let mut seen = std::collections::HashSet::new();
    out.retain(|t| seen.insert(t.clone()));
    out
}

/// The lines of `new` that `old` did not have: what a change added to a doc.
pub fn added_lines(old: &str, new: &str) -> String {
    use similar::{ChangeTag, TextDiff};
    TextDiff::from_lines(old, new)
        .iter_all_changes()
        .filter(|c| c.tag() == ChangeTag::Insert)
        .map(|c| c.value())
        .collect()
}

#[cfg(test)]
mod tests;
