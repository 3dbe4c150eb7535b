//! Word overlap between pieces of text: the hints for the agent's pre-checks.
//!
//! Deliberately simple and deterministic: lower-cased words, stop words removed, and runs of
//! three words ("phrases"). An LLM judges meaning; this only points it at where to look. (The
//! audit judges distinctive content instead: see `policy::audit::terms`.)

use std::collections::BTreeSet;

/// Words too common to say anything about a topic.
const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "before", "by", "do", "does", "for", "from", "has", "have",
    "if", "in", "into", "is", "it", "its", "not", "of", "on", "or", "that", "the", "then", "this", "to",
    "use", "was", "when", "with", "you", "your",
];

/// Lower-cased words of `text`; markdown punctuation and symbols split words.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-' || c == '_' || c == '.'))
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether `word` (lower case) is too common to say anything about a topic.
pub fn is_stop_word(word: &str) -> bool {
    STOP_WORDS.contains(&word)
}

/// Words that carry meaning: [`words`] without stop words.
pub fn content_words(text: &str) -> BTreeSet<String> {
    words(text).into_iter().filter(|w| !is_stop_word(w)).collect()
}

/// Runs of three consecutive words of `text` (all words, so phrases read as written).
pub fn phrases(text: &str) -> BTreeSet<String> {
    let words = words(text);
    words.windows(3).map(|w| w.join(" ")).collect()
}

/// Jaccard similarity of the content words of two titles (0 to 1).
pub fn title_overlap(a: &str, b: &str) -> f64 {
    let (a, b) = (content_words(a), content_words(b));
    let union = a.union(&b).count();
    if union == 0 {
        return 0.0;
    }
    a.intersection(&b).count() as f64 / union as f64
}

/// How much of `needle`'s wording appears in `haystack` (0 to 1): the share of its phrases, or
/// for a text too short to have phrases, of its content words.
pub fn coverage(needle: &str, haystack_phrases: &BTreeSet<String>, haystack_words: &BTreeSet<String>) -> f64 {
    let own = phrases(needle);
    if own.is_empty() {
        let own = content_words(needle);
        if own.is_empty() {
            return 1.0;
        }
        return own.intersection(haystack_words).count() as f64 / own.len() as f64;
    }
    own.intersection(haystack_phrases).count() as f64 / own.len() as f64
}

/// A text prepared for repeated [`coverage`] queries.
#[derive(Debug, Clone, Default)]
pub struct Indexed {
    /// Its phrases.
    pub phrases: BTreeSet<String>,
    /// Its content words.
    pub words: BTreeSet<String>,
}

impl Indexed {
    /// Indexes `text`.
    pub fn new(text: &str) -> Self {
        Indexed {
            phrases: phrases(text),
            words: content_words(text),
        }
    }

    /// Adds more text to the index.
    pub fn extend(&mut self, text: &str) {
        self.phrases.extend(phrases(text));
        self.words.extend(content_words(text));
    }

    /// Share of `needle`'s wording found here.
    pub fn coverage(&self, needle: &str) -> f64 {
        coverage(needle, &self.phrases, &self.words)
    }
}

/// Rounds a score to two decimals for stable output.
pub fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_overlap_on_content_words() {
        assert_eq!(title_overlap("Run the tests", "Run tests first"), 2.0 / 3.0);
        assert_eq!(title_overlap("Alpha", "Beta"), 0.0);
        assert_eq!(title_overlap("the", "a"), 0.0);
    }

    #[test]
    fn coverage_counts_phrases_that_arrived() {
        let doc = Indexed::new("Always run `cargo test` before every commit, even for docs.");
        assert_eq!(doc.coverage("Run cargo test before every commit"), 1.0);
        assert!(doc.coverage("Never deploy on Fridays without a rollback plan") < 0.2);
        assert_eq!(doc.coverage("cargo"), 1.0);
        assert_eq!(doc.coverage("- "), 1.0);
    }
}
