//! The conversation before a prompt, read once for the prompt hook's two readers.

use super::Tail;
use super::turn::{Turn, TurnReader};
use std::cell::OnceCell;
use std::ops::ControlFlow;
use std::path::PathBuf;

/// The end of the transcript as the prompt hook's two readers need it, read in one backwards
/// pass on first use: the last messages for injection, the answered turn for capture. A long
/// agentic turn is megabytes of tool output; it is read once, not once per reader. (With
/// capture off the pass still reads to the turn's start, at most 400 entries: the price of not
/// reading twice when it is on.)
#[derive(Debug)]
pub struct Conversation {
    path: Option<PathBuf>,
    prompt: String,
    recent: usize,
    read: OnceCell<(Tail, Turn)>,
}

impl Conversation {
    /// The conversation of the transcript at `path` (none: an empty one) before `prompt`, with
    /// its last `recent` messages.
    pub fn new(path: Option<&str>, prompt: Option<&str>, recent: usize) -> Conversation {
        Conversation {
            path: path.filter(|p| !p.is_empty()).map(PathBuf::from),
            prompt: prompt.unwrap_or("").to_owned(),
            recent,
            read: OnceCell::new(),
        }
    }

    /// The last `recent` messages and the tool calls among them.
    pub fn tail(&self) -> &Tail {
        &self.read().0
    }

    /// The turn the prompt answers.
    pub fn turn(&self) -> &Turn {
        &self.read().1
    }

    fn read(&self) -> &(Tail, Turn) {
        self.read.get_or_init(|| {
            let mut tail = Tail::default();
            let mut turn = TurnReader::new(&self.prompt);
            if let Some(path) = &self.path {
                let mut turn_open = true;
                super::scan(path, |entry| {
                    if turn_open {
                        turn_open = turn.visit(&entry).is_continue();
                    }
                    let tail_open = tail.messages.len() < self.recent;
                    if tail_open {
                        tail.push(entry);
                    }
                    if turn_open || tail.messages.len() < self.recent {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                });
            }
            (tail, turn.finish())
        })
    }
}
