//! Errors that point the right way: each names what is wrong and what to do, on one line,
//! without echoing the file's content; what git only warns about is only a warning here.

use crate::common::{Repo, day, learnings_md, run_env};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const FILE: &str = "agents/learnings.md";

fn repo() -> Repo {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, learnings_md(&["Alpha", "Beta"]));
    repo
}

fn assert_error(run: &crate::common::Run, needle: &str) {
    assert_eq!(run.code, 2, "stdout: {}\nstderr: {}", run.stdout, run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "one line: {}", run.stderr);
    assert!(
        run.stderr.contains(needle),
        "expected {needle:?} in {}",
        run.stderr
    );
}

#[test]
fn a_sha256_repository_says_so() {
    let dir = tempfile::tempdir().expect("tmp");
    let init = Command::new("git")
        .args(["init", "-q", "--object-format=sha256"])
        .current_dir(dir.path())
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("HOME", dir.path())
        .status()
        .expect("git init");
    assert!(init.success());
    std::fs::create_dir_all(dir.path().join("agents")).expect("mkdir");
    std::fs::write(dir.path().join(FILE), learnings_md(&["A"])).expect("write");
    let run = crate::common::run_in(dir.path(), &["ages"], None);
    assert_error(&run, "SHA-256 repositories are not supported yet");
    assert!(!run.stderr.contains("git init"), "{}", run.stderr);
}

#[test]
fn a_typo_in_the_folder_of_file_names_the_folder() {
    let repo = repo();
    let run = repo.run(&["ages", "agnets/learnings.md"]);
    assert_error(&run, "agnets: no such folder");
    assert!(!run.stderr.contains("git repository"), "{}", run.stderr);
    let run = repo.run(&["plan", "agents/nope/deeper/learnings.md"]);
    assert_error(&run, "agents/nope: no such folder");
}

#[test]
fn dash_c_to_a_missing_folder_names_it() {
    let repo = repo();
    let run = repo.run(&["-C", "nowhere", "ages"]);
    assert_error(&run, "nowhere: no such folder (given to -C)");
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    let run = repo.run(&["-C", FILE, "ages"]);
    assert_error(&run, "learnings.md: is not a folder (given to -C)");
}

#[test]
fn a_folder_or_a_device_as_file_is_refused_by_name() {
    let repo = repo();
    assert_error(&repo.run(&["ages", "agents"]), "agents: is a folder, not a file");
    assert_error(
        &repo.run(&["split-plan", "agents"]),
        "agents: is a folder, not a file",
    );
    assert_error(
        &repo.run(&["ages", "/dev/null"]),
        "/dev/null: is a device, not a file",
    );
}

#[test]
fn a_fifo_as_file_is_refused_without_hanging() {
    let repo = repo();
    let fifo = repo.join("agents/pipe.md");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    std::fs::create_dir_all(repo.join("agents/decisions")).expect("mkdir");
    let governed = repo.join("agents/decisions/pipe.md");
    assert!(
        Command::new("mkfifo")
            .arg(&governed)
            .status()
            .expect("mkfifo")
            .success()
    );
    for args in [
        &["ages", "agents/pipe.md"][..],
        &["split-plan", "agents/pipe.md"],
        &["audit", "--since", "HEAD", "agents/pipe.md"],
        &["audit", "--since", "HEAD", "--report", "agents/pipe.md"],
        &["issue", "set-status", "agents/pipe.md", "learned"],
        &["check", "agents/decisions/pipe.md"],
    ] {
        let command = args.join(" ");
        let (code, stderr) = run_with_deadline(repo.path(), args, Duration::from_secs(20));
        assert_eq!(code, Some(2), "{command}: {stderr}");
        assert!(stderr.contains("pipe.md: is a FIFO"), "{command}: {stderr}");
    }
}

/// Runs the binary, killing it at the deadline: `None` for a hang.
fn run_with_deadline(dir: &Path, args: &[&str], deadline: Duration) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_learnings"))
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("HOME", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run learnings");
    let start = Instant::now();
    while start.elapsed() < deadline {
        if let Some(status) = child.try_wait().expect("wait") {
            let output = child.wait_with_output().expect("output");
            return (
                status.code(),
                String::from_utf8_lossy(&output.stderr).into_owned(),
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    (None, "hung".into())
}

#[test]
fn an_empty_learnings_key_is_named() {
    let repo = repo();
    repo.write("learnings.toml", "learnings = \"\"\n");
    let run = repo.run(&["ages"]);
    assert_error(&run, "learnings.toml:1: `learnings`: is empty");
}

#[test]
fn toml_type_errors_use_the_users_words_and_never_echo_the_value() {
    let repo = repo();
    let secret = "s3cr3t-".repeat(100);
    for (toml, words) in [
        (
            format!("[consolidation]\nsize = \"{secret}\"\n"),
            "expected a whole number (0 or more), found a string",
        ),
        (
            "[consolidation]\nsize = -1\n".to_owned(),
            "found a negative number",
        ),
        (
            "[consolidation]\nsize = 99999999999999999999999\n".to_owned(),
            "found a number too large",
        ),
        ("[consolidation]\ndocs = 3\n".to_owned(), "expected a list"),
    ] {
        repo.write("learnings.toml", &toml);
        let run = repo.run(&["plan"]);
        assert_error(&run, words);
        for rust in ["usize", "i128", "u64", "sequence"] {
            assert!(!run.stderr.contains(rust), "{rust} in {}", run.stderr);
        }
        assert!(!run.stderr.contains("s3cr3t"), "{}", run.stderr);
        assert!(!run.stderr.contains("99999"), "{}", run.stderr);
    }
}

#[test]
fn long_values_are_cut_in_errors() {
    let repo = repo();
    let long_key = "k".repeat(5000);
    repo.write("learnings.toml", format!("[consolidation]\n{long_key} = 1\n"));
    let run = repo.run(&["plan"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.len() < 400,
        "{} bytes: {}",
        run.stderr.len(),
        run.stderr
    );
    std::fs::remove_file(repo.join("learnings.toml")).expect("rm");
    let rev = "x".repeat(5000);
    let run = repo.run(&["audit", "--since", &rev]);
    assert_error(&run, "is not a commit here");
    assert!(run.stderr.len() < 400, "{} bytes", run.stderr.len());
}

#[test]
fn an_unreadable_global_attributes_file_is_a_warning_as_in_git() {
    let repo = repo();
    let home = tempfile::tempdir().expect("home");
    let attributes = home.path().join(".config/git/attributes");
    std::fs::create_dir_all(attributes.parent().expect("parent")).expect("mkdir");
    // A link to itself cannot be read, even by root (permissions would not stop root).
    std::os::unix::fs::symlink("attributes", &attributes).expect("symlink");
    let home = home.path().to_str().expect("UTF-8");
    for command in [&["ages", "--summary"][..], &["plan"], &["stale"]] {
        let run = run_env(repo.path(), command, None, &[("HOME", home)]);
        assert_eq!(run.code, 0, "{command:?}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "warned once: {}", run.stderr);
        assert!(
            run.stderr.starts_with("learnings: warning: cannot read "),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains(".config/git/attributes"), "{}", run.stderr);
    }
    let summary = run_env(repo.path(), &["ages", "--summary"], None, &[("HOME", home)]);
    assert!(summary.stdout.starts_with("2 entries"), "{}", summary.stdout);
}
