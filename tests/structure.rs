//! Entries at the file's own level (issue 28): `### ` lessons under `## ` groups, group
//! headings between `## ` entries, a level pinned in `learnings.toml`; and a learnings file
//! that is not where the configuration says. Through the binary, on real repositories.

use crate::common::{Repo, day};
use serde_json::Value;

const FILE: &str = "agents/learnings.md";
const ARCHIVE: &str = "agents/learnings-archive.md";

/// A lesson under a `### ` heading, with words only it has.
fn third(title: &str, words: &str) -> String {
    format!("### {title}\n\n- {words}\n- Correct pattern: apply {title} every time.\n\n")
}

/// `## Architecture` over two lessons, `## Process` over two.
fn grouped(architecture: &[usize], process: &[usize]) -> String {
    let lessons = [
        third(
            "Database first",
            "Serve pages from the cached tables, never the live API.",
        ),
        third(
            "Bulk endpoints",
            "One paginated bulk call replaces hundreds of per-item calls.",
        ),
        third(
            "Validate while syncing",
            "Check intermediate sync results instead of waiting.",
        ),
        third(
            "Build before pushing",
            "Run the production build locally before every push.",
        ),
    ];
    let mut text = "# Lessons\n\nCaptured during development.\n\n".to_owned();
    for (group, picked) in [("Architecture", architecture), ("Process", process)] {
        if picked.is_empty() {
            continue;
        }
        text.push_str(&format!("## {group}\n\n"));
        for &i in picked {
            text.push_str(&lessons[i]);
        }
    }
    text
}

