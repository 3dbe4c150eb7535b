//! Exit codes survive a closed pipe: `learnings stale --fail-on stale | head -1` fails with
//! 3,000 stale entries as with two. The reader here closes its end before reading anything,
//! and every output is larger than a pipe holds, so the binary meets the closed pipe however
//! fast it runs.

use crate::common::{Repo, day, entry, learnings_md, lines};
use std::process::{Command, Stdio};

const FILE: &str = "agents/learnings.md";

/// Runs the binary in `dir` with its standard output closed by the reader; the exit code.
fn code_with_closed_stdout(dir: &std::path::Path, args: &[&str]) -> i32 {
    let mut child = crate::common::sealed(Command::new(env!("CARGO_BIN_EXE_learnings")).args(args), dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run learnings");
    drop(child.stdout.take());
    child.wait().expect("wait").code().unwrap_or(-1)
}

fn titles(n: usize) -> Vec<String> {
    (1..=n)
        .map(|i| format!("Lesson number {i:04} about retries"))
        .collect()
}

#[test]
fn stale_fails_on_3000_stale_entries_when_the_reader_leaves() {
    let repo = Repo::new();
    let titles = titles(3000);
    let refs: Vec<&str> = titles.iter().map(String::as_str).collect();
    repo.commit_on(day(0), FILE, learnings_md(&refs));
    for d in 1..=8 {
        repo.commit_on(day(d), "src.txt", format!("{d}\n"));
    }
    let full = repo.run(&["stale", "--fail-on", "stale"]).code(1);
    assert!(full.stdout.len() > 200_000, "{} bytes", full.stdout.len());
    assert_eq!(
        code_with_closed_stdout(repo.path(), &["stale", "--fail-on", "stale"]),
        1
    );
    // Without findings a closed pipe is still no error.
    assert_eq!(code_with_closed_stdout(repo.path(), &["ages"]), 0);
}

#[test]
fn check_fails_on_files_over_the_limit_when_the_reader_leaves() {
    let repo = Repo::new();
    repo.write(
        "learnings.toml",
        "[[limits]]\nglob = \"docs/*.md\"\nmax_lines = 1\n",
    );
    for i in 0..2000 {
        repo.write(&format!("docs/decision-record-number-{i:04}.md"), lines(2));
    }
    repo.commit_all(day(0), "docs");
    let full = repo.run(&["check"]).code(1);
    assert!(full.stdout.len() > 100_000, "{} bytes", full.stdout.len());
    assert_eq!(code_with_closed_stdout(repo.path(), &["check"]), 1);
}

#[test]
fn audit_fails_on_lost_entries_when_the_reader_leaves() {
    let repo = Repo::new();
    let titles = titles(1500);
    let refs: Vec<&str> = titles.iter().map(String::as_str).collect();
    let before = repo.commit_on(day(0), FILE, learnings_md(&refs));
    repo.commit_on(day(1), FILE, learnings_md(&[]));
    let full = repo.run(&["audit", "--since", &before]).code(1);
    assert!(full.stdout.len() > 100_000, "{} bytes", full.stdout.len());
    assert!(full.stdout.contains(&entry("Lesson number 1500 about retries")));
    assert_eq!(
        code_with_closed_stdout(repo.path(), &["audit", "--since", &before]),
        1
    );
}
