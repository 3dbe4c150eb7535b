//! Issue 28, items 2 and 3: one judge, one vocabulary. For every commit of a history that
//! removed a title, `ages --explain`, `audit REV`, the report's size history and the job
//! summary of `stale --format github` give the same verdict and the same counts; and the
//! audit is not fooled by a narrative doc or by a short entry inside a long unrelated one.

use crate::common::{Repo, day};
use serde_json::Value;
use std::collections::BTreeMap;

const FILE: &str = "agents/learnings.md";
const DOC: &str = "docs/hooks.md";
const HEAD: &str = "# Learnings\n\n";

fn lesson(i: usize) -> String {
    const LESSONS: [&str; 5] = [
        "## Hooks answer JSON\n- Every hook prints valid JSON and exits 0, even on bad input.\n- Exit 2 erases the prompt in Claude Code.\n\n",
        "## Blame needs first parent\n- Run `git blame --first-parent` so merged branches date entries at the merge.\n\n",
        "## Shallow clones hide history\n- CI needs `fetch-depth: 0`, or ages stop at the shallow boundary.\n\n",
        "## Quote commands verbatim\n- Paste `cargo test --workspace` as run; a paraphrase loses the flag.\n\n",
        "## Budget the injection\n- Inject at most 2,000 tokens per prompt; the rest waits for its domain.\n\n",
    ];
    LESSONS[i].to_owned()
}

fn file(items: &[usize]) -> String {
    format!("{HEAD}{}", items.iter().map(|&i| lesson(i)).collect::<String>())
}

/// A history with a move into a doc, a retitle, a wipe restored later and a plain drop.
fn history() -> Repo {
    let repo = Repo::new();
    repo.commit_on(day(1), FILE, file(&[0, 1, 2, 3, 4]));
    repo.write(DOC, format!("# Hooks\n\n{}", lesson(0)));
    repo.write(FILE, file(&[1, 2, 3, 4]));
    repo.commit_all(day(3), "move the hooks lesson into the docs");
    repo.commit_on(
        day(4),
        FILE,
        file(&[1, 2, 3, 4]).replace("## Quote commands verbatim", "## Quote every command verbatim"),
    );
    repo.commit_on(day(5), FILE, HEAD);
    repo.commit_on(
        day(6),
        FILE,
        file(&[1, 2, 3, 4]).replace("## Quote commands verbatim", "## Quote every command verbatim"),
    );
    repo.commit_on(
        day(8),
        FILE,
        file(&[1, 3]).replace("## Quote commands verbatim", "## Quote every command verbatim"),
    );
    repo
}

#[test]
fn the_four_views_agree_on_every_commit_that_removed_a_title() {
    let repo = history();
    let ages = repo
        .run(&["ages", "--explain=all", "--format", "json"])
        .code(0)
        .json();
    let explained = ages["explain"].as_array().expect("explain").clone();
    assert_eq!(explained.len(), 4, "{ages}");
    let report = repo.run(&["report", "--format", "json"]).code(0).json();
    let history: BTreeMap<String, Value> = report["history"]
        .as_array()
        .expect("history")
        .iter()
        .map(|p| (p["commit"].as_str().expect("commit").to_owned(), p.clone()))
        .collect();
    let summary = repo.join("summary.md");
    let stale = crate::common::run_env(
        repo.path(),
        &["stale", "--format", "github"],
        None,
        &[("GITHUB_STEP_SUMMARY", summary.to_str().expect("utf-8"))],
    );
    assert_eq!(stale.code, 0, "{}", stale.stderr);
    let chart = std::fs::read_to_string(&summary).expect("summary");
    let axis = chart
        .lines()
        .find(|l| l.trim_start().starts_with("x-axis"))
        .expect("x-axis");
    let marks = axis.matches(" -").count();
    let mut consolidations = 0;
    for judged in &explained {
        let commit = judged["commit"].as_str().expect("commit");
        let left = judged["left"].as_u64().expect("left") as usize;
        let consolidation = judged["consolidation"].as_bool().expect("verdict");
        consolidations += usize::from(consolidation);
        let removed = history[commit]["removed"].as_array().expect("removed").len();
        assert_eq!(
            removed,
            if consolidation { left } else { 0 },
            "{commit}: report vs ages: {judged}"
        );
        let audit = repo.run(&["audit", commit, "--format", "json"]).json();
        assert_eq!(audit["counts"], judged["counts"], "{commit}: audit vs ages");
    }
    assert_eq!(consolidations, 2, "{ages}");
    assert_eq!(
        marks, consolidations,
        "the job summary marks each consolidation once:\n{chart}"
    );
    // One vocabulary: the restore and the retitle are named the same in both views.
    let statuses: Vec<&str> = explained
        .iter()
        .flat_map(|j| j["entries"].as_array().expect("entries"))
        .map(|e| e["status"].as_str().expect("status"))
        .collect();
    for name in ["moved", "retitled", "restored", "unaccounted"] {
        assert!(statuses.contains(&name), "{name}: {statuses:?}");
    }
}