fn titles(repo: &Repo) -> Vec<String> {
    let json = repo.run(&["ages", "--format", "json"]).code(0).json();
    json["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["title"].as_str().expect("title").to_owned())
        .collect()
}

fn last(repo: &Repo) -> Value {
    repo.run(&["ages", "--format", "json"]).code(0).json()["last_consolidation"].clone()
}

#[test]
fn third_level_lessons_are_the_entries_and_their_groups_are_not() {
    let repo = Repo::new();
    repo.commit_on(day(1), FILE, grouped(&[0, 1], &[2, 3]));
    assert_eq!(
        titles(&repo),
        [
            "Database first",
            "Bulk endpoints",
            "Validate while syncing",
            "Build before pushing"
        ]
    );
    let explain = repo.run(&["ages", "--explain"]).code(0).stdout;
    assert!(
        explain.contains("Entries read: 4 `### ` entries under 2 `## ` groups (detected)."),
        "{explain}"
    );
    let doctor = repo.run(&["doctor"]).stdout;
    assert!(
        doctor.contains(
            "learnings file: agents/learnings.md: 4 `### ` entries under 2 `## ` groups (detected)"
        ),
        "{doctor}"
    );
}

#[test]
fn a_group_archived_whole_is_a_consolidation() {
    let repo = Repo::new();
    repo.commit_on(day(1), FILE, grouped(&[0, 1], &[2, 3]));
    // The maintenance pass: the Process group goes to the archive, lessons and all.
    let archived =
        grouped(&[], &[2, 3]).replace("# Lessons\n\nCaptured during development.\n\n", "# Archive\n\n");
    repo.write(ARCHIVE, archived);
    repo.write(FILE, grouped(&[0, 1], &[]));
    let c = repo.commit_all(day(4), "archive the process lessons");
    assert_eq!(last(&repo)["commit"], c.as_str());
    let json = repo
        .run(&["ages", "--explain=all", "--format", "json"])
        .code(0)
        .json();
    let why = json["explain"][0]["why"].as_str().expect("why").to_owned();
    assert!(why.starts_with("consolidation: 2 entries left"), "{why}");
    assert!(why.contains(ARCHIVE), "{why}");
}

#[test]
fn renaming_a_group_removes_no_entry() {
    let repo = Repo::new();
    repo.commit_on(day(1), FILE, grouped(&[0, 1], &[2, 3]));
    repo.commit_on(
        day(3),
        FILE,
        grouped(&[0, 1], &[2, 3]).replace("## Process", "## Process and delivery"),
    );
    let json = repo
        .run(&["ages", "--explain=all", "--format", "json"])
        .code(0)
        .json();
    assert_eq!(json["explain"], serde_json::json!([]), "{json}");
    // Every lesson keeps the day it was written.
    for entry in json["entries"].as_array().expect("entries") {
        assert_eq!(entry["added"], day(1).date().as_str(), "{entry}");
    }
}

#[test]
fn group_headings_between_second_level_entries_are_not_entries() {
    let repo = Repo::new();
    let text = |band: &str| {
        format!(
            "# Active learnings\n\n## {band}\n\n## Lesson: naming breaks patterns\nRenaming mid-task hides the pattern from the next reader.\n\n## Lesson: finish one task\nOne task per session ships; five do not.\n\n## Old (8+ weeks)\n\n## Wisdom: natural rhythms\nPeaks are followed by consolidation days.\n"
        )
    };
    repo.commit_on(day(1), FILE, text("Recent (last 2 weeks)"));
    // A regeneration renames the band: no lesson left.
    repo.commit_on(day(3), FILE, text("Recent (days 11-18)"));
    assert_eq!(
        titles(&repo),
        [
            "Lesson: naming breaks patterns",
            "Lesson: finish one task",
            "Wisdom: natural rhythms"
        ]
    );
    let json = repo
        .run(&["ages", "--explain=all", "--format", "json"])
        .code(0)
        .json();
    assert_eq!(json["explain"], serde_json::json!([]), "{json}");
    let explain = repo.run(&["ages", "--explain"]).code(0).stdout;
    assert!(
        explain.contains("3 `## ` entries, 2 group headings between them (detected)"),
        "{explain}"
    );
}

#[test]
fn learnings_toml_pins_the_entry_level_and_the_group_titles() {
    let repo = Repo::new();
    // Detected, `## Themes` holds two lines of its own: an entry, its `### ` part of it.
    let text = "# L\n\n## Themes\nWhat the themes are,\nin two lines.\n\n### Cache the index\n- Reuse it across runs.\n\n### Pin the time zone\n- TZ=UTC in tests.\n";
    repo.commit_on(day(1), FILE, text);
    assert_eq!(titles(&repo), ["Themes"]);
    repo.write("learnings.toml", "[consolidation]\nentry_level = 3\n");
    assert_eq!(titles(&repo), ["Cache the index", "Pin the time zone"]);
    let explain = repo.run(&["ages", "--explain"]).code(0).stdout;
    assert!(explain.contains("(pinned by learnings.toml)"), "{explain}");
    repo.write("learnings.toml", "[consolidation]\nentry_level = 4\n");
    let doctor = repo.run(&["doctor"]).stdout;
    assert!(
        doctor.contains("`entry_level = 4`: entries are `## ` (2) or `### ` (3)"),
        "{doctor}"
    );
    repo.write(
        "learnings.toml",
        "[consolidation]\nentry_level = 2\ngroups = [\"Themes\"]\n",
    );
    assert_eq!(titles(&repo), ["Cache the index", "Pin the time zone"]);
}

#[test]
fn a_missing_learnings_file_is_named_with_the_key_to_set() {
    let repo = Repo::new();
    repo.commit_on(day(1), "README.md", "# Project\n");
    let doctor = repo.run(&["doctor"]);
    assert!(
        doctor
            .stdout
            .contains("FIX   learnings file: agents/learnings.md (the default) does not exist")
            && doctor.stdout.contains("`learnings = \"PATH\"`"),
        "{}",
        doctor.stdout
    );
    assert_ne!(doctor.code, 0);
    repo.write("learnings.toml", "learnings = \"docs/lesons.md\"\n");
    let doctor = repo.run(&["doctor"]).stdout;
    assert!(
        doctor.contains(
            "docs/lesons.md does not exist, and learnings.toml names it (`learnings = \"docs/lesons.md\"`)"
        ),
        "{doctor}"
    );
    let ages = repo.run(&["ages"]).code(2);
    assert!(
        ages.stderr.contains("`learnings = \"PATH\"` in learnings.toml"),
        "{}",
        ages.stderr
    );
    let start = repo.session_start();
    assert!(
        start
            .stdout
            .contains("Learnings file: docs/lesons.md does not exist, and learnings.toml names it"),
        "{}",
        start.stdout
    );
}

#[test]
fn batch_and_report_show_each_lesson_under_its_group() {
    let repo = Repo::new();
    repo.commit_on(day(1), FILE, grouped(&[0, 1], &[2, 3]));
    for d in 2..12 {
        repo.commit_on(day(d), "notes.txt", format!("day {d}\n"));
    }
    let flags = [
        "--size",
        "1",
        "--min-batch",
        "1",
        "--retention",
        "0",
        "--freshness",
        "1",
    ];
    let batch = repo
        .run(&[&["batch", "--format", "json"][..], &flags].concat())
        .code(0)
        .json();
    let groups: Vec<&str> = batch["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["group"].as_str().expect("group"))
        .collect();
    assert_eq!(groups, ["Architecture", "Architecture", "Process", "Process"]);
    let md = repo.run(&[&["batch"][..], &flags].concat()).code(0).stdout;
    assert!(md.contains("lines 7-10, under \"Architecture\")"), "{md}");
    let html = repo.run(&["report", "--out", "-"]).code(0).stdout;
    assert!(
        html.contains("<tr class=\"group\"><th colspan=\"4\">Architecture</th></tr>")
            && html.contains("<tr class=\"group\"><th colspan=\"4\">Process</th></tr>"),
        "{html}"
    );
}
