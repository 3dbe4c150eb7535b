//! `learnings audit` and `learnings split-plan`.

use crate::common::{Repo, day, entry, learnings_md};

const FILE: &str = "agents/learnings.md";
const DOC: &str = "agents/decisions/workflow.md";

fn start() -> (Repo, String) {
    let repo = Repo::new();
    repo.commit_on(day(0), DOC, "# Workflow\n\nProven lessons.\n");
    let before = repo.commit_on(
        day(1),
        FILE,
        learnings_md(&["Alpha rules", "Beta rules", "Gamma rules"]),
    );
    (repo, before)
}

fn body(title: &str) -> String {
    entry(title).lines().skip(1).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_clean_consolidation_passes() {
    let (repo, before) = start();
    repo.write(
        DOC,
        format!(
            "# Workflow\n\nProven lessons.\n\n## Alpha\n{}\n",
            body("Alpha rules")
        ),
    );
    repo.write(
        "tmp/consolidation-report.md",
        "# Consolidation Report\n\n## Redundancy decisions\n- **Beta rules**: already in CONTRIBUTING.md\n",
    );
    repo.write(FILE, learnings_md(&["Gamma rules"]));
    repo.commit_all(day(2), "Consolidate");
    let run = repo
        .run(&["audit", "--since", &before, "--format", "json"])
        .code(0);
    let json = run.json();
    assert_eq!(json["removed"], 2);
    assert_eq!(json["unaccounted"], 0);
    assert_eq!(json["entries"][0]["status"], "moved");
    assert_eq!(json["entries"][0]["docs"][0], DOC);
    assert_eq!(json["entries"][1]["status"], "dropped");
    // By branch name and HEAD~N too.
    repo.run(&["audit", "--since", "HEAD~1"]).code(0);
}

#[test]
fn a_silently_dropped_entry_is_caught_with_its_text() {
    let (repo, before) = start();
    repo.write(DOC, format!("# Workflow\n\n## Alpha\n{}\n", body("Alpha rules")));
    repo.write(FILE, learnings_md(&["Gamma rules"]));
    let run = repo.run(&["audit", "--since", &before]).code(1);
    assert!(run.stdout.contains("1 unaccounted"), "{}", run.stdout);
    assert!(run.stdout.contains("### Beta rules"), "{}", run.stdout);
    assert!(run.stdout.contains(&entry("Beta rules")), "{}", run.stdout);
}

#[test]
fn an_entry_moved_without_its_command_is_caught_with_the_missing_term() {
    let (repo, _) = start();
    repo.write(
        FILE,
        format!(
            "{}## Delta rules\n- Regenerate the demo with `learnings demo --write doc/demo.md` after a report change.\n",
            learnings_md(&["Alpha rules", "Beta rules", "Gamma rules"])
        ),
    );
    let before_delta = repo.commit_all(day(2), "Delta");
    repo.write(
        DOC,
        format!(
            "# Workflow\n\n## Reports\nAfter a report change, regenerate the demo.\n\n## Beta\n{}\n",
            body("Beta rules")
        ),
    );
    repo.write(FILE, learnings_md(&["Alpha rules", "Gamma rules"]));
    let json = repo
        .run(&["audit", "--since", &before_delta, "--format", "json"])
        .code(1)
        .json();
    assert_eq!(json["schema_version"], 3);
    assert_eq!(json["entries"][0]["status"], "moved");
    assert_eq!(json["entries"][0]["landed"][0]["path"], DOC);
    let delta = &json["entries"][1];
    assert_eq!(delta["status"], "unaccounted");
    assert_eq!(delta["missing"][0], "learnings demo --write doc/demo.md");
    assert_eq!(delta["landed"][0]["path"], DOC);
    assert!(
        delta["score"].as_f64().is_some_and(|s| s > 0.0 && s < 1.0),
        "{delta}"
    );
    let md = repo.run(&["audit", "--since", &before_delta]).code(1).stdout;
    assert!(
        md.contains("Missing: `learnings demo --write doc/demo.md`"),
        "{md}"
    );
    assert!(
        md.contains(&format!("- Beta rules: moved to {DOC} (1.00), score 1.00")),
        "{md}"
    );
}

#[test]
fn nothing_removed_passes_and_a_bad_revision_is_an_error() {
    let (repo, before) = start();
    let run = repo.run(&["audit", "--since", &before]).code(0);
    assert!(run.stdout.contains("0 entries removed"), "{}", run.stdout);
    let bad = repo.run(&["audit", "--since", "no-such-branch"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("no-such-branch"), "{}", bad.stderr);
}

/// A decisions doc of about 450 lines in six sections, with code blocks holding `## ` lines.
fn big_doc() -> String {
    let mut text = String::from("# Testing decisions\n\nWhat we decided about tests, and why.\n\n");
    for (i, topic) in [
        "Fixtures",
        "Snapshots",
        "Blame",
        "Shallow clones",
        "Time zones",
        "Hooks",
    ]
    .iter()
    .enumerate()
    {
        text.push_str(&format!(
            "## {topic}\n\nContext for {topic}.\n\n```markdown\n## Example heading in {topic}\n```\n\n"
        ));
        for line in 0..64 + i {
            text.push_str(&format!("- Decision {line} about {topic}.\n"));
        }
    }
    text
}

#[test]
fn split_plan_cuts_a_450_line_doc_on_sections() {
    let repo = Repo::new();
    let doc = big_doc();
    repo.commit_on(day(0), "agents/decisions/testing.md", &doc);
    let json = repo
        .run(&["split-plan", "agents/decisions/testing.md", "--format", "json"])
        .code(0)
        .json();
    assert_eq!(json["limit"], 400);
    assert_eq!(json["rule"], "agents/decisions/**/*.md");
    let lines: Vec<&str> = doc.lines().collect();
    let parts = json["parts"].as_array().expect("parts");
    assert!(parts.len() >= 2);
    for part in parts {
        let (start, count) = (
            part["start"].as_u64().unwrap_or(0) as usize,
            part["lines"].as_u64().unwrap_or(0),
        );
        assert!((100..=300).contains(&count), "{part}");
        assert!(
            lines[start - 1].starts_with("## ") && !lines[start - 1].contains("Example"),
            "{part}"
        );
        assert!(
            part["file"]
                .as_str()
                .unwrap_or("")
                .starts_with("agents/decisions/testing-")
        );
    }
    let md = repo
        .run(&["split-plan", "agents/decisions/testing.md"])
        .code(0)
        .stdout;
    assert!(md.contains("| Part | Lines |"), "{md}");
}

#[test]
fn split_plan_uses_the_configured_limit() {
    let repo = Repo::new();
    repo.write(
        "learnings.toml",
        "[[limits]]\nglob = \"docs/*.md\"\nmax_lines = 1000\n",
    );
    repo.commit_on(day(0), "docs/big.md", big_doc());
    let md = repo.run(&["split-plan", "docs/big.md"]).code(0).stdout;
    assert!(md.contains("limit 1000 (docs/*.md): no split needed"), "{md}");
    repo.run(&["split-plan", "docs/missing.md"]).code(2);
}

#[test]
fn deleting_an_entry_while_adding_another_in_the_same_template_is_caught() {
    let (repo, before) = start();
    // A handoff adds a new lesson and, carelessly, deletes an old one in the same edit.
    repo.write(
        FILE,
        learnings_md(&["Alpha rules", "Gamma rules", "Quote commands exactly"]),
    );
    let json = repo
        .run(&["audit", "--since", &before, "--format", "json"])
        .code(1)
        .json();
    assert_eq!(json["removed"], 1);
    assert_eq!(json["entries"][0]["title"], "Beta rules");
}

#[test]
fn docs_in_hidden_folders_count_when_the_globs_name_them() {
    let (repo, before) = start();
    repo.write(
        "learnings.toml",
        "[consolidation]\ndocs = [\".claude/**/*.md\"]\n",
    );
    repo.write(
        ".claude/rules/beta.md",
        format!("# Beta\n{}\n", body("Beta rules")),
    );
    repo.write(FILE, learnings_md(&["Alpha rules", "Gamma rules"]));
    let json = repo
        .run(&["audit", "--since", &before, "--format", "json"])
        .code(0)
        .json();
    assert_eq!(json["entries"][0]["docs"][0], ".claude/rules/beta.md");
}

#[test]
fn split_plan_of_a_journal_keeps_lines_short_and_names_parts_from_their_headings() {
    // Issue 31: a journal of 200 days gave table rows of ~3,000 characters and names like
    // `JOURNAL-day.md`.
    let repo = Repo::new();
    repo.write(
        "learnings.toml",
        "[[limits]]\nglob = \"JOURNAL.md\"\nmax_lines = 400\n",
    );
    let mut doc = String::from("# Journal\n\n");
    for day in 1..=200 {
        doc.push_str(&format!("## Day {day}: what the build taught us\n\nA note.\n\n"));
    }
    repo.commit_on(day(0), "JOURNAL.md", &doc);
    let md = repo.run(&["split-plan", "JOURNAL.md"]).code(0).stdout;
    let longest = md.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(longest <= 160, "a line of {longest} chars:\n{md}");
    assert!(md.contains("`JOURNAL-day-1-to-day-"), "{md}");
    assert!(!md.contains("`JOURNAL-day.md`"), "{md}");
    assert!(md.contains("\n- Day 200: what the build taught us\n"), "{md}");
    let json = repo
        .run(&["split-plan", "JOURNAL.md", "--format", "json"])
        .code(0)
        .json();
    let files: Vec<&str> = json["parts"]
        .as_array()
        .expect("parts")
        .iter()
        .filter_map(|p| p["file"].as_str())
        .collect();
    let mut unique = files.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), files.len(), "{files:?}");
    assert!(
        files.last().is_some_and(|f| f.ends_with("-to-day-200.md")),
        "{files:?}"
    );
}
