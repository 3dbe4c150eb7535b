//! What counts as a consolidation, as a maintainer means it: entries that leave the staging file
//! for good. Each clause of the definition as a real repository, judged through `ages
//! --explain`, and `audit REV` / `audit A..B` on the same histories.

use crate::common::{Repo, day};
use serde_json::Value;

const FILE: &str = "agents/learnings.md";
const DOC: &str = "agents/decisions/workflow.md";
const HEAD: &str = "# Learnings\n\nLessons from agent sessions.\n\n";

/// Lessons on distinct subjects, each with words only it has.
const LESSONS: &[(&str, &str)] = &[
    (
        "Blame needs first parent",
        "- Run `git blame --first-parent` so merged branches date entries at the merge.\n- Side-branch commits otherwise look older than the team saw them.\n",
    ),
    (
        "Hooks answer JSON",
        "- A hook prints valid JSON and exits 0 on any input, even garbage on stdin.\n- Exit code 2 blocks the session and erases the user's prompt.\n",
    ),
    (
        "Quote commands verbatim",
        "- Copy the command exactly, flags included, instead of paraphrasing it.\n- A paraphrased `cargo test --workspace` silently drops the workspace flag.\n",
    ),
    (
        "Shallow clones hide history",
        "- CI checks out one commit unless `fetch-depth: 0` is set.\n- Ages then stop at the shallow boundary and every entry looks fresh.\n",
    ),
    (
        "Atomic writes keep files whole",
        "- Write a temp file beside the target, then rename it over the target.\n- Readers see the old file or the new one, never half of one.\n",
    ),
    (
        "Time zones in tests",
        "- Pin TZ=UTC in tests that print dates, or midnight commits flip days.\n- A commit at 23:30 in New York is already tomorrow in Berlin.\n",
    ),
];

fn lesson(i: usize) -> String {
    format!("## {}\n{}\n", LESSONS[i].0, LESSONS[i].1)
}

fn file(lessons: &[usize]) -> String {
    let mut text = HEAD.to_owned();
    for &i in lessons {
        text.push_str(&lesson(i));
    }
    text
}

/// The judgements of `ages --explain=all`, newest first: (commit, consolidation, why).
fn judged(repo: &Repo) -> Vec<(String, bool, String)> {
    let json = repo
        .run(&["ages", "--explain=all", "--format", "json"])
        .code(0)
        .json();
    json["explain"]
        .as_array()
        .expect("explain")
        .iter()
        .map(|j| {
            (
                j["commit"].as_str().expect("commit").to_owned(),
                j["consolidation"].as_bool().expect("bool"),
                j["why"].as_str().expect("why").to_owned(),
            )
        })
        .collect()
}

fn verdict(repo: &Repo, commit: &str) -> (bool, String) {
    let all = judged(repo);
    let found = all.iter().find(|(c, _, _)| c == commit);
    let (_, consolidation, why) = found.unwrap_or_else(|| panic!("{commit} not judged: {all:?}"));
    (*consolidation, why.clone())
}

fn last(repo: &Repo) -> Value {
    repo.run(&["ages", "--format", "json"]).code(0).json()["last_consolidation"].clone()
}

fn base() -> Repo {
    let repo = Repo::new();
    repo.commit_on(day(0), DOC, "# Workflow\n\nProven lessons.\n");
    repo.commit_on(day(1), FILE, file(&[0, 1, 2, 3]));
    repo
}

#[test]
fn a_retitle_in_place_is_not_a_consolidation_and_says_so() {
    let repo = base();
    let text = file(&[0, 1, 2, 3]).replace("## Hooks answer JSON", "## Hooks always answer valid JSON");
    let c = repo.commit_on(day(3), FILE, text);
    let (consolidation, why) = verdict(&repo, &c);
    assert!(!consolidation, "{why}");
    assert!(why.contains("1 retitled in place"), "{why}");
    assert_eq!(last(&repo), Value::Null);
    let md = repo.run(&["ages", "--explain"]).code(0).stdout;
    assert!(md.contains("not a consolidation: 1 retitled in place"), "{md}");
}

#[test]
fn a_reword_and_a_reorder_in_place_are_not() {
    let repo = base();
    let reword = |text: String| {
        text.replace(
            "## Quote commands verbatim\n- Copy the command exactly, flags included, instead of paraphrasing it.",
            "## Commands are quoted as written\n- Copy each command exactly as written, flags included; never paraphrase it.",
        )
    };
    let c1 = repo.commit_on(day(3), FILE, reword(file(&[0, 1, 2, 3])));
    let reordered = reword(file(&[3, 2, 1, 0]));
    repo.commit_on(day(4), FILE, reordered);
    assert!(!verdict(&repo, &c1).0);
    assert_eq!(last(&repo), Value::Null);
}

