//! `learnings transcripts --recent N`: the clean conversation of the latest sessions.

use crate::capture::Env;
use crate::common::run_env;
use serde_json::json;

fn session(lines: &[serde_json::Value]) -> String {
    lines.iter().map(|l| l.to_string() + "\n").collect()
}

#[test]
fn recent_sessions_without_tool_noise_or_injected_text() {
    let env = Env::new();
    let home = tempfile::tempdir().expect("home");
    let mangled: String = env
        .repo
        .path()
        .to_string_lossy()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let folder = home.path().join(".claude/projects").join(mangled);
    std::fs::create_dir_all(&folder).expect("mkdir");
    let old = session(&[
        json!({"type": "user", "message": {"role": "user", "content": "old question"}}),
        json!({"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": "old answer"}]}}),
    ]);
    let new = session(&[
        json!({"type": "user", "message": {"role": "user", "content": "use the venv<system-reminder>\ninjected\n</system-reminder>"}}),
        json!({"type": "attachment", "attachment": {"content": "<learned-context>injected</learned-context>"}}),
        json!({"type": "assistant", "message": {"role": "assistant", "content": [
            {"type": "text", "text": "Running the tests with key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789."},
            {"type": "tool_use", "id": "t", "name": "Bash", "input": {"command": "pytest"}}]}}),
        json!({"type": "user", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": "3 passed"}]}}),
        json!({"type": "user", "message": {"role": "user", "content": "[Request interrupted by user]"}}),
        json!({"type": "user", "isMeta": true, "message": {"role": "user", "content": "meta"}}),
    ]);
    std::fs::write(folder.join("aaa.jsonl"), old).expect("write");
    let earlier = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(folder.join("aaa.jsonl"))
        .and_then(|f| f.set_modified(earlier))
        .expect("age");
    std::fs::write(folder.join("bbb.jsonl"), new).expect("write");
    let home_str = home.path().to_str().expect("UTF-8");

    let run = run_env(
        env.repo.path(),
        &["transcripts", "--recent", "1"],
        None,
        &[("HOME", home_str)],
    )
    .code(0);
    assert_eq!(
        run.stdout,
        "# Session bbb\n\n**User:** use the venv\n\n**Assistant:** Running the tests with key [REDACTED].\n\n",
        "{}",
        run.stdout
    );
    let json = run_env(
        env.repo.path(),
        &["transcripts", "--recent", "5", "--format", "json"],
        None,
        &[("HOME", home_str)],
    )
    .code(0)
    .json();
    let ids: Vec<&str> = json["sessions"]
        .as_array()
        .expect("sessions")
        .iter()
        .filter_map(|s| s["session"].as_str())
        .collect();
    assert_eq!(ids, vec!["aaa", "bbb"]);
    assert_eq!(json["sessions"][0]["messages"][1]["role"], "assistant");

    let empty = tempfile::tempdir().expect("home");
    let run = run_env(
        env.repo.path(),
        &["transcripts"],
        None,
        &[("HOME", empty.path().to_str().expect("UTF-8"))],
    )
    .code(0);
    assert!(
        run.stdout.starts_with("No Claude Code sessions in "),
        "{}",
        run.stdout
    );
}
