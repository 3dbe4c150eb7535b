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
