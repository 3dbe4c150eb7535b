//! Hints for the remember-task agent's pre-checks: which batch entries may supersede each
//! other, and which docs already say something close to each entry.

use super::overlap::{self, Indexed};

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
pub fn hints(entries: &[(&str, &str)], docs: &[(String, String)]) -> Hints {
    let mut supersessions = Vec::new();
    for (i, (a, _)) in entries.iter().enumerate() {
        for (j, (b, _)) in entries.iter().enumerate().skip(i + 1) {
            let score = overlap::round2(overlap::title_overlap(a, b));
            if score >= SUPERSESSION_OVERLAP {
                supersessions.push(Supersession {
                    first: i,
                    second: j,
                    score,
                });
            }
        }
    }
    let indexed: Vec<(&str, Indexed)> = docs.iter().map(|(p, t)| (p.as_str(), Indexed::new(t))).collect();
    let targets = entries
        .iter()
        .map(|(_, text)| {
            let mut found: Vec<Target> = indexed
                .iter()
                .map(|(path, doc)| Target {
                    path: (*path).to_owned(),
                    score: overlap::round2(doc.coverage(text)),
                })
                .filter(|t| t.score >= TARGET_OVERLAP)
                .collect();
            found.sort_by(|a, b| b.score.total_cmp(&a.score).then_with(|| a.path.cmp(&b.path)));
            found.truncate(TARGETS_PER_ENTRY);
            found
        })
        .collect();
    Hints {
        supersessions,
        targets,
    }
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
}
