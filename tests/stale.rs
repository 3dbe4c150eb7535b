//! `learnings stale`: the CI report in every format, its exit codes, and shallow clones.

use crate::common::{Repo, day, entry, learnings_md, run_env};

const FILE: &str = "agents/learnings.md";

/// Six entries from day 0 and one from day 15, other work on days 1 to 20: the six are 20
/// active days old, the file was created 20 active days ago, so consolidation is overdue.
fn overdue_repo() -> Repo {
    let repo = Repo::new();
    let titles = [
        "Alpha",
        "Beta",
        "Gamma",
        "Delta",
        "Epsilon",
        "Use 100%, always: really",
    ];
    repo.commit_on(day(0), FILE, learnings_md(&titles));
    for d in 1..=20 {
        if d == 15 {
            let mut text = learnings_md(&titles);
            text.push_str(&entry("Recent"));
            repo.commit_on(day(d), FILE, text);
        } else {
            repo.commit_on(day(d), "src.txt", format!("{d}\n"));
        }
    }
    repo
}

/// Two entries 8 active days old, one added on the last day: stale entries, nothing overdue.
fn stale_repo() -> Repo {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, learnings_md(&["Alpha", "Beta"]));
    for d in 1..=7 {
        repo.commit_on(day(d), "src.txt", format!("{d}\n"));
    }
    repo.commit_on(day(8), FILE, learnings_md(&["Alpha", "Beta", "Fresh"]));
    repo
}

/// The heading line of `title` in the working-tree file.
fn line_of(repo: &Repo, title: &str) -> usize {
    let heading = format!("## {title}");
    repo.read(FILE)
        .lines()
        .position(|l| l == heading)
        .expect("heading")
        + 1
}

#[test]
fn the_text_table_lists_stale_entries_oldest_first() {
    let repo = stale_repo();
    let run = repo.run(&["stale"]).code(0);
    let expected = format!(
        "agents/learnings.md: 18 lines, 3 entries, 2 stale (≥7 active days)\n\n  AGE  LINE  ADDED       COMMIT    ENTRY\n    8     7  {d}  {c}  Alpha\n    8    11  {d}  {c}  Beta\n\nConsolidation not due: no trigger: 18 lines < 150, 8 active days since the file was created (never consolidated) < 14.\n",
        d = day(0).date(),
        c = &repo.git(&["rev-list", "--max-parents=0", "HEAD"])[..8],
    );
    assert_eq!(run.stdout, expected);
}

#[test]
fn github_annotations_sit_on_heading_lines_with_escaped_titles() {
    let repo = overdue_repo();
    let run = repo.run(&["stale", "--format", "github"]).code(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 7, "{}", run.stdout);
    assert!(
        lines[0].starts_with("::warning file=agents/learnings.md,line=1,title=Consolidation overdue::agents/learnings.md: consolidation is overdue (")
    );
    assert!(
        lines[1].starts_with(&format!(
            "::warning file=agents/learnings.md,line={},endLine={},title=Stale learning%3A Alpha::\"Alpha\" is 20 active days old",
            line_of(&repo, "Alpha"),
            line_of(&repo, "Alpha") + 2
        )),
        "{}",
        lines[1]
    );
    let special = format!(
        "::warning file=agents/learnings.md,line={},endLine={},title=Stale learning%3A Use 100%25%2C always%3A really::\"Use 100%25, always: really\" is 20",
        line_of(&repo, "Use 100%, always: really"),
        line_of(&repo, "Use 100%, always: really") + 2
    );
    assert!(lines[6].starts_with(&special), "{}", lines[6]);
    assert!(!run.stdout.contains("Recent"));
}

#[test]
fn the_step_summary_is_appended_to_the_file_github_names() {
    let repo = overdue_repo();
    let summary_dir = tempfile::tempdir().expect("temp dir");
    let path = summary_dir.path().join("step_summary");
    std::fs::write(&path, "# Earlier step\n\n").expect("write");
    let env = [("GITHUB_STEP_SUMMARY", path.to_str().expect("UTF-8"))];
    run_env(repo.path(), &["stale", "--format", "github"], None, &env).code(0);
    let md = std::fs::read_to_string(&path).expect("summary");
    assert!(
        md.starts_with("# Earlier step\n\n## Stale learnings: `agents/learnings.md`\n"),
        "{md}"
    );
    assert!(md.contains("| 34 | 7 | 6 | **overdue** |"), "{md}");
    assert!(md.contains("**Consolidation overdue:** "), "{md}");
    assert!(
        md.contains("| Age (active days) | Entry | Line | Added | Commit |"),
        "{md}"
    );
    let alpha = format!("| 20 | Alpha | {} | {} |", line_of(&repo, "Alpha"), day(0).date());
    assert!(md.contains(&alpha), "{md}");
    assert!(!md.contains("| Recent |"), "{md}");

    // A second step appends again.
    run_env(repo.path(), &["stale", "--format", "github"], None, &env).code(0);
    let twice = std::fs::read_to_string(&path).expect("summary");
    assert_eq!(twice.matches("## Stale learnings").count(), 2);
    // Other formats leave it alone.
    run_env(repo.path(), &["stale", "--format", "text"], None, &env).code(0);
    assert_eq!(std::fs::read_to_string(&path).expect("summary"), twice);
}

