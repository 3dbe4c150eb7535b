//! SARIF fingerprints: one per occurrence, even when entries share a title, and the same on
//! every run (code scanning merges results that share a fingerprint into one alert).

use crate::common::{Repo, day, learnings_md};

#[test]
fn duplicate_titles_get_distinct_stable_fingerprints() {
    let repo = Repo::new();
    repo.commit_on(
        day(0),
        "agents/learnings.md",
        learnings_md(&["Quote commands", "Alpha", "quote  COMMANDS", "Quote commands"]),
    );
    for d in 1..=8 {
        repo.commit_on(day(d), "src.txt", format!("{d}\n"));
    }
    let fingerprints = |run: &crate::common::Run| -> Vec<String> {
        let sarif = run.json();
        sarif["runs"][0]["results"]
            .as_array()
            .expect("results")
            .iter()
            .filter(|r| r["ruleId"] == "learnings/stale-entry")
            .map(|r| {
                r["partialFingerprints"]["learningsEntry/v1"]
                    .as_str()
                    .expect("fingerprint")
                    .to_owned()
            })
            .collect()
    };
    let first = fingerprints(&repo.run(&["stale", "--format", "sarif"]).code(0));
    assert_eq!(first.len(), 4);
    let mut unique = first.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 4, "{first:?}");
    assert!(
        first.contains(&"agents/learnings.md:quote commands".to_owned()),
        "{first:?}"
    );
    assert!(
        first.contains(&"agents/learnings.md:quote commands#3".to_owned()),
        "{first:?}"
    );
    let second = fingerprints(&repo.run(&["stale", "--format", "sarif"]).code(0));
    assert_eq!(first, second);
}
