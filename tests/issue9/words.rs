//! Words and formats: "1 entry", "1 day", "1 part"; paths without a trailing `/.`; every JSON
//! output on one line; an empty batch as valid JSON; help that does not claim a default
//! learnings.toml overrides.

use crate::common::{Repo, day, learnings_md, run_in};

const FILE: &str = "agents/learnings.md";

#[test]
fn one_is_singular() {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, learnings_md(&["Alpha"]));
    repo.commit_on(day(1), "src.txt", "1\n");
    let summary = repo.run(&["ages", "--summary"]).code(0).stdout;
    assert!(summary.starts_with("1 entry ("), "{summary}");
    let ages = repo.run(&["ages"]).code(0).stdout;
    assert!(ages.contains("- **1 day**: Alpha"), "{ages}");
    assert!(ages.contains("**File created:** 1 active day ago"), "{ages}");
    let stale = repo.run(&["stale", "--freshness", "1"]).code(0).stdout;
    assert!(stale.contains("1 entry, 1 stale (≥1 active day)"), "{stale}");
    let github = repo
        .run(&["stale", "--freshness", "1", "--format", "github"])
        .code(0)
        .stdout;
    assert!(github.contains("is 1 active day old"), "{github}");
    for out in [&summary, &ages, &stale, &github] {
        for wrong in ["1 entries", "1 days", "1 active days", "1 parts", "1 lines"] {
            assert!(!out.contains(wrong), "{wrong} in {out}");
        }
    }
    let mut doc = "# Doc\n\n".to_owned() + &"preamble\n".repeat(148);
    doc.push_str("## Only section\n");
    doc.push_str(&"- a decision\n".repeat(259));
    repo.commit_on(day(2), "agents/decisions/doc.md", doc);
    let split = repo
        .run(&["split-plan", "agents/decisions/doc.md"])
        .code(0)
        .stdout;
    assert!(split.contains("split into 1 part of whole sections"), "{split}");
}

#[test]
fn paths_have_no_trailing_dot() {
    let dir = tempfile::tempdir().expect("tmp");
    for args in [&["ages"][..], &["-C", ".", "plan"], &["-C", "./", "stale"]] {
        let run = run_in(dir.path(), args, None);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(
            run.stderr.contains("not inside a git repository"),
            "{}",
            run.stderr
        );
        assert!(!run.stderr.contains("/.:"), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("/./"), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn every_json_output_is_one_line() {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, learnings_md(&["Alpha", "Beta"]));
    for args in [
        &["ages", "--format", "json"][..],
        &["plan", "--format", "json"],
        &["stale", "--format", "json"],
        &["stale", "--format", "sarif"],
        &["audit", "--since", "HEAD", "--format", "json"],
        &["split-plan", FILE, "--format", "json"],
        &["sessions", "--format", "json"],
        &["issue", "list", "--format", "json"],
    ] {
        let run = repo.run(args).code(0);
        assert_eq!(run.stdout.lines().count(), 1, "{args:?}: {}", run.stdout);
        run.json();
    }
}

#[test]
fn an_empty_batch_in_json_is_valid_json() {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, learnings_md(&["Alpha"]));
    let run = repo.run(&["batch", "--format", "json"]).code(0);
    let json = run.json();
    assert_eq!(json["schema_version"], 1);
    assert_eq!(json["entries"].as_array().map(Vec::len), Some(0), "{json}");
    assert!(
        json["reason"].as_str().unwrap_or("").contains("no trigger"),
        "{json}"
    );
    assert!(run.stderr.contains("nothing to consolidate"), "{}", run.stderr);
    // Markdown still prints nothing: there is no prompt to give the agent.
    assert!(repo.run(&["batch"]).code(0).stdout.is_empty());
}

#[test]
fn help_does_not_show_a_default_the_file_overrides() {
    let repo = Repo::new();
    for command in ["plan", "batch", "stale"] {
        let help = repo.run(&[command, "--help"]).code(0).stdout;
        for bare in ["[default: 150]", "[default: 14]", "[default: 7]", "[default: 3]"] {
            assert!(!help.contains(bare), "{command}: {bare} in {help}");
        }
        assert!(
            help.contains("[default: from learnings.toml, else 150]"),
            "{help}"
        );
    }
}
