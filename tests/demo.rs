//! `learnings demo`: builds its repository with gix alone and runs every step on it.

use crate::common::{run_env, run_in};

#[test]
fn the_demo_runs_without_a_git_program() {
    let dir = tempfile::tempdir().expect("tmp");
    let run = run_env(dir.path(), &["demo"], None, &[("PATH", "")]).code(0);
    assert!(run.stdout.contains("# Learning Ages Report"), "{}", run.stdout);
    assert!(run.stdout.contains("(uncommitted)"), "{}", run.stdout);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
}

#[test]
fn the_kept_demo_repository_is_a_real_git_repository() {
    let dir = tempfile::tempdir().expect("tmp");
    let keep = dir.path().join("demo");
    run_in(dir.path(), &["demo", "--keep", "demo"], None).code(0);
    let status = std::process::Command::new("git")
        .args(["status", "--porcelain"])
        .current_dir(&keep)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .expect("git status");
    assert!(status.status.success());
    // Only the uncommitted entry differs from HEAD.
    assert_eq!(
        String::from_utf8_lossy(&status.stdout),
        " M agents/learnings.md\n"
    );
    let json = run_in(&keep, &["ages", "--format", "json"], None).code(0).json();
    let moved = json["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["title"] == "Ask before deleting memory files")
        .expect("moved entry");
    assert_eq!(
        moved["added"], "2026-03-06",
        "the moved entry keeps its first date"
    );
    // A second run into the same directory refuses to overwrite it.
    let again = run_in(dir.path(), &["demo", "--keep", "demo"], None);
    assert_eq!(again.code, 2);
    assert!(again.stderr.contains("not empty"), "{}", again.stderr);
}
