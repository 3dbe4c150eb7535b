//! `learnings ages` on bad input: one clear line on stderr, a documented exit code, no panic.

use crate::common::{Repo, day, learnings_md, run_in};

const FILE: &str = "agents/learnings.md";

fn assert_one_line_error(run: &crate::common::Run, needle: &str) {
    assert_eq!(run.code, 2, "stderr: {}", run.stderr);
    assert!(run.stdout.is_empty(), "stdout: {}", run.stdout);
    assert_eq!(run.stderr.lines().count(), 1, "one line: {}", run.stderr);
    assert!(run.stderr.starts_with("learnings: "), "{}", run.stderr);
    assert!(
        run.stderr.contains(needle),
        "expected {needle:?} in {}",
        run.stderr
    );
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

#[test]
fn a_missing_file() {
    let repo = Repo::new();
    repo.commit_on(day(0), "README.md", "x");
    let run = repo.run(&["ages", "nope.md"]);
    assert_one_line_error(&run, "nope.md: no such file");
}

#[test]
fn outside_any_repository() {
    let dir = tempfile::tempdir().expect("tmp");
    std::fs::create_dir_all(dir.path().join("agents")).expect("mkdir");
    std::fs::write(dir.path().join(FILE), learnings_md(&["A"])).expect("write");
    let run = run_in(dir.path(), &["ages", FILE], None);
    assert_one_line_error(&run, "not inside a git repository");
}

#[test]
fn a_bare_repository() {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, learnings_md(&["A"]));
    let bare = tempfile::tempdir().expect("tmp");
    let bare_path = bare.path().join("bare.git");
    repo.git(&["clone", "-q", "--bare", ".", &bare_path.to_string_lossy()]);
    let run = run_in(&bare_path, &["ages"], None);
    assert_one_line_error(&run, "bare repository");
}

#[test]
fn an_unborn_head() {
    let repo = Repo::new();
    repo.write(FILE, learnings_md(&["A"]));
    let run = repo.run(&["ages"]);
    assert_one_line_error(&run, "no commits yet");
}

#[test]
fn a_file_not_tracked_yet_has_only_uncommitted_entries() {
    let repo = Repo::new();
    repo.commit_on(day(0), "README.md", "x");
    repo.write(FILE, learnings_md(&["A", "B"]));
    let run = repo.run(&["ages", "--format", "json"]).code(0);
    let json = run.json();
    assert_eq!(json["entries"][0]["uncommitted"], true);
    assert_eq!(json["entries"][1]["uncommitted"], true);
    assert!(run.stderr.contains("not in HEAD"), "{}", run.stderr);
}

#[test]
fn a_file_deleted_in_head() {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, learnings_md(&["A"]));
    repo.git(&["rm", "-q", FILE]);
    repo.commit_staged(day(1), "Drop learnings");
    assert_one_line_error(&repo.run(&["ages"]), "agents/learnings.md: no such file");
    // Restored by hand but not committed: every entry is uncommitted again.
    repo.write(FILE, learnings_md(&["A"]));
    let run = repo.run(&["ages", "--format", "json"]).code(0);
    assert_eq!(run.json()["entries"][0]["uncommitted"], true);
}

#[test]
fn a_file_missing_from_the_working_tree_only() {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, learnings_md(&["A"]));
    std::fs::remove_file(repo.join(FILE)).expect("rm");
    assert_one_line_error(&repo.run(&["ages"]), "git restore");
}

#[test]
fn a_file_that_is_not_utf8() {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, b"# L\n\n## Caf\xe9 rules\nbody\n");
    assert_one_line_error(&repo.run(&["ages"]), "not valid UTF-8");
}

#[test]
fn no_entries_is_not_an_error() {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, learnings_md(&["A"]));
    repo.commit_on(day(1), FILE, "# Learnings\n\nAll consolidated.\n");
    let json = repo.run(&["ages", "--format", "json"]).code(0).json();
    assert_eq!(json["entries"].as_array().map(Vec::len), Some(0));
    assert_eq!(json["last_consolidation"]["date"], day(1).date());
    let summary = repo.run(&["ages", "--summary"]).code(0).stdout;
    assert_eq!(summary, "0 entries (0 ≥7 days, consolidation 0d ago)\n");
}

