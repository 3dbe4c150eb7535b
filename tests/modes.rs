//! Files keep the user's permissions: a created file gets 0666 minus the umask, as git does
//! (a hook 0777 minus the umask), and a rewritten file keeps its mode.
#![cfg(unix)]

use crate::common::{Repo, Run, run_in};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Runs the binary in `dir` under `umask`, through the shell that sets it.
fn run_with_umask(dir: &Path, umask: &str, args: &[&str]) -> Run {
    let output = crate::common::sealed(
        std::process::Command::new("/bin/sh")
            .arg("-c")
            .arg(format!("umask {umask} && exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_learnings"))
            .args(args),
        dir,
    )
    .output()
    .expect("run learnings");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).expect("metadata").permissions().mode() & 0o7777
}

#[test]
fn created_agent_files_get_0666_minus_the_umask() {
    for (umask, expected) in [("022", 0o644), ("002", 0o664), ("077", 0o600)] {
        let dir = tempfile::tempdir().expect("temp dir");
        run_with_umask(dir.path(), umask, &["agent", "create", "reviewer"]).code(0);
        for file in [
            ".deepwork/learning-agents/reviewer/core-knowledge.md",
            ".claude/agents/reviewer.md",
        ] {
            assert_eq!(
                mode(&dir.path().join(file)),
                expected,
                "{file} under umask {umask}"
            );
        }
    }
}

#[test]
fn the_hook_gets_0777_minus_the_umask_and_a_rewritten_one_keeps_its_mode() {
    let repo = Repo::new();
    run_with_umask(repo.path(), "027", &["install-hook"]).code(0);
    let hook = repo.join(".git/hooks/pre-commit");
    assert_eq!(mode(&hook), 0o750);
    // An older hook of ours, made group-writable by its owner: rewritten, mode kept.
    std::fs::write(&hook, "#!/bin/sh\n# installed by learnings install-hook\nold\n").expect("write");
    std::fs::set_permissions(&hook, std::fs::Permissions::from_mode(0o775)).expect("chmod");
    run_with_umask(repo.path(), "077", &["install-hook"]).code(0);
    assert!(
        std::fs::read_to_string(&hook)
            .expect("hook")
            .contains("check --staged")
    );
    assert_eq!(mode(&hook), 0o775);
}

#[test]
fn a_rewritten_issue_file_keeps_its_mode() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path();
    let log = ".deepwork/tmp/agent_sessions/s1/a1";
    std::fs::create_dir_all(root.join(log)).expect("mkdir");
    std::fs::create_dir_all(root.join(".deepwork/learning-agents/reviewer")).expect("mkdir");
    std::fs::write(root.join(log).join("agent_used"), "reviewer\n").expect("write");
    run_with_umask(
        root,
        "022",
        &[
            "issue",
            "report",
            log,
            "slow-retries",
            "--description",
            "Retried forever.",
            "--seen-at",
            "2025-01-15T14:32:00Z",
        ],
    )
    .code(0);
    let issue = root.join(log).join("slow-retries.issue.yml");
    assert_eq!(mode(&issue), 0o644);
    std::fs::set_permissions(&issue, std::fs::Permissions::from_mode(0o660)).expect("chmod");
    let issue_arg = issue.to_str().expect("UTF-8");
    run_in(
        root,
        &[
            "issue",
            "set-status",
            issue_arg,
            "investigated",
            "--report",
            "Root cause: no cap.",
        ],
        None,
    )
    .code(0);
    assert!(
        std::fs::read_to_string(&issue)
            .expect("issue")
            .contains("investigated")
    );
    assert_eq!(mode(&issue), 0o660);
}
