//! Bad input of every kind: always `{}`, exit code 0, nothing written.

use super::project::{Project, assert_empty};

fn malformed_inputs() -> Vec<(&'static str, Vec<u8>)> {
    let valid = r#"{"session_id":"s1","tool_input":{"name":"rust-expert"},"tool_response":{"agentId":"a1"}}"#;
    vec![
        ("not JSON", b"hello".to_vec()),
        ("truncated", valid.as_bytes()[..valid.len() - 3].to_vec()),
        ("null", b"null".to_vec()),
        ("a number", b"42".to_vec()),
        ("a string", b"\"s1\"".to_vec()),
        ("an empty array", b"[]".to_vec()),
        // An array would fill the input struct by position if it were let through.
        ("a positional array", br#"["s1", null, null, {"name":"rust-expert"}, {"agentId":"a1"}]"#.to_vec()),
        ("session id a number", br#"{"session_id":5,"tool_input":{"name":"rust-expert"},"tool_response":{"agentId":"a1"}}"#.to_vec()),
        ("tool_input a string", br#"{"session_id":"s1","tool_input":"rust-expert","tool_response":{"agentId":"a1"}}"#.to_vec()),
        ("name a number", br#"{"session_id":"s1","tool_input":{"name":3},"tool_response":{"agentId":"a1"}}"#.to_vec()),
        ("tool_response an array", br#"{"session_id":"s1","tool_input":{"name":"rust-expert"},"tool_response":[{"agentId":"a1"}]}"#.to_vec()),
        ("agentId a boolean", br#"{"session_id":"s1","tool_input":{"name":"rust-expert"},"tool_response":{"agentId":true}}"#.to_vec()),
        ("cwd an object", br#"{"cwd":{},"session_id":"s1","tool_input":{"name":"rust-expert"},"tool_response":{"agentId":"a1"}}"#.to_vec()),
        ("duplicate key", br#"{"session_id":"s1","session_id":"s2","tool_input":{"name":"rust-expert"},"tool_response":{"agentId":"a1"}}"#.to_vec()),
        ("invalid UTF-8 in a string", {
            let mut bytes = br#"{"session_id":"s"#.to_vec();
            bytes.extend([0xff, 0xfe]);
            bytes.extend(br#"","tool_input":{"name":"rust-expert"},"tool_response":{"agentId":"a1"}}"#);
            bytes
        }),
        // A lone surrogate escape (`"\ud800"`) is no longer here: it is read as JavaScript reads
        // it, as U+FFFD (tests/clients/hostile.rs), since the clients that send it run the call.
        ("deep nesting", {
            let mut bytes = br#"{"session_id":"s1","tool_input":{"name":"rust-expert"},"tool_response":{"agentId":"a1"},"x":"#.to_vec();
            bytes.extend(std::iter::repeat_n(b'[', 100_000));
            bytes
        }),
        ("binary noise", (0..=255u8).cycle().take(4096).collect()),
        ("a JSON object followed by garbage", format!("{valid} trailing").into_bytes()),
    ]
}

#[test]
fn malformed_input_of_any_kind_answers_empty_and_writes_nothing() {
    let project = Project::with_agents(&["rust-expert"]);
    let before = project.snapshot();
    for (what, bytes) in malformed_inputs() {
        let run = project.post_task(&bytes).code(0);
        assert_eq!(run.stdout.trim(), "{}", "{what}: stderr {}", run.stderr);
        assert_eq!(project.snapshot(), before, "{what} wrote something");
    }
}

#[test]
fn input_over_16_mib_is_ignored() {
    let project = Project::with_agents(&["rust-expert"]);
    let mut body =
        br#"{"session_id":"s1","tool_input":{"name":"rust-expert"},"tool_response":{"agentId":"a1"},"pad":""#
            .to_vec();
    body.extend(std::iter::repeat_n(b'x', 17 * 1024 * 1024));
    body.extend(br#""}"#);
    assert_empty(project.post_task(&body));
    assert!(!project.path(".deepwork/tmp").exists());
}

#[test]
fn unknown_fields_and_large_valid_input_are_fine() {
    let project = Project::with_agents(&["rust-expert"]);
    let prompt = "p".repeat(2 * 1024 * 1024);
    let body = serde_json::json!({
        "session_id": "s1", "permission_mode": "default", "tool_use_id": "t",
        "tool_input": {"name": "rust-expert", "prompt": prompt, "run_in_background": false},
        "tool_response": {"agentId": "a1", "totalTokens": 12, "usage": {"input_tokens": 1}}
    });
    project.post_task(body.to_string().as_bytes()).code(0).json();
    assert!(project.path(&Project::log("s1", "a1")).is_dir());
}

#[test]
fn the_stop_hook_ignores_malformed_input_and_still_answers() {
    let project = Project::new();
    for (what, bytes) in malformed_inputs() {
        let run = project.stop(&bytes).code(0);
        assert_eq!(run.stdout.trim(), "{}", "{what}");
    }
    project.write(
        ".deepwork/tmp/agent_sessions/s1/a1/needs_learning_as_of_timestamp",
        "2025-01-15T14:32:00Z\n",
    );
    project.write(".deepwork/tmp/agent_sessions/s1/a1/agent_used", "rust-expert\n");
    for (what, bytes) in malformed_inputs() {
        let run = project.stop(&bytes).code(0);
        assert!(run.json()["systemMessage"].is_string(), "{what}");
    }
}
