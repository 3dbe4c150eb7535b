//! REQ-004.2 to 004.11, 004.17 and 004.18: what post-task writes and answers.

use super::project::{PLUGIN_ROOT, Project, assert_empty, assert_timestamp, input};
use serde_json::json;

fn no_logs(project: &Project) {
    assert!(
        !project.path(".deepwork/tmp").exists(),
        "{:?}",
        project.snapshot()
    );
}

#[test]
fn empty_stdin_answers_nothing_and_writes_nothing() {
    let project = Project::with_agents(&["rust-expert"]);
    assert_empty(project.post_task(b""));
    assert_empty(project.post_task(b" \n\t"));
    // No stdin at all (a closed input) is the same.
    assert_empty(crate::common::run_env(
        project.root(),
        &["hook", "post-task"],
        None,
        &[],
    ));
    no_logs(&project);
}

#[test]
fn a_missing_or_empty_session_id_is_ignored() {
    let project = Project::with_agents(&["rust-expert"]);
    for session in [json!(null), json!("")] {
        let body = json!({"session_id": session, "tool_input": {"name": "rust-expert"}, "tool_response": {"agentId": "a1"}});
        assert_empty(project.post_task(body.to_string().as_bytes()));
    }
    let body = json!({"tool_input": {"name": "rust-expert"}, "tool_response": {"agentId": "a1"}});
    assert_empty(project.post_task(body.to_string().as_bytes()));
    no_logs(&project);
}

#[test]
fn a_missing_or_empty_agent_name_is_ignored() {
    let project = Project::with_agents(&["rust-expert"]);
    for tool_input in [
        json!(null),
        json!({}),
        json!({"name": ""}),
        json!({"name": "", "subagent_type": ""}),
    ] {
        let body = json!({"session_id": "s1", "tool_input": tool_input, "tool_response": {"agentId": "a1"}});
        assert_empty(project.post_task(body.to_string().as_bytes()));
    }
    no_logs(&project);
}

#[test]
fn a_missing_or_empty_agent_id_is_ignored() {
    let project = Project::with_agents(&["rust-expert"]);
    for response in [
        json!(null),
        json!({}),
        json!({"agentId": ""}),
        json!({"agent_id": ""}),
        json!({"agentId": null}),
    ] {
        let body =
            json!({"session_id": "s1", "tool_input": {"name": "rust-expert"}, "tool_response": response});
        assert_empty(project.post_task(body.to_string().as_bytes()));
    }
    no_logs(&project);
}

#[test]
fn agent_id_is_read_from_agent_id_camel_case_then_snake_case() {
    let project = Project::with_agents(&["rust-expert"]);
    let snake = json!({"session_id": "s1", "tool_input": {"name": "rust-expert"}, "tool_response": {"agent_id": "snake"}});
    project.post_task(snake.to_string().as_bytes()).code(0);
    assert_eq!(
        project.read(&format!("{}/agent_used", Project::log("s1", "snake"))),
        "rust-expert\n"
    );
    let both = json!({"session_id": "s2", "tool_input": {"name": "rust-expert"}, "tool_response": {"agentId": "camel", "agent_id": "snake"}});
    project.post_task(both.to_string().as_bytes()).code(0);
    assert!(project.path(&Project::log("s2", "camel")).is_dir());
    assert!(!project.path(&Project::log("s2", "snake")).exists());
}

#[test]
fn a_task_for_an_agent_that_is_not_a_learning_agent_writes_nothing() {
    let project = Project::with_agents(&["rust-expert"]);
    assert_empty(project.post_task(&input("s1", "general-purpose", "a1")));
    // A file of that name is not an agent folder either.
    project.write(".deepwork/learning-agents/notes", "not a folder");
    assert_empty(project.post_task(&input("s1", "notes", "a1")));
    no_logs(&project);
}

#[test]
fn using_a_learning_agent_creates_the_session_log_and_reminds() {
    let project = Project::with_agents(&["rust-expert"]);
    let run = project
        .post_task(&input("sess-1", "rust-expert", "agent-7"))
        .code(0);
    let log = Project::log("sess-1", "agent-7");
    assert_timestamp(&project.read(&format!("{log}/needs_learning_as_of_timestamp")));
    assert_eq!(project.read(&format!("{log}/agent_used")), "rust-expert\n");
    let reminder = std::fs::read_to_string(format!("{PLUGIN_ROOT}/doc/learning_agent_post_task_reminder.md"))
        .expect("reminder");
    let answer = run.json();
    assert_eq!(answer["systemMessage"], reminder.trim());
    assert_eq!(answer["hookSpecificOutput"]["hookEventName"], "PostToolUse");
    assert_eq!(answer["hookSpecificOutput"]["additionalContext"], reminder.trim());
    // REQ-004.17: everything under .deepwork/tmp/agent_sessions: the two files and the entry in
    // the index of pending logs that keeps the stop hook fast.
    let written: Vec<String> = project
        .snapshot()
        .into_keys()
        .filter(|p| p.contains("/tmp/"))
        .collect();
    assert_eq!(
        written,
        [
            "project/.deepwork/tmp/",
            "project/.deepwork/tmp/agent_sessions/",
            "project/.deepwork/tmp/agent_sessions/.pending/",
            "project/.deepwork/tmp/agent_sessions/.pending/sess-1/",
            "project/.deepwork/tmp/agent_sessions/.pending/sess-1/agent-7",
            "project/.deepwork/tmp/agent_sessions/sess-1/",
            "project/.deepwork/tmp/agent_sessions/sess-1/agent-7/",
            "project/.deepwork/tmp/agent_sessions/sess-1/agent-7/agent_used",
            "project/.deepwork/tmp/agent_sessions/sess-1/agent-7/needs_learning_as_of_timestamp",
        ]
    );
}

