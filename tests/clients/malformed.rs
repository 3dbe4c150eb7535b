//! Bad input to every client's every event: valid JSON, exit 0, and never a block, unless a
//! `command` in it is one a block rule matches (then the pre-tool hook fails closed: the client
//! might run it).

use super::{denied, hook, project};

const EVENTS: [&str; 7] = [
    "session-start",
    "prompt",
    "pre-tool",
    "post-tool",
    "stop",
    "post-task",
    "subagent-start",
];
const CLIENTS: [&str; 6] = ["claude", "codex", "gemini", "opencode", "cursor", "copilot"];

fn inputs() -> Vec<Vec<u8>> {
    let mut deep = br#"{"tool_name":"run_shell_command","tool_input":"#.to_vec();
    deep.extend(std::iter::repeat_n(b'[', 100_000));
    vec![
        Vec::new(),
        b"hello".to_vec(),
        b"null".to_vec(),
        b"[]".to_vec(),
        br#"["Bash", {"command": "ls"}]"#.to_vec(),
        br#"{"tool_name": 5, "tool_input": {"command": "ls"}}"#.to_vec(),
        br#"{"tool_name": "run_shell_command", "tool_input": "git push --force"}"#.to_vec(),
        br#"{"toolName": "bash", "toolArgs": "{not json"}"#.to_vec(),
        br#"{"toolName": "bash", "toolArgs": 7}"#.to_vec(),
        br#"{"hook_event_name": "beforeShellExecution", "command": 5}"#.to_vec(),
        br#"{"tool_name": "apply_patch", "tool_input": {"command": 5}}"#.to_vec(),
        br#"{"prompt": {"text": "x"}, "session_id": "s"}"#.to_vec(),
        br#"{"workspace_roots": "nope", "conversation_id": 3}"#.to_vec(),
        deep,
        (0..=255u8).cycle().take(4096).collect(),
    ]
}

#[test]
fn bad_input_carrying_a_blocked_command_fails_closed_in_every_client() {
    let repo = project();
    for client in CLIENTS {
        for input in [
            br#"["Bash", {"command": "git push --force"}]"#.to_vec(),
            br#"{"tool_name": 5, "tool_input": {"command": "git push --force"}}"#.to_vec(),
            br#"{"tool_input": {"command": "git push --force"}, "x": "#.to_vec(),
        ] {
            let answer = hook(&repo, client, "pre-tool", &input);
            assert!(denied(client, &answer).is_some(), "{client}: {answer}");
        }
    }
}

#[test]
fn bad_input_never_breaks_and_never_blocks_in_any_client() {
    let repo = project();
    for client in CLIENTS {
        for event in EVENTS {
            for input in inputs() {
                let answer = hook(&repo, client, event, &input);
                assert_eq!(
                    denied(client, &answer),
                    None,
                    "{client} {event} {:?}: {answer}",
                    String::from_utf8_lossy(&input[..input.len().min(80)])
                );
            }
        }
    }
}

#[test]
fn an_unknown_client_is_not_guessed_and_still_never_blocks() {
    let repo = project();
    let input = br#"{"tool_name":"Bash","tool_input":{"command":"git push --force"}}"#;
    let run = crate::common::run_in(
        repo.path(),
        &["hook", "pre-tool", "--client", "vscode"],
        Some(input),
    );
    // Like a hook name the binary does not know (a newer plugin): `{}` and exit 0, not an
    // answer in some client's words that another client would misread.
    assert_eq!((run.code, run.stdout.trim()), (0, "{}"), "{}", run.stderr);
}
