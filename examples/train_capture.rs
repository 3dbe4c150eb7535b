//! Trains the prompt classifier of capture from labelled prompts, or cross-validates it.
//!
//! ```text
//! cargo run --release --example train_capture -- --out src/capture/model/weights.tsv DATA.jsonl...
//! cargo run --release --example train_capture -- --cv 5 DATA.jsonl...
//! ```
//!
//! DATA files hold `{"label": "<category>|none", "prompt": "…"}` lines. The model is a softmax
//! regression over the features of `learnings::capture::model::features`, trained by full-batch
//! Adagrad with L2, in a fixed order: the same data gives the same weights, byte for byte.
//! `--cv K` trains on K-1 folds and scores the held-out one, for every fold, and prints
//! precision and recall per category at the capture threshold, and the share of `none` prompts
//! captured.

// A script: printing is its job, and a class is an index into the weight columns.
#![allow(clippy::print_stdout, clippy::print_stderr, clippy::needless_range_loop)]

use learnings::capture::model::{self, BIAS, CAPTURE, CLASSES, SCALE, features::features};
use std::collections::{BTreeMap, HashMap};

const EPOCHS: usize = 300;
const RATE: f64 = 0.5;
const L2: f64 = 0.0005;
/// Features seen in fewer prompts than this are not learnt.
const MIN_PROMPTS: usize = 2;

struct Sample {
    label: usize,
    features: Vec<String>,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut out, mut cv, mut files) = (None, None, Vec::new());
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => out = args.next(),
            "--cv" => cv = args.next().and_then(|k| k.parse::<usize>().ok()),
            _ => files.push(arg),
        }
    }
    let samples = read(&files);
    match (cv, out) {
        (Some(k), _) => cross_validate(&samples, k.max(2)),
        (None, Some(out)) => {
            let weights = train(&samples.iter().collect::<Vec<_>>());
            let mut text = String::new();
            text.push_str(
                "# learnings prompt classifier: weights per feature, in thousandths, one column per class\n",
            );
            text.push_str(
                "# classes: none preference rejection correction clarification enhancement praise\n",
            );
            text.push_str(&format!(
                "# trained on {} prompts of: {}\n",
                samples.len(),
                files.join(" ")
            ));
            // The shipped path, whatever `--out` was: a retrained copy must be byte-identical.
            text.push_str(&format!(
                "# by: cargo run --release --example train_capture -- --out src/capture/model/weights.tsv {}\n",
                files.join(" ")
            ));
            for (feature, w) in &weights {
                let w: Vec<String> = w.iter().map(i64::to_string).collect();
                text.push_str(&format!("{feature}\t{}\n", w.join(" ")));
            }
            std::fs::write(&out, text).unwrap_or_else(|e| panic!("{out}: {e}"));
            eprintln!("{out}: {} features from {} prompts", weights.len(), samples.len());
        }
        (None, None) => panic!("usage: train_capture (--out FILE | --cv K) DATA.jsonl..."),
    }
}

fn read(files: &[String]) -> Vec<Sample> {
    let mut samples = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let value: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{file}: {e}"));
            let label = value["label"].as_str().unwrap_or_default();
            let label = CLASSES
                .iter()
                .position(|c| c.map_or("none", |c| c.name()) == label)
                .unwrap_or_else(|| panic!("{file}: unknown label {label}"));
            let prompt = value["prompt"].as_str().unwrap_or_default();
            samples.push(Sample {
                label,
                features: features(prompt),
            });
        }
    }
    samples
}

