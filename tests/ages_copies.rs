//! Entries that crossed files (a split into a folder, a rename, a move out of an archive) keep
//! the date `git blame -C -C --first-parent` gives them, and the consolidation walk agrees.

use crate::common::{Repo, day, entry};

const PREAMBLE: &str = "# Learnings\n\nLessons from agent sessions.\n\n---\n\n";

fn doc(titles: &[&str]) -> String {
    let mut text = PREAMBLE.to_owned();
    for title in titles {
        text.push_str(&entry(title));
    }
    text
}

fn archive(titles: &[&str]) -> String {
    let mut text = String::from("# Archive\n\nEntries that graduated.\n\n");
    for title in titles {
        text.push_str(&entry(title));
    }
    text
}

/// Two splits, a rename and moves in from a decisions doc and an archive, with commits between.
fn split_history() -> Repo {
    let repo = Repo::new();
    repo.commit_on(day(0), "memory/learnings.md", doc(&["Alpha", "Beta"]));
    repo.commit_on(day(1), "docs/decisions.md", archive(&["Decided early"]));
    repo.commit_on(day(2), "memory/learnings.md", doc(&["Alpha", "Beta", "Gamma"]));
    repo.commit_on(day(3), "src.txt", "a");
    repo.commit_on(day(4), "docs/archive.md", archive(&["Archived long ago"]));
    // The first split: the old file becomes a backup, a new file in a folder holds the entries.
    repo.git(&["mv", "memory/learnings.md", "memory/learnings-v1.md.bak"]);
    std::fs::create_dir_all(repo.join("memory/learnings")).expect("mkdir");
    repo.write("memory/learnings/active.md", doc(&["Alpha", "Beta", "Gamma"]));
    repo.commit_all(day(6), "split learnings into a folder");
    repo.commit_on(
        day(7),
        "memory/learnings/active.md",
        doc(&["Alpha", "Beta", "Gamma", "Delta"]),
    );
    // An entry moves in from the decisions doc, which loses it in the same commit.
    repo.write("docs/decisions.md", archive(&[]));
    repo.write(
        "memory/learnings/active.md",
        doc(&["Alpha", "Beta", "Gamma", "Delta", "Decided early"]),
    );
    repo.commit_all(day(9), "bring a decision back to learnings");
    repo.commit_on(day(10), "src.txt", "b");
    // A rename of the whole file.
    std::fs::create_dir_all(repo.join("agents")).expect("mkdir");
    repo.git(&["mv", "memory/learnings/active.md", "agents/learnings.md"]);
    repo.commit_all(day(12), "move learnings to agents/");
    let all = ["Alpha", "Beta", "Gamma", "Delta", "Decided early", "Epsilon"];
    repo.commit_on(day(13), "agents/learnings.md", doc(&all));
    // The second split, with the entries in another order, and one back from the archive.
    repo.git(&["mv", "agents/learnings.md", "agents/learnings-v2.md.bak"]);
    std::fs::create_dir_all(repo.join("agents/learnings")).expect("mkdir");
    repo.git(&["rm", "-q", "docs/archive.md"]);
    let reordered = [
        "Gamma",
        "Alpha",
        "Archived long ago",
        "Beta",
        "Delta",
        "Decided early",
        "Epsilon",
    ];
    repo.write("agents/learnings/current.md", doc(&reordered));
    repo.commit_all(day(15), "split again");
    repo.commit_on(day(16), "src.txt", "c");
    let mut last = reordered.to_vec();
    last.push("Zeta");
    repo.commit_on(day(18), "agents/learnings/current.md", doc(&last));
    repo
}

const CURRENT: &str = "agents/learnings/current.md";

