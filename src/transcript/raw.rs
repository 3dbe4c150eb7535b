//! Reading a transcript line's raw bytes and texts: what can be decided without parsing it, and
//! the text the client adds that nobody said.

use aho_corasick::AhoCorasick;
use serde_json::value::RawValue;
use std::sync::OnceLock;

/// Whether a line holds tool output and nothing else worth parsing: a tool result that no
/// refusal stamp or error flag marks. Checked on the raw bytes, because tool output is most of a
/// long turn's bytes and JSON-parsing it only to skip it is what made a hook slow: one SIMD
/// substring search for the result, then one multi-pattern pass for the marks. Claude Code
/// writes compact JSON, so the flags have no spaces.
pub(super) fn only_tool_output(line: &[u8]) -> bool {
    static MARKS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    let marks = MARKS.get_or_init(|| {
        AhoCorasick::new([
            &b"\"is_error\":true"[..],
            b"\"toolDenialKind\"",
            b"\"permissionDecision\"",
        ])
        .ok()
    });
    memchr::memmem::find(line, b"\"type\":\"tool_result\"").is_some()
        && marks.as_ref().is_some_and(|m| !m.is_match(line))
}

/// `text` without Claude Code's `<system-reminder>…</system-reminder>` spans: text the client
/// adds to a message, not words of the person or the model.
pub(super) fn without_reminders(text: &str) -> String {
    const OPEN: &str = "<system-reminder>";
    const CLOSE: &str = "</system-reminder>";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(OPEN) {
        out.push_str(&rest[..start]);
        match rest[start..].find(CLOSE) {
            Some(end) => rest = &rest[start + end + CLOSE.len()..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The text of a tool result's `content`: a string or text blocks.
pub(super) fn result_text(content: &RawValue) -> String {
    match serde_json::from_str::<serde_json::Value>(content.get()) {
        Ok(serde_json::Value::String(text)) => text,
        Ok(serde_json::Value::Array(parts)) => parts
            .iter()
            .filter_map(|p| p.get("text")?.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}
