//! The parse of a command, held to a deadline by the hook itself.
//!
//! brush-parser cannot be interrupted, and some valid bash makes it backtrack for minutes
//! (`${e[${e[…]}]}` six deep: ten seconds; seven: six minutes). Claude Code kills a PreToolUse
//! hook after 10 s and then runs the command, so a slow parse would be a way past every block
//! rule. The parse, with the scripts nested in the command, runs on a thread of its own; the hook
//! waits for it until the deadline, and past it reads the command loosely (see
//! [`super::loose`]). Nothing ever joins that thread: the hook answers and the process exits,
//! which ends the thread wherever it is.

use super::shell::{self, Simple};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long the parse of one Bash command may take, nested scripts included. A command as agents
/// write it parses in well under a millisecond and an 8 KB script in about 7 ms, so a parse
/// still running after a second is one of brush-parser's slow paths, not a big command. One
/// second leaves the hook nine of Claude Code's ten for the loose reading, a loaded machine and
/// the process's start, and a user waits that second only for such a command.
pub const DEADLINE: Duration = Duration::from_secs(1);

/// brush-parser recurses once per level of nesting; the thread gets a stack deep enough for the
/// nesting the guards let through (the main thread's is 8 MiB; a spawned thread's 2 MiB).
const STACK: usize = 64 * 1024 * 1024;

/// What became of the parse of a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// Every simple command, those of the scripts nested in them after the `top` first.
    Parsed {
        /// The commands of the text, then those of its nested scripts.
        commands: Vec<Simple>,
        /// How many of `commands` are the text's own.
        top: usize,
        /// Whether every nested script was parsed too (`Some(Unread::Nested)` if not).
        unread: Option<Unread>,
    },
    /// The command could not be parsed.
    Unread(Unread),
}

/// Why a command could not be read in full.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unread {
    /// The parser gave up: syntax it does not know (`select`), a guard against one of its known
    /// failures (too deep, a number too big), or a panic.
    GaveUp,
    /// A script nested in it (`$(…)`, `sh -c '…'`) could not be parsed, or is nested too deep.
    Nested,
    /// The parse was still running at the deadline.
    TimedOut,
}

impl Unread {
    /// Why, in words: "the command could not be read in full (…)".
    pub fn why(self) -> String {
        match self {
            Unread::GaveUp => "the shell parser gave up on it".into(),
            Unread::Nested => "a script nested in it could not be parsed".into(),
            Unread::TimedOut => format!("its parse ran past the {} ms deadline", DEADLINE.as_millis()),
        }
    }
}

/// The parse of `text` and of its nested scripts, or why there is none by `deadline`.
pub fn read(text: &str, deadline: Instant) -> Reading {
    if Instant::now() >= deadline {
        return Reading::Unread(Unread::TimedOut);
    }
    quiet_panics();
    let (send, receive) = mpsc::channel();
    let owned = text.to_owned();
    let spawned = std::thread::Builder::new()
        .name(THREAD.into())
        .stack_size(STACK)
        .spawn(move || {
            // The hook may have given up waiting: nobody to tell then.
            let _ = send.send(read_now(&owned));
        });
    // The handle is dropped, never joined: a parse past the deadline runs on until the process
    // exits.
    if spawned.is_err() {
        return Reading::Unread(Unread::GaveUp);
    }
    match receive.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        Ok(reading) => reading,
        Err(mpsc::RecvTimeoutError::Timeout) => Reading::Unread(Unread::TimedOut),
        // The thread ended without an answer: a panic outside the parser's own guard.
        Err(mpsc::RecvTimeoutError::Disconnected) => Reading::Unread(Unread::GaveUp),
    }
}

/// The name of the parse's thread.
const THREAD: &str = "parse";

/// Silences the panic hook on the parse's thread, once per process. brush-parser's panics are
/// caught there (a command that does not parse), so the default hook's message would only be
/// noise on the hook's stderr; with `RUST_BACKTRACE` set it also captured a backtrace, half a
/// second per panic. Panics elsewhere still reach the hook that was there before.
fn quiet_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current().name() != Some(THREAD) {
                before(info);
            }
        }));
    });
}

/// The parse on this thread, without a deadline.
fn read_now(text: &str) -> Reading {
    let Some(top) = shell::parse(text) else {
        return Reading::Unread(Unread::GaveUp);
    };
    let count = top.len();
    let nested = shell::with_nested(top);
    Reading::Parsed {
        commands: nested.commands,
        top: count,
        unread: (!nested.complete).then_some(Unread::Nested),
    }
}
