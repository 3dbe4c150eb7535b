//! Claude Code transcripts: JSONL read back from the end in 64 KB blocks.
//!
//! The input is written as a transcript, then again behind a filler that puts a block boundary
//! inside it (blank lines, or spaces that join the first line): both must read the same.
#![no_main]

use learnings::transcript::{self, Conversation, Entry};
use libfuzzer_sys::fuzz_target;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::OnceLock;

const BLOCK: usize = 64 * 1024;

fn dir() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().expect("temp dir")).path()
}

fn entries(path: &Path) -> Vec<Entry> {
    let mut all = Vec::new();
    transcript::scan(path, |entry| {
        all.push(entry);
        ControlFlow::Continue(())
    });
    all
}

fuzz_target!(|data: &[u8]| {
    let plain = dir().join("plain.jsonl");
    std::fs::write(&plain, data).expect("write");
    let all = entries(&plain);

    let tail = transcript::tail(&plain, 3);
    assert!(tail.messages.len() <= 3);
    let _ = tail.touched_paths();
    let _ = transcript::tail(&plain, usize::MAX);
    let prompt = "what did you change?";
    let turn = transcript::turn::turn(&plain, prompt);
    let path = plain.to_str().expect("utf-8 temp path");
    let conversation = Conversation::new(Some(path), Some(prompt), 3);
    assert_eq!(conversation.turn(), &turn);
    assert_eq!(conversation.tail().messages, tail.messages);

    if data.is_empty() {
        return;
    }
    let first = data[0] as usize;
    let last = data[data.len() - 1] as usize;
    let cut = (first * 257 + last) % data.len();
    let fill = if data.len() >= BLOCK { cut } else { BLOCK - data.len() + cut };
    let filler = if first % 2 == 0 { b'\n' } else { b' ' };
    let mut padded = vec![filler; fill];
    if filler == b' ' && fill > 0 {
        // A filler of spaces ends with a newline, so it never joins the input's first line
        // inside a JSON value; the spaces themselves still form a line across the boundary.
        *padded.last_mut().expect("non-empty") = b'\n';
    }
    padded.extend_from_slice(data);
    let shifted = dir().join("padded.jsonl");
    std::fs::write(&shifted, &padded).expect("write");
    assert_eq!(entries(&shifted), all, "a block boundary changed what was read");
});
