//! Trains the prompt classifier of capture from labelled prompts, or cross-validates it.
//!
//! ```text
//! cargo run --release --example train_capture -- --out src/capture/model DATA.jsonl...
//! cargo run --release --example train_capture -- --cv 5 DATA.jsonl...
//! ```
//!
//! DATA files hold `{"label": "<category>|none", "prompt": "…"}` lines; real prompts also carry
//! `repo`, `previous_assistant` (the message the prompt answered, or null) and `lesson` (true,
//! false, or null for `none`). Two heads are trained, each a softmax regression over the
//! features of `learnings::capture::model::features::features_in`, by full-batch Adagrad with
//! L2, in a fixed order: the same data gives the same tables, byte for byte.
//! - `weights.tsv`: the category, from every prompt; a real prompt weighs [`REAL`] times a
//!   written one, since the real ones are what the hook meets.
//! - `lesson.tsv`: lesson or transient, from the corrections, rejections and clarifications
//!   labelled with a flag (preferences are lessons, praise and enhancements transient, by
//!   definition).
//!
//! `--cv K` cross-validates by repository: the real prompts' repositories are dealt into K folds
//! (largest first, each to the smallest fold), so no repository is on both sides; the written
//! prompts always train. It prints precision and recall per category at the capture threshold,
//! the share of `none` prompts captured, and the lesson split, on the real prompts; with
//! `MISSES=1` in the environment, each real prompt it gets wrong.

// A script: printing is its job, and a class is an index into the weight columns.
#![allow(clippy::print_stdout, clippy::print_stderr, clippy::needless_range_loop)]

use learnings::capture::Category;
use learnings::capture::model::{self, BIAS, CAPTURE, CLASSES, SCALE, features::features_in};
use std::collections::{BTreeMap, HashMap};

const EPOCHS: usize = 300;
const RATE: f64 = 0.5;
const L2: f64 = 0.0005;
/// Features seen in fewer prompts than this are not learnt.
const MIN_PROMPTS: usize = 2;
/// How much a real prompt weighs against a written one.
const REAL: f64 = 3.0;

struct Sample {
    label: usize,
    text: String,
    features: Vec<String>,
    /// The repository of a real prompt; `None` for a written one.
    repo: Option<String>,
    lesson: Option<bool>,
}

/// A row to train on: features, class, weight.
type Row<'a> = (&'a [String], usize, f64);
/// What cross-validation said of a prompt: class, confidence, probability of a lesson.
type Said = (usize, f64, Option<f64>);

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
            let all: Vec<&Sample> = samples.iter().collect();
            let by = format!(
                "# by: cargo run --release --example train_capture -- --out src/capture/model {}\n",
                files.join(" ")
            );
            let trained = format!("# trained on {} prompts of: {}\n", samples.len(), files.join(" "));
            let heads = [
                (
                    "weights.tsv",
                    "none preference rejection correction clarification enhancement praise",
                    table(&category_head(&all)),
                ),
                ("lesson.tsv", "transient lesson", table(&lesson_head(&all))),
            ];
            for (name, classes, body) in heads {
                let path = format!("{out}/{name}");
                let text = format!(
                    "# learnings prompt classifier: weights per feature, in thousandths, one column per class\n# classes: {classes}\n{trained}{by}{body}"
                );
                std::fs::write(&path, text).unwrap_or_else(|e| panic!("{path}: {e}"));
                eprintln!("{path}: {} features", body.lines().count());
            }
        }
        (None, None) => panic!("usage: train_capture (--out DIR | --cv K) DATA.jsonl..."),
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
            let answered = value["previous_assistant"].as_str();
            samples.push(Sample {
                label,
                text: prompt.chars().take(160).collect::<String>().replace('\n', " "),
                features: features_in(prompt, answered),
                repo: value["repo"].as_str().map(str::to_owned),
                lesson: value["lesson"].as_bool(),
            });
        }
    }
    samples
}

/// The category head's rows: every prompt, real ones weighing more.
fn category_head<'a>(samples: &[&'a Sample]) -> BTreeMap<String, Vec<i64>> {
    let rows: Vec<Row<'a>> = samples
        .iter()
        .map(|s| {
            (
                s.features.as_slice(),
                s.label,
                if s.repo.is_some() { REAL } else { 1.0 },
            )
        })
        .collect();
    train::<7>(&rows)
}

