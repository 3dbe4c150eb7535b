//! `learnings ages`: dates, active days, consolidations, edge cases and bad input.

use crate::common::{Repo, day, learnings_md};

const FILE: &str = "agents/learnings.md";

fn ages(repo: &Repo) -> serde_json::Value {
    repo.run(&["ages", "--format", "json"]).code(0).json()
}

fn entry_ages(json: &serde_json::Value) -> Vec<(String, Option<String>, u64)> {
    json["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| {
            (
                e["title"].as_str().expect("title").to_owned(),
                e["added"].as_str().map(str::to_owned),
                e["age"].as_u64().expect("age"),
            )
        })
        .collect()
}

#[test]
fn an_entry_added_on_the_newest_day_is_age_zero_and_idle_days_do_not_count() {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, learnings_md(&["First"]));
    repo.commit_on(day(1), "src.txt", "a");
    // days 2..=9 idle
    repo.commit_on(day(10), FILE, learnings_md(&["First", "Second"]));
    let json = ages(&repo);
    assert_eq!(
        entry_ages(&json),
        [
            ("First".into(), Some(day(0).date()), 2),
            ("Second".into(), Some(day(10).date()), 0)
        ]
    );
    assert_eq!(json["schema_version"], 1);
    assert_eq!(json["file"], FILE);
    assert_eq!(json["shallow"], false);
    assert_eq!(json["last_consolidation"], serde_json::Value::Null);
    assert_eq!(json["created"]["date"], day(0).date());
}
