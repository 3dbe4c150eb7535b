//! Hints for the remember-task agent's pre-checks: which batch entries may supersede each
//! other, and which docs already say something close to each entry.

use super::overlap;
use std::collections::HashMap;

/// Title overlap from which two entries are a candidate supersession.
pub const SUPERSESSION_OVERLAP: f64 = 0.5;
/// Phrase overlap from which a doc is worth showing as a target.
pub const TARGET_OVERLAP: f64 = 0.05;
/// Targets listed per entry.
pub const TARGETS_PER_ENTRY: usize = 3;
/// Earlier entries listed per entry as candidate supersessions: a few point the agent at a
/// duplicate; hundreds (titles from a small vocabulary) would bury the batch.
pub const SUPERSESSIONS_PER_ENTRY: usize = 5;
/// Earlier titles a shared word brings up for comparison, the newest: bounds the work per
/// entry when a word starts most titles. Files of a few hundred entries, what the hints are
/// for, never reach it.
pub const TITLES_PER_WORD: usize = 256;

/// Two batch entries whose titles overlap strongly.
#[derive(Debug, Clone, PartialEq)]
pub struct Supersession {
    /// Index of the older (earlier in the file) entry.
    pub first: usize,
    /// Index of the newer entry.
    pub second: usize,
    /// Title overlap (0 to 1).
    pub score: f64,
}

/// A doc that shares wording with an entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    /// Repository-relative path.
    pub path: String,
    /// Share of the entry's phrases found in the doc (0 to 1).
    pub score: f64,
}

/// All hints for a batch.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Hints {
    /// Candidate supersessions.
    pub supersessions: Vec<Supersession>,
    /// Per batch entry, the best-matching docs, best first.
    pub targets: Vec<Vec<Target>>,
}

/// Computes the hints. `entries` are (title, full text); `docs` are (path, text).
///
/// Both come from inverted indexes, so the cost follows the entries and docs, not their pairs
/// (see `supersessions` for a vocabulary where every pair shares words).
pub fn hints(entries: &[(&str, &str)], docs: &[(String, String)]) -> Hints {
    Hints {
        supersessions: supersessions(entries),
        targets: targets(entries, docs),
    }
}

/// Pairs whose title overlap reaches [`SUPERSESSION_OVERLAP`], older first: for each entry, the
/// [`SUPERSESSIONS_PER_ENTRY`] best of the earlier ones (highest overlap, then nearest).
///
/// A prefix filter (as in set-similarity joins): with each title's words ordered rarest first,
/// two titles with a Jaccard overlap of at least `t` share a word among the first
/// `len - ceil(t * len) + 1` of either. Only those words are indexed, so a rare word finds its
/// few candidates at once. When every title draws on a small vocabulary, even the rarest words
/// of a title are common, and every earlier entry becomes a candidate: 26,000 such entries made
/// 338 million comparisons and 14 million pairs (a 1.2 GB batch). So each word's list is read
/// from its newest end and at most [`TITLES_PER_WORD`] deep, and each entry keeps its best few:
/// the cost follows the entries. Where no word is indexed for more earlier titles than that
/// and no entry has more close ones than it keeps, the pairs are exactly all of them.
fn supersessions(entries: &[(&str, &str)]) -> Vec<Supersession> {
    // Rounding to two decimals lets 0.495 through, so the filter must too.
    let t = SUPERSESSION_OVERLAP - 0.005;
    // Words as numbers, numbered in order of first use (so deterministically): a title is its
    // sorted word numbers, and two titles are compared by a merge, not by string searches.
    let mut numbers: HashMap<String, u32> = HashMap::new();
    let sets: Vec<Vec<u32>> = entries
        .iter()
        .map(|(title, _)| {
            let mut set: Vec<u32> = overlap::content_words(title)
                .into_iter()
                .map(|w| {
                    let next = numbers.len() as u32;
                    *numbers.entry(w).or_insert(next)
                })
                .collect();
            set.sort_unstable();
            set
        })
        .collect();
    let mut frequency = vec![0usize; numbers.len()];
    for &w in sets.iter().flatten() {
        frequency[w as usize] += 1;
    }
    let mut index: Vec<Vec<usize>> = vec![Vec::new(); numbers.len()];
    // The entry that last looked at each earlier one: a candidate found by two words is
    // compared once.
    let mut seen = vec![usize::MAX; entries.len()];
    let mut pairs = Vec::new();
    for (i, set) in sets.iter().enumerate() {
        let mut ordered = set.clone();
        ordered.sort_unstable_by_key(|&w| (frequency[w as usize], w));
        let len = ordered.len();
        let prefix = (len + 1 - (t * len as f64).ceil() as usize).min(len);
        let mut found: Vec<(f64, usize)> = Vec::new();
        for &w in &ordered[..prefix] {
            let titles = &index[w as usize];
            for &j in &titles[titles.len().saturating_sub(TITLES_PER_WORD)..] {
                let other = sets[j].len() as f64;
                if seen[j] == i || other < t * len as f64 || t * other > len as f64 {
                    continue;
                }
                seen[j] = i;
                // `title_overlap` on the word sets already built: Jaccard of the content words.
                let common = shared(set, &sets[j]);
                let union = set.len() + sets[j].len() - common;
                let score = overlap::round2(common as f64 / union as f64);
                if score >= SUPERSESSION_OVERLAP {
                    found.push((score, j));
                }
            }
        }
        found.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.cmp(&a.1)));
        found.truncate(SUPERSESSIONS_PER_ENTRY);
        pairs.extend(found.into_iter().map(|(score, j)| Supersession {
            first: j,
            second: i,
            score,
        }));
        for &w in &ordered[..prefix] {
            index[w as usize].push(i);
        }
    }
    pairs.sort_by_key(|p| (p.first, p.second));
    pairs
}

