//! `learnings check`: line limits at their boundary, levels, globs, the paths pre-commit passes.

use crate::common::{Repo, day, lines};

const DOC: &str = "agents/decisions/testing.md";

#[test]
fn the_limit_passes_and_one_line_more_fails_naming_the_file() {
    let repo = Repo::new();
    repo.write(DOC, lines(400));
    repo.commit_all(day(0), "docs");
    let ok = repo.run(&["check"]).code(0);
    assert_eq!(ok.stdout, "");

    repo.write(DOC, lines(401));
    let failed = repo.run(&["check"]).code(1);
    assert_eq!(
        failed.stdout,
        "agents/decisions/testing.md: 401 lines (limit 400)\n"
    );
    assert!(
        failed.stderr.contains("1 file is over the line limit"),
        "{}",
        failed.stderr
    );
    // The same answer as one JSON object, and `markdown` is the one human form.
    let json = repo.run(&["check", "--format", "json"]).code(1).json();
    assert_eq!(json["schema_version"], 1);
    assert_eq!(
        (json["checked"].as_u64(), json["errors"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(json["violations"][0]["path"], DOC);
    assert_eq!(
        (
            json["violations"][0]["lines"].as_u64(),
            json["violations"][0]["limit"].as_u64()
        ),
        (Some(401), Some(400))
    );
    assert_eq!(json["violations"][0]["level"], "error");
    let markdown = repo.run(&["check", "--format", "markdown"]).code(1);
    assert_eq!(markdown.stdout, failed.stdout);
}

#[test]
fn the_learnings_file_over_the_size_trigger_warns_without_failing() {
    let repo = Repo::new();
    repo.write("agents/learnings.md", lines(151));
    repo.write("agents/decisions/deep/nested.md", lines(10));
    repo.commit_all(day(0), "files");
    let warned = repo.run(&["check"]).code(0);
    assert_eq!(
        warned.stdout,
        "agents/learnings.md: 151 lines (limit 150, warning): consolidation due: `learnings plan` shows what goes, then run /remember in your agent\n"
    );

    repo.write("agents/decisions/deep/nested.md", lines(401));
    let both = repo.run(&["check"]).code(1);
    assert_eq!(
        both.stdout,
        "agents/decisions/deep/nested.md: 401 lines (limit 400)\nagents/learnings.md: 151 lines (limit 150, warning): consolidation due: `learnings plan` shows what goes, then run /remember in your agent\n"
    );
}

#[test]
fn configured_globs_replace_the_defaults_and_star_stays_in_its_folder() {
    let repo = Repo::new();
    repo.write(
        "learnings.toml",
        "[[limits]]\nglob = \"docs/**/*.md\"\nmax_lines = 10\nmessage = \"split it by topic\"\n\n[[limits]]\nglob = \"notes/*.txt\"\nmax_lines = 5\nlevel = \"warning\"\n",
    );
    repo.write("docs/a/b/deep.md", lines(11));
    repo.write("docs/top.md", lines(10));
    repo.write("notes/today.txt", lines(6));
    repo.write("notes/old/ignored.txt", lines(600));
    repo.write(DOC, lines(900));
    repo.commit_all(day(0), "files");
    let run = repo.run(&["check"]).code(1);
    assert_eq!(
        run.stdout,
        "docs/a/b/deep.md: 11 lines (limit 10): split it by topic\nnotes/today.txt: 6 lines (limit 5, warning)\n"
    );
}

#[test]
fn paths_outside_every_rule_are_ignored() {
    let repo = Repo::new();
    repo.write("README.md", lines(5000));
    repo.write("src/main.rs", lines(5000));
    repo.commit_all(day(0), "big files");
    repo.run(&["check", "README.md", "src/main.rs"]).code(0);
    let all = repo.run(&["check"]).code(0);
    assert_eq!(all.stdout, "");
}

#[test]
fn untracked_paths_passed_are_checked_and_deleted_ones_skipped() {
    let repo = Repo::new();
    repo.write("README.md", "readme\n");
    repo.commit_all(day(0), "start");
    // New and staged, not yet committed: pre-commit passes it.
    repo.write("agents/decisions/new.md", lines(401));
    let run = repo
        .run(&["check", "agents/decisions/new.md", "agents/decisions/gone.md"])
        .code(1);
    assert_eq!(run.stdout, "agents/decisions/new.md: 401 lines (limit 400)\n");
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    // Without paths only tracked files count: the untracked one is not looked at.
    repo.run(&["check"]).code(0);
    // A deleted path alone, in a deleted folder.
    repo.run(&["check", "agents/gone/decisions.md", "agents/decisions/gone.md"])
        .code(0);
}

#[test]
fn a_tracked_file_deleted_from_the_working_tree_is_skipped() {
    let repo = Repo::new();
    repo.write(DOC, lines(500));
    repo.commit_all(day(0), "doc");
    std::fs::remove_file(repo.join(DOC)).expect("delete");
    repo.run(&["check"]).code(0);
}

#[test]
fn staged_files_count_before_the_first_commit() {
    let repo = Repo::new();
    repo.write(DOC, lines(401));
    repo.git(&["add", DOC]);
    let run = repo.run(&["check"]).code(1);
    assert_eq!(run.stdout, "agents/decisions/testing.md: 401 lines (limit 400)\n");
}

#[test]
fn files_that_are_not_utf8_are_counted_all_the_same() {
    let repo = Repo::new();
    let mut latin1: Vec<u8> = Vec::new();
    for i in 0..401 {
        latin1.extend_from_slice(format!("caf\u{e9} {i}").as_bytes());
        latin1.extend_from_slice(b" \xe9t\xe9\n");
    }
    repo.write(DOC, &latin1);
    repo.commit_all(day(0), "latin-1");
    let run = repo.run(&["check", DOC]).code(1);
    assert_eq!(run.stdout, "agents/decisions/testing.md: 401 lines (limit 400)\n");
}

#[test]
fn lines_count_as_ages_counts_them() {
    let repo = Repo::new();
    // A byte-order mark, CRLF endings, and a last line without a newline: 400 lines.
    let mut text = String::from("\u{feff}");
    text.push_str(&"x\r\n".repeat(399));
    text.push_str("last");
    repo.write(DOC, text);
    repo.commit_all(day(0), "doc");
    repo.run(&["check", DOC]).code(0);
    repo.write(DOC, format!("{}\n", lines(400)));
    repo.run(&["check", DOC]).code(1);
}

#[test]
fn paths_are_relative_to_the_directory_given_with_dash_c() {
    let repo = Repo::new();
    repo.write(DOC, lines(401));
    repo.commit_all(day(0), "doc");
    let run = repo
        .run(&["-C", "agents", "check", "decisions/testing.md", "../README.md"])
        .code(1);
    assert_eq!(run.stdout, "agents/decisions/testing.md: 401 lines (limit 400)\n");
}

#[test]
fn paths_outside_the_repository_are_skipped_with_a_warning() {
    let repo = Repo::new();
    repo.commit_all(day(0), "empty");
    let outside = tempfile::tempdir().expect("temp dir");
    let path = outside.path().join("x.md");
    std::fs::write(&path, lines(1000)).expect("write");
    let run = repo.run(&["check", path.to_str().expect("UTF-8")]).code(0);
    assert!(run.stderr.contains("outside the repository"), "{}", run.stderr);
}

#[test]
fn errors_exit_with_2() {
    let repo = Repo::new();
    repo.write("learnings.toml", "[[limits]]\nglob = \"a[\"\nmax_lines = 1\n");
    let bad = repo.run(&["check"]).code(2);
    assert!(bad.stderr.contains("a["), "{}", bad.stderr);

    let nowhere = tempfile::tempdir().expect("temp dir");
    let run = crate::common::run_in(nowhere.path(), &["check"], None).code(2);
    assert!(
        run.stderr.contains("not inside a git repository"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_staging_file_over_its_limit_is_consolidated_not_split() {
    // Issue 31: the guard told a learnings file to "split"; the team's fix is to consolidate.
    let repo = Repo::new();
    repo.write(
        "learnings.toml",
        "[[limits]]\nglob = \"agents/learnings.md\"\nmax_lines = 5\n\n[[limits]]\nglob = \"agents/decisions/*.md\"\nmax_lines = 5\n",
    );
    repo.write("agents/learnings.md", lines(6));
    repo.commit_all(day(0), "grow");
    let failed = repo.run(&["check"]).code(1);
    assert!(
        failed
            .stderr
            .contains("consolidate agents/learnings.md before committing: `learnings plan` shows what goes, then run /remember"),
        "{}",
        failed.stderr
    );
    assert!(!failed.stderr.contains("split"), "{}", failed.stderr);
    // With another file over its limit too, that one is still split.
    repo.write(DOC, lines(6));
    repo.commit_all(day(1), "a doc");
    let both = repo.run(&["check"]).code(1);
    assert!(both.stderr.contains("split the others"), "{}", both.stderr);
    repo.write("agents/learnings.md", lines(1));
    let doc = repo.run(&["check"]).code(1);
    assert!(doc.stderr.contains("split before committing"), "{}", doc.stderr);
}