/// The lesson head's rows: the feedback that makes patterns (corrections, rejections,
/// clarifications), labelled with a flag; real prompts weigh more here too.
fn lesson_head<'a>(samples: &[&'a Sample]) -> BTreeMap<String, Vec<i64>> {
    let rows: Vec<Row<'a>> = samples
        .iter()
        .filter(|s| CLASSES[s.label].is_some_and(asks_the_head))
        .filter_map(|s| {
            let weight = if s.repo.is_some() { REAL } else { 1.0 };
            Some((s.features.as_slice(), usize::from(s.lesson?), weight))
        })
        .collect();
    train::<2>(&rows)
}

/// Whether the lesson of feedback of `category` is the head's to say (as `model::is_lesson`
/// asks it): preferences are lessons, praise and enhancements transient, by definition.
fn asks_the_head(category: Category) -> bool {
    matches!(
        category,
        Category::Correction | Category::Rejection | Category::Clarification
    )
}

/// A table's lines: `feature\tw w …`, sorted.
fn table(weights: &BTreeMap<String, Vec<i64>>) -> String {
    let mut text = String::new();
    for (feature, w) in weights {
        let w: Vec<String> = w.iter().map(i64::to_string).collect();
        text.push_str(&format!("{feature}\t{}\n", w.join(" ")));
    }
    text
}

/// Weighted softmax regression over `N` classes; the rounded weights of every feature that has
/// any.
fn train<const N: usize>(rows: &[Row<'_>]) -> BTreeMap<String, Vec<i64>> {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for (features, _, _) in rows {
        for f in features.iter() {
            *seen.entry(f.as_str()).or_default() += 1;
        }
    }
    let mut vocab: Vec<&str> = vec![BIAS];
    vocab.extend(seen.iter().filter(|(_, n)| **n >= MIN_PROMPTS).map(|(f, _)| *f));
    let index: HashMap<&str, usize> = vocab.iter().enumerate().map(|(i, f)| (*f, i)).collect();
    let encoded: Vec<Vec<usize>> = rows
        .iter()
        .map(|(features, _, _)| {
            let mut row = vec![0];
            row.extend(features.iter().filter_map(|f| index.get(f.as_str()).copied()));
            row
        })
        .collect();
    let total: f64 = rows.iter().map(|r| r.2).sum::<f64>().max(1.0);
    let mut w = vec![[0f64; N]; vocab.len()];
    let mut g2 = vec![[1e-8f64; N]; vocab.len()];
    for _ in 0..EPOCHS {
        let mut grad = vec![[0f64; N]; vocab.len()];
        for ((_, label, weight), row) in rows.iter().zip(&encoded) {
            let mut scores = [0f64; N];
            for &f in row {
                for c in 0..N {
                    scores[c] += w[f][c];
                }
            }
            let p = model::softmax(&scores);
            for &f in row {
                for c in 0..N {
                    grad[f][c] += weight * (p[c] - f64::from(u8::from(c == *label))) / total;
                }
            }
        }
        for f in 0..vocab.len() {
            for c in 0..N {
                let g = grad[f][c] + if f == 0 { 0.0 } else { L2 * w[f][c] };
                g2[f][c] += g * g;
                w[f][c] -= RATE * g / g2[f][c].sqrt();
            }
        }
    }
    vocab
        .iter()
        .zip(&w)
        .map(|(f, w)| {
            (
                (*f).to_owned(),
                w.iter().map(|x| (x * SCALE).round() as i64).collect::<Vec<_>>(),
            )
        })
        .filter(|(f, w)| f == BIAS || w.iter().any(|&x| x != 0))
        .collect()
}

/// The fold of each real repository: largest first, each to the fold with fewest prompts.
fn folds(samples: &[Sample], k: usize) -> BTreeMap<&str, usize> {
    let mut sizes: BTreeMap<&str, usize> = BTreeMap::new();
    for s in samples {
        if let Some(repo) = &s.repo {
            *sizes.entry(repo).or_default() += 1;
        }
    }
    let mut repos: Vec<(&str, usize)> = sizes.into_iter().collect();
    repos.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let mut load = vec![0usize; k];
    let mut out = BTreeMap::new();
    for (repo, n) in repos {
        let fold = (0..k).min_by_key(|&f| (load[f], f)).unwrap_or(0);
        load[fold] += n;
        out.insert(repo, fold);
    }
    out
}

