//! `learnings install-hook`: a plain git pre-commit hook, where git looks for it, and only ours.

use crate::common::{Repo, day, lines};

const MARKER: &str = "# installed by learnings install-hook";

fn hook(repo: &Repo, dir: &str) -> String {
    repo.read(&format!("{dir}/pre-commit"))
}

#[cfg(unix)]
fn executable(repo: &Repo, path: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(repo.join(path))
        .expect("hook")
        .permissions()
        .mode();
    mode & 0o111 == 0o111
}

#[test]
fn installs_into_git_hooks_and_a_second_run_changes_nothing() {
    let repo = Repo::new();
    let first = repo.run(&["install-hook"]).code(0);
    assert_eq!(
        first.stdout,
        "Installed the pre-commit hook: .git/hooks/pre-commit\n"
    );
    let script = hook(&repo, ".git/hooks");
    assert!(script.starts_with("#!/bin/sh\n"));
    assert!(script.lines().any(|l| l == MARKER));
    #[cfg(unix)]
    assert!(executable(&repo, ".git/hooks/pre-commit"));

    let second = repo.run(&["install-hook"]).code(0);
    assert_eq!(
        second.stdout,
        "The pre-commit hook is already installed: .git/hooks/pre-commit\n"
    );
    assert_eq!(hook(&repo, ".git/hooks"), script);
    let leftovers: Vec<_> = std::fs::read_dir(repo.join(".git/hooks"))
        .expect("hooks dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with(".pre-commit"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");
}

#[test]
fn a_foreign_hook_is_kept_unless_forced_and_then_backed_up() {
    let repo = Repo::new();
    let foreign = "#!/bin/sh\nmake lint\n";
    repo.write(".git/hooks/pre-commit", foreign);
    let refused = repo.run(&["install-hook"]).code(2);
    assert!(refused.stderr.contains("did not write"), "{}", refused.stderr);
    assert!(refused.stderr.contains("--force"), "{}", refused.stderr);
    assert_eq!(hook(&repo, ".git/hooks"), foreign);

    let forced = repo.run(&["install-hook", "--force"]).code(0);
    assert_eq!(
        forced.stdout,
        "Replaced the pre-commit hook: .git/hooks/pre-commit (the previous one is .git/hooks/pre-commit.before-learnings)\n"
    );
    assert!(hook(&repo, ".git/hooks").contains(MARKER));
    assert_eq!(repo.read(".git/hooks/pre-commit.before-learnings"), foreign);
    // Ours now: a plain run leaves it alone.
    repo.run(&["install-hook"]).code(0);
}

#[test]
fn an_older_hook_of_ours_is_updated() {
    let repo = Repo::new();
    repo.write(
        ".git/hooks/pre-commit",
        format!("#!/bin/sh\n{MARKER}\nlearnings check\n"),
    );
    let run = repo.run(&["install-hook"]).code(0);
    assert_eq!(run.stdout, "Updated the pre-commit hook: .git/hooks/pre-commit\n");
    assert!(hook(&repo, ".git/hooks").contains("check --staged"));
}

#[test]
fn core_hooks_path_is_respected_relative_and_absolute() {
    let repo = Repo::new();
    repo.git(&["config", "core.hooksPath", ".githooks"]);
    let run = repo.run(&["install-hook"]).code(0);
    assert_eq!(
        run.stdout,
        "Installed the pre-commit hook: .githooks/pre-commit\n"
    );
    assert!(hook(&repo, ".githooks").contains(MARKER));
    assert!(!repo.join(".git/hooks/pre-commit").exists());

    let elsewhere = tempfile::tempdir().expect("temp dir");
    let absolute = elsewhere.path().join("shared hooks");
    repo.git(&["config", "core.hooksPath", absolute.to_str().expect("UTF-8")]);
    std::fs::create_dir_all(repo.join("sub")).expect("mkdir");
    repo.run(&["-C", "sub", "install-hook"]).code(0);
    let script = std::fs::read_to_string(absolute.join("pre-commit")).expect("hook in hooksPath");
    assert!(script.contains(MARKER));
}

#[cfg(unix)]
#[test]
fn the_installed_hook_stops_a_commit_over_the_limit() {
    let repo = Repo::new();
    repo.commit_on(day(0), "README.md", "readme\n");
    repo.run(&["install-hook"]).code(0);
    repo.write("agents/decisions/architecture.md", lines(401));
    repo.git(&["add", "-A"]);
    let blocked = repo.git_with_learnings(day(1), &["commit", "-q", "-m", "too long"]);
    assert!(!blocked.status.success(), "the commit went through");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&blocked.stdout),
        String::from_utf8_lossy(&blocked.stderr)
    );
    assert!(
        said.contains("agents/decisions/architecture.md: 401 lines (limit 400)"),
        "{said}"
    );

    repo.write("agents/decisions/architecture.md", lines(400));
    repo.git(&["add", "-A"]);
    let passed = repo.git_with_learnings(day(1), &["commit", "-q", "-m", "fits"]);
    assert!(
        passed.status.success(),
        "{}",
        String::from_utf8_lossy(&passed.stderr)
    );
    // Nothing staged: the hook does not check every file.
    repo.write("agents/decisions/untracked.md", lines(999));
    let empty = repo.git_with_learnings(day(2), &["commit", "-q", "--allow-empty", "-m", "empty"]);
    assert!(
        empty.status.success(),
        "{}",
        String::from_utf8_lossy(&empty.stderr)
    );
}
