//! `learnings sessions` and `learnings issue`: the files of the learning cycle, through the binary.

use crate::hooks::project::{Project, input};

#[test]
fn sessions_lists_logs_grouped_by_agent() {
    let project = Project::with_agents(&["rust-expert", "api-designer"]);
    assert!(
        project
            .run(&["sessions", "--pending"])
            .code(0)
            .stdout
            .contains("No LearningAgent session logs need learning.")
    );
    project.post_task(&input("s2", "rust-expert", "a3")).code(0);
    project.post_task(&input("s1", "api-designer", "a1")).code(0);
    project.post_task(&input("s1", "rust-expert", "a2")).code(0);
    let text = project.run(&["sessions", "--pending"]).code(0).stdout;
    let shape: Vec<&str> = text.lines().map(|l| l.split(" (").next().unwrap_or(l)).collect();
    assert_eq!(
        shape,
        [
            "## api-designer",
            "",
            "- .deepwork/tmp/agent_sessions/s1/a1",
            "",
            "## rust-expert",
            "",
            "- .deepwork/tmp/agent_sessions/s1/a2",
            "- .deepwork/tmp/agent_sessions/s2/a3",
        ]
    );
    let json = project.run(&["sessions", "--format", "json"]).code(0).json();
    assert_eq!(json["schema_version"], 1);
    assert_eq!(json["sessions"][0]["agent"], "api-designer");
    assert_eq!(json["sessions"][2]["path"], ".deepwork/tmp/agent_sessions/s2/a3");
}

#[test]
fn issues_move_forward_only_and_close_the_session() {
    let project = Project::with_agents(&["rust-expert"]);
    project.post_task(&input("s1", "rust-expert", "a1")).code(0);
    let issue = ".deepwork/tmp/agent_sessions/s1/a1/wrong-retry-strategy.issue.yml";
    let reported = project
        .run(&[
            "issue",
            "report",
            "a1",
            "wrong-retry-strategy",
            "--description",
            "It retried forever.",
            "--seen-at",
            "2025-01-15T14:32:00Z",
        ])
        .code(0);
    assert_eq!(reported.stdout, format!("reported {issue}\n"));
    assert_eq!(
        project.read(issue),
        "status: identified\nseen_at_timestamps:\n- 2025-01-15T14:32:00Z\nissue_description: |\n  It retried forever.\n"
    );
    let again = project
        .run(&[
            "issue",
            "report",
            "a1",
            "wrong-retry-strategy",
            "--description",
            "x",
            "--seen-at",
            "now",
        ])
        .code(2);
    assert!(again.stderr.contains("already exists"), "{}", again.stderr);
    for bad in [["Bad_Name", "2025-01-15T14:32:00Z"], ["fine", "yesterday"]] {
        project
            .run(&[
                "issue",
                "report",
                "a1",
                bad[0],
                "--description",
                "x",
                "--seen-at",
                bad[1],
            ])
            .code(2);
    }
    let listed = project.run(&["issue", "list", "--status", "identified"]).code(0);
    assert_eq!(
        listed.stdout,
        format!("- {issue} (identified): It retried forever.\n")
    );

    let closed = project.run(&["sessions", "mark-learned", "a1"]).code(2);
    assert!(
        closed.stderr.contains("wrong-retry-strategy.issue.yml"),
        "{}",
        closed.stderr
    );
    let no_report = project
        .run(&["issue", "set-status", issue, "investigated"])
        .code(2);
    assert!(
        no_report.stderr.contains("investigation report"),
        "{}",
        no_report.stderr
    );
    project
        .run(&[
            "issue",
            "set-status",
            issue,
            "investigated",
            "--report",
            "No backoff rule.\nSee line 12.",
        ])
        .code(0);
    assert!(project.read(issue).contains("status: investigated\n"));
    assert!(
        project
            .read(issue)
            .contains("investigation_report: |\n  No backoff rule.\n  See line 12.\n")
    );
    let back = project.run(&["issue", "set-status", issue, "identified"]).code(2);
    assert!(back.stderr.contains("cannot move back"), "{}", back.stderr);
    let moved = project.run(&["issue", "set-status", issue, "learned"]).code(0);
    assert_eq!(moved.stdout, format!("{issue}: investigated → learned\n"));
    project
        .run(&["issue", "set-status", issue, "investigated"])
        .code(2);

    project
        .run(&["sessions", "mark-learned", ".deepwork/tmp/agent_sessions/s1/a1"])
        .code(0);
    let log = Project::log("s1", "a1");
    assert!(
        !project
            .path(&format!("{log}/needs_learning_as_of_timestamp"))
            .exists()
    );
    crate::hooks::project::assert_timestamp(
        &project.read(&format!("{log}/learning_last_performed_timestamp")),
    );
    crate::hooks::project::assert_empty(project.stop(b"{}"));
}

#[test]
fn issue_commands_only_write_into_session_logs() {
    let project = Project::with_agents(&["rust-expert"]);
    project.mkdir(".deepwork/tmp/agent_sessions/s1");
    project.mkdir("elsewhere");
    for target in [
        "elsewhere",
        ".deepwork/tmp/agent_sessions",
        ".deepwork/tmp/agent_sessions/s1",
        "missing-id",
        "../project",
    ] {
        let run = project
            .run(&[
                "issue",
                "report",
                target,
                "some-issue",
                "--description",
                "x",
                "--seen-at",
                "now",
            ])
            .code(2);
        assert!(!run.stderr.is_empty());
    }
    assert_eq!(
        std::fs::read_dir(project.path("elsewhere"))
            .expect("list")
            .count(),
        0
    );
    let broken = Project::log("s1", "a1");
    project.write(&format!("{broken}/bad.issue.yml"), "status: [unclosed\n");
    let listed = project.run(&["issue", "list", "a1"]).code(0);
    assert!(
        listed.stdout.contains("bad.issue.yml (invalid)"),
        "{}",
        listed.stdout
    );
    assert!(
        listed.stderr.contains("not a valid issue file"),
        "{}",
        listed.stderr
    );
}