#[test]
fn a_usage_error_exits_2() {
    let repo = Repo::new();
    let run = repo.run(&["ages", "--format", "yaml"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("yaml"), "{}", run.stderr);
}

#[test]
fn a_partial_clone_without_blobs_says_so_with_the_fix_and_exits_4() {
    let origin = Repo::new();
    origin.commit_on(day(0), FILE, learnings_md(&["Ancient"]));
    origin.commit_on(day(3), FILE, learnings_md(&["Ancient", "Recent"]));
    let clone = origin.partial_clone();
    for command in [&["ages"][..], &["plan"], &["stale"], &["audit", "HEAD"]] {
        let run = clone.run(command).code(4);
        assert!(
            run.stderr.contains("partial clone"),
            "{command:?}: {}",
            run.stderr
        );
        assert!(run.stderr.contains("git fetch --refetch"), "{}", run.stderr);
        assert!(run.stderr.contains("fetch-depth: 0"), "{}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    }
    // The fix the message gives works.
    clone.git(&["config", "--unset", "remote.origin.partialclonefilter"]);
    clone.git(&["fetch", "-q", "--refetch"]);
    let ages = clone.run(&["ages", "--format", "json"]).code(0).json();
    assert_eq!(ages["entries"][0]["added"], day(0).date());
}

#[test]
fn a_shallow_clone_works_on_the_history_it_has() {
    let origin = Repo::new();
    origin.commit_on(day(0), FILE, learnings_md(&["Ancient"]));
    for d in 1..=5 {
        origin.commit_on(day(d), "a.txt", d.to_string());
    }
    origin.commit_on(day(6), FILE, learnings_md(&["Ancient", "Recent"]));
    let clone = tempfile::tempdir().expect("tmp");
    let url = format!("file://{}", origin.path().display());
    origin.git(&[
        "clone",
        "-q",
        "--depth",
        "3",
        &url,
        &clone.path().to_string_lossy(),
    ]);
    let run = run_in(clone.path(), &["ages", "--format", "json"], None).code(0);
    let json = run.json();
    assert_eq!(json["shallow"], true);
    assert!(run.stderr.contains("shallow"), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    // History is cut at day 4: the old entry looks as old as the boundary, no older.
    assert_eq!(json["entries"][0]["added"], day(4).date());
    assert_eq!(json["entries"][1]["added"], day(6).date());
    assert_eq!(json["entries"][0]["age"], 2);
    // Its date is a minimum, and says so; the entry added after the boundary is exact.
    assert_eq!(json["entries"][0]["at_least"], true);
    assert!(json["entries"][1].get("at_least").is_none());
    let table = run_in(clone.path(), &["ages"], None).code(0).stdout;
    assert!(
        table.contains("- **≥2 days**: Ancient (added on or before"),
        "{table}"
    );
    assert!(table.contains("- **0 days**: Recent (added "), "{table}");
    // `plan` and `batch` never answer a confident "skip" there: exit 4, the fix, no answer.
    for command in ["plan", "batch"] {
        let refused = run_in(clone.path(), &[command, "--format", "json"], None).code(4);
        assert_eq!(refused.stdout, "", "{command}");
        assert!(refused.stderr.contains("fetch-depth: 0"), "{}", refused.stderr);
        assert!(refused.stderr.contains("--allow-shallow"), "{}", refused.stderr);
        assert_eq!(refused.stderr.lines().count(), 1, "{}", refused.stderr);
        run_in(clone.path(), &[command, "--allow-shallow"], None).code(0);
    }
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    let repo = Repo::new();
    let titles: Vec<String> = (0..400).map(|i| format!("Entry {i}")).collect();
    let titles: Vec<&str> = titles.iter().map(String::as_str).collect();
    repo.commit_on(day(0), FILE, learnings_md(&titles));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_learnings"))
        .args(["ages"])
        .current_dir(repo.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("wait");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A learnings file over the size the history commands read is refused before anything holds
/// it, in one line that names the file, its size and the way out: a 200 MB file took 3.8 GB.
#[test]
fn a_file_too_large_to_read() {
    let repo = Repo::new();
    repo.commit_on(day(0), "README.md", "x");
    // Sparse: 100 MB on the disk's books, nothing written.
    std::fs::create_dir_all(repo.join("agents")).expect("mkdir");
    let file = std::fs::File::create(repo.join(FILE)).expect("create");
    file.set_len(100 * 1024 * 1024).expect("sparse");
    for command in [&["ages"][..], &["plan"], &["report", "--out", "-"]] {
        assert_one_line_error(
            &repo.run(command),
            "agents/learnings.md: 100 MB, over the 8 MB learnings reads; split it",
        );
    }
    assert!(repo.run(&["ages"]).stderr.contains("`learnings split-plan FILE`"));
    // SessionStart says it in the health line, without reading the file.
    let start = repo.session_start();
    assert!(
        start
            .stdout
            .contains("Learnings file agents/learnings.md: 100 MB, over the 8 MB learnings reads"),
        "{}",
        start.stdout
    );
}

/// The same size as committed in HEAD, with a small file in the working tree: HEAD's version
/// is read too, so it is refused by its size, before it is read.
#[test]
fn a_file_too_large_in_head() {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, "x\n".repeat(5 * 1024 * 1024));
    repo.write(FILE, learnings_md(&["A"]));
    assert_one_line_error(
        &repo.run(&["ages"]),
        "agents/learnings.md: 10 MB as committed in HEAD, over the 8 MB learnings reads",
    );
}

/// A small file of too many headings: each costs memory in blame, ages and the report.
#[test]
fn a_file_of_too_many_headings() {
    let repo = Repo::new();
    let text: String = (0..40_001).map(|i| format!("## H{i}\n")).collect();
    repo.commit_on(day(0), FILE, text);
    assert_one_line_error(
        &repo.run(&["ages"]),
        "agents/learnings.md: 40,001 headings, over the 40,000 learnings reads",
    );
}
