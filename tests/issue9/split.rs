//! `split-plan` never contradicts itself: a doc at its limit that cannot be split says
//! "cannot split" and why, with its own exit code (3); `--limit 0` is refused.

use crate::common::{Repo, day};

const DOC: &str = "agents/decisions/big.md";

#[test]
fn a_doc_over_its_limit_without_headings_cannot_be_split() {
    let repo = Repo::new();
    repo.commit_on(
        day(0),
        DOC,
        "# Big\n\n".to_owned() + &"A line of prose.\n".repeat(450),
    );
    let run = repo.run(&["split-plan", DOC]).code(3);
    assert!(run.stdout.contains("452 lines, limit 400"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("cannot split: no level-2 or level-3 headings"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("no split needed"), "{}", run.stdout);
    let json = repo.run(&["split-plan", DOC, "--format", "json"]).code(3).json();
    assert_eq!(json["parts"].as_array().map(Vec::len), Some(0));
    assert!(
        json["cannot_split"].as_str().unwrap_or("").contains("no level-2"),
        "{json}"
    );
}

#[test]
fn a_single_section_over_the_limit_is_named() {
    let repo = Repo::new();
    let mut doc = String::from("# Big\n\n## Small one\nx\n\n## The whole history of testing\n");
    doc.push_str(&"- a decision\n".repeat(420));
    repo.commit_on(day(0), DOC, doc);
    let run = repo.run(&["split-plan", DOC]).code(3);
    assert!(
        run.stdout
            .contains("cannot split: section \"The whole history of testing\" (lines 6-426) has 421 lines"),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("| Part |"),
        "no one-part plan: {}",
        run.stdout
    );
}

#[test]
fn a_doc_with_only_h3_sections_splits_on_them() {
    let repo = Repo::new();
    let mut doc = String::from("# Big\n\n");
    for topic in ["Fixtures", "Snapshots", "Mocks"] {
        doc.push_str(&format!("### {topic}\n"));
        doc.push_str(&"- a decision\n".repeat(149));
    }
    repo.commit_on(day(0), DOC, doc);
    let json = repo.run(&["split-plan", DOC, "--format", "json"]).code(0).json();
    assert_eq!(json["parts"].as_array().map(Vec::len), Some(2), "{json}");
    assert_eq!(json["cannot_split"], serde_json::Value::Null);
}

#[test]
fn a_limit_of_zero_is_refused() {
    let repo = Repo::new();
    repo.commit_on(day(0), DOC, "# Small\n");
    let run = repo.run(&["split-plan", DOC, "--limit", "0"]);
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(run.stderr.contains("pass at least 1"), "{}", run.stderr);
    repo.run(&["split-plan", DOC, "--limit", "1"]).code(3);
}
