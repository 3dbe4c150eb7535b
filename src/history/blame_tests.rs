//! Blame cut into segments (a small blob budget) gives the same origins as one blame.

use super::{DateKind, HeadingOrigin, Repository};
use std::path::Path;
use std::process::Command;

fn git(dir: &Path, day: u32, args: &[&str]) {
    // git's own words on failure: a `/dev/null` replaced by a file (see base::fs::write_special)
    // showed here as "bad config line 1 in file /dev/null".
    let out = run_git(dir, day, args);
    assert!(
        out.status.success(),
        "git {args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn run_git(dir: &Path, day: u32, args: &[&str]) -> std::process::Output {
    let date = format!("{} +0000", 1_704_110_400 + i64::from(day) * 86_400);
    Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_AUTHOR_NAME", "T")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "T")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .env("GIT_AUTHOR_DATE", &date)
        .env("GIT_COMMITTER_DATE", &date)
        .output()
        .expect("run git")
}

fn render(titles: &[String], revision: u32) -> String {
    let mut text = String::from("# L\n\n---\n\n");
    for title in titles {
        let filler = "padding words for a body that is long enough to matter ".repeat(8);
        text.push_str(&format!("## {title}\n- {filler}\n- revision {revision}\n\n"));
    }
    text
}

/// Thirty commits: entries appended, bodies rewritten, one entry moved up, a rename.
fn history(dir: &Path) -> Vec<String> {
    git(dir, 0, &["init", "-q", "-b", "main"]);
    let mut titles: Vec<String> = Vec::new();
    let mut path = "agents/learnings.md".to_owned();
    std::fs::create_dir_all(dir.join("agents")).expect("mkdir");
    for day in 0..30u32 {
        match day % 5 {
            3 => {}
            4 if day == 14 => {
                let moved = titles.remove(titles.len() - 1);
                titles.insert(0, moved);
            }
            _ => titles.push(format!("Entry {day}")),
        }
        if day == 20 {
            git(dir, day, &["mv", &path, "agents/memory.md"]);
            path = "agents/memory.md".to_owned();
        }
        std::fs::write(dir.join(&path), render(&titles, day % 3)).expect("write");
        git(dir, day, &["add", "-A"]);
        git(dir, day, &["commit", "-q", "-m", &format!("day {day}")]);
    }
    vec![path]
}

fn origins(repo: &Repository, path: &str) -> Vec<HeadingOrigin> {
    let head = repo.head().expect("head");
    let bytes = repo.file_at(head, path).expect("read").expect("in HEAD");
    let text = String::from_utf8(bytes.clone()).expect("UTF-8");
    let headings: Vec<(usize, String)> = crate::model::parse(&text)
        .entries
        .iter()
        .map(|e| (e.line, e.title.clone()))
        .collect();
    repo.trace_headings(
        super::Trace::Worktree {
            head,
            contents: &bytes,
        },
        path,
        bytes.clone(),
        &headings,
        DateKind::Author,
        &super::Known::default(),
    )
    .expect("blame")
}

#[test]
fn a_cut_blame_agrees_with_a_whole_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = history(dir.path()).remove(0);
    let mut repo = Repository::discover(dir.path()).expect("repository");
    let whole = origins(&repo, &path);
    let dates: Vec<String> = whole
        .iter()
        .map(|o| match o {
            HeadingOrigin::Committed(info) => info.date.to_string(),
            HeadingOrigin::Uncommitted => "uncommitted".to_owned(),
        })
        .collect();
    // Entry 12 was moved to the top on day 14 and keeps its day; the rest are in order.
    assert_eq!(dates[0], "2024-01-13");
    assert_eq!(dates[1], "2024-01-01");
    assert_eq!(dates.last().map(String::as_str), Some("2024-01-30"));
    for budget in [1, 3_000, 20_000] {
        repo.blob_budget = budget;
        assert_eq!(origins(&repo, &path), whole, "budget {budget}");
    }
}
