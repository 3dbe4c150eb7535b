//! Claude Code's JSONL transcript, read from the end: the last conversation messages, without
//! tool noise or our own injected text.
//!
//! Transcripts reach hundreds of megabytes and hooks run on every prompt, so the file is read
//! backwards in blocks and reading stops as soon as enough messages are found (or after
//! [`SCAN_CAP`] bytes, so a transcript made only of tool output cannot stall a hook). There is no
//! official format: only the stable parts are used (`type`, `isMeta`, `isSidechain`,
//! `message.content` as a string or blocks), and a line that does not parse, such as a last line
//! still being written, is skipped.

use serde::Deserialize;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// Bytes read per step from the end.
const BLOCK: u64 = 64 * 1024;
/// At most this many bytes are read back from the end.
pub const SCAN_CAP: u64 = 32 * 1024 * 1024;
/// A line longer than this is skipped unread (pasted logs, huge tool output).
pub const LINE_CAP: usize = 8 * 1024 * 1024;

/// Who said it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The person.
    User,
    /// The model.
    Assistant,
}

/// A conversation message: what a person or the model said, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// Who said it.
    pub role: Role,
    /// The text blocks, joined by newlines.
    pub text: String,
}

/// A tool call of the model, as recorded in the transcript.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    /// The tool (`Read`, `Edit`, `Agent`, …).
    pub name: String,
    /// Its arguments.
    pub input: serde_json::Value,
}

/// What was read back from the end of a transcript, newest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tail {
    /// Up to the requested number of messages, newest first.
    pub messages: Vec<Message>,
    /// Tool calls of the model seen on the way back, newest first.
    pub tool_calls: Vec<ToolCall>,
}

impl Tail {
    /// Files the recent tool calls touched (`file_path`, `path`, `notebook_path`).
    pub fn touched_paths(&self) -> Vec<String> {
        let keys = ["file_path", "path", "notebook_path"];
        self.tool_calls
            .iter()
            .flat_map(|call| keys.iter().filter_map(|k| call.input.get(*k)?.as_str()))
            .map(str::to_owned)
            .collect()
    }
}

#[derive(Deserialize)]
struct Line {
    #[serde(rename = "type", default)]
    kind: String,
    #[serde(rename = "isMeta", default)]
    is_meta: Option<bool>,
    #[serde(rename = "isSidechain", default)]
    is_sidechain: Option<bool>,
    #[serde(default)]
    message: Option<Inner>,
}

#[derive(Deserialize)]
struct Inner {
    #[serde(default)]
    content: Option<serde_json::Value>,
}

/// The last `count` messages of the transcript at `path`, and the tool calls seen on the way.
/// A missing or unreadable file gives an empty tail.
pub fn tail(path: &Path, count: usize) -> Tail {
    let mut found = Tail::default();
    if count == 0 {
        return found;
    }
    let Ok(mut file) = std::fs::File::open(path) else {
        return found;
    };
    let Ok(len) = file.seek(SeekFrom::End(0)) else {
        return found;
    };
    let floor = len.saturating_sub(SCAN_CAP);
    let mut end = len;
    // The end of a line whose start is further back: its pieces, last piece first.
    let mut partial: Vec<Vec<u8>> = Vec::new();
    let mut partial_len = 0;
    let mut oversized = false;
    while end > floor {
        let start = end.saturating_sub(BLOCK).max(floor);
        let mut block = vec![0; (end - start) as usize];
        if file.seek(SeekFrom::Start(start)).is_err() || file.read_exact(&mut block).is_err() {
            return found;
        }
        end = start;
        let mut rest = block.as_slice();
        while let Some(newline) = memchr_last(rest) {
            if !oversized {
                let line = join(&rest[newline + 1..], &partial, partial_len);
                if read_line(&line, &mut found) && found.messages.len() >= count {
                    return found;
                }
            }
            partial.clear();
            partial_len = 0;
            oversized = false;
            rest = &rest[..newline];
        }
        if !oversized {
            if partial_len + rest.len() > LINE_CAP {
                oversized = true;
                partial.clear();
                partial_len = 0;
            } else {
                partial_len += rest.len();
                partial.push(rest.to_vec());
            }
        }
    }
    // The first line of the file (when the scan stopped at the cap instead, that line is cut
    // and is skipped).
    if !oversized && end == 0 {
        let line = join(&[], &partial, partial_len);
        read_line(&line, &mut found);
    }
    found
}

/// `head` followed by the pieces of `tail`, which are stored last piece first.
fn join(head: &[u8], tail: &[Vec<u8>], tail_len: usize) -> Vec<u8> {
    let mut line = Vec::with_capacity(head.len() + tail_len);
    line.extend_from_slice(head);
    for piece in tail.iter().rev() {
        line.extend_from_slice(piece);
    }
    line
}

fn memchr_last(bytes: &[u8]) -> Option<usize> {
    bytes.iter().rposition(|b| *b == b'\n')
}

/// Adds what `line` says to `found`; true when it added a message.
fn read_line(line: &[u8], found: &mut Tail) -> bool {
    let trimmed = line.trim_ascii();
    if trimmed.first() != Some(&b'{') {
        return false;
    }
    let Ok(line) = serde_json::from_slice::<Line>(trimmed) else {
        return false;
    };
    let role = match line.kind.as_str() {
        "user" => Role::User,
        "assistant" => Role::Assistant,
        // attachments (our own injected text among them), summaries, system lines, progress.
        _ => return false,
    };
    if line.is_meta == Some(true) || line.is_sidechain == Some(true) {
        return false;
    }
    let Some(content) = line.message.and_then(|m| m.content) else {
        return false;
    };
    let mut texts = Vec::new();
    match content {
        serde_json::Value::String(text) => texts.push(text),
        serde_json::Value::Array(blocks) => {
            for block in blocks {
                match block.get("type").and_then(|t| t.as_str()) {
                    Some("text") => {
                        if let Some(text) = block.get("text").and_then(|t| t.as_str()) {
                            texts.push(text.to_owned());
                        }
                    }
                    Some("tool_use") if role == Role::Assistant => {
                        let name = block.get("name").and_then(|n| n.as_str()).unwrap_or("");
                        found.tool_calls.push(ToolCall {
                            name: name.to_owned(),
                            input: block.get("input").cloned().unwrap_or_default(),
                        });
                    }
                    // A tool result is not the person speaking; thinking is not said.
                    _ => {}
                }
            }
        }
        _ => return false,
    }
    let text = texts.join("\n");
    if text.trim().is_empty() {
        return false;
    }
    found.messages.push(Message { role, text });
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

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
}
