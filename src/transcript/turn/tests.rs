use super::*;
use serde_json::json;
use std::io::Write;

fn transcript(lines: &[serde_json::Value]) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().expect("temp");
    for line in lines {
        writeln!(file, "{line}").expect("write");
    }
    file
}

fn said(role: &str, text: &str) -> serde_json::Value {
    json!({"type": role, "message": {"role": role, "content": [{"type": "text", "text": text}]}})
}

fn call(id: &str, name: &str, input: serde_json::Value) -> serde_json::Value {
    json!({"type": "assistant", "message": {"content": [
        {"type": "tool_use", "id": id, "name": name, "input": input}]}})
}

fn result(id: &str, text: &str, is_error: bool) -> serde_json::Value {
    json!({"type": "user", "message": {"content": [
        {"type": "tool_result", "tool_use_id": id, "content": text, "is_error": is_error}]}})
}

const DECLINED: &str = "The user doesn't want to proceed with this tool use.";

#[test]
fn a_long_turn_is_read_in_one_pass_back_to_the_previous_prompt() {
    let mut lines = vec![
        said("user", "an older prompt"),
        call("old", "Agent", json!({"subagent_type": "older-agent"})),
        said("user", "fix the parser"),
        call("a1", "Agent", json!({"subagent_type": "parser"})),
        result("a1", "done", false),
    ];
    for n in 0..60 {
        lines.push(call(
            &format!("r{n}"),
            "Read",
            json!({"file_path": format!("src/{n}.rs")}),
        ));
        lines.push(result(&format!("r{n}"), "fn main() {}", false));
    }
    lines.push(call("x", "Bash", json!({"command": "rm -rf target"})));
    lines.push(result("x", DECLINED, true));
    lines.push(call("m", "mcp__files__delete", json!({"path": "a"})));
    lines.push(result("m", DECLINED, true));
    lines.push(said("assistant", "The parser is fixed."));
    lines.push(said("user", "no, that's wrong"));
    let file = transcript(&lines);
    let turn = turn(file.path(), "no, that's wrong");
    assert_eq!(turn.assistant.as_deref(), Some("The parser is fixed."));
    assert_eq!(turn.agent.as_deref(), Some("parser"), "not the older turn's");
    // An MCP tool's own text is not believed without Claude Code's stamp.
    assert_eq!(turn.denied, ["Bash `rm -rf target`"]);
    assert!(!turn.interrupted);
}

#[test]
fn an_interrupted_turn_without_words() {
    let file = transcript(&[
        said("user", "render every scene"),
        said("user", "[Request interrupted by user]"),
    ]);
    let turn = turn(file.path(), "let's do something else");
    assert!(turn.interrupted);
    assert_eq!(turn.assistant, None);
    assert_eq!(super::turn(Path::new("/nonexistent"), "x"), Turn::default());
}