#[test]
fn the_agent_name_is_normalized_and_falls_back_to_subagent_type() {
    let project = Project::with_agents(&["consistency-reviewer", "rust-expert"]);
    project
        .post_task(&input("s1", "Consistency Reviewer", "a1"))
        .code(0);
    assert_eq!(
        project.read(&format!("{}/agent_used", Project::log("s1", "a1"))),
        "consistency-reviewer\n"
    );
    let typed = json!({"session_id": "s1", "tool_input": {"subagent_type": "rust-expert"}, "tool_response": {"agentId": "a2"}});
    project.post_task(typed.to_string().as_bytes()).code(0);
    assert_eq!(
        project.read(&format!("{}/agent_used", Project::log("s1", "a2"))),
        "rust-expert\n"
    );
    // A name that labels the call is passed over for the agent type that is a LearningAgent.
    let labelled = json!({"session_id": "s1", "tool_input": {"name": "reviewer #2", "subagent_type": "rust-expert"}, "tool_response": {"agentId": "a3"}});
    project.post_task(labelled.to_string().as_bytes()).code(0);
    assert_eq!(
        project.read(&format!("{}/agent_used", Project::log("s1", "a3"))),
        "rust-expert\n"
    );
}

#[test]
fn using_the_agent_again_overwrites_the_timestamp() {
    let project = Project::with_agents(&["rust-expert"]);
    let flag = format!("{}/needs_learning_as_of_timestamp", Project::log("s1", "a1"));
    project.post_task(&input("s1", "rust-expert", "a1")).code(0);
    project.write(&flag, "2000-01-01T00:00:00Z\n");
    project.post_task(&input("s1", "rust-expert", "a1")).code(0);
    let text = project.read(&flag);
    assert_timestamp(&text);
    assert_ne!(text, "2000-01-01T00:00:00Z\n");
}

#[test]
fn without_the_reminder_file_the_answer_is_empty_but_the_use_is_tracked() {
    let project = Project::with_agents(&["rust-expert"]);
    assert_empty(project.hook("post-task", &input("s1", "rust-expert", "a1"), &[]));
    let elsewhere = tempfile::tempdir().expect("temp");
    let plugin_root = elsewhere.path().to_str().expect("utf-8");
    assert_empty(project.hook(
        "post-task",
        &input("s1", "rust-expert", "a2"),
        &[("CLAUDE_PLUGIN_ROOT", plugin_root)],
    ));
    assert!(
        project
            .path(&format!("{}/agent_used", Project::log("s1", "a1")))
            .is_file()
    );
    assert!(
        project
            .path(&format!("{}/agent_used", Project::log("s1", "a2")))
            .is_file()
    );
}

#[test]
fn the_project_is_claude_project_dir_then_the_input_cwd_then_the_working_dir() {
    let project = Project::with_agents(&["rust-expert"]);
    let elsewhere = tempfile::tempdir().expect("temp");
    let root = project.root().to_str().expect("utf-8");
    let env = [("CLAUDE_PLUGIN_ROOT", PLUGIN_ROOT), ("CLAUDE_PROJECT_DIR", root)];
    let mut body: serde_json::Value =
        serde_json::from_slice(&input("s1", "rust-expert", "by-env")).expect("json");
    body["cwd"] = json!(elsewhere.path());
    crate::common::run_env(
        elsewhere.path(),
        &["hook", "post-task"],
        Some(body.to_string().as_bytes()),
        &env,
    )
    .code(0);
    assert!(project.path(&Project::log("s1", "by-env")).is_dir());

    let mut body: serde_json::Value =
        serde_json::from_slice(&input("s1", "rust-expert", "by-cwd")).expect("json");
    body["cwd"] = json!(root);
    crate::common::run_env(
        elsewhere.path(),
        &["hook", "post-task"],
        Some(body.to_string().as_bytes()),
        &[],
    )
    .code(0);
    assert!(project.path(&Project::log("s1", "by-cwd")).is_dir());
    assert!(!elsewhere.path().join(".deepwork").exists());
}

#[test]
fn the_sub_agent_transcript_is_linked_when_it_exists() {
    let project = Project::with_agents(&["rust-expert"]);
    let transcripts = project.outer().join("claude/projects/p");
    std::fs::create_dir_all(transcripts.join("sess/subagents")).expect("mkdir");
    std::fs::write(
        transcripts.join("sess/subagents/agent-a1.jsonl"),
        "{\"line\":1}\n",
    )
    .expect("write");
    let mut body: serde_json::Value =
        serde_json::from_slice(&input("sess", "rust-expert", "a1")).expect("json");
    body["transcript_path"] = json!(transcripts.join("sess.jsonl"));
    project.post_task(body.to_string().as_bytes()).code(0);
    let link = format!("{}/conversation_transcript.jsonl", Project::log("sess", "a1"));
    assert_eq!(project.read(&link), "{\"line\":1}\n");
    // No transcript for another agent id: no link.
    body["tool_response"]["agentId"] = json!("a2");
    project.post_task(body.to_string().as_bytes()).code(0);
    assert!(
        !project
            .path(&format!(
                "{}/conversation_transcript.jsonl",
                Project::log("sess", "a2")
            ))
            .exists()
    );
}