/// How many numbers two sorted lists share.
fn shared(a: &[u32], b: &[u32]) -> usize {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => (i, j, n) = (i + 1, j + 1, n + 1),
        }
    }
    n
}

/// Per entry, the docs sharing most of its wording: its phrases looked up in one index of all
/// docs' phrases (or its content words, for an entry too short to have phrases).
fn targets(entries: &[(&str, &str)], docs: &[(String, String)]) -> Vec<Vec<Target>> {
    // Phrases are keyed by a hash of their three words, not by the joined string: the docs of a
    // large file hold hundreds of thousands of phrases, and building, hashing and comparing one
    // string each was most of `batch`'s time (and grew faster than the docs).
    let mut phrase_docs: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut word_docs: HashMap<String, Vec<usize>> = HashMap::new();
    for (d, (_, text)) in docs.iter().enumerate() {
        for phrase in phrase_keys(text) {
            phrase_docs.entry(phrase).or_default().push(d);
        }
        for word in overlap::content_words(text) {
            word_docs.entry(word).or_default().push(d);
        }
    }
    entries
        .iter()
        .map(|(_, text)| {
            let mut hits = vec![0usize; docs.len()];
            let phrases = phrase_keys(text);
            let own = match phrases.is_empty() {
                false => {
                    for key in &phrases {
                        for &d in phrase_docs.get(key).into_iter().flatten() {
                            hits[d] += 1;
                        }
                    }
                    phrases.len()
                }
                true => {
                    let words = overlap::content_words(text);
                    for key in &words {
                        for &d in word_docs.get(key).into_iter().flatten() {
                            hits[d] += 1;
                        }
                    }
                    words.len()
                }
            };
            let mut found: Vec<Target> = docs
                .iter()
                .zip(hits)
                .filter(|(_, n)| *n > 0 || own == 0)
                .map(|((path, _), n)| Target {
                    path: path.clone(),
                    // As `overlap::coverage`: a text without words is covered by anything.
                    score: if own == 0 {
                        1.0
                    } else {
                        overlap::round2(n as f64 / own as f64)
                    },
                })
                .filter(|t| t.score >= TARGET_OVERLAP)
                .collect();
            found.sort_by(|a, b| b.score.total_cmp(&a.score).then_with(|| a.path.cmp(&b.path)));
            found.truncate(TARGETS_PER_ENTRY);
            found
        })
        .collect()
}

