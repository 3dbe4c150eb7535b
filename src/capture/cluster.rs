//! Recurring feedback, grouped by what it means rather than how it is worded.
//!
//! Each text is read without its opening clauses that only say the answer was wrong
//! ([`super::gist`]), stop words and the words of feedback itself ("again", "told") dropped,
//! the rest folded to a crude stem and then to the concepts of `concepts.txt` (data: "UTC",
//! "local time" and "time zone" are one concept). Texts whose sets overlap enough (Jaccard) are
//! one group: "report dates must be UTC", "no, UTC for the report dates" and "you used local
//! time again in the report" meet; "UTC in reports" and "UTC in logs is fine" do not.
//! Clustering is single-link and greedy in input order: each text joins the earliest group that
//! holds a member similar enough to it, or starts a new one. Deterministic.
//!
//! The groups are exactly those of comparing every pair, found without comparing every pair.
//! SessionStart distils the whole capture log, up to its bound of 4 MiB (about 12,000 events as
//! the prompt hook writes them, 19,000 of the shortest), and all pairs of 12,000 texts took 13 s
//! against a budget of 50 ms. So a meaning is worked out once per distinct text, a set of terms
//! seen before is compared once (users repeat a correction in the same words), and a text is
//! compared only with the earlier sets that share a term with it among the rarest few: two sets
//! with a Jaccard similarity of at least t share a term within the first |x| − ⌈t·|x|⌉ + 1 terms
//! of each, in any one order of all terms (the prefix filter of similarity joins), and rarest
//! first keeps those lists short. Capping the work (only the newest events) or keeping the
//! groups between sessions would have changed what is suggested, or needed a private file of
//! its own; this changes nothing but the time.

use crate::policy::overlap;
use std::collections::{BTreeSet, HashMap};
use std::sync::LazyLock;

/// Two texts belong together at this similarity or more.
pub const THRESHOLD: f64 = 0.3;
/// Distinct meanings of a group weighed against each other for its representative, at most.
const CENTRAL_MEANINGS: usize = 400;
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

/// The phrases of [`CONCEPTS`] by their first word, in the lexicon's order: a word is looked
/// up, not compared with every phrase.
static BY_FIRST_WORD: LazyLock<HashMap<&'static str, Vec<usize>>> = LazyLock::new(|| {
    let mut out: HashMap<&'static str, Vec<usize>> = HashMap::new();
    for (i, (phrase, _)) in CONCEPTS.iter().enumerate() {
        out.entry(phrase[0].as_str()).or_default().push(i);
    }
    out
});

