//! Whether a removed entry is still in the file: measured against each new or changed entry of
//! the file after the commit, weighed by rarity in the whole file (its topic) and among the
//! removed entries alone.

use crate::policy::audit::{self, Match};

/// The share of the thresholds an entry must reach in a new entry that took its place, when
/// nothing else holds it.
pub(super) const REPLACED_SHARE: f64 = 0.5;

/// Removed entries measured against the file's new or changed entries, two ways.
pub(super) struct OwnVerdicts {
    by_topic: Vec<audit::Verdict>,
    by_removed: Vec<audit::Verdict>,
}

impl OwnVerdicts {
    pub(super) fn new(by_topic: Vec<audit::Verdict>, by_removed: Vec<audit::Verdict>) -> Self {
        OwnVerdicts { by_topic, by_removed }
    }

    /// The new or changed entry holding removed entry `i` at `share` of the thresholds
    /// (`distinct`: the terms only it has count too).
    pub(super) fn best(&self, i: usize, share: f64, distinct: bool, threshold: Match) -> Option<usize> {
        if self.by_topic.is_empty() {
            return None;
        }
        let topic = holder(&self.by_topic[i], share, distinct, threshold);
        // Weighed among the removed alone, a shared template makes any two entries alike: that
        // reading counts only where the topic reading is at least half way there, in the same
        // entry.
        let removed = holder(&self.by_removed[i], share, distinct, threshold)
            .filter(|&j| holder(&self.by_topic[i], share * REPLACED_SHARE, distinct, threshold) == Some(j));
        topic.or(removed)
    }

    /// [`OwnVerdicts::best`], by topic alone: below the full thresholds, the words of a shared
    /// template must not make two entries alike.
    pub(super) fn best_by_topic(
        &self,
        i: usize,
        share: f64,
        distinct: bool,
        threshold: Match,
    ) -> Option<usize> {
        holder(self.by_topic.get(i)?, share, distinct, threshold)
    }
}

fn holder(verdict: &audit::Verdict, share: f64, distinct: bool, threshold: Match) -> Option<usize> {
    let enough = verdict.score >= threshold.score * share
        && (!distinct || verdict.distinct >= threshold.distinct * share);
    verdict
        .landed
        .first()
        .filter(|_| enough)
        .and_then(|l| l.path.parse::<usize>().ok())
}

/// Share of a new entry's weight that the removed entries it took in account for, weighed by
/// rarity in the file before the commit (a word the file never had weighs most). A retitle or
/// a merge holds mostly what it took in; a long entry on another subject that merely shares
/// the file's vocabulary does not, whatever share of a short entry it happens to contain.
fn reverse_share(fresh: &str, sources: &[&str], corpus: &[String], threshold: Match) -> f64 {
    let entry = audit::Removed {
        title: String::new(),
        text: fresh.to_owned(),
        body: fresh.to_owned(),
    };
    let doc = audit::ChangedDoc {
        path: String::new(),
        added: sources.join("\n"),
    };
    audit::audit_in(&[entry], &[doc], &[], threshold, Some(corpus))
        .first()
        .map_or(0.0, |v| v.score)
}

/// The pairs (removed entry, new entry holding it) of `held` whose new entry, where its
/// title is new, is mostly made of the removed entries it holds: a retitle or a merge in
/// both directions, not a short entry inside a long unrelated one.
pub(super) fn mostly_theirs(
    fresh: &[(String, String, bool)],
    corpus: &[String],
    removed: &[audit::Removed],
    held: Vec<Option<usize>>,
    threshold: Match,
) -> Vec<(usize, usize)> {
    let mut sources: std::collections::BTreeMap<usize, Vec<usize>> = std::collections::BTreeMap::new();
    for (i, j) in held.iter().enumerate() {
        if let Some(j) = j {
            sources.entry(*j).or_default().push(i);
        }
    }
    let mut pairs = Vec::new();
    for (j, from) in sources {
        let (_, text, new_title) = &fresh[j];
        let texts: Vec<&str> = from.iter().map(|&i| removed[i].text.as_str()).collect();
        let share = match new_title {
            true => reverse_share(text, &texts, corpus, threshold),
            false => 1.0,
        };
        if share >= MOSTLY_THEIRS {
            pairs.extend(from.into_iter().map(|i| (i, j)));
        }
    }
    pairs
}

/// Share of a new entry that the removed entries it holds must account for (see
/// [`mostly_theirs`]). On the histories of `fixtures/histories`, a short entry paired
/// with a long unrelated one reaches 0.03 to 0.09 ("Ritualized self-criticism…" in "Releases
/// absorb the pressure…": 0.03); retitles and merges a maintainer confirmed reach 0.10 and up
/// (a bot that rewrites what it retitles keeps little of the old words).
const MOSTLY_THEIRS: f64 = 0.1;
