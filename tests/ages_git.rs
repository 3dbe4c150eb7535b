//! Our ages agree with `git blame --first-parent` and `git log` where nothing says they differ.

use crate::common::{Repo, day, learnings_md};
use std::collections::BTreeSet;

const FILE: &str = "agents/learnings.md";

/// A history with merges, side-branch commits, edits of bodies and idle days, but no moves.
fn busy_repo() -> Repo {
    let repo = Repo::new();
    let mut titles = vec!["E0".to_owned()];
    let md = |t: &[String]| learnings_md(&t.iter().map(String::as_str).collect::<Vec<_>>());
    repo.commit_on(day(0), FILE, md(&titles));
    for round in 1..=4u32 {
        let d = round * 5;
        repo.git(&["checkout", "-q", "-b", &format!("side{round}")]);
        titles.push(format!("Side {round}"));
        repo.commit_on(day(d), FILE, md(&titles));
        repo.commit_on(day(d + 1).offset(-8), "side.txt", round.to_string());
        repo.git(&["checkout", "-q", "main"]);
        repo.commit_on(day(d + 1).at(23, 45).offset(5), "main.txt", round.to_string());
        repo.merge(day(d + 2), &format!("side{round}"));
        titles.push(format!("Main {round}"));
        let text = md(&titles).replace("apply e0", &format!("apply e0 (revised {round})"));
        repo.commit_on(day(d + 3), FILE, text);
    }
    repo
}

#[test]
fn added_commits_match_git_blame_first_parent() {
    let repo = busy_repo();
    let json = repo.run(&["ages", "--format", "json"]).code(0).json();
    let entries = json["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 9);
    for e in entries {
        let line = e["line"].as_u64().expect("line").to_string();
        let range = format!("{line},{line}");
        let porcelain = repo.git(&["blame", "--first-parent", "--porcelain", "-L", &range, "--", FILE]);
        let commit = porcelain.split_whitespace().next().expect("commit");
        assert_eq!(e["commit"].as_str(), Some(commit), "{}", e["title"]);
        let date = repo.git(&["log", "-1", "--format=%ad", "--date=short", commit]);
        assert_eq!(e["added"].as_str(), Some(date.trim()), "{}", e["title"]);
    }
}

#[test]
fn ages_match_the_dates_of_git_log() {
    let repo = busy_repo();
    let dates: BTreeSet<String> = repo
        .git(&["log", "--format=%ad", "--date=short"])
        .lines()
        .map(str::to_owned)
        .collect();
    let json = repo.run(&["ages", "--format", "json"]).code(0).json();
    for e in json["entries"].as_array().expect("entries") {
        let added = e["added"].as_str().expect("added");
        let after = dates.iter().filter(|d| d.as_str() > added).count();
        assert_eq!(e["age"].as_u64(), Some(after as u64), "{}", e["title"]);
    }
}
