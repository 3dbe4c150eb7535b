//! The pre-commit guard checks what is committed: `check --staged` reads the index, the plain
//! hook uses it, `check DIR` checks the tracked files under DIR, and `install-hook --force`
//! never loses a hook it replaced.

use crate::common::{Repo, day, lines};

const DOC: &str = "agents/decisions/architecture.md";

/// What git printed for a hook run, stdout and stderr together.
fn said(output: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn with_hook() -> Repo {
    let repo = Repo::new();
    repo.commit_on(day(0), "README.md", "readme\n");
    repo.run(&["install-hook"]).code(0);
    repo
}

#[test]
fn check_staged_counts_the_index_not_the_working_copy() {
    let repo = Repo::new();
    repo.commit_on(day(0), "README.md", "readme\n");
    repo.write(DOC, lines(500));
    repo.git(&["add", "--", DOC]);
    repo.write(DOC, lines(10));
    let run = repo.run(&["check", "--staged"]).code(1);
    assert_eq!(run.stdout, format!("{DOC}: 500 lines (limit 400)\n"));
    // The same with the path pre-commit passes, and from a subfolder.
    repo.run(&["check", "--staged", DOC]).code(1);
    repo.run(&["-C", "agents", "check", "--staged", "decisions"])
        .code(1);
    // The working copy alone is within the limit.
    repo.run(&["check", DOC]).code(0);
    // Unchanged files are not the commit's business.
    repo.git(&["commit", "-q", "--no-verify", "-m", "big"]);
    repo.run(&["check", "--staged"]).code(0);
}

#[cfg(unix)]
#[test]
fn the_hook_stops_a_staged_500_line_doc_trimmed_in_the_working_copy() {
    let repo = with_hook();
    repo.write(DOC, lines(500));
    repo.git(&["add", "--", DOC]);
    repo.write(DOC, lines(10));
    let blocked = repo.git_with_learnings(day(1), &["commit", "-q", "-m", "sneaky"]);
    assert!(!blocked.status.success(), "the 500-line doc went through");
    assert!(
        said(&blocked).contains(&format!("{DOC}: 500 lines (limit 400)")),
        "{}",
        said(&blocked)
    );
    // `git commit -a` stages the trimmed copy first (in `index.lock`): that is what it records.
    let all = repo.git_with_learnings(day(1), &["commit", "-q", "-a", "-m", "trimmed"]);
    assert!(all.status.success(), "{}", said(&all));
}

#[test]
fn check_staged_works_before_the_first_commit() {
    let repo = Repo::new();
    repo.write(DOC, lines(401));
    repo.git(&["add", "--", DOC]);
    let run = repo.run(&["check", "--staged"]).code(1);
    assert_eq!(run.stdout, format!("{DOC}: 401 lines (limit 400)\n"));
}

#[cfg(unix)]
#[test]
fn the_hook_stops_a_renamed_doc_that_grew_past_its_limit() {
    let repo = with_hook();
    repo.write("agents/decisions/old.md", lines(380));
    repo.git(&["add", "-A"]);
    let first = repo.git_with_learnings(day(1), &["commit", "-q", "-m", "doc"]);
    assert!(first.status.success(), "{}", said(&first));
    repo.git(&["mv", "agents/decisions/old.md", DOC]);
    repo.write(DOC, lines(420));
    repo.git(&["add", "-A"]);
    let status = repo.git(&["diff", "--cached", "--name-status", "-M"]);
    assert!(status.starts_with('R'), "git sees a rename: {status}");
    let blocked = repo.git_with_learnings(day(2), &["commit", "-q", "-m", "rename"]);
    assert!(!blocked.status.success(), "the renamed doc went through");
    assert!(
        said(&blocked).contains(&format!("{DOC}: 420 lines")),
        "{}",
        said(&blocked)
    );
}

#[cfg(unix)]
#[test]
fn the_hook_checks_a_partial_commit_through_gits_temporary_index() {
    let repo = with_hook();
    repo.write(DOC, lines(10));
    repo.git(&["add", "--", DOC]);
    // `git commit PATH` commits the working copy of PATH through a temporary index.
    repo.write(DOC, lines(401));
    let blocked = repo.git_with_learnings(day(1), &["commit", "-q", "-m", "partial", "--", DOC]);
    assert!(!blocked.status.success(), "the partial commit went through");
    assert!(
        said(&blocked).contains(&format!("{DOC}: 401 lines")),
        "{}",
        said(&blocked)
    );
    repo.write(DOC, lines(12));
    let passed = repo.git_with_learnings(day(1), &["commit", "-q", "-m", "partial", "--", DOC]);
    assert!(passed.status.success(), "{}", said(&passed));
}

#[test]
fn check_dir_checks_the_tracked_files_under_it() {
    let repo = Repo::new();
    repo.write(DOC, lines(401));
    repo.write("agents/decisions/ok.md", lines(20));
    repo.commit_all(day(0), "docs");
    repo.write("agents/decisions/untracked.md", lines(999));
    for dir in ["agents", "agents/decisions", "agents/decisions/", "."] {
        let run = repo.run(&["check", dir]).code(1);
        assert_eq!(run.stdout, format!("{DOC}: 401 lines (limit 400)\n"), "{dir}");
    }
    repo.run(&["-C", "agents", "check", "decisions"]).code(1);
    repo.run(&["check", "src"]).code(0);
}

#[test]
fn force_twice_keeps_every_replaced_hook() {
    let repo = Repo::new();
    let first = "#!/bin/sh\nmake lint\n";
    let second = "#!/bin/sh\nnpx husky\n";
    repo.write(".git/hooks/pre-commit", first);
    repo.run(&["install-hook", "--force"]).code(0);
    repo.write(".git/hooks/pre-commit", second);
    let run = repo.run(&["install-hook", "--force"]).code(0);
    assert!(
        run.stdout.contains(".git/hooks/pre-commit.before-learnings.1"),
        "{}",
        run.stdout
    );
    assert_eq!(repo.read(".git/hooks/pre-commit.before-learnings"), first);
    assert_eq!(repo.read(".git/hooks/pre-commit.before-learnings.1"), second);
    // The same hook again is already kept: no third copy.
    repo.write(".git/hooks/pre-commit", first);
    repo.run(&["install-hook", "--force"]).code(0);
    assert!(!repo.join(".git/hooks/pre-commit.before-learnings.2").exists());
}
