//! Issue 28, item 4: an entry the judge calls retitled in place keeps the date of its lesson.
//! Blame dated the new heading line; the judge called the same commit "1 retitle in place".

use crate::common::{Repo, day};

const FILE: &str = "agents/learnings.md";

fn added(repo: &Repo) -> Vec<(String, String)> {
    let json = repo.run(&["ages", "--format", "json"]).code(0).json();
    let ages = crate::ages::entry_ages(&json).into_iter();
    ages.map(|(title, added, _)| (title, added.expect("committed")))
        .collect()
}

const BODY: &str =
    "- Set TZ=UTC in every test that prints dates.\n- Commits at midnight flip days otherwise.\n";

#[test]
fn a_title_that_loses_its_prefix_keeps_the_date_of_its_lesson() {
    let repo = Repo::new();
    let text = |title: &str, other: &str| {
        format!(
            "# L\n\n## {title}\n{BODY}\n## {other}\n- A different lesson about caching the index.\n- Reuse it between runs.\n"
        )
    };
    repo.commit_on(
        day(1),
        FILE,
        text("Lesson: Pin the time zone in tests", "Cache the index"),
    );
    repo.commit_on(day(2), "notes.txt", "x\n");
    // The prefix goes: a retitle in place.
    let c = repo.commit_on(
        day(4),
        FILE,
        text("Pin the time zone in tests", "Cache the index"),
    );
    // The other entry is replaced by a new lesson, title and body: that one is new.
    let replaced = text("Pin the time zone in tests", "Quote commands verbatim").replace(
        "- A different lesson about caching the index.\n- Reuse it between runs.\n",
        "- Copy each command exactly, flags included.\n- Never paraphrase a flag away.\n",
    );
    repo.commit_on(day(5), FILE, replaced);
    let dates = added(&repo);
    assert_eq!(
        dates,
        [
            ("Pin the time zone in tests".to_owned(), day(1).date()),
            ("Quote commands verbatim".to_owned(), day(5).date()),
        ]
    );
    // The warm cache gives the same dates; so does the whole history read again.
    assert_eq!(added(&repo), dates);
    let cold = repo
        .run(&["--no-cache", "ages", "--format", "json"])
        .code(0)
        .json();
    assert_eq!(cold["entries"][0]["added"], day(1).date().as_str());
    let judged = repo
        .run(&["ages", "--explain=all", "--format", "json"])
        .code(0)
        .json();
    let why = judged["explain"]
        .as_array()
        .expect("explain")
        .iter()
        .find(|j| j["commit"] == c.as_str())
        .map(|j| j["why"].as_str().expect("why").to_owned());
    assert!(why.is_some_and(|w| w.contains("retitled in place")));
}

/// Issue 28, item 4: an entry removed and restored keeps the date it had before the removal,
/// as the judge calls the removal "restored by a later commit"; one added fresh under the title
/// of an entry removed long ago, with another body, is new.
#[test]
fn an_entry_removed_and_restored_keeps_its_date() {
    let repo = Repo::new();
    let tz = format!("## Pin the time zone in tests\n{BODY}\n");
    let cache =
        "## Cache the index\n- Reuse the index between runs.\n- Rebuild it when the schema changes.\n\n";
    repo.commit_on(day(1), FILE, format!("# L\n\n{tz}{cache}"));
    let wipe = repo.commit_on(day(3), FILE, "# L\n\n");
    // The restore appends them again, in another order, with a new entry.
    let fresh = "## Quote commands verbatim\n- Copy each command exactly, flags included.\n\n";
    repo.commit_on(day(5), FILE, format!("# L\n\n{cache}{tz}{fresh}"));
    let dates = added(&repo);
    assert_eq!(
        dates,
        [
            ("Cache the index".to_owned(), day(1).date()),
            ("Pin the time zone in tests".to_owned(), day(1).date()),
            ("Quote commands verbatim".to_owned(), day(5).date()),
        ]
    );
    let cold = repo
        .run(&["--no-cache", "ages", "--format", "json"])
        .code(0)
        .json();
    assert_eq!(cold["entries"][0]["added"], day(1).date().as_str());
    let judged = repo
        .run(&["ages", "--explain=all", "--format", "json"])
        .code(0)
        .json();
    let wiped = &judged["explain"][0];
    assert_eq!(wiped["commit"], wipe.as_str());
    assert_eq!(wiped["counts"]["restored"], 2, "{judged}");
}

#[test]
fn explain_names_the_entries_dated_otherwise_than_blame_of_their_heading() {
    let repo = Repo::new();
    let tz = format!("## Pin the time zone in tests\n{BODY}\n");
    repo.commit_on(
        day(1),
        FILE,
        format!("# L\n\n## Lesson: Pin the time zone in tests\n{BODY}\n"),
    );
    repo.commit_on(day(3), FILE, format!("# L\n\n{tz}"));
    let md = repo.run(&["ages", "--explain"]).code(0).stdout;
    assert!(
        md.contains("Dated by their lesson, not by `git blame` of their heading line:"),
        "{md}"
    );
    assert!(
        md.contains(&format!(
            "- Pin the time zone in tests: added {}; retitled from \"Lesson: Pin the time zone in tests\" in",
            day(1).date()
        )),
        "{md}"
    );
}
