//! Bad input and bad configuration: `{}` and exit 0 from every injection hook.

use super::fixture::*;
use crate::hooks::project::assert_empty;

/// Named hook inputs.
type Inputs = Vec<(&'static str, Vec<u8>)>;

const EVENTS: [&str; 3] = ["prompt", "session-start", "subagent-start"];

#[test]
fn malformed_input_of_every_kind_gives_an_empty_answer() {
    let project = render_project();
    let common: Inputs = vec![
        ("empty", Vec::new()),
        ("not JSON", b"render".to_vec()),
        ("truncated", br#"{"session_id":"s1","prompt":"render"#.to_vec()),
        ("an array", br#"["s1", "/t", null, "render"]"#.to_vec()),
        ("null", b"null".to_vec()),
        ("a string", b"\"render\"".to_vec()),
        ("binary", (0..=255u8).cycle().take(2048).collect()),
        (
            "garbage after",
            br#"{"session_id":"s1","prompt":"render"} x"#.to_vec(),
        ),
        (
            "session an object",
            br#"{"session_id":{},"prompt":"render","source":"clear","agent_type":"x"}"#.to_vec(),
        ),
        (
            "cwd a number",
            br#"{"session_id":"s1","cwd":1,"prompt":"render","agent_type":"render"}"#.to_vec(),
        ),
    ];
    let typed: [(&str, Inputs); 3] = [
        (
            "prompt",
            vec![
                ("prompt a number", br#"{"session_id":"s1","prompt":5}"#.to_vec()),
                (
                    "transcript a number",
                    br#"{"session_id":"s1","transcript_path":3,"prompt":"render"}"#.to_vec(),
                ),
            ],
        ),
        (
            "session-start",
            vec![(
                "source a list",
                br#"{"session_id":"s1","source":["clear"]}"#.to_vec(),
            )],
        ),
        (
            "subagent-start",
            vec![(
                "agent_type a bool",
                br#"{"session_id":"s1","agent_type":true}"#.to_vec(),
            )],
        ),
    ];
    for (event, specific) in typed {
        for (what, bytes) in common.iter().chain(specific.iter()) {
            let run = project.hook(event, bytes, &[]).code(0);
            assert_eq!(run.stdout.trim(), "{}", "{event} {what}: {}", run.stderr);
        }
    }
    let no_session = br#"{"prompt":"render"}"#;
    assert_empty(project.hook("prompt", no_session, &[]));
}

#[test]
fn a_bad_config_is_told_at_session_start_and_costs_only_itself() {
    for toml in [
        "[inject]\nbudget = 99999\n",
        "[[inject.domains]]\nname = \"r\"\nkeywords = [\"\"]\nfiles = [\"r.md\"]\n",
        "[[inject.domains]]\nname = \"r\"\npatterns = [\"(\"]\nfiles = [\"r.md\"]\n",
        "[inject\n",
        "[inject]\nbudgte = 1\n",
    ] {
        let project = project(toml, &[("r.md", "r\n")]);
        for event in EVENTS {
            let body = serde_json::json!({"session_id": "s1", "prompt": "r", "source": "startup", "agent_type": "r"});
            let run = project
                .hook(event, body.to_string().as_bytes(), &[("LEARNINGS_DEBUG", "1")])
                .code(0);
            let answer: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
            if event == "session-start" {
                // The user and the model are told, in one line, with the line of the file.
                let told = answer["systemMessage"].as_str().unwrap_or_default();
                assert!(told.contains("learnings.toml has "), "{toml}: {told}");
                assert!(told.contains("line "), "{toml}: {told}");
                assert!(!told.contains('\n'), "{told}");
                let context = answer["hookSpecificOutput"]["additionalContext"]
                    .as_str()
                    .unwrap_or_default();
                assert!(context.contains(told), "{toml}: {context}");
            } else {
                // The broken domain (the only one) is off; nothing else is said.
                assert_eq!(run.stdout.trim(), "{}", "{event}: {toml}");
            }
        }
    }
}
