//! `learnings plan` and `learnings batch`: thresholds at their boundaries, config and flags.

use crate::common::{Repo, day, entry, learnings_md};

const FILE: &str = "agents/learnings.md";

fn plan(repo: &Repo, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["plan", "--format", "json"];
    args.extend_from_slice(extra);
    repo.run(&args).code(0).json()
}

/// A file of exactly `lines` lines holding `titles`, padded in the preamble.
fn sized(titles: &[&str], lines: usize) -> String {
    let body = learnings_md(titles);
    let have = body.matches('\n').count();
    assert!(have <= lines, "{have} > {lines}");
    format!("{}{body}", "<!-- padding -->\n".repeat(lines - have))
}

/// Entries A..F added on day 0, then `active` more active days.
fn aged_repo(active: u32) -> Repo {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, learnings_md(&["A", "B", "C", "D", "E", "F"]));
    for d in 1..=active {
        repo.commit_on(day(d), "a.txt", d.to_string());
    }
    repo
}

#[test]
fn the_size_trigger_fires_at_150_lines() {
    let titles = ["A", "B", "C", "D", "E", "F"];
    for (lines, fires) in [(149, false), (150, true)] {
        let repo = Repo::new();
        repo.commit_on(day(0), FILE, sized(&titles, lines));
        for d in 1..=7 {
            repo.commit_on(day(d), "a.txt", d.to_string());
        }
        let json = plan(&repo, &[]);
        assert_eq!(json["lines"], lines);
        assert_eq!(json["triggers"]["size"], fires, "{lines}");
        assert_eq!(
            json["decision"],
            if fires { "consolidate" } else { "skip" },
            "{lines}"
        );
    }
}

#[test]
fn the_staleness_trigger_fires_at_14_active_days_from_creation_when_never_consolidated() {
    let below = plan(&aged_repo(13), &[]);
    assert_eq!(below["triggers"]["staleness"], false);
    assert_eq!(below["decision"], "skip");
    let at = plan(&aged_repo(14), &[]);
    assert_eq!(at["triggers"]["staleness"], true);
    assert_eq!(at["decision"], "consolidate");
    // Six eligible entries added together; the three latest in the file stay: A, B and C go.
    let batch: Vec<&str> = at["batch"]
        .as_array()
        .expect("batch")
        .iter()
        .map(|e| e["title"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(batch, ["A", "B", "C"]);
}

#[test]
fn freshness_and_minimum_batch_at_their_boundaries() {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, learnings_md(&["Seven", "Seven too"]));
    repo.commit_on(day(1), FILE, learnings_md(&["Seven", "Seven too", "Six"]));
    for d in 2..=7 {
        repo.commit_on(day(d), "a.txt", d.to_string());
    }
    repo.write(FILE, learnings_md(&["Seven", "Seven too", "Six", "Draft"]));
    // Ages: 7, 7, 6, uncommitted. No retention, a forced size trigger.
    let json = plan(&repo, &["--size", "1", "--retention", "0", "--min-batch", "2"]);
    let titles: Vec<&str> = json["batch"]
        .as_array()
        .expect("batch")
        .iter()
        .map(|e| e["title"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(titles, ["Seven", "Seven too"]);
    let small = plan(&repo, &["--size", "1", "--retention", "0", "--min-batch", "3"]);
    assert_eq!(small["decision"], "skip");
    assert!(
        small["reason"]
            .as_str()
            .unwrap_or("")
            .starts_with("batch too small"),
        "{small}"
    );
    assert_eq!(small["batch"].as_array().map(Vec::len), Some(0));
}

#[test]
fn learnings_toml_sets_thresholds_and_flags_override_it() {
    let repo = aged_repo(3);
    repo.write(
        "learnings.toml",
        "[consolidation]\nstaleness = 3\nfreshness = 2\nretention = 1\nmin_batch = 2\n",
    );
    let json = plan(&repo, &[]);
    assert_eq!(json["decision"], "consolidate", "{json}");
    assert_eq!(json["thresholds"]["staleness"], 3);
    assert_eq!(json["batch"].as_array().map(Vec::len), Some(5));
    let overridden = plan(&repo, &["--staleness", "4"]);
    assert_eq!(overridden["decision"], "skip");
}

#[test]
fn a_bad_learnings_toml_names_the_key() {
    let repo = aged_repo(1);
    repo.write("learnings.toml", "[consolidation]\nfreshnes = 3\n");
    let run = repo.run(&["plan"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("learnings.toml") && run.stderr.contains("freshnes"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.lines().count(), 1);
    repo.write("learnings.toml", "[consolidation]\nsize = \"big\"\n");
    let run = repo.run(&["plan"]);
    assert!(run.stderr.contains("[consolidation] `size`"), "{}", run.stderr);
}

#[test]
fn exit_code_10_when_consolidation_is_due() {
    let repo = aged_repo(14);
    assert_eq!(repo.run(&["plan", "--exit-code"]).code, 10);
    assert_eq!(repo.run(&["plan"]).code, 0);
    assert_eq!(aged_repo(2).run(&["plan", "--exit-code"]).code, 0);
}

#[test]
fn the_batch_quotes_entries_byte_for_byte_even_with_crlf() {
    let repo = Repo::new();
    let text = learnings_md(&["Alpha", "Beta", "Gamma", "Delta"]).replace('\n', "\r\n");
    repo.commit_on(day(0), FILE, &text);
    for d in 1..=14 {
        repo.commit_on(day(d), "a.txt", d.to_string());
    }
    let json = repo
        .run(&["batch", "--format", "json", "--retention", "1"])
        .code(0)
        .json();
    let entries = json["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 3);
    for e in entries {
        let quoted = e["text"].as_str().expect("text");
        let expected = entry(e["title"].as_str().expect("title")).replace('\n', "\r\n");
        assert_eq!(quoted, expected);
        assert!(text.contains(quoted));
    }
    let md = repo.run(&["batch", "--retention", "1"]).code(0).stdout;
    assert!(md.contains(&entry("Alpha").replace('\n', "\r\n")), "{md:?}");
}

#[test]
fn the_batch_hints_at_supersessions_and_targets() {
    let repo = Repo::new();
    repo.commit_on(
        day(0),
        "docs/testing.md",
        "# Testing\n\nApply run tests first every time, before a commit.\n",
    );
    repo.commit_on(
        day(0),
        FILE,
        learnings_md(&["Run tests first", "Run tests first always", "Fonts", "Other"]),
    );
    for d in 1..=14 {
        repo.commit_on(day(d), "a.txt", d.to_string());
    }
    let json = repo
        .run(&["batch", "--format", "json", "--retention", "0"])
        .code(0)
        .json();
    assert_eq!(json["supersessions"][0]["first"], "Run tests first");
    assert_eq!(json["supersessions"][0]["second"], "Run tests first always");
    assert_eq!(json["entries"][0]["targets"][0]["path"], "docs/testing.md");
}

#[test]
fn nothing_to_consolidate_prints_nothing() {
    let repo = aged_repo(2);
    let run = repo.run(&["batch"]).code(0);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(run.stderr.contains("nothing to consolidate"), "{}", run.stderr);
}