#[test]
fn the_audit_header_counts_each_status_and_says_what_the_report_adds() {
    let repo = history();
    let last = repo.head();
    repo.write(
        "tmp/consolidation-report.md",
        "# Report\n\n## Dropped\n- **Shallow clones hide history**: CI now fetches full history.\n",
    );
    let md = repo.run(&["audit", &last]).code(1).stdout;
    assert!(md.contains("2 entries removed"), "{md}");
    assert!(md.contains("2 unaccounted."), "{md}");
    repo.commit_all(day(9), "the report");
    // The report at the audited commit counts: committed with it, it gives a reason.
    repo.write(
        FILE,
        file(&[1]).replace("## Quote commands verbatim", "## Quote every command verbatim"),
    );
    repo.write(
        "tmp/consolidation-report.md",
        "# Report\n\n## Dropped\n- **Quote every command verbatim**: the shell parser quotes now.\n",
    );
    let c = repo.commit_all(day(10), "drop with a reason");
    let md = repo.run(&["audit", &c]).code(0).stdout;
    assert!(md.contains("1 entry removed"), "{md}");
    assert!(md.contains(": 1 dropped, 0 unaccounted."), "{md}");
    assert!(md.contains("gives a reason for 1 entry found nowhere"), "{md}");
}

#[test]
fn a_journal_that_retells_a_deleted_entry_is_not_where_it_went() {
    let repo = Repo::new();
    let journal = format!(
        "# Journal\n\n## Day 1\nSet up the hooks.\n\n## Day 2\n{}\n## Day 3\nShipped.\n",
        lesson(1).replace("## ", "")
    );
    repo.write("JOURNAL.md", journal);
    repo.write(FILE, file(&[1, 2]));
    repo.commit_all(day(1), "start");
    let c = repo.commit_on(day(3), FILE, file(&[2]));
    let json = repo.run(&["audit", &c, "--format", "json"]).code(1).json();
    assert_eq!(json["entries"][0]["status"], "unaccounted", "{json}");
    let warning = json["warnings"][0].as_str().expect("a warning");
    assert!(
        warning.contains("JOURNAL.md") && warning.contains("running narrative"),
        "{warning}"
    );
    let ages = repo.run(&["ages", "--explain"]).code(0).stdout;
    assert!(
        ages.contains("Warning: JOURNAL.md held 1 of the 1 removed entries"),
        "{ages}"
    );
    // Named as a permanent doc, the journal is where the lesson is kept.
    repo.write("learnings.toml", "[consolidation]\ndocs = [\"JOURNAL.md\"]\n");
    let json = repo.run(&["audit", &c, "--format", "json"]).code(0).json();
    assert_eq!(json["entries"][0]["status"], "already", "{json}");
    assert_eq!(json["warnings"].as_array().map(Vec::len), Some(0));
}

#[test]
fn a_short_entry_inside_a_long_unrelated_one_is_not_a_retitle() {
    let repo = Repo::new();
    let short =
        "## Ritualized self-criticism stalls\n- Listing my faults each session replaced doing the task.\n\n";
    repo.commit_on(day(1), FILE, format!("{HEAD}{short}{}", lesson(4)));
    let long = "## Releases absorb the pressure\n- A release relieves the pressure that would force action on dodged tasks.\n- Each session after a release drifts: the task list grows, the hard task waits.\n- Listing faults each session felt like work; doing the task was the work.\n- Schedule the dodged task first thing after every release, before any cleanup.\n- Review the release notes for promises made and not kept.\n- Write down which task was dodged, and why, in the session log.\n- Tag the release only after the changelog names every migration and its rollback.\n- Announce the release in the channel with the version, the date and the known regressions.\n- Keep the release branch frozen for two days; hotfixes go through the same review.\n- Measure the startup time of the binary before and after; a regression blocks the tag.\n\n";
    let c = repo.commit_on(day(3), FILE, format!("{HEAD}{long}{}", lesson(4)));
    let json = repo.run(&["audit", &c, "--format", "json"]).code(1).json();
    assert_eq!(json["entries"][0]["status"], "unaccounted", "{json}");
}