/// Softmax regression; returns the rounded weights of every feature that has any.
fn train(samples: &[&Sample]) -> BTreeMap<String, [i64; 7]> {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for s in samples {
        for f in &s.features {
            *seen.entry(f.as_str()).or_default() += 1;
        }
    }
    let mut vocab: Vec<&str> = vec![BIAS];
    vocab.extend(seen.iter().filter(|(_, n)| **n >= MIN_PROMPTS).map(|(f, _)| *f));
    let index: HashMap<&str, usize> = vocab.iter().enumerate().map(|(i, f)| (*f, i)).collect();
    let rows: Vec<Vec<usize>> = samples
        .iter()
        .map(|s| {
            let mut row = vec![0];
            row.extend(s.features.iter().filter_map(|f| index.get(f.as_str()).copied()));
            row
        })
        .collect();
    let n = samples.len() as f64;
    let mut w = vec![[0f64; 7]; vocab.len()];
    let mut g2 = vec![[1e-8f64; 7]; vocab.len()];
    for _ in 0..EPOCHS {
        let mut grad = vec![[0f64; 7]; vocab.len()];
        for (s, row) in samples.iter().zip(&rows) {
            let mut scores = [0f64; 7];
            for &f in row {
                for c in 0..7 {
                    scores[c] += w[f][c];
                }
            }
            let p = model::softmax(&scores);
            for &f in row {
                for c in 0..7 {
                    grad[f][c] += (p[c] - f64::from(u8::from(c == s.label))) / n;
                }
            }
        }
        for f in 0..vocab.len() {
            for c in 0..7 {
                let g = grad[f][c] + if f == 0 { 0.0 } else { L2 * w[f][c] };
                g2[f][c] += g * g;
                w[f][c] -= RATE * g / g2[f][c].sqrt();
            }
        }
    }
    vocab
        .iter()
        .zip(&w)
        .map(|(f, w)| ((*f).to_owned(), w.map(|x| (x * SCALE).round() as i64)))
        .filter(|(f, w)| f == BIAS || w.iter().any(|&x| x != 0))
        .collect()
}

fn cross_validate(samples: &[Sample], k: usize) {
    let mut predicted: Vec<(usize, f64)> = vec![(0, 0.0); samples.len()];
    for fold in 0..k {
        let train_set: Vec<&Sample> = samples
            .iter()
            .enumerate()
            .filter(|(i, _)| i % k != fold)
            .map(|(_, s)| s)
            .collect();
        let weights = train(&train_set);
        let mut table = String::new();
        for (feature, w) in &weights {
            let w: Vec<String> = w.iter().map(i64::to_string).collect();
            table.push_str(&format!("{feature}\t{}\n", w.join(" ")));
        }
        for (i, s) in samples.iter().enumerate().filter(|(i, _)| i % k == fold) {
            let d = model::decide_with(&table, &s.features);
            let class = CLASSES.iter().position(|c| *c == d.category).unwrap_or(0);
            predicted[i] = (class, d.confidence);
        }
    }
    report(samples, &predicted);
}

fn report(samples: &[Sample], predicted: &[(usize, f64)]) {
    let captured = |(c, p): (usize, f64)| if c != 0 && p >= CAPTURE { c } else { 0 };
    println!("{} prompts, captured at confidence >= {CAPTURE}", samples.len());
    for c in 1..7 {
        let labelled = samples.iter().filter(|s| s.label == c).count();
        let said = predicted.iter().filter(|p| captured(**p) == c).count();
        let right = samples
            .iter()
            .zip(predicted)
            .filter(|(s, p)| s.label == c && captured(**p) == c)
            .count();
        let name = CLASSES[c].map_or("none", |c| c.name());
        println!(
            "{name:<14} precision {:.3} recall {:.3} ({right}/{said} said, {labelled} labelled)",
            right as f64 / said.max(1) as f64,
            right as f64 / labelled.max(1) as f64
        );
    }
    let none = samples.iter().filter(|s| s.label == 0).count();
    let taken = samples
        .iter()
        .zip(predicted)
        .filter(|(s, p)| s.label == 0 && captured(**p) != 0)
        .count();
    println!(
        "none captured  {:.3} ({taken}/{none})",
        taken as f64 / none.max(1) as f64
    );
}
