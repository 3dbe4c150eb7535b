//! Precision and recall of the classifier on a labelled set (`fixtures/feedback/labelled.jsonl`).
//!
//! One JSON object per line: `{"label": "<category>|none", "prompt": "…"}`. Used by
//! `learnings feedback --eval` (for `bench/capture.sh`) and by the test that holds the targets.

use super::category::Category;
use super::detect;
use serde::{Deserialize, Serialize};

/// One labelled prompt.
#[derive(Debug, Clone, Deserialize)]
pub struct Sample {
    /// A category name, or `none`.
    pub label: String,
    /// The prompt as the user typed it.
    pub prompt: String,
}

/// Precision and recall of one category.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Score {
    /// The category.
    pub category: Category,
    /// Prompts labelled with it.
    pub labelled: usize,
    /// Prompts classified as it.
    pub predicted: usize,
    /// Both.
    pub correct: usize,
    /// correct / predicted (1 when nothing was predicted).
    pub precision: f64,
    /// correct / labelled (1 when nothing was labelled).
    pub recall: f64,
}

/// The whole evaluation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Evaluation {
    /// Samples read.
    pub samples: usize,
    /// Per category, in precedence order.
    pub scores: Vec<Score>,
    /// Prompts classified wrongly: (label, predicted, prompt).
    pub misses: Vec<(String, String, String)>,
}

/// Parses a labelled set; the error names the line.
pub fn parse(text: &str) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let sample: Sample = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", n + 1))?;
        if sample.label != "none" && Category::parse(&sample.label).is_none() {
            return Err(format!("line {}: unknown label `{}`", n + 1, sample.label));
        }
        samples.push(sample);
    }
    Ok(samples)
}

/// Classifies every sample and scores each category.
pub fn evaluate(samples: &[Sample]) -> Evaluation {
    let predictions: Vec<&str> = samples
        .iter()
        .map(|s| detect::classify(&s.prompt).map_or("none", |signal| signal.category.name()))
        .collect();
    let scores = Category::ALL
        .iter()
        .map(|&category| {
            let name = category.name();
            let labelled = samples.iter().filter(|s| s.label == name).count();
            let predicted = predictions.iter().filter(|p| **p == name).count();
            let correct = samples
                .iter()
                .zip(&predictions)
                .filter(|(s, p)| s.label == name && **p == name)
                .count();
            let ratio = |a: usize, b: usize| if b == 0 { 1.0 } else { a as f64 / b as f64 };
            Score {
                category,
                labelled,
                predicted,
                correct,
                precision: ratio(correct, predicted),
                recall: ratio(correct, labelled),
            }
        })
        .collect();
    let misses = samples
        .iter()
        .zip(&predictions)
        .filter(|(s, p)| s.label != **p)
        .map(|(s, p)| (s.label.clone(), (*p).to_owned(), s.prompt.clone()))
        .collect();
    Evaluation {
        samples: samples.len(),
        scores,
        misses,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LABELLED: &str = include_str!("../../fixtures/feedback/labelled.jsonl");

    /// Issue 11 asks 90% of corrections and preferences on prompts the rules never saw; the
    /// set they were tuned on must do better (95%), and no category may fall below 90% precision.
    #[test]
    fn the_labelled_set_meets_the_targets() {
        let samples = parse(LABELLED).expect("valid set");
        assert!(samples.len() >= 500, "{}", samples.len());
        let none = samples.iter().filter(|s| s.label == "none").count();
        assert!(none >= 110, "hard negatives: {none}");
        let evaluation = evaluate(&samples);
        for score in &evaluation.scores {
            let floor: f64 = match score.category {
                Category::Correction | Category::Preference => 0.95,
                _ => 0.0,
            };
            assert!(
                score.precision >= floor.max(0.9) && score.recall >= floor,
                "{score:?}\nmisses: {:#?}",
                evaluation.misses
            );
        }
    }

    #[test]
    fn bad_lines_are_named() {
        assert!(
            parse("{\"label\":\"x\",\"prompt\":\"p\"}")
                .expect_err("label")
                .contains("line 1")
        );
        assert!(parse("\nnot json").expect_err("json").contains("line 2"));
    }
}
