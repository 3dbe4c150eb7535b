//! The consolidation scenarios of `fixtures/audit/scenarios.toml`, replayed through the real
//! audit: each in its own repository, the binary run as a process.
//!
//! The test prints the two rates the audit is held to and asserts their targets: no silent drop
//! accepted, at least 90% of the faithful (verbatim or paraphrased) moves accepted.

use crate::common::{Repo, day};
use serde::Deserialize;
use std::collections::BTreeMap;

const FILE: &str = "agents/learnings.md";
const PREAMBLE: &str = "# Learnings\n\nLessons from agent sessions.\n\n---\n\n";
const REPORT: &str = "tmp/consolidation-report.md";
/// Least share of faithful moves the audit must accept.
const FAITHFUL_TARGET: f64 = 0.9;

#[derive(Deserialize)]
struct Suite {
    scenario: Vec<Scenario>,
}

#[derive(Deserialize)]
struct Scenario {
    name: String,
    removed: String,
    #[serde(default)]
    kept: String,
    #[serde(default)]
    docs: Vec<Doc>,
    report: Option<String>,
    /// Entry title → `faithful`, `lost` or `dropped`.
    expect: BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct Doc {
    path: String,
    #[serde(default)]
    before: String,
    after: String,
}

fn suite() -> Vec<Scenario> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/audit/scenarios.toml");
    let text = std::fs::read_to_string(path).expect("read scenarios");
    toml::from_str::<Suite>(&text).expect("parse scenarios").scenario
}

/// Replays one scenario; returns (title, expected, status, score, missing) per removed entry.
fn replay(s: &Scenario) -> Vec<(String, String, String, String, String)> {
    let repo = Repo::new();
    repo.write(FILE, format!("{PREAMBLE}{}\n{}", s.removed.trim_end(), s.kept));
    for doc in s.docs.iter().filter(|d| !d.before.is_empty()) {
        repo.write(&doc.path, &doc.before);
    }
    repo.commit_all(day(1), "Before the consolidation");
    repo.write(FILE, format!("{PREAMBLE}{}", s.kept));
    for doc in &s.docs {
        repo.write(&doc.path, &doc.after);
    }
    if let Some(report) = &s.report {
        repo.write(REPORT, report);
    }
    let json = repo.run(&["audit", "--since", "HEAD", "--format", "json"]).json();
    let entries = json["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), s.expect.len(), "{}: removed entries", s.name);
    entries
        .iter()
        .map(|e| {
            let title = e["title"].as_str().unwrap_or_default().to_owned();
            let expected = s
                .expect
                .get(&title)
                .unwrap_or_else(|| panic!("{}: no expectation for {title}", s.name))
                .clone();
            (
                title,
                expected,
                // Condensed into a section of its own is a move that names the section.
                match e["section"].is_string() {
                    true => "condensed".to_owned(),
                    false => e["status"].as_str().unwrap_or_default().to_owned(),
                },
                format!("{}, own {}", e["score"], e["distinct"]),
                e["missing"].to_string(),
            )
        })
        .collect()
}

#[test]
#[allow(clippy::print_stdout)] // printing the two rates is this test's job
fn the_audit_accepts_faithful_moves_and_no_silent_drop() {
    let scenarios = suite();
    assert!(scenarios.len() >= 30, "{} scenarios", scenarios.len());
    let (mut faithful, mut faithful_ok, mut lost, mut lost_ok) = (0, 0, 0, 0);
    let (mut condensed, mut condensed_ok) = (0, 0);
    let mut misses = Vec::new();
    for s in &scenarios {
        for (title, expected, status, score, missing) in replay(s) {
            let right = match expected.as_str() {
                "faithful" => {
                    faithful += 1;
                    faithful_ok += usize::from(status == "moved");
                    status == "moved"
                }
                "lost" => {
                    lost += 1;
                    lost_ok += usize::from(status != "unaccounted");
                    status == "unaccounted"
                }
                "dropped" => status == "dropped",
                "condensed" => {
                    condensed += 1;
                    condensed_ok += usize::from(status == "condensed");
                    status == "condensed"
                }
                other => panic!("{}: unknown expectation {other}", s.name),
            };
            if !right || std::env::var_os("AUDIT_SCENARIOS_ALL").is_some() {
                misses.push(format!(
                    "{} / {title}: expected {expected}, got {status} (score {score}, missing {missing})",
                    s.name
                ));
            }
        }
    }
    let rate = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
    println!(
        "audit scenarios: {}; faithful moves accepted: {faithful_ok}/{faithful} ({:.1}%, target ≥ {:.0}%); silent drops accepted: {lost_ok}/{lost} ({:.1}%, target 0); condensed into a section of their own: {condensed_ok}/{condensed}",
        scenarios.len(),
        rate(faithful_ok, faithful),
        FAITHFUL_TARGET * 100.0,
        rate(lost_ok, lost),
    );
    for miss in &misses {
        println!("  miss: {miss}");
    }
    assert_eq!(lost_ok, 0, "silent drops accepted:\n{}", misses.join("\n"));
    assert_eq!(
        condensed_ok,
        condensed,
        "condensed entries:\n{}",
        misses.join("\n")
    );
    assert!(
        faithful_ok as f64 >= FAITHFUL_TARGET * faithful as f64,
        "faithful moves accepted {faithful_ok}/{faithful}:\n{}",
        misses.join("\n")
    );
}
