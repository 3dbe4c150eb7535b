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
/// Both come from inverted indexes, so the cost follows the entries and docs, not their pairs.
pub fn hints(entries: &[(&str, &str)], docs: &[(String, String)]) -> Hints {
    Hints {
        supersessions: supersessions(entries),
        targets: targets(entries, docs),
    }
}

/// Pairs whose title overlap reaches [`SUPERSESSION_OVERLAP`], older first.
///
/// A prefix filter (as in set-similarity joins): with each title's words ordered rarest first,
/// two titles with a Jaccard overlap of at least `t` share a word among the first
/// `len - ceil(t * len) + 1` of either. Only those words are indexed, so a common word does not
/// make every pair a candidate; each candidate is then scored exactly as before.
fn supersessions(entries: &[(&str, &str)]) -> Vec<Supersession> {
    // Rounding to two decimals lets 0.495 through, so the filter must too.
    let t = SUPERSESSION_OVERLAP - 0.005;
    let sets: Vec<Vec<String>> = entries
        .iter()
        .map(|(title, _)| overlap::content_words(title).into_iter().collect())
        .collect();
    let mut frequency: HashMap<&str, usize> = HashMap::new();
    for word in sets.iter().flatten() {
        *frequency.entry(word).or_default() += 1;
    }
    let mut index: HashMap<&str, Vec<usize>> = HashMap::new();
    let mut pairs = Vec::new();
    for (i, set) in sets.iter().enumerate() {
        let mut ordered: Vec<&str> = set.iter().map(String::as_str).collect();
        ordered.sort_by_key(|w| (frequency.get(w).copied().unwrap_or(0), *w));
        let len = ordered.len();
        let prefix = len - (t * len as f64).ceil() as usize + 1;
        let mut candidates: Vec<usize> = ordered[..prefix.min(len)]
            .iter()
            .flat_map(|w| index.get(w).into_iter().flatten().copied())
            .filter(|&j| {
                let other = sets[j].len() as f64;
                other >= t * len as f64 && t * other <= len as f64
            })
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        for j in candidates {
            // `title_overlap` on the word sets already built: Jaccard of the content words.
            let common = set.iter().filter(|w| sets[j].binary_search(w).is_ok()).count();
            let union = set.len() + sets[j].len() - common;
            let score = overlap::round2(common as f64 / union as f64);
            if score >= SUPERSESSION_OVERLAP {
                pairs.push(Supersession {
                    first: j,
                    second: i,
                    score,
                });
            }
        }
        for w in &ordered[..prefix.min(len)] {
            index.entry(w).or_default().push(i);
        }
    }
    pairs.sort_by_key(|p| (p.first, p.second));
    pairs
}

/// Per entry, the docs sharing most of its wording: its phrases looked up in one index of all
/// docs' phrases (or its content words, for an entry too short to have phrases).
fn targets(entries: &[(&str, &str)], docs: &[(String, String)]) -> Vec<Vec<Target>> {
    let mut phrase_docs: HashMap<String, Vec<usize>> = HashMap::new();
    let mut word_docs: HashMap<String, Vec<usize>> = HashMap::new();
    for (d, (_, text)) in docs.iter().enumerate() {
        for phrase in overlap::phrases(text) {
            phrase_docs.entry(phrase).or_default().push(d);
        }
        for word in overlap::content_words(text) {
            word_docs.entry(word).or_default().push(d);
        }
    }
    entries
        .iter()
        .map(|(_, text)| {
            let (own, index) = match overlap::phrases(text) {
                p if !p.is_empty() => (p, &phrase_docs),
                _ => (overlap::content_words(text), &word_docs),
            };
            let mut hits = vec![0usize; docs.len()];
            for key in &own {
                for &d in index.get(key).into_iter().flatten() {
                    hits[d] += 1;
                }
            }
            let mut found: Vec<Target> = docs
                .iter()
                .zip(hits)
                .filter(|(_, n)| *n > 0 || own.is_empty())
                .map(|((path, _), n)| Target {
                    path: path.clone(),
                    // As `overlap::coverage`: a text without words is covered by anything.
                    score: if own.is_empty() {
                        1.0
                    } else {
                        overlap::round2(n as f64 / own.len() as f64)
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
        let mut pairs = Vec::new();
        for i in 0..entries.len() {
            for j in i + 1..entries.len() {
                let score = overlap::round2(overlap::title_overlap(entries[i].0, entries[j].0));
                if score >= SUPERSESSION_OVERLAP {
                    pairs.push((i, j, score));
                }
            }
        }
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
}