/// The distinct phrases of `text` ([`overlap::phrases`]: runs of three words), each as a hash
/// of its words (FNV-1a, so the same on every machine; a collision would only add a hint).
fn phrase_keys(text: &str) -> Vec<u64> {
    let fnv = |word: &str| {
        word.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    };
    let words: Vec<u64> = overlap::words(text).iter().map(|w| fnv(w)).collect();
    let mut keys: Vec<u64> = words
        .windows(3)
        .map(|w| {
            w.iter().fold(0x9e37_79b9_7f4a_7c15_u64, |h, &x| {
                (h.rotate_left(23) ^ x).wrapping_mul(0xff51_afd7_ed55_8ccd)
            })
        })
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn similar_titles_and_matching_docs_are_hinted() {
        let entries = [
            (
                "Run tests before commit",
                "## Run tests before commit\nAlways run cargo test first.\n",
            ),
            (
                "Run tests before every commit",
                "## Run tests before every commit\nCI is slow.\n",
            ),
            ("Unrelated", "## Unrelated\nSomething about fonts.\n"),
        ];
        let docs = vec![
            (
                "docs/testing.md".to_owned(),
                "We always run cargo test first, before a commit.".to_owned(),
            ),
            ("docs/fonts.md".to_owned(), "Nothing here.".to_owned()),
        ];
        let h = hints(&entries, &docs);
        assert_eq!(h.supersessions.len(), 1);
        assert_eq!((h.supersessions[0].first, h.supersessions[0].second), (0, 1));
        assert_eq!(h.targets[0][0].path, "docs/testing.md");
        assert!(h.targets[2].is_empty());
    }

    /// The indexes give exactly what comparing every pair gives.
    #[test]
    fn the_indexes_agree_with_comparing_every_pair() {
        let vocab = [
            "run", "tests", "cache", "index", "blame", "merge", "hooks", "json", "exit", "docs",
        ];
        let mut seed = 7u64;
        let mut next = move |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        let titles: Vec<String> = (0..200)
            .map(|_| {
                let len = 1 + next(5);
                (0..len)
                    .map(|_| vocab[next(vocab.len())])
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let texts: Vec<String> = titles
            .iter()
            .map(|t| format!("## {t}\n{t} and {t} again\n"))
            .collect();
        let entries: Vec<(&str, &str)> = titles
            .iter()
            .map(String::as_str)
            .zip(texts.iter().map(String::as_str))
            .collect();
        let docs: Vec<(String, String)> = (0..5)
            .map(|d| (format!("docs/{d}.md"), texts[d * 7..d * 7 + 20].concat()))
            .collect();
        let h = hints(&entries, &docs);
        // Each entry against every earlier one, its best few kept.
        let mut pairs = Vec::new();
        let mut capped = 0;
        for j in 0..entries.len() {
            let mut found: Vec<(usize, usize, f64)> = (0..j)
                .map(|i| {
                    (
                        i,
                        j,
                        overlap::round2(overlap::title_overlap(entries[i].0, entries[j].0)),
                    )
                })
                .filter(|p| p.2 >= SUPERSESSION_OVERLAP)
                .collect();
            found.sort_by(|a, b| b.2.total_cmp(&a.2).then(b.0.cmp(&a.0)));
            capped += usize::from(found.len() > SUPERSESSIONS_PER_ENTRY);
            found.truncate(SUPERSESSIONS_PER_ENTRY);
            pairs.extend(found);
        }
        pairs.sort_by_key(|p| (p.0, p.1));
        // The cap is exercised, and no word's list is long enough to be cut.
        assert!(capped > 10, "{capped}");
        assert!(entries.len() <= TITLES_PER_WORD);
        let got: Vec<(usize, usize, f64)> = h
            .supersessions
            .iter()
            .map(|s| (s.first, s.second, s.score))
            .collect();
        assert!(pairs.len() > 100);
        assert_eq!(got, pairs);
        for (entry, targets) in entries.iter().zip(&h.targets) {
            let mut expected: Vec<Target> = docs
                .iter()
                .map(|(path, text)| Target {
                    path: path.clone(),
                    score: overlap::round2(overlap::Indexed::new(text).coverage(entry.1)),
                })
                .filter(|t| t.score >= TARGET_OVERLAP)
                .collect();
            expected.sort_by(|a, b| b.score.total_cmp(&a.score).then_with(|| a.path.cmp(&b.path)));
            expected.truncate(TARGETS_PER_ENTRY);
            assert_eq!(targets, &expected);
        }
    }

    /// Titles from a small vocabulary: every pair shares words, yet each entry gets its few
    /// best, the nearest among equals, and the pairs grow with the entries, not their pairs.
    #[test]
    fn a_small_vocabulary_gives_each_entry_its_few_best() {
        let vocab = ["cache", "index", "build", "merge", "hook", "lint"];
        let titles: Vec<String> = (0..2000)
            .map(|i| format!("Lesson {i} about {}", vocab[i % vocab.len()]))
            .collect();
        let entries: Vec<(&str, &str)> = titles.iter().map(|t| (t.as_str(), t.as_str())).collect();
        let h = hints(&entries, &[]);
        assert!(h.supersessions.len() <= entries.len() * SUPERSESSIONS_PER_ENTRY);
        let of_last: Vec<(usize, f64)> = h
            .supersessions
            .iter()
            .filter(|s| s.second == 1999)
            .map(|s| (s.first, s.score))
            .collect();
        let nearest: Vec<(usize, f64)> = (1..=5).rev().map(|k| (1999 - 6 * k, 0.6)).collect();
        assert_eq!(of_last, nearest);
        assert_eq!(h, hints(&entries, &[]));
    }
}
