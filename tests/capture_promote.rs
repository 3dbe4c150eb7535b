//! `learn promote` into a real repository, then the rest of the pipeline on the result:
//! `ages`, `batch` and `audit` handle the promoted entries like any other.

use crate::capture::{Env, SESSION_LOG};
use crate::common::{day, learnings_md};

const FILE: &str = "agents/learnings.md";

#[test]
fn promote_then_ages_batch_and_audit() {
    let env = Env::new();
    let before = env
        .repo
        .commit_on(day(0), FILE, learnings_md(&["Quote commands exactly"]));
    env.seed_log(SESSION_LOG);

    let dry = env.run(&["learn", "promote", "--dry-run"]).code(0);
    assert!(
        dry.stdout.contains("+## Use the venv python for the tests"),
        "{}",
        dry.stdout
    );
    assert!(dry.stdout.contains("Would add 2 entries"), "{}", dry.stdout);
    assert_eq!(env.repo.read(FILE), learnings_md(&["Quote commands exactly"]));

    let run = env.run(&["learn", "promote", "--format", "json"]).code(0).json();
    assert_eq!(run["added"].as_array().map(Vec::len), Some(2));
    let text = env.repo.read(FILE);
    assert!(text.contains("## Always run cargo fmt before committing\n- Rule: Always run cargo fmt before committing.\n- Evidence: stated by the user once, last on 2026-03-02.\n"), "{text}");
    assert!(
        text.contains("- Evidence: 3 user corrections (on 2026-03-02), e.g. \""),
        "{text}"
    );
    env.repo.commit_all(day(3), "Promote learned entries");

    let ages = env.run(&["ages", "--format", "json"]).code(0).json();
    let titles: Vec<&str> = ages["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["title"].as_str())
        .collect();
    assert!(
        titles.contains(&"Use the venv python for the tests"),
        "{titles:?}"
    );
    assert!(
        titles.contains(&"Always run cargo fmt before committing"),
        "{titles:?}"
    );
    env.run(&["batch"]).code(0);
    env.run(&["audit", "--since", &before]).code(0);

    let again = env.run(&["learn", "promote"]).code(0);
    assert!(
        again.stdout.contains("Added 0 entries") && again.stdout.contains("Skipped"),
        "{}",
        again.stdout
    );
    assert_eq!(env.repo.git(&["status", "--porcelain"]).trim(), "");
}

#[test]
fn promote_skips_what_a_doc_already_says() {
    let env = Env::new();
    env.repo
        .commit_on(day(0), FILE, learnings_md(&["Quote commands exactly"]));
    env.repo.commit_on(
        day(1),
        "CLAUDE.md",
        "# Rules\n\nAlways run cargo fmt before committing, no exceptions.\n",
    );
    env.seed_log(SESSION_LOG);
    let run = env.run(&["learn", "promote"]).code(0);
    assert!(
        run.stdout
            .contains("Skipped \"Always run cargo fmt before committing\": already in CLAUDE.md."),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Added 1 entry to"), "{}", run.stdout);
}

#[test]
fn promote_outside_a_repository_is_an_error() {
    let dir = tempfile::tempdir().expect("temp");
    let run = crate::common::run_env(
        dir.path(),
        &["learn", "promote"],
        None,
        &[("LEARNINGS_DATA_DIR", "/nonexistent")],
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
}
