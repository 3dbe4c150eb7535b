//! Recurring feedback: clusters by Jaccard similarity of word 3-grams.
//!
//! Each text is read without its opening clauses that only say the answer was wrong
//! ([`super::gist`]), and stop words are dropped before the 3-grams are formed, so "use the venv python" and "you
//! should use venv python" share their content. Clustering is single-link and greedy in input
//! order: deterministic, and fast enough for a log of thousands of events.

use crate::policy::overlap;
use std::collections::BTreeSet;

/// Two texts belong together at this similarity or more.
pub const THRESHOLD: f64 = 0.3;
/// Words of feedback itself ("no", "again", "i said"), not of its topic.
const FEEDBACK_WORDS: &[&str] = &[
    "no", "nope", "wrong", "again", "please", "actually", "i", "said", "told", "just", "ok", "okay", "still",
];

/// The word 3-grams of `text` (stop words removed); a text of one or two words is one gram.
pub fn trigrams(text: &str) -> BTreeSet<String> {
    // What is said, without the clauses that only say "wrong" ("No, that's not right:").
    let words: Vec<String> = overlap::words(&super::strip::prose(&super::gist::gist(text)))
        .into_iter()
        .filter(|w| !overlap::is_stop_word(w) && !FEEDBACK_WORDS.contains(&w.as_str()))
        .collect();
    if words.len() < 3 {
        return words
            .is_empty()
            .then(BTreeSet::new)
            .unwrap_or_else(|| [words.join(" ")].into());
    }
    words.windows(3).map(|w| w.join(" ")).collect()
}

/// |a ∩ b| / |a ∪ b|; 0 when both are empty.
pub fn jaccard(a: &BTreeSet<String>, b: &BTreeSet<String>) -> f64 {
    let union = a.union(b).count();
    if union == 0 {
        return 0.0;
    }
    a.intersection(b).count() as f64 / union as f64
}

/// Groups of indexes into `texts` whose members are similar (single link at `threshold`), in
/// the order of their first member.
pub fn cluster(texts: &[&str], threshold: f64) -> Vec<Vec<usize>> {
    let grams: Vec<BTreeSet<String>> = texts.iter().map(|t| trigrams(t)).collect();
    let mut clusters: Vec<Vec<usize>> = Vec::new();
    for (i, gram) in grams.iter().enumerate() {
        let home = clusters
            .iter()
            .position(|members| members.iter().any(|&m| jaccard(&grams[m], gram) >= threshold));
        match home {
            Some(c) => clusters[c].push(i),
            None => clusters.push(vec![i]),
        }
    }
    clusters
}

/// The member most similar to the others (ties: the earliest): the cluster's representative.
pub fn central(texts: &[&str], members: &[usize]) -> usize {
    let grams: Vec<BTreeSet<String>> = members.iter().map(|&m| trigrams(texts[m])).collect();
    let mut best = (members[0], -1.0);
    for (i, &m) in members.iter().enumerate() {
        let total: f64 = grams.iter().map(|g| jaccard(g, &grams[i])).sum();
        if total > best.1 {
            best = (m, total);
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn similar_corrections_cluster_others_stay_apart() {
        let texts = [
            "no, use the venv python for the tests",
            "wrong, I said use the venv python for tests",
            "the button colour is wrong",
            "again: use the venv python for the tests please",
        ];
        let clusters = cluster(&texts, THRESHOLD);
        assert_eq!(clusters, vec![vec![0, 1, 3], vec![2]]);
        assert_eq!(central(&texts, &clusters[0]), 0);
    }

    #[test]
    fn jaccard_edges() {
        assert_eq!(jaccard(&BTreeSet::new(), &BTreeSet::new()), 0.0);
        assert_eq!(trigrams("venv").len(), 1);
        assert!(trigrams("the a").is_empty());
    }
}
