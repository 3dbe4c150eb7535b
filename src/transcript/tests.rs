use super::*;
use std::io::Write;
use std::ops::ControlFlow;

fn write(lines: &[String]) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().expect("temp");
    for line in lines {
        writeln!(file, "{line}").expect("write");
    }
    file
}

fn user(text: &str) -> String {
    serde_json::json!({"type":"user","message":{"role":"user","content":text}}).to_string()
}

#[test]
fn newest_first_and_skips_noise() {
    let file = write(&[
        user("first"),
        serde_json::json!({"type":"assistant","message":{"content":[{"type":"text","text":"second"},{"type":"tool_use","name":"Read","input":{"file_path":"src/a.rs"}}]}}).to_string(),
        serde_json::json!({"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"t","content":"noise"}]}}).to_string(),
        serde_json::json!({"type":"attachment","attachment":{"content":"injected"}}).to_string(),
        serde_json::json!({"type":"user","isMeta":true,"message":{"content":"meta"}}).to_string(),
        serde_json::json!({"type":"assistant","isSidechain":true,"message":{"content":"side"}}).to_string(),
        serde_json::json!({"type":"summary","summary":"sum"}).to_string(),
        user("third"),
        "{\"type\":\"user\",\"message\":{\"content\":\"cut".to_owned(),
    ]);
    let tail = tail(file.path(), 3);
    let texts: Vec<_> = tail.messages.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["third", "second", "first"]);
    assert_eq!(tail.touched_paths(), ["src/a.rs"]);
}

#[test]
fn long_lines_and_small_blocks() {
    let big = "x".repeat(200_000);
    let file = write(&[user("old"), user(&big), user("new")]);
    let tail = tail(file.path(), 2);
    assert_eq!(tail.messages[0].text, "new");
    assert_eq!(tail.messages[1].text.len(), 200_000);
    assert!(
        super::tail(Path::new("/nonexistent/t.jsonl"), 3)
            .messages
            .is_empty()
    );
}

/// A tool result as Claude Code 2.1.330 records it, with the line's own stamps.
fn result(id: &str, text: &str, is_error: bool, stamps: serde_json::Value) -> String {
    let mut line = serde_json::json!({"type":"user","message":{"role":"user","content":[
        {"type":"tool_result","content":text,"is_error":is_error,"tool_use_id":id}]}});
    for (k, v) in stamps.as_object().expect("object") {
        line[k] = v.clone();
    }
    line.to_string()
}

fn call(id: &str, name: &str) -> String {
    serde_json::json!({"type":"assistant","message":{"content":[
        {"type":"tool_use","id":id,"name":name,"input":{"command":"rm -rf build"}}]}})
    .to_string()
}

fn entries(file: &tempfile::NamedTempFile) -> Vec<Entry> {
    let mut seen = Vec::new();
    scan(file.path(), |entry| {
        seen.push(entry);
        ControlFlow::Continue(())
    });
    seen
}

fn denied(id: &str, stamped: bool) -> Entry {
    Entry::Denied {
        tool_use_id: id.into(),
        stamped,
    }
}

#[test]
fn the_persons_refusals_are_told_from_rules_hooks_and_aborts() {
    let declined = "The user doesn't want to proceed with this tool use.";
    let file = write(&[
        call("a", "Bash"),
        // Declined at the permission prompt of an SDK host, as 2.1.330 stamps it.
        result(
            "a",
            declined,
            true,
            serde_json::json!({"toolDenialKind":"permission-rule",
            "permissionDecision":{"decision":"reject","source":"user_reject"}}),
        ),
        result(
            "b",
            declined,
            true,
            serde_json::json!({"toolDenialKind":"user-rejected"}),
        ),
        // A deny rule or a PreToolUse hook (our own blocks) is not the person.
        result(
            "c",
            "blocked by learnings",
            true,
            serde_json::json!({"toolDenialKind":"permission-rule"}),
        ),
        result(
            "d",
            declined,
            true,
            serde_json::json!({"toolDenialKind":"interrupted"}),
        ),
        // An older transcript: recognised by the text, and only on an error.
        result("e", declined, true, serde_json::json!({})),
        result("f", declined, false, serde_json::json!({})),
        result(
            "g",
            "Permission to use Bash has been denied.",
            true,
            serde_json::json!({}),
        ),
        user("[Request interrupted by user for tool use]"),
    ]);
    assert_eq!(
        entries(&file),
        vec![
            Entry::Interrupted,
            denied("e", false),
            denied("b", true),
            denied("a", true),
            Entry::ToolCall(ToolCall {
                id: "a".into(),
                name: "Bash".into(),
                input: serde_json::json!({"command":"rm -rf build"}),
            }),
        ]
    );
    // The marker is not a message.
    assert!(tail(file.path(), 5).messages.is_empty());
}

#[test]
fn a_visitor_stops_the_scan() {
    let file = write(&[user("one"), user("two"), user("three")]);
    let mut seen = 0;
    scan(file.path(), |_| {
        seen += 1;
        ControlFlow::Break(())
    });
    assert_eq!(seen, 1);
}

#[test]
fn reminders_are_not_words() {
    let file = write(&[user("fix it<system-reminder>\nInjected.\n</system-reminder> now")]);
    assert_eq!(tail(file.path(), 1).messages[0].text, "fix it now");
    assert_eq!(without_reminders("a<system-reminder>cut"), "a");
}

#[test]
fn the_turns_before_the_last_compaction() {
    let boundary =
        serde_json::json!({"type":"system","subtype":"compact_boundary","content":"Conversation compacted"})
            .to_string();
    let file = write(&[
        user("old"),
        serde_json::json!({"type":"assistant","message":{"content":[{"type":"tool_use","name":"Edit","input":{"file_path":"/r/src/a.rs"}}]}}).to_string(),
        user("last before"),
        boundary.clone(),
        user("This session is being continued from a previous conversation."),
        user("<command-name>/compact</command-name>"),
    ]);
    let before = before_compaction(file.path(), 2);
    let texts: Vec<_> = before.messages.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["last before", "old"]);
    assert_eq!(before.touched_paths(), ["/r/src/a.rs"]);
    let none = write(&[user("a"), user("b"), user("c")]);
    let plain = before_compaction(none.path(), 2);
    assert_eq!(plain.messages.len(), 2);
    assert_eq!(plain.messages[0].text, "c");
}