fn cross_validate(samples: &[Sample], k: usize) {
    let fold_of = folds(samples, k);
    let fold = |s: &Sample| s.repo.as_deref().and_then(|r| fold_of.get(r).copied());
    let mut predicted: Vec<Option<Said>> = vec![None; samples.len()];
    for f in 0..k {
        let train_set: Vec<&Sample> = samples.iter().filter(|s| fold(s) != Some(f)).collect();
        let categories = table(&category_head(&train_set));
        let lessons = table(&lesson_head(&train_set));
        for (i, s) in samples.iter().enumerate().filter(|(_, s)| fold(s) == Some(f)) {
            let d = model::decide_with(&categories, &s.features);
            let class = CLASSES.iter().position(|c| *c == d.category).unwrap_or(0);
            let lesson = match CLASSES[s.label] {
                Some(c) if asks_the_head(c) => model::lesson_with(&lessons, &s.features),
                Some(Category::Preference) => 1.0,
                _ => 0.0,
            };
            predicted[i] = Some((class, d.confidence, Some(lesson)));
        }
    }
    let scored: Vec<(&Sample, Said)> = samples
        .iter()
        .zip(predicted)
        .filter_map(|(s, p)| Some((s, p?)))
        .collect();
    println!(
        "{} real prompts from {} repositories in {k} folds by repository ({} written prompts always train)",
        scored.len(),
        fold_of.len(),
        samples.len() - scored.len()
    );
    report(&scored);
    if std::env::var_os("MISSES").is_some() {
        for (s, p) in &scored {
            let said = if p.0 != 0 && p.1 >= CAPTURE { p.0 } else { 0 };
            if said != s.label {
                let name = |c: usize| CLASSES[c].map_or("none", |c| c.name());
                println!("miss\t{}\t{}\t{:.2}\t{}", name(s.label), name(p.0), p.1, s.text);
            }
        }
    }
}

fn report(scored: &[(&Sample, Said)]) {
    let captured = |(c, p, _): Said| if c != 0 && p >= CAPTURE { c } else { 0 };
    println!("captured at confidence >= {CAPTURE}");
    for c in 1..7 {
        let labelled = scored.iter().filter(|(s, _)| s.label == c).count();
        let said = scored.iter().filter(|(_, p)| captured(*p) == c).count();
        let right = scored
            .iter()
            .filter(|(s, p)| s.label == c && captured(*p) == c)
            .count();
        let name = CLASSES[c].map_or("none", |c| c.name());
        println!(
            "{name:<14} precision {:.3} recall {:.3} ({right}/{said} said, {labelled} labelled)",
            right as f64 / said.max(1) as f64,
            right as f64 / labelled.max(1) as f64
        );
    }
    let none = scored.iter().filter(|(s, _)| s.label == 0).count();
    let taken = scored
        .iter()
        .filter(|(s, p)| s.label == 0 && captured(*p) != 0)
        .count();
    println!(
        "none captured  {:.3} ({taken}/{none})",
        taken as f64 / none.max(1) as f64
    );
    if let Some(sweep) = std::env::var_os("SWEEP") {
        for at in sweep
            .to_string_lossy()
            .split(',')
            .filter_map(|a| a.parse::<f64>().ok())
        {
            let judged: Vec<bool> = scored
                .iter()
                .filter(|(s, _)| s.label == 3)
                .filter_map(|(s, p)| Some(s.lesson? == (p.2? >= at)))
                .collect();
            let right = judged.iter().filter(|r| **r).count();
            println!("lesson at {at}: corrections {right}/{}", judged.len());
        }
    }
    for (name, only) in [("corrections", Some(3)), ("all feedback", None)] {
        let judged: Vec<bool> = scored
            .iter()
            .filter(|(s, _)| only.is_none_or(|c| s.label == c) && s.label != 1)
            .filter_map(|(s, p)| Some(s.lesson? == (p.2? >= model::LESSON_AT)))
            .collect();
        let right = judged.iter().filter(|r| **r).count();
        println!(
            "lesson or transient, {name}: {:.3} ({right}/{})",
            right as f64 / judged.len().max(1) as f64,
            judged.len()
        );
    }
}