/// The date `git blame -C -C --first-parent` gives each line of `file`, blaming the whole file.
///
/// Not one `-L n,n` per heading: git counts a line as copied only within a block of at least 40
/// letters and digits (`blame.copyMinScore`), which a lone `## Title` line rarely is, so a
/// one-line range misses copies that the blame of the whole file finds.
fn git_blame_dates(repo: &Repo, file: &str) -> Vec<String> {
    let porcelain = repo.git(&[
        "blame",
        "-C",
        "-C",
        "--first-parent",
        "--line-porcelain",
        "--",
        file,
    ]);
    porcelain
        .lines()
        .filter_map(|l| l.strip_prefix("author-time "))
        .map(|t| {
            let seconds: i64 = t.parse().expect("author-time");
            chrono::DateTime::from_timestamp(seconds, 0)
                .expect("valid time")
                .date_naive()
                .to_string()
        })
        .collect()
}

fn git_blame_date(repo: &Repo, file: &str, line: u64) -> String {
    let index = usize::try_from(line).expect("line") - 1;
    git_blame_dates(repo, file)[index].clone()
}

#[test]
fn every_entry_has_the_date_git_blame_copy_detection_gives() {
    let repo = split_history();
    let json = repo.run(&["ages", "--format", "json", CURRENT]).code(0).json();
    let entries = json["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 8);
    let mut ours = Vec::new();
    for e in entries {
        let title = e["title"].as_str().expect("title");
        let line = e["line"].as_u64().expect("line");
        let added = e["added"].as_str().expect("added").to_owned();
        assert_eq!(added, git_blame_date(&repo, CURRENT, line), "{title}");
        ours.push((title.to_owned(), added));
    }
    // The same dates, spelled out: none of them is a split, a move or the rename.
    let want = [
        ("Gamma", 2),
        ("Alpha", 0),
        ("Archived long ago", 4),
        ("Beta", 0),
        ("Delta", 7),
        ("Decided early", 1),
        ("Epsilon", 13),
        ("Zeta", 18),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(t, d)| ((*t).to_owned(), day(*d).date()))
        .collect();
    assert_eq!(ours, want);
}

#[test]
fn a_split_that_keeps_every_entry_is_not_a_consolidation() {
    let repo = split_history();
    let json = repo.run(&["ages", "--format", "json", CURRENT]).code(0).json();
    assert_eq!(json["last_consolidation"], serde_json::Value::Null, "{json}");
    // The walk went through both splits and the rename to the file's first commit.
    assert_eq!(json["created"]["date"], day(0).date());
}

#[test]
fn entries_that_leave_for_another_file_in_a_split_make_it_a_consolidation() {
    let repo = Repo::new();
    repo.commit_on(day(0), "memory/learnings.md", doc(&["Alpha", "Beta", "Gamma"]));
    repo.commit_on(day(1), "src.txt", "a");
    // Gamma goes to a doc, not to the new staging file.
    repo.git(&["mv", "memory/learnings.md", "memory/learnings-v1.md.bak"]);
    std::fs::create_dir_all(repo.join("memory/learnings")).expect("mkdir");
    repo.write("memory/learnings/active.md", doc(&["Alpha", "Beta"]));
    repo.write("docs/testing.md", archive(&["Gamma"]));
    let split = repo.commit_all(day(3), "split, and graduate Gamma");
    repo.commit_on(
        day(5),
        "memory/learnings/active.md",
        doc(&["Alpha", "Beta", "Delta"]),
    );
    let file = "memory/learnings/active.md";
    let json = repo.run(&["ages", "--format", "json", file]).code(0).json();
    assert_eq!(json["last_consolidation"]["commit"], split.as_str(), "{json}");
    let added: Vec<&str> = json["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["added"].as_str().expect("added"))
        .collect();
    let (d0, d5) = (day(0).date(), day(5).date());
    assert_eq!(added, [d0.as_str(), d0.as_str(), d5.as_str()]);
}

#[test]
fn a_title_found_only_in_an_unchanged_file_is_not_followed_by_a_modifying_commit() {
    // git's `-C -C` searches unchanged files only when the commit creates the file.
    let repo = Repo::new();
    repo.commit_on(day(0), "docs/guide.md", archive(&["Shared title"]));
    repo.commit_on(day(1), "agents/learnings.md", doc(&["Alpha"]));
    repo.commit_on(day(3), "agents/learnings.md", doc(&["Alpha", "Shared title"]));
    let json = repo.run(&["ages", "--format", "json"]).code(0).json();
    let e = &json["entries"][1];
    assert_eq!(e["added"], day(3).date());
    let line = e["line"].as_u64().expect("line");
    assert_eq!(git_blame_date(&repo, "agents/learnings.md", line), day(3).date());
}

#[test]
fn a_generic_title_never_takes_the_date_of_an_unrelated_section() {
    let repo = Repo::new();
    let claude = "# Project\n\n## GitHub\n- Open pull requests against main; squash on merge.\n- Label every pull request with its area.\n";
    let readme = "# Tool\n\n## Testing\n- Run the whole suite with one command before a release.\n";
    repo.commit_on(day(0), "CLAUDE.md", claude);
    repo.commit_on(day(1), "README.md", readme);
    let learnings = format!(
        "{PREAMBLE}## GitHub\n- The gh CLI needs GH_TOKEN exported in the sandbox, or it prompts.\n\n## Testing\n- Snapshot tests flake when the locale sorts differently: pin LC_ALL.\n"
    );
    repo.commit_on(day(3), "agents/learnings.md", learnings);
    let json = repo.run(&["ages", "--format", "json"]).code(0).json();
    for e in json["entries"].as_array().expect("entries") {
        assert_eq!(e["added"], day(3).date(), "{e}");
        let line = e["line"].as_u64().expect("line");
        assert_eq!(git_blame_date(&repo, "agents/learnings.md", line), day(3).date());
    }
}

#[test]
fn an_entry_reworded_while_moved_is_still_followed() {
    let repo = Repo::new();
    let decisions = "# Decisions\n\n## Retry flaky downloads\n- Retry a failed download three times with backoff.\n- Log each retry with the URL and the status code.\n";
    repo.commit_on(day(0), "docs/decisions.md", decisions);
    repo.commit_on(day(1), "src.txt", "a");
    // Taken back into staging, one line reworded: still the same entry.
    repo.write("docs/decisions.md", "# Decisions\n");
    repo.write(
        "agents/learnings.md",
        format!("{PREAMBLE}## Retry flaky downloads\n- Retry a failed download three times, with backoff.\n- Record each retry with its URL and status code in the log.\n"),
    );
    repo.commit_all(day(3), "bring the retry lesson back to staging");
    let json = repo.run(&["ages", "--format", "json"]).code(0).json();
    assert_eq!(json["entries"][0]["added"], day(0).date(), "{json}");
}

#[test]
fn a_file_created_beside_a_doc_that_shares_one_title_has_no_past_in_it() {
    // Issue 31, found on a real repository: the learnings file was created while a plan doc of
    // 27 sections, one of them "Configuration", sat unchanged beside it. The walk took the plan
    // doc for the file's past, and its 27 sections for a consolidation that never happened.
    let repo = Repo::new();
    let mut plan = String::from("# Test coverage plan\n\n");
    for phase in 1..=26 {
        plan.push_str(&format!("## Phase {phase} done\n- Tests for part {phase}.\n\n"));
    }
    plan.push_str("## Configuration\n- The plan's settings.\n");
    repo.commit_on(day(0), "docs/plan.md", plan);
    repo.commit_on(day(1), "src.txt", "a");
    repo.commit_on(
        day(3),
        "docs/memory.md",
        doc(&["Configuration", "Networking", "Security", "Testing"]),
    );
    repo.commit_on(day(5), "src.txt", "b");
    let json = repo
        .run(&["ages", "--format", "json", "docs/memory.md"])
        .code(0)
        .json();
    assert_eq!(json["last_consolidation"], serde_json::Value::Null, "{json}");
    assert_eq!(json["created"]["date"], day(3).date(), "{json}");
}
