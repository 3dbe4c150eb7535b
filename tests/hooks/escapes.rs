//! Ids and names that would climb out of the sessions folder: ignored, nothing written anywhere.

use super::project::{Project, assert_empty};
use serde_json::json;

fn unsafe_values() -> Vec<String> {
    vec![
        String::new(),
        ".".into(),
        "..".into(),
        "../..".into(),
        "../../../..".into(),
        "../escape".into(),
        "a/b".into(),
        "/tmp".into(),
        "a\\b".into(),
        "..\\..\\escape".into(),
        "a\0b".into(),
        "x".repeat(256),
    ]
}

#[test]
fn unsafe_session_ids_agent_ids_and_names_write_nothing() {
    // `..` as a name would otherwise pass the learning-agent check: `.deepwork/learning-agents/..`
    // is a folder.
    let project = Project::with_agents(&["rust-expert"]);
    project.mkdir("escape");
    let before = project.snapshot();
    for bad in unsafe_values() {
        for body in [
            json!({"session_id": bad, "tool_input": {"name": "rust-expert"}, "tool_response": {"agentId": "a1"}}),
            json!({"session_id": "s1", "tool_input": {"name": "rust-expert"}, "tool_response": {"agentId": bad}}),
            json!({"session_id": "s1", "tool_input": {"name": "rust-expert"}, "tool_response": {"agent_id": bad}}),
            json!({"session_id": "s1", "tool_input": {"name": bad}, "tool_response": {"agentId": "a1"}}),
            json!({"session_id": "s1", "tool_input": {"subagent_type": bad}, "tool_response": {"agentId": "a1"}}),
            // An unsafe name is not rescued by a safe agent type.
            json!({"session_id": "s1", "tool_input": {"name": bad, "subagent_type": "rust-expert"}, "tool_response": {"agentId": "a1"}}),
        ] {
            if bad.is_empty() {
                continue; // Empty values are covered with the missing ones; they fall back.
            }
            assert_empty(project.post_task(body.to_string().as_bytes()));
            assert_eq!(project.snapshot(), before, "{body}");
        }
    }
}

#[test]
fn hidden_session_ids_are_reserved_for_the_index() {
    let project = Project::with_agents(&["rust-expert"]);
    for session in [".pending", ".hidden"] {
        let body = json!({"session_id": session, "tool_input": {"name": "rust-expert"}, "tool_response": {"agentId": "a1"}});
        assert_empty(project.post_task(body.to_string().as_bytes()));
    }
    assert!(!project.path(".deepwork/tmp").exists());
}

#[test]
fn the_longest_safe_id_is_accepted() {
    let project = Project::with_agents(&["rust-expert"]);
    let long = "s".repeat(255);
    let body = json!({"session_id": long, "tool_input": {"name": "rust-expert"}, "tool_response": {"agentId": "a1"}});
    project.post_task(body.to_string().as_bytes()).code(0);
    assert!(project.path(&Project::log(&long, "a1")).is_dir());
}

#[cfg(unix)]
#[test]
fn a_session_folder_that_is_a_link_is_not_followed() {
    let project = Project::with_agents(&["rust-expert"]);
    let outside = project.outer().join("outside");
    std::fs::create_dir_all(&outside).expect("mkdir");
    project.mkdir(".deepwork/tmp/agent_sessions");
    std::os::unix::fs::symlink(&outside, project.path(".deepwork/tmp/agent_sessions/s1")).expect("link");
    let body = json!({"session_id": "s1", "tool_input": {"name": "rust-expert"}, "tool_response": {"agentId": "a1"}});
    assert_empty(project.post_task(body.to_string().as_bytes()));
    assert_eq!(std::fs::read_dir(&outside).expect("list").count(), 0);
}
