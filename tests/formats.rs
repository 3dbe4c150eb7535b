//! One output vocabulary (issue 19, item 2), through the binary on the kept demo repository:
//! every command that reports takes `--format text|markdown|json`; where it has one human form,
//! `text` and `markdown` give the same bytes; JSON is one object with a `schema_version`; the
//! old name `human` still works, with a note on stderr.

use crate::common::{Run, run_env};
use std::path::Path;

/// Every command that reports, as run on the demo repository.
const COMMANDS: &[&[&str]] = &[
    &["ages"],
    &["plan"],
    &["batch"],
    &["audit", "--since", "HEAD"],
    &["split-plan", "agents/decisions/testing.md"],
    &["check", "agents/learnings.md"],
    &["stale"],
    &["report", "--out", "-"],
    &["sessions"],
    &["issue", "list"],
    &["learn", "show"],
    &["learn", "analyze"],
    &["learn", "suggest"],
    &["learn", "promote", "--dry-run"],
    &["learn", "review"],
    &["feedback", "--history"],
    &["feedback", "--classify", "never use local time in reports"],
    &["discover", "list"],
    &["transcripts"],
    &["doctor"],
    &["enforce", "explain", "git push --force"],
    &["inject", "explain", "the tests are flaky"],
];

fn run(dir: &Path, command: &[&str], format: &str) -> Run {
    let mut args: Vec<&str> = command.to_vec();
    args.extend(["--format", format]);
    let data = dir.join("data");
    run_env(
        dir,
        &args,
        None,
        &[("LEARNINGS_DATA_DIR", data.to_str().expect("UTF-8"))],
    )
}

#[test]
fn every_reporting_command_speaks_the_one_vocabulary() {
    let tmp = tempfile::tempdir().expect("tmp");
    crate::common::run_in(tmp.path(), &["demo", "--keep", "demo"], None).code(0);
    let demo = tmp.path().join("demo");
    for command in COMMANDS {
        let text = run(&demo, command, "text");
        assert_ne!(text.code, 2, "{command:?} --format text: {}", text.stderr);
        let markdown = run(&demo, command, "markdown");
        assert_eq!(markdown.code, text.code, "{command:?}: {}", markdown.stderr);
        assert_eq!(markdown.stdout, text.stdout, "{command:?}: one human form");
        let json = run(&demo, command, "json");
        assert_eq!(json.code, text.code, "{command:?} --format json: {}", json.stderr);
        let value: serde_json::Value = serde_json::from_str(&json.stdout)
            .unwrap_or_else(|e| panic!("{command:?}: not one JSON value ({e}):\n{}", json.stdout));
        assert!(value.is_object(), "{command:?}: {value}");
        assert!(value["schema_version"].as_u64().is_some(), "{command:?}: {value}");
    }
}

#[test]
fn the_old_name_human_still_works_with_a_note() {
    let tmp = tempfile::tempdir().expect("tmp");
    let old = run(tmp.path(), &["feedback", "--history"], "human");
    let new = run(tmp.path(), &["feedback", "--history"], "text");
    assert_eq!((old.code, &old.stdout), (new.code, &new.stdout));
    assert!(
        old.stderr.contains("`--format human` is now `--format text`"),
        "{}",
        old.stderr
    );
    assert!(!new.stderr.contains("--format human"), "{}", new.stderr);
    let help = crate::common::run_in(tmp.path(), &["feedback", "--help"], None).code(0);
    assert!(help.stdout.contains("text:"), "{}", help.stdout);
    assert!(!help.stdout.contains("human:"), "hidden: {}", help.stdout);
}

#[test]
fn stale_keeps_github_and_sarif_and_report_its_page_and_chart() {
    let tmp = tempfile::tempdir().expect("tmp");
    crate::common::run_in(tmp.path(), &["demo", "--keep", "demo"], None).code(0);
    let demo = tmp.path().join("demo");
    let sarif = run(&demo, &["stale"], "sarif").code(0).json();
    assert_eq!(sarif["version"], "2.1.0");
    let github = run(&demo, &["stale"], "github").code(0);
    assert!(
        github.stdout.is_empty() || github.stdout.starts_with("::"),
        "{}",
        github.stdout
    );
    let page = run(&demo, &["report", "--out", "-"], "html").code(0);
    assert!(
        page.stdout.starts_with("<!DOCTYPE html>"),
        "{}",
        &page.stdout[..40.min(page.stdout.len())]
    );
    let chart = run(&demo, &["report", "--out", "-", "--chart", "size"], "svg").code(0);
    assert!(chart.stdout.contains("<svg"), "svg");
}
