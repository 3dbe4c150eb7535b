//! Recurring feedback, grouped by what it means rather than how it is worded.
//!
//! Each text is read without its opening clauses that only say the answer was wrong
//! ([`super::gist`]), stop words and the words of feedback itself ("again", "told") dropped,
//! the rest folded to a crude stem and then to the concepts of `concepts.txt` (data: "UTC",
//! "local time" and "time zone" are one concept). Texts whose sets overlap enough (Jaccard) are
//! one group: "report dates must be UTC", "no, UTC for the report dates" and "you used local
//! time again in the report" meet; "UTC in reports" and "UTC in logs is fine" do not.
//! Clustering is single-link and greedy in input order: deterministic, and fast enough for a
//! log of thousands of events.

use crate::policy::overlap;
use std::collections::BTreeSet;
use std::sync::LazyLock;

/// Two texts belong together at this similarity or more.
pub const THRESHOLD: f64 = 0.3;
/// Words of feedback itself ("no", "again", "i said", "you used"), not of its topic.
const FEEDBACK_WORDS: &[&str] = &[
    "no", "nope", "wrong", "again", "please", "actually", "i", "said", "told", "just", "ok", "okay", "still",
    "used", "use", "using", "you", "must", "should", "always", "never",
];

/// The concept lexicon: (phrase, concept), longest phrases first.
static CONCEPTS: LazyLock<Vec<(Vec<String>, String)>> = LazyLock::new(|| {
    let mut out: Vec<(Vec<String>, String)> = Vec::new();
    for line in include_str!("concepts.txt").lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((name, words)) = line.split_once(':') else {
            continue;
        };
        for phrase in words.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            out.push((
                phrase.split_whitespace().map(str::to_owned).collect(),
                name.trim().to_owned(),
            ));
        }
    }
    out.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(&b.0)));
    out
});

/// What a text is about: its concepts and the stems of its other content words.
pub fn meaning(text: &str) -> BTreeSet<String> {
    let prose = super::strip::prose(&super::gist::gist(text));
    let words: Vec<String> = prose
        .split(|c: char| !(c.is_alphanumeric() || matches!(c, '.' | '-' | '_')))
        .map(|w| w.trim_matches('.').to_owned())
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = BTreeSet::new();
    let mut i = 0;
    while i < words.len() {
        let found = CONCEPTS.iter().find(|(phrase, _)| {
            words
                .get(i..i + phrase.len())
                .is_some_and(|w| w == phrase.as_slice())
        });
        if let Some((phrase, concept)) = found {
            out.insert(concept.clone());
            i += phrase.len();
            continue;
        }
        let w = &words[i];
        if !overlap::is_stop_word(w) && !FEEDBACK_WORDS.contains(&w.as_str()) {
            out.insert(crate::policy::audit::terms::stem(w));
        }
        i += 1;
    }
    out
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
    let grams: Vec<BTreeSet<String>> = texts.iter().map(|t| meaning(t)).collect();
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
    let grams: Vec<BTreeSet<String>> = members.iter().map(|&m| meaning(texts[m])).collect();
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
    fn one_meaning_in_other_words_is_one_group_two_meanings_stay_two() {
        let texts = [
            "report dates must be UTC",
            "no, UTC for the report dates",
            "you used local time again in the report",
            "UTC in logs is fine",
        ];
        assert_eq!(cluster(&texts, THRESHOLD), vec![vec![0, 1, 2], vec![3]]);
    }

    #[test]
    fn jaccard_edges() {
        assert_eq!(jaccard(&BTreeSet::new(), &BTreeSet::new()), 0.0);
        assert_eq!(meaning("venv").len(), 1);
        assert!(meaning("the a").is_empty());
    }
}
