//! Claude Code's JSONL transcript, read from the end: the last conversation messages, without
//! tool noise or our own injected text.
//!
//! Transcripts reach hundreds of megabytes and hooks run on every prompt, so the file is read
//! backwards in blocks and reading stops as soon as enough messages are found (or after
//! [`SCAN_CAP`] bytes, so a transcript made only of tool output cannot stall a hook). There is no
//! official format: only the stable parts are used (`type`, `isMeta`, `isSidechain`,
//! `message.content` as a string or blocks), and a line that does not parse, such as a last line
//! still being written, is skipped.

pub use compacted::before_compaction;
use raw::{only_tool_output, result_text, without_reminders};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::io::{Read, Seek, SeekFrom};
use std::ops::ControlFlow;
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
    /// Its `tool_use` id, which its result names.
    pub id: String,
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
    /// Adds what a scan met: messages and tool calls (markers are neither).
    pub fn push(&mut self, entry: Entry) {
        match entry {
            Entry::Message(message) => self.messages.push(message),
            Entry::ToolCall(call) => self.tool_calls.push(call),
            Entry::Interrupted | Entry::Denied { .. } | Entry::Compacted => {}
        }
    }

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

/// One thing the transcript says, as met reading back from the end.
#[derive(Debug, Clone, PartialEq)]
pub enum Entry {
    /// Words of the person or the model.
    Message(Message),
    /// A tool call of the model.
    ToolCall(ToolCall),
    /// The person interrupted the turn: Claude Code's `[Request interrupted by user…]` marker.
    Interrupted,
    /// The person declined a tool call at the permission prompt.
    Denied {
        /// The declined call's `tool_use_id`.
        tool_use_id: String,
        /// Claude Code stamped the line as the person's refusal. When false the refusal was
        /// recognised by its text only, which a tool (an MCP server) could also write.
        stamped: bool,
    },
    /// A compaction: what came before was replaced by a summary (`compact_boundary`).
    Compacted,
}

/// The user text Claude Code leaves when a turn is interrupted.
pub const INTERRUPTED: &str = "[Request interrupted by user";
/// The text of a tool result the person declined, in transcripts without `toolDenialKind`.
const DECLINED: &str = "The user doesn't want to proceed with this tool use";

#[derive(Deserialize)]
struct Line<'a> {
    #[serde(rename = "type", default, borrow)]
    kind: Cow<'a, str>,
    /// A system line's kind (`compact_boundary`).
    #[serde(default, borrow)]
    subtype: Option<Cow<'a, str>>,
    #[serde(rename = "isMeta", default)]
    is_meta: Option<bool>,
    #[serde(rename = "isSidechain", default)]
    is_sidechain: Option<bool>,
    #[serde(default, borrow)]
    message: Option<Inner<'a>>,
    /// Why a tool call did not run (Claude Code 2.1.3xx): `user-rejected`, `permission-rule`,
    /// `interrupted`, `cancelled`, … Older transcripts lack it.
    #[serde(rename = "toolDenialKind", default)]
    tool_denial_kind: Option<String>,
    /// Who refused it; `source: "user_reject"` is the person, also when an SDK host asked them.
    #[serde(rename = "permissionDecision", default)]
    permission_decision: Option<Decision>,
}

/// The content stays unparsed until the line is known to be a message: most of a long turn's
/// bytes are tool output, which is skipped, never copied.
#[derive(Deserialize)]
struct Inner<'a> {
    #[serde(default, borrow)]
    content: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct Block<'a> {
    #[serde(rename = "type", default, borrow)]
    kind: Cow<'a, str>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    input: Option<serde_json::Value>,
    #[serde(default)]
    tool_use_id: Option<String>,
    #[serde(default)]
    is_error: Option<bool>,
    /// A tool result's output: read only when it may be a refusal.
    #[serde(default, borrow)]
    content: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct Decision {
    #[serde(default)]
    source: Option<String>,
}