#[test]
fn json_has_every_entry_with_its_age_and_the_decision() {
    let repo = overdue_repo();
    let json = repo.run(&["stale", "--format", "json"]).code(0).json();
    assert_eq!(json["schema_version"], 1);
    assert_eq!(json["file"], FILE);
    assert_eq!(json["freshness"], 7);
    assert_eq!(json["stale_count"], 6);
    assert_eq!(json["consolidation"]["overdue"], true);
    assert_eq!(json["consolidation"]["decision"], "consolidate");
    assert_eq!(json["consolidation"]["staleness_trigger"], true);
    let entries = json["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 7);
    assert_eq!(entries[0]["title"], "Alpha");
    assert_eq!(entries[0]["age"], 20);
    assert_eq!(entries[0]["stale"], true);
    assert_eq!(entries[6]["title"], "Recent");
    assert_eq!(entries[6]["age"], 5);
    assert_eq!(entries[6]["stale"], false);
}

#[test]
fn sarif_has_the_fields_the_2_1_0_schema_requires() {
    let repo = overdue_repo();
    let sarif = repo.run(&["stale", "--format", "sarif"]).code(0).json();
    assert_eq!(sarif["version"], "2.1.0");
    assert!(
        sarif["$schema"]
            .as_str()
            .expect("$schema")
            .contains("sarif-2.1.0")
    );
    let runs = sarif["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 1);
    let driver = &runs[0]["tool"]["driver"];
    assert_eq!(driver["name"], "learnings");
    let rules: Vec<&str> = driver["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .map(|r| {
            assert!(r["shortDescription"]["text"].is_string());
            r["id"].as_str().expect("rule id")
        })
        .collect();
    assert_eq!(
        rules,
        ["learnings/stale-entry", "learnings/consolidation-overdue"]
    );
    let results = runs[0]["results"].as_array().expect("results");
    assert_eq!(results.len(), 7);
    for result in results {
        let rule = result["ruleId"].as_str().expect("ruleId");
        let index = result["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[index], rule);
        assert!(
            !result["message"]["text"]
                .as_str()
                .expect("message.text")
                .is_empty()
        );
        assert!(["warning", "error", "note", "none"].contains(&result["level"].as_str().expect("level")));
        let location = &result["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uri"], FILE);
        let start = location["region"]["startLine"].as_u64().expect("startLine");
        assert!(start >= 1);
        assert!(location["region"]["endLine"].as_u64().expect("endLine") >= start);
    }
    assert_eq!(results[0]["ruleId"], "learnings/consolidation-overdue");
    assert_eq!(results[1]["ruleId"], "learnings/stale-entry");
    assert_eq!(
        results[1]["locations"][0]["physicalLocation"]["region"]["startLine"],
        line_of(&repo, "Alpha")
    );
}

#[test]
fn exit_codes_follow_fail_on() {
    let stale = stale_repo();
    stale.run(&["stale"]).code(0);
    stale.run(&["stale", "--fail-on", "stale"]).code(1);
    stale.run(&["stale", "--fail-on", "overdue"]).code(0);
    stale
        .run(&["stale", "--fail-on", "stale", "--freshness", "9"])
        .code(0);

    let overdue = overdue_repo();
    overdue.run(&["stale", "--fail-on", "overdue"]).code(1);
    overdue
        .run(&["stale", "--fail-on", "stale,overdue", "--format", "sarif"])
        .code(1);
    overdue
        .run(&["stale", "--fail-on", "overdue", "--staleness", "30"])
        .code(0);

    let missing = stale.run(&["stale", "nothing.md"]).code(2);
    assert!(missing.stderr.contains("no such file"), "{}", missing.stderr);
    stale.run(&["stale", "--fail-on", "sometimes"]).code(2);
}

#[test]
fn a_shallow_clone_is_refused_with_the_fix_unless_allowed() {
    let repo = stale_repo();
    let clone = repo.shallow_clone(1);
    let refused = clone.run(&["stale", "--format", "github"]).code(4);
    assert!(refused.stderr.contains("shallow clone"), "{}", refused.stderr);
    assert!(refused.stderr.contains("fetch-depth: 0"), "{}", refused.stderr);
    assert!(refused.stderr.contains("--allow-shallow"), "{}", refused.stderr);
    assert_eq!(refused.stdout, "");

    let allowed = clone
        .run(&["stale", "--format", "github", "--allow-shallow"])
        .code(0);
    assert!(
        allowed.stdout.starts_with("::warning title=Shallow clone::"),
        "{}",
        allowed.stdout
    );
    assert!(allowed.stderr.contains("shallow"), "{}", allowed.stderr);

    let full = repo.shallow_clone(100);
    full.run(&["stale", "--fail-on", "stale"]).code(1);
}
