//! The prompt classifier: a linear model over the [`features`] of a prompt and of the message it
//! answers, trained from the labelled prompts of `fixtures/feedback/` (real prompts in `real/`,
//! written ones beside them) by `cargo run --release --example train_capture`.
//!
//! Two heads, each a table: `weights.tsv` says what a prompt says about the previous answer,
//! `lesson.tsv` whether what it says is a lesson worth an entry or transient. A table holds one
//! line per feature, sorted, with its weight for each class in thousandths. Scoring sums the weights of a prompt's features and takes the
//! softmax; the most probable class wins, and its probability is the confidence. The file is
//! searched in place (a binary search over its sorted lines), so a hook pays for the few
//! hundred features of one prompt, not for loading the model.

pub mod features;

use super::category::{Category, Signal};

/// The classes, in the order of the weight columns: `none`, then the categories.
pub const CLASSES: [Option<Category>; 7] = [
    None,
    Some(Category::Preference),
    Some(Category::Rejection),
    Some(Category::Correction),
    Some(Category::Clarification),
    Some(Category::Enhancement),
    Some(Category::Praise),
];

/// Weights are written in thousandths.
pub const SCALE: f64 = 1000.0;
/// The feature every prompt has: the class priors.
pub const BIAS: &str = "_bias";
/// At or above this confidence a category is captured. Cross-validated on the training data,
/// 0.6 keeps precision above 0.9 and the share of `none` prompts captured near 5%; 0.55 gains
/// two points of recall for one of `none` captured.
pub const CAPTURE: f64 = 0.6;
/// At or above this probability of the lesson head, feedback is a lesson. Low on purpose: a
/// transient call keeps feedback out of patterns, so the head must be sure (80%) to make it.
/// Cross-validated by repository, 0.2 and 0.5 score alike (0.80 of corrections).
pub const LESSON_AT: f64 = 0.2;
/// From this confidence up to [`CAPTURE`] a category goes to the review queue.
pub const REVIEW: f64 = 0.4;

/// The shipped weights.
const WEIGHTS: &str = include_str!("weights.tsv");
/// The shipped lesson head: columns `transient lesson`.
const LESSON: &str = include_str!("lesson.tsv");

/// What the model makes of a prompt.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Decision {
    /// The most probable class (`None`: the prompt says nothing about the previous answer).
    pub category: Option<Category>,
    /// Its probability, two decimals.
    pub confidence: f64,
}

impl Decision {
    /// Captured: a category at or above [`CAPTURE`].
    pub fn captured(self) -> Option<Signal> {
        let category = self.category?;
        (self.confidence >= CAPTURE).then_some(Signal {
            category,
            confidence: self.confidence,
        })
    }

    /// Unsure: a category between [`REVIEW`] and [`CAPTURE`], for the review queue.
    pub fn unsure(self) -> Option<Signal> {
        let category = self.category?;
        (self.confidence >= REVIEW && self.confidence < CAPTURE).then_some(Signal {
            category,
            confidence: self.confidence,
        })
    }
}

/// Classifies a prompt; `None` when it says nothing about the previous answer, or too unsurely.
pub fn classify(prompt: &str) -> Option<Signal> {
    decide(prompt).captured()
}

/// The model's decision on a prompt alone, sure or not.
pub fn decide(prompt: &str) -> Decision {
    decide_in(prompt, None)
}

/// The model's decision on a prompt answering `answered` (the assistant's message before it).
pub fn decide_in(prompt: &str, answered: Option<&str>) -> Decision {
    decide_with(WEIGHTS, &features::features_in(prompt, answered))
}

/// Whether a prompt of `category` carries a lesson worth an entry (a fact about the project, a
/// rule, a standing preference) rather than something true only now ("still not working").
/// A preference is a standing rule and praise or an enhancement says nothing to keep, by
/// definition; corrections, rejections and clarifications (what makes patterns) ask the head.
pub fn is_lesson(category: Category, prompt: &str, answered: Option<&str>) -> bool {
    lesson_of(category, &features::features_in(prompt, answered))
}

/// The decision on a prompt answering `answered`, and whether its category carries a lesson:
/// one reading of the prompt for both heads (the prompt hook's path).
pub fn judge(prompt: &str, answered: Option<&str>) -> (Decision, bool) {
    let features = features::features_in(prompt, answered);
    let decision = decide_with(WEIGHTS, &features);
    let lesson = decision.category.is_some_and(|c| lesson_of(c, &features));
    (decision, lesson)
}

fn lesson_of(category: Category, features: &[String]) -> bool {
    match category {
        Category::Preference => true,
        Category::Praise | Category::Enhancement => false,
        Category::Correction | Category::Rejection | Category::Clarification => {
            lesson_with(LESSON, features) >= LESSON_AT
        }
    }
}

/// The probability the lesson head in `table` (a `lesson.tsv`) gives a lesson.
pub fn lesson_with(table: &str, features: &[String]) -> f64 {
    softmax(&scores_with::<2>(table, features))[1]
}

