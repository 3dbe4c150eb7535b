//! Anything unexpected answers `{}` with exit code 0: malformed input, other tools, a missing or
//! bad configuration; except a tool call that cannot be read in full but carries a `command`
//! a block rule matches: the client may still run it, so that one is denied (fails closed).

use super::{Project, RULES, bash_input};
use serde_json::json;

fn assert_empty(project: &Project, input: &[u8], what: &str) {
    let run = project.hook(input).code(0);
    assert_eq!(run.stdout, "{}\n", "{what}: stderr {}", run.stderr);
}

#[test]
fn malformed_input_of_every_kind_answers_empty_or_fails_closed_on_a_blocked_command() {
    let project = Project::new(RULES);
    let valid = bash_input("git push --force").to_string();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("nothing", Vec::new()),
        ("not JSON", b"git push --force".to_vec()),
        ("truncated", valid.as_bytes()[..valid.len() - 2].to_vec()),
        ("null", b"null".to_vec()),
        ("an array", format!("[{valid}]").into_bytes()),
        (
            "tool_input missing",
            json!({"tool_name": "Bash"}).to_string().into_bytes(),
        ),
        (
            "tool_input a string",
            json!({"tool_name": "Bash", "tool_input": "git push --force"})
                .to_string()
                .into_bytes(),
        ),
        (
            "command missing",
            json!({"tool_name": "Bash", "tool_input": {"description": "x"}})
                .to_string()
                .into_bytes(),
        ),
        (
            "command a number",
            json!({"tool_name": "Bash", "tool_input": {"command": 5}})
                .to_string()
                .into_bytes(),
        ),
        (
            "command an array",
            json!({"tool_name": "Bash", "tool_input": {"command": ["git", "push", "--force"]}})
                .to_string()
                .into_bytes(),
        ),
        (
            "tool_name missing",
            json!({"tool_input": {"command": "git push --force"}})
                .to_string()
                .into_bytes(),
        ),
        (
            "tool_name a number",
            json!({"tool_name": 1, "tool_input": {"command": "git push --force"}})
                .to_string()
                .into_bytes(),
        ),
        (
            "another tool",
            json!({"tool_name": "Write", "tool_input": {"command": "git push --force", "file_path": "a"}})
                .to_string()
                .into_bytes(),
        ),
        (
            "cwd an object",
            json!({"cwd": {}, "tool_name": "Bash", "tool_input": {"command": "git push --force"}})
                .to_string()
                .into_bytes(),
        ),
        ("invalid UTF-8", {
            let mut bytes = br#"{"tool_name":"Bash","tool_input":{"command":"git push --force "#.to_vec();
            bytes.extend([0xff, 0xfe]);
            bytes.extend(br#""}}"#);
            bytes
        }),
        ("binary noise", (0..=255u8).cycle().take(4096).collect()),
        ("deep nesting", {
            let mut bytes =
                br#"{"tool_name":"Bash","tool_input":{"command":"git push --force"},"x":"#.to_vec();
            bytes.extend(std::iter::repeat_n(b'[', 100_000));
            bytes
        }),
        ("trailing garbage", format!("{valid} x").into_bytes()),
    ];
    // Unreadable, or of the wrong types, yet with a `command` string a block rule matches: a
    // client that reads JSON otherwise (JavaScript) may run it.
    let fails_closed = [
        "truncated",
        "an array",
        "tool_name a number",
        "cwd an object",
        "invalid UTF-8",
        "deep nesting",
        "trailing garbage",
    ];
    for (what, bytes) in cases {
        if fails_closed.contains(&what) {
            let run = project.hook(&bytes).code(0);
            assert!(
                run.stdout.contains("\"permissionDecision\":\"deny\""),
                "{what}: {}",
                run.stdout
            );
        } else {
            assert_empty(&project, &bytes, what);
        }
    }
}

#[test]
fn an_empty_or_huge_command_is_fine() {
    let project = Project::new(RULES);
    assert_empty(&project, bash_input("").to_string().as_bytes(), "empty command");
    let long = format!("echo {}", "a ".repeat(200_000));
    assert_empty(&project, bash_input(&long).to_string().as_bytes(), "long command");
    let deep = format!("{}true{}", "(".repeat(500), ")".repeat(500));
    assert_empty(
        &project,
        bash_input(&deep).to_string().as_bytes(),
        "deeply nested subshells",
    );
}

#[test]
fn no_config_or_a_bad_config_answers_empty() {
    let input = bash_input("git push --force").to_string();
    let none = tempfile::tempdir().expect("temp");
    let run = crate::common::run_env(none.path(), &["hook", "pre-tool"], Some(input.as_bytes()), &[]).code(0);
    assert_eq!(run.stdout, "{}\n");
    for bad in [
        "[[enforce.block]]\npattern = \"(\"\nreason = \"r\"\n",
        "[[enforce.rewrite]]\nfrom = \"\"\nto = \"x\"\n",
        "[enforce]\nunknown = 1\n",
        "not toml at all [",
    ] {
        assert_empty(&Project::new(bad), input.as_bytes(), bad);
    }
}

#[test]
fn a_mistake_in_another_table_does_not_switch_enforcement_off() {
    let config = format!(
        "{RULES}\n[[inject.domains]]\nname = \"x\"\npatterns = [\"(\"]\n\n[consolidation]\nsise = 3\n"
    );
    let answer = Project::new(&config).answer("git push --force");
    assert_eq!(answer["hookSpecificOutput"]["permissionDecision"], "deny");
}

#[test]
fn the_project_is_claude_project_dir_else_the_input_cwd() {
    let project = Project::new(RULES);
    let elsewhere = tempfile::tempdir().expect("temp");
    let input = bash_input("git push --force").to_string();
    let dir = project.path().to_str().expect("utf-8");
    let run = crate::common::run_env(
        elsewhere.path(),
        &["hook", "pre-tool"],
        Some(input.as_bytes()),
        &[("CLAUDE_PROJECT_DIR", dir)],
    )
    .code(0);
    assert_eq!(run.json()["hookSpecificOutput"]["permissionDecision"], "deny");
    let mut with_cwd = bash_input("git push --force");
    with_cwd["cwd"] = json!(dir);
    let run = crate::common::run_env(
        elsewhere.path(),
        &["hook", "pre-tool"],
        Some(with_cwd.to_string().as_bytes()),
        &[],
    )
    .code(0);
    assert_eq!(run.json()["hookSpecificOutput"]["permissionDecision"], "deny");
}
