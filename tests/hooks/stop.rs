//! REQ-004.12 to 004.16: the stop hook's suggestion.

use super::project::{Project, assert_empty};

fn pending(project: &Project, session: &str, agent_id: &str, agent: Option<&str>) {
    let log = Project::log(session, agent_id);
    project.write(
        &format!("{log}/needs_learning_as_of_timestamp"),
        "2025-01-15T14:32:00Z\n",
    );
    if let Some(agent) = agent {
        project.write(&format!("{log}/agent_used"), &format!("{agent}\n"));
    }
}

#[test]
fn without_a_sessions_folder_the_answer_is_empty() {
    let project = Project::new();
    assert_empty(project.stop(b""));
    assert_empty(project.stop(b"{\"session_id\":\"s1\",\"stop_hook_active\":false}"));
    project.mkdir(".deepwork/tmp");
    assert_empty(project.stop(b"{}"));
}

#[test]
fn without_a_pending_flag_the_answer_is_empty() {
    let project = Project::new();
    project.write(
        &format!("{}/agent_used", Project::log("s1", "a1")),
        "rust-expert\n",
    );
    project.write(
        &format!("{}/learning_last_performed_timestamp", Project::log("s1", "a1")),
        "2025-01-15T14:32:00Z\n",
    );
    project.mkdir(".deepwork/tmp/agent_sessions/empty-session");
    assert_empty(project.stop(b"{}"));
}

#[test]
fn pending_sessions_suggest_the_learning_cycle_once_per_agent() {
    let project = Project::new();
    pending(&project, "s1", "a1", Some("rust-expert"));
    pending(&project, "s1", "a2", Some("api-designer"));
    pending(&project, "s2", "a3", Some("rust-expert"));
    pending(&project, "s3", "a4", Some("rust-expert"));
    pending(&project, "s3", "a5", None); // no agent_used: nothing to name
    project.write(
        &format!("{}/agent_used", Project::log("s4", "a6")),
        "done-agent\n",
    ); // learned
    let before = project.snapshot();
    let run = project.stop(b"{}").code(0);
    let answer = run.json();
    let message = answer["systemMessage"].as_str().expect("systemMessage");
    assert!(message.contains("api-designer, rust-expert."), "{message}");
    assert_eq!(message.matches("rust-expert").count(), 1, "{message}");
    assert!(!message.contains("done-agent"), "{message}");
    assert!(message.contains("/learning-agents learn"), "{message}");
    // It never blocks and never writes.
    assert_eq!(answer.as_object().expect("object").len(), 1, "{answer}");
    assert_eq!(project.snapshot(), before);
}

#[test]
fn flags_without_a_readable_agent_name_are_not_suggested() {
    let project = Project::new();
    pending(&project, "s1", "a1", None);
    pending(&project, "s1", "a2", Some("  "));
    pending(&project, "s1", "a3", Some("../escape"));
    assert_empty(project.stop(b"{}"));
}

#[test]
fn the_stop_hook_finds_the_project_from_claude_project_dir_or_cwd() {
    let project = Project::new();
    pending(&project, "s1", "a1", Some("rust-expert"));
    let elsewhere = tempfile::tempdir().expect("temp");
    let root = project.root().to_str().expect("utf-8");
    let by_env = crate::common::run_env(
        elsewhere.path(),
        &["hook", "stop"],
        Some(b""),
        &[("CLAUDE_PROJECT_DIR", root)],
    );
    assert!(by_env.code(0).json()["systemMessage"].is_string());
    let body = serde_json::json!({"cwd": root}).to_string();
    let by_cwd = crate::common::run_env(elsewhere.path(), &["hook", "stop"], Some(body.as_bytes()), &[]);
    assert!(by_cwd.code(0).json()["systemMessage"].is_string());
    assert_empty(crate::common::run_env(
        elsewhere.path(),
        &["hook", "stop"],
        Some(b"{}"),
        &[],
    ));
}

#[test]
fn thousands_of_learned_session_folders_are_scanned() {
    let project = Project::new();
    // Without an index, as left by another tool: the full scan.
    for i in 0..2000 {
        project.write(
            &format!("{}/agent_used", Project::log(&format!("s{i:04}"), "a")),
            "old-agent\n",
        );
    }
    pending(&project, "s1999", "b", Some("rust-expert"));
    let answer = project.stop(b"{}").code(0).json();
    let message = answer["systemMessage"].as_str().expect("systemMessage");
    assert!(message.contains(": rust-expert."), "{message}");
}

#[test]
fn with_an_index_the_stop_hook_checks_only_its_entries_against_the_flags() {
    let project = Project::with_agents(&["rust-expert", "api-designer"]);
    project
        .post_task(&super::project::input("s1", "rust-expert", "a1"))
        .code(0);
    // A flag the index does not know (written by another tool) is not looked for...
    pending(&project, "s2", "a2", Some("api-designer"));
    let message = project.stop(b"{}").code(0).json()["systemMessage"]
        .as_str()
        .expect("message")
        .to_owned();
    assert!(message.contains(": rust-expert."), "{message}");
    // ...and an entry whose flag is gone (removed by hand) is skipped.
    std::fs::remove_file(project.path(&format!(
        "{}/needs_learning_as_of_timestamp",
        Project::log("s1", "a1")
    )))
    .expect("rm");
    assert_empty(project.stop(b"{}"));
    // Without the index, every folder is scanned.
    std::fs::remove_dir_all(project.path(".deepwork/tmp/agent_sessions/.pending")).expect("rm");
    let message = project.stop(b"{}").code(0).json()["systemMessage"]
        .as_str()
        .expect("message")
        .to_owned();
    assert!(message.contains(": api-designer."), "{message}");
}