/// What a text is about: its concepts and the stems of its other content words.
pub fn meaning(text: &str) -> BTreeSet<String> {
    let prose = super::strip::prose(&super::gist::gist(text));
    let words: Vec<&str> = prose
        .split(|c: char| !(c.is_alphanumeric() || matches!(c, '.' | '-' | '_')))
        .map(|w| w.trim_matches('.'))
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = BTreeSet::new();
    let mut i = 0;
    while i < words.len() {
        let found = BY_FIRST_WORD.get(words[i]).and_then(|phrases| {
            phrases.iter().map(|&p| &CONCEPTS[p]).find(|(phrase, _)| {
                words
                    .get(i..i + phrase.len())
                    .is_some_and(|w| w.iter().zip(phrase).all(|(w, p)| *w == p))
            })
        });
        if let Some((phrase, concept)) = found {
            out.insert(concept.clone());
            i += phrase.len();
            continue;
        }
        let w = words[i];
        if !overlap::is_stop_word(w) && !FEEDBACK_WORDS.contains(&w) {
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
    Meanings::of(texts).cluster(threshold)
}

/// The meanings of a list of texts, each as its terms in one order, rarest first, for grouping.
#[derive(Debug, Clone)]
pub(crate) struct Meanings {
    /// Per text, its terms as ranks, ascending (rank 0 is the rarest term; ties by first use).
    sets: Vec<Vec<u32>>,
    /// How many terms there are.
    terms: usize,
}

impl Meanings {
    /// The meanings of `texts`; a text met before is not read again.
    pub(crate) fn of(texts: &[&str]) -> Meanings {
        let mut ids: HashMap<String, u32> = HashMap::new();
        let mut by_text: HashMap<&str, Vec<u32>> = HashMap::new();
        let mut sets: Vec<Vec<u32>> = Vec::with_capacity(texts.len());
        for text in texts {
            let set = by_text.entry(text).or_insert_with(|| {
                meaning(text)
                    .into_iter()
                    .map(|term| {
                        let next = ids.len() as u32;
                        *ids.entry(term).or_insert(next)
                    })
                    .collect()
            });
            sets.push(set.clone());
        }
        // Rarest first, ties by the order terms were first met: only the input decides.
        let mut frequency = vec![0u32; ids.len()];
        for id in sets.iter().flatten() {
            frequency[*id as usize] += 1;
        }
        let mut order: Vec<u32> = (0..ids.len() as u32).collect();
        order.sort_by_key(|&id| (frequency[id as usize], id));
        let mut rank = vec![0u32; ids.len()];
        for (r, &id) in order.iter().enumerate() {
            rank[id as usize] = r as u32;
        }
        for set in &mut sets {
            for id in set.iter_mut() {
                *id = rank[*id as usize];
            }
            set.sort_unstable();
        }
        Meanings {
            sets,
            terms: ids.len(),
        }
    }

    /// The meanings of the texts at `items`, in that order (indexes into this list): a part
    /// of the texts grouped on its own, without reading them again. The order of the terms
    /// stays that of the whole, which serves as well as any.
    pub(crate) fn subset(&self, items: &[usize]) -> Meanings {
        Meanings {
            sets: items.iter().map(|&i| self.sets[i].clone()).collect(),
            terms: self.terms,
        }
    }

    /// Single-link groups at `threshold`, in the order of their first member: each text in the
    /// earliest group with a member at least that similar, as if every pair were compared.
    pub(crate) fn cluster(&self, threshold: f64) -> Vec<Vec<usize>> {
        let n = self.sets.len();
        if threshold <= 0.0 {
            // Every similarity, 0 included, reaches it: one group.
            return if n == 0 {
                Vec::new()
            } else {
                vec![(0..n).collect()]
            };
        }
        if threshold.is_nan() || threshold > 1.0 {
            // No similarity reaches it (nor a NaN): each text alone.
            return (0..n).map(|i| vec![i]).collect();
        }
        let mut groups: Vec<Vec<usize>> = Vec::new();
        // The distinct non-empty sets so far; for each, the earliest group holding one of its
        // texts, and the query that last looked at it.
        let mut distinct: HashMap<&[u32], usize> = HashMap::new();
        let mut seen: Vec<&[u32]> = Vec::new();
        let mut home: Vec<usize> = Vec::new();
        let mut visited: Vec<usize> = Vec::new();
        // Per term, the distinct sets that have it in their prefix.
        let mut index: Vec<Vec<u32>> = vec![Vec::new(); self.terms];
        for (i, set) in self.sets.iter().enumerate() {
            // An empty meaning is similar to nothing, itself included (0 < threshold).
            let known = (!set.is_empty())
                .then(|| distinct.get(set.as_slice()).copied())
                .flatten();
            let mut best = known.map(|d| home[d]);
            'probe: for &term in &set[..prefix(set.len(), threshold)] {
                for &d in &index[term as usize] {
                    if best == Some(0) {
                        // No group comes before the first.
                        break 'probe;
                    }
                    let d = d as usize;
                    if visited[d] == i + 1 || best.is_some_and(|b| home[d] >= b) {
                        continue;
                    }
                    visited[d] = i + 1;
                    if similarity(seen[d], set) >= threshold {
                        best = Some(home[d]);
                    }
                }
            }
            let group = best.unwrap_or_else(|| {
                groups.push(Vec::new());
                groups.len() - 1
            });
            groups[group].push(i);
            match known {
                Some(d) => home[d] = home[d].min(group),
                None if !set.is_empty() => {
                    let d = seen.len();
                    distinct.insert(set, d);
                    seen.push(set);
                    home.push(group);
                    visited.push(0);
                    for &term in &set[..prefix(set.len(), threshold)] {
                        index[term as usize].push(d as u32);
                    }
                }
                None => {}
            }
        }
        groups
    }

    /// The member most similar to the others (ties: the earliest): the group's representative.
    ///
    /// Each distinct meaning is weighed once, against the others times their counts; the sums
    /// of the few within rounding of the best are then redone member by member, in order, as
    /// comparing every member did, so the choice between near ties is the same too. A group of
    /// more than [`CENTRAL_MEANINGS`] distinct meanings (single link chains the wordings of a
    /// log of thousands together) is represented by the most central of its most frequent
    /// ones: the exact answer would compare every pair of thousands.
    pub(crate) fn central(&self, members: &[usize]) -> usize {
        // The distinct meanings in the order of their first member: (terms, count, first).
        let mut local: HashMap<&[u32], usize> = HashMap::new();
        let mut sets: Vec<(&[u32], usize, usize)> = Vec::new();
        let kinds: Vec<usize> = members
            .iter()
            .map(|&m| {
                let set = self.sets[m].as_slice();
                let k = *local.entry(set).or_insert_with(|| {
                    sets.push((set, 0, m));
                    sets.len() - 1
                });
                sets[k].1 += 1;
                k
            })
            .collect();
        let capped = sets.len() > CENTRAL_MEANINGS;
        let mut weighed: Vec<usize> = (0..sets.len()).collect();
        if capped {
            weighed.sort_by_key(|&k| (std::cmp::Reverse(sets[k].1), k));
            weighed.truncate(CENTRAL_MEANINGS);
            weighed.sort_unstable();
        }
        // Each pair once, its terms counted against the marks of the other's.
        let mut grouped = vec![0.0; weighed.len()];
        let mut marked = vec![false; self.terms];
        for (i, &a) in weighed.iter().enumerate() {
            let (terms, count, _) = sets[a];
            terms.iter().for_each(|&t| marked[t as usize] = true);
            for (j, &b) in weighed.iter().enumerate().skip(i) {
                let shared = sets[b].0.iter().filter(|&&t| marked[t as usize]).count();
                let union = terms.len() + sets[b].0.len() - shared;
                let alike = if union == 0 {
                    0.0
                } else {
                    shared as f64 / union as f64
                };
                grouped[i] += sets[b].1 as f64 * alike;
                if j != i {
                    grouped[j] += count as f64 * alike;
                }
            }
            terms.iter().for_each(|&t| marked[t as usize] = false);
        }
        let top = grouped.iter().copied().fold(0.0, f64::max);
        if capped {
            let winner = weighed[grouped.iter().position(|&t| t == top).unwrap_or(0)];
            return sets[winner].2;
        }
        // Sums of up to a million terms of at most 1 differ by far less than this in any order.
        let margin = top * 1e-9;
        let mut best = (members[0], -1.0);
        for (&a, _) in weighed.iter().zip(&grouped).filter(|(_, t)| **t >= top - margin) {
            let row: Vec<f64> = sets.iter().map(|(b, _, _)| similarity(b, sets[a].0)).collect();
            let total: f64 = kinds.iter().map(|&k| row[k]).sum();
            if total > best.1 {
                best = (sets[a].2, total);
            }
        }
        best.0
    }
}

/// How many of the first terms of a set of `len` must be indexed and probed for no pair at
/// `threshold` (in (0, 1]) to be missed. Computed for a hair less than the threshold: the
/// similarity is a float division that may round a ratio just under it up to it, and a longer
/// prefix only costs a comparison more.
fn prefix(len: usize, threshold: f64) -> usize {
    let overlap = ((threshold - 1e-9) * len as f64).ceil().max(1.0) as usize;
    (len + 1).saturating_sub(overlap).min(len)
}

/// [`jaccard`] of two sets of ranks, each ascending.
fn similarity(a: &[u32], b: &[u32]) -> f64 {
    let (mut i, mut j, mut shared) = (0, 0, 0usize);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                shared += 1;
                i += 1;
                j += 1;
            }
        }
    }
    let union = a.len() + b.len() - shared;
    if union == 0 {
        return 0.0;
    }
    shared as f64 / union as f64
}

#[cfg(test)]
mod tests;