/// The decision of the weights in `table` (a `weights.tsv`) on a prompt's features.
pub fn decide_with(table: &str, features: &[String]) -> Decision {
    let probabilities = softmax(&scores_with::<7>(table, features));
    let (best, p) = probabilities
        .iter()
        .enumerate()
        .fold((0, f64::MIN), |acc, (i, &p)| if p > acc.1 { (i, p) } else { acc });
    Decision {
        category: CLASSES[best],
        confidence: (p * 100.0).round() / 100.0,
    }
}

/// The summed weights of a prompt's features, per class, in a table of `N` columns.
pub fn scores_with<const N: usize>(table: &str, features: &[String]) -> [f64; N] {
    let mut body = table;
    while body.starts_with('#') {
        body = body.split_once('\n').map_or("", |(_, rest)| rest);
    }
    let mut scores = [0f64; N];
    // Features come sorted, as the table is: each search starts where the last one ended.
    let (mut from, mut last) = (0, "");
    for feature in std::iter::once(BIAS).chain(features.iter().map(String::as_str)) {
        if feature < last {
            from = 0;
        }
        last = feature;
        let (found, next) = lookup(body, feature, from);
        from = next;
        if let Some(weights) = found {
            for (score, w) in scores.iter_mut().zip(weights.split(' ')) {
                *score += w.parse::<f64>().unwrap_or(0.0) / SCALE;
            }
        }
    }
    scores
}

/// The probabilities of scores.
pub fn softmax<const N: usize>(scores: &[f64; N]) -> [f64; N] {
    let max = scores.iter().copied().fold(f64::MIN, f64::max);
    let mut out = scores.map(|s| (s - max).exp());
    let sum: f64 = out.iter().sum();
    for p in &mut out {
        *p /= sum;
    }
    out
}

/// The weights of `key` in sorted `feature\tweights` lines, by binary search over the text
/// from byte `from` (a line's start), and where a search for a greater key may start.
fn lookup<'a>(body: &'a str, key: &str, from: usize) -> (Option<&'a str>, usize) {
    let bytes = body.as_bytes();
    let (mut lo, mut hi) = (from.min(bytes.len()), bytes.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let start = bytes[lo..mid]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(lo, |p| lo + p + 1);
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |p| start + p);
        let Some((feature, weights)) = body[start..end].split_once('\t') else {
            return (None, from);
        };
        match feature.cmp(key) {
            std::cmp::Ordering::Equal => return (Some(weights), (end + 1).min(bytes.len())),
            std::cmp::Ordering::Less => lo = end + 1,
            std::cmp::Ordering::Greater => hi = start,
        }
    }
    (None, lo.min(bytes.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &str = "# classes: none preference rejection correction clarification enhancement praise\n_bias\t500 0 0 0 0 0 0\nb:x_y\t0 0 0 0 0 0 0\nw:no\t0 0 0 3000 0 0 0\nw:thanks\t0 0 0 0 0 0 3000\n";

    #[test]
    fn the_heaviest_class_wins_with_its_probability() {
        let d = decide_with(TABLE, &["w:no".into()]);
        assert_eq!(d.category, Some(Category::Correction));
        assert!(d.confidence > 0.7, "{d:?}");
        let d = decide_with(TABLE, &["w:other".into()]);
        assert_eq!(d.category, None);
    }

    #[test]
    fn every_line_is_found_by_the_search() {
        for (line, key) in [(1, "_bias"), (2, "b:x_y"), (3, "w:no"), (4, "w:thanks")] {
            let body = &TABLE[TABLE.find('\n').map_or(0, |p| p + 1)..];
            assert!(lookup(body, key, 0).0.is_some(), "line {line}: {key}");
        }
        assert!(lookup("a\t1\nc\t2\n", "b", 0).0.is_none());
        // Searches for keys in order, each from where the last ended, find every line.
        let body = &TABLE[TABLE.find('\n').map_or(0, |p| p + 1)..];
        let mut from = 0;
        for key in ["_bias", "a", "b:x_y", "c", "w:no", "w:thanks", "z"] {
            let (found, next) = lookup(body, key, from);
            assert_eq!(found.is_some(), !["a", "c", "z"].contains(&key), "{key}");
            assert!(next >= from, "{key}");
            from = next;
        }
    }

    #[test]
    fn the_shipped_tables_are_sorted_and_complete() {
        for (table, columns) in [(WEIGHTS, CLASSES.len()), (LESSON, 2)] {
            let mut last = String::new();
            for line in table.lines().filter(|l| !l.starts_with('#')) {
                let (feature, weights) = line.split_once('\t').expect("a tab");
                assert!(feature > last.as_str(), "{feature} after {last}");
                assert_eq!(weights.split(' ').count(), columns, "{line}");
                last = feature.to_owned();
            }
        }
    }
}