#[test]
fn moving_entries_into_docs_and_dropping_one_is_a_consolidation() {
    let repo = base();
    repo.write(
        DOC,
        format!("# Workflow\n\nProven lessons.\n\n{}{}", lesson(0), lesson(2)),
    );
    repo.write(FILE, file(&[1]));
    let c = repo.commit_all(day(5), "consolidate");
    let (consolidation, why) = verdict(&repo, &c);
    assert!(consolidation, "{why}");
    assert_eq!(
        why,
        format!("consolidation: 3 entries left: 2 moved into {DOC}, 1 unaccounted")
    );
    assert_eq!(last(&repo)["commit"], c.as_str());
    // The audit of that commit accounts for the moves and flags the silent drop.
    let audit = repo.run(&["audit", &c, "--format", "json"]).code(1).json();
    let status = |title: &str| {
        audit["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .find(|e| e["title"] == title)
            .map(|e| e["status"].clone())
    };
    assert_eq!(status("Blame needs first parent"), Some("moved".into()));
    assert_eq!(status("Shallow clones hide history"), Some("unaccounted".into()));
}

#[test]
fn a_merge_that_grows_the_file_and_renames_one_entry_is_not() {
    let repo = base();
    repo.git(&["checkout", "-q", "-b", "topic"]);
    repo.commit_on(day(2), FILE, file(&[0, 1, 2, 3, 4, 5]));
    repo.git(&["checkout", "-q", "main"]);
    repo.commit_on(day(3), "src.txt", "x");
    repo.git(&["merge", "-q", "--no-ff", "--no-commit", "topic"]);
    // The conflict resolution also renames an entry main had.
    let text = file(&[0, 1, 2, 3, 4, 5]).replace("## Hooks answer JSON", "## Hooks answer in JSON");
    repo.write(FILE, text);
    let merge = repo.commit_all(day(4), "merge topic");
    assert!(!verdict(&repo, &merge).0);
    assert_eq!(last(&repo), Value::Null);
}

#[test]
fn a_commit_that_adds_more_than_it_takes_out_is_not() {
    let repo = base();
    repo.write(DOC, format!("# Workflow\n\n{}", lesson(0)));
    repo.write(FILE, file(&[1, 2, 3, 4, 5]));
    let c = repo.commit_all(day(3), "one out, two in");
    let (consolidation, why) = verdict(&repo, &c);
    assert!(!consolidation, "{why}");
    assert!(why.contains("adds 2 entries and 1 entry left for good"), "{why}");
}

#[test]
fn a_split_into_another_staging_file_is_not() {
    let repo = base();
    repo.write(
        "learnings.toml",
        "[consolidation]\nstaging = [\"agents/learnings/*.md\"]\n",
    );
    repo.write("agents/learnings/testing.md", file(&[3]));
    repo.write(FILE, file(&[0, 1, 2]));
    let c = repo.commit_all(day(3), "split the testing lessons out");
    let (consolidation, why) = verdict(&repo, &c);
    assert!(!consolidation, "{why}");
    assert!(why.contains("moved to agents/learnings/testing.md"), "{why}");
}

#[test]
fn a_wipe_restored_later_is_neither() {
    let repo = base();
    let wipe = repo.commit_on(day(3), FILE, HEAD);
    let restore = repo.commit_on(day(4), FILE, file(&[0, 1, 2, 3]));
    repo.commit_on(day(5), FILE, file(&[0, 1, 2, 3, 4]));
    let (consolidation, why) = verdict(&repo, &wipe);
    assert!(!consolidation, "{why}");
    assert!(why.contains("4 restored by a later commit"), "{why}");
    assert!(
        judged(&repo).iter().all(|(c, _, _)| *c != restore),
        "the restore removes nothing"
    );
    assert_eq!(last(&repo), Value::Null);
}

#[test]
fn many_entries_merged_into_one_denser_entry_with_the_originals_archived_is_not() {
    // Judged as a maintainer would: the knowledge stays staged (denser), the archive is a record.
    let repo = base();
    let dense = "## Git history needs care (consolidated)\n- Blame with `git blame --first-parent`: merged branches date entries at the merge.\n- CI needs `fetch-depth: 0`, or ages stop at the shallow boundary and look fresh.\n";
    repo.write(
        "agents/archive/2026-01.md",
        format!("# Archive\n\n{}{}", lesson(0), lesson(3)),
    );
    repo.write(FILE, format!("{HEAD}{dense}\n{}{}", lesson(1), lesson(2)));
    let c = repo.commit_all(day(3), "condense git lessons");
    let (consolidation, why) = verdict(&repo, &c);
    assert!(!consolidation, "{why}");
    assert!(why.contains("merged in place"), "{why}");
}

#[test]
fn a_mix_in_one_commit_is_judged_by_what_left_for_good() {
    let repo = base();
    repo.write(DOC, format!("# Workflow\n\n{}{}", lesson(0), lesson(3)));
    let text = file(&[1, 2, 4]).replace("## Hooks answer JSON", "## Hooks answer with JSON");
    repo.write(FILE, text);
    let c = repo.commit_all(day(3), "two to docs, a retitle, one new");
    let (consolidation, why) = verdict(&repo, &c);
    assert!(consolidation, "{why}");
    assert!(
        why.starts_with("consolidation: 2 entries left: 2 moved into"),
        "{why}"
    );
    // The audit of the commit shows the retitle with both titles.
    let audit = repo.run(&["audit", &c, "--format", "json"]).code(0).json();
    let retitled = audit["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["status"] == "retitled")
        .cloned();
    let retitled = retitled.expect("a retitled entry");
    assert_eq!(retitled["title"], "Hooks answer JSON");
    assert_eq!(retitled["to"], "Hooks answer with JSON");
}

#[test]
fn audit_of_a_range_from_a_subfolder_and_a_linked_worktree() {
    let repo = base();
    let start = repo.git(&["rev-parse", "HEAD"]).trim().to_owned();
    repo.write(DOC, format!("# Workflow\n\n{}", lesson(0)));
    repo.write(FILE, file(&[1, 2, 3]));
    repo.commit_all(day(3), "move one");
    repo.write("docs/other.md", format!("# Other\n\n{}", lesson(1)));
    repo.write(FILE, file(&[2, 3]));
    let end = repo.commit_all(day(4), "move another");
    let range = format!("{start}..{end}");
    std::fs::create_dir_all(repo.join("agents/decisions")).expect("mkdir");
    let run = repo
        .run(&["-C", "agents/decisions", "audit", &range, "--format", "json"])
        .code(0);
    assert_eq!(run.json()["removed"], 2, "{}", run.stdout);
    let outside = tempfile::tempdir().expect("temp dir");
    let tree = outside.path().join("linked");
    repo.git(&["worktree", "add", "-q", tree.to_str().expect("utf-8"), &end]);
    let linked = repo.run(&[
        "-C",
        tree.to_str().expect("utf-8"),
        "audit",
        &end,
        "--format",
        "json",
    ]);
    let json = linked.code(0).json();
    assert_eq!(json["entries"][0]["status"], "moved");
    // A shallow clone of one commit cannot audit it: a clear message, not a confident answer.
    let shallow = outside.path().join("shallow");
    let url = format!("file://{}", repo.path().display());
    repo.git(&[
        "clone",
        "-q",
        "--depth",
        "1",
        &url,
        shallow.to_str().expect("utf-8"),
    ]);
    let run = repo
        .run(&["-C", shallow.to_str().expect("utf-8"), "audit", "HEAD"])
        .code(2);
    assert!(run.stderr.contains("has no parent here"), "{}", run.stderr);
}

#[test]
fn audit_reads_a_submodule_when_its_repository_is_here_and_names_it_when_not() {
    // A shared repository of fragments, used as a submodule.
    let shared = Repo::new();
    shared.commit_on(day(0), "fragments/workflow.md", "# Workflow\n\nShared lessons.\n");
    let repo = base();
    let url = shared.path().to_str().expect("utf-8").to_owned();
    repo.git(&[
        "-c",
        "protocol.file.allow=always",
        "submodule",
        "add",
        "-q",
        &url,
        "core",
    ]);
    repo.commit_all(day(2), "add the shared core");
    // The consolidation moves one lesson into the submodule's fragments and drops another.
    shared.commit_on(
        day(3),
        "fragments/workflow.md",
        format!("# Workflow\n\nShared lessons.\n\n{}", lesson(0)),
    );
    repo.git(&["-C", "core", "pull", "-q", "origin", "main"]);
    repo.write(FILE, file(&[1, 2]));
    let c = repo.commit_all(day(4), "consolidate into the shared core");
    let status = |json: &Value, title: &str| -> (Value, Value) {
        let entry = json["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .find(|e| e["title"] == title)
            .cloned()
            .unwrap_or_else(|| panic!("{title}: {json}"));
        (entry["status"].clone(), entry["landed"][0]["path"].clone())
    };
    let json = repo.run(&["audit", &c, "--format", "json"]).code(1).json();
    assert_eq!(
        status(&json, "Blame needs first parent"),
        ("moved".into(), "core/fragments/workflow.md".into())
    );
    assert_eq!(status(&json, "Shallow clones hide history").0, "unaccounted");
    // Without the submodule's repository its content cannot be read: both are named as
    // possibly gone there, not as lost.
    std::fs::remove_dir_all(repo.join("core")).expect("remove the checkout");
    std::fs::remove_dir_all(repo.join(".git/modules/core")).expect("remove its git folder");
    let json = repo.run(&["audit", &c, "--format", "json"]).code(0).json();
    for title in ["Blame needs first parent", "Shallow clones hide history"] {
        let entry = status(&json, title);
        assert_eq!(entry.0, "submodule", "{title}: {json}");
    }
    assert!(
        json["entries"][0]["to"]
            .as_str()
            .unwrap_or_default()
            .contains("core")
    );
}