/// The last `count` messages of the transcript at `path`, and the tool calls seen on the way.
/// Interruption markers are not messages. A missing or unreadable file gives an empty tail.
pub fn tail(path: &Path, count: usize) -> Tail {
    let mut found = Tail::default();
    if count == 0 {
        return found;
    }
    scan(path, |entry| {
        found.push(entry);
        if found.messages.len() >= count {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    found
}

/// Reads the transcript at `path` back from the end, one [`Entry`] at a time, until `visit`
/// breaks, the start of the file, or [`SCAN_CAP`] bytes. A missing or unreadable file has no
/// entries.
pub fn scan(path: &Path, mut visit: impl FnMut(Entry) -> ControlFlow<()>) {
    // A FIFO or a device named as the transcript would hang the hook or never end.
    let Ok(mut file) = crate::base::fs::open_regular(path) else {
        return;
    };
    let Ok(len) = file.seek(SeekFrom::End(0)) else {
        return;
    };
    let floor = len.saturating_sub(SCAN_CAP);
    let mut end = len;
    let mut block = Vec::new();
    // The end of a line whose start is further back: its pieces, last piece first.
    let mut partial: Vec<Vec<u8>> = Vec::new();
    let mut partial_len = 0;
    let mut oversized = false;
    let mut joined = Vec::new();
    while end > floor {
        let start = end.saturating_sub(BLOCK).max(floor);
        block.resize((end - start) as usize, 0);
        if file.seek(SeekFrom::Start(start)).is_err() || file.read_exact(&mut block).is_err() {
            return;
        }
        end = start;
        let mut rest = block.as_slice();
        while let Some(newline) = memchr::memrchr(b'\n', rest) {
            if !oversized {
                let head = &rest[newline + 1..];
                let line = if partial.is_empty() {
                    head
                } else {
                    join(&mut joined, head, &partial, partial_len);
                    joined.as_slice()
                };
                if read_line(line, &mut visit).is_break() {
                    return;
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
        join(&mut joined, &[], &partial, partial_len);
        let _ = read_line(&joined, &mut visit);
    }
}

/// `line` becomes `head` followed by the pieces of `tail`, which are stored last piece first.
fn join(line: &mut Vec<u8>, head: &[u8], tail: &[Vec<u8>], tail_len: usize) {
    line.clear();
    line.reserve(head.len() + tail_len);
    line.extend_from_slice(head);
    for piece in tail.iter().rev() {
        line.extend_from_slice(piece);
    }
}

/// Visits what one line says, its later blocks first.
fn read_line(line: &[u8], visit: &mut impl FnMut(Entry) -> ControlFlow<()>) -> ControlFlow<()> {
    let trimmed = line.trim_ascii();
    if trimmed.first() != Some(&b'{') || only_tool_output(trimmed) {
        return ControlFlow::Continue(());
    }
    let Ok(line) = serde_json::from_slice::<Line>(trimmed) else {
        return ControlFlow::Continue(());
    };
    let role = match line.kind.as_ref() {
        "user" => Role::User,
        "assistant" => Role::Assistant,
        "system" if line.subtype.as_deref() == Some("compact_boundary") => return visit(Entry::Compacted),
        // attachments (our own injected text among them), summaries, system lines, progress.
        _ => return ControlFlow::Continue(()),
    };
    if line.is_meta == Some(true) || line.is_sidechain == Some(true) {
        return ControlFlow::Continue(());
    }
    let refusal = Refusal::of(&line);
    let Some(content) = line.message.and_then(|m| m.content) else {
        return ControlFlow::Continue(());
    };
    let mut texts = Vec::new();
    let mut entries = Vec::new();
    match content.get().as_bytes().first() {
        Some(b'"') => match serde_json::from_str::<String>(content.get()) {
            Ok(text) => texts.push(text),
            Err(_) => return ControlFlow::Continue(()),
        },
        Some(b'[') => {
            let Ok(blocks) = serde_json::from_str::<Vec<Block>>(content.get()) else {
                return ControlFlow::Continue(());
            };
            for block in blocks {
                match block.kind.as_ref() {
                    "text" => texts.extend(block.text),
                    "tool_use" if role == Role::Assistant => {
                        entries.push(Entry::ToolCall(ToolCall {
                            id: block.id.unwrap_or_default(),
                            name: block.name.unwrap_or_default(),
                            input: block.input.unwrap_or_default(),
                        }));
                    }
                    // A tool result is not the person speaking, but it says when they declined.
                    "tool_result" if role == Role::User => {
                        if let Some(stamped) = refusal.declined(&block) {
                            entries.push(Entry::Denied {
                                tool_use_id: block.tool_use_id.unwrap_or_default(),
                                stamped,
                            });
                        }
                    }
                    // Thinking is not said.
                    _ => {}
                }
            }
        }
        _ => return ControlFlow::Continue(()),
    }
    let text = without_reminders(&texts.join("\n"));
    if role == Role::User && text.trim_start().starts_with(INTERRUPTED) {
        entries.push(Entry::Interrupted);
    } else if !text.trim().is_empty() {
        entries.insert(0, Entry::Message(Message { role, text }));
    }
    for entry in entries.into_iter().rev() {
        visit(entry)?;
    }
    ControlFlow::Continue(())
}

/// What a line's stamps say about the refusal of its tool results.
enum Refusal {
    /// Claude Code stamped the person's refusal.
    ByThePerson,
    /// Stamped as something else: a rule, a hook (our own blocks), an abort.
    Other,
    /// No stamp: an older transcript.
    Unstamped,
}

impl Refusal {
    fn of(line: &Line) -> Refusal {
        let source = line
            .permission_decision
            .as_ref()
            .and_then(|d| d.source.as_deref());
        match (line.tool_denial_kind.as_deref(), source) {
            (_, Some("user_reject")) | (Some("user-rejected"), _) => Refusal::ByThePerson,
            (Some(_), _) => Refusal::Other,
            (None, _) => Refusal::Unstamped,
        }
    }

    /// `Some(stamped)` when the tool result `block` is a call the person declined.
    fn declined(&self, block: &Block) -> Option<bool> {
        match self {
            Refusal::ByThePerson => Some(true),
            Refusal::Other => None,
            Refusal::Unstamped => (block.is_error == Some(true)
                && block.content.is_some_and(|c| result_text(c).contains(DECLINED)))
            .then_some(false),
        }
    }
}

mod compacted;
mod conversation;
mod raw;
pub mod turn;

pub use conversation::Conversation;
#[cfg(test)]
mod tests;
