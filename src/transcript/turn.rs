//! The turn a prompt answers, read back from the transcript: the assistant's last words, the
//! sub-agent it used, whether the user interrupted it, and the tool calls the user declined.

use super::{Entry, Role, ToolCall};
use std::ops::ControlFlow;
use std::path::Path;

/// Transcript entries read back at most to find the turn a prompt answers: a long agentic turn
/// is hundreds of tool calls, and its last words and the sub-agent are near its end.
const LOOKBACK_ENTRIES: usize = 400;
/// Characters of a declined call's command or path kept in its rejection event.
const DENIED_CHARS: usize = 80;

/// What the transcript says about the turn a prompt answers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Turn {
    /// The last assistant message, if the prompt answers one.
    pub assistant: Option<String>,
    /// The sub-agent used in that turn.
    pub agent: Option<String>,
    /// The turn was interrupted by the user.
    pub interrupted: bool,
    /// Tool calls the user declined in that turn: the tool, and the command or path it was
    /// asked to act on.
    pub denied: Vec<String>,
}

/// The turn a prompt answers, read back from the end of the transcript in one pass until the
/// user's previous prompt: the assistant's last words, the sub-agent it used, whether the user
/// interrupted it, and the tool calls they declined. The prompt itself may already be the last
/// user line; it is skipped.
pub fn turn(path: &Path, prompt: &str) -> Turn {
    let mut reader = TurnReader::new(prompt);
    super::scan(path, |entry| reader.visit(&entry));
    reader.finish()
}

/// [`turn`] one entry at a time, for a scan that also serves another reader.
#[derive(Debug)]
pub struct TurnReader {
    prompt: String,
    found: Turn,
    entries: usize,
    // Results come after their calls, so reading back a declined id is met before its call.
    declined: Vec<(String, bool)>,
}

impl TurnReader {
    /// A reader of the turn that `prompt` answers.
    pub fn new(prompt: &str) -> TurnReader {
        TurnReader {
            prompt: prompt.trim().to_owned(),
            found: Turn::default(),
            entries: 0,
            declined: Vec::new(),
        }
    }

    /// Takes the next entry back; breaks once the turn is read.
    pub fn visit(&mut self, entry: &Entry) -> ControlFlow<()> {
        let is_first = self.entries == 0;
        let found = &mut self.found;
        match entry {
            Entry::Message(message) if message.role == Role::User => {
                if !(is_first && message.text.trim() == self.prompt) {
                    return ControlFlow::Break(());
                }
            }
            Entry::Message(message) => {
                found.assistant.get_or_insert_with(|| message.text.clone());
            }
            Entry::Interrupted => found.interrupted = true,
            Entry::Compacted => {}
            Entry::Denied { tool_use_id, stamped } => {
                self.declined.push((tool_use_id.clone(), *stamped));
            }
            Entry::ToolCall(call) => {
                if let Some(at) = self.declined.iter().position(|(id, _)| *id == call.id) {
                    let (_, stamped) = self.declined.remove(at);
                    // An unstamped refusal is recognised by its text, which an MCP tool could
                    // also write: it is believed only for the built-in tools.
                    if stamped || !call.name.starts_with("mcp__") {
                        found.denied.push(described(call));
                    }
                }
                if found.agent.is_none() && matches!(call.name.as_str(), "Task" | "Agent") {
                    found.agent = call
                        .input
                        .get("subagent_type")
                        .and_then(|t| t.as_str())
                        .map(str::to_owned);
                }
            }
        }
        self.entries += 1;
        if self.entries >= LOOKBACK_ENTRIES {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// The turn as read.
    pub fn finish(mut self) -> Turn {
        self.found.denied.reverse();
        self.found
    }
}

/// A declined call as the rejection event tells it: the tool and what it was asked to act on.
fn described(call: &ToolCall) -> String {
    let subject = ["command", "file_path", "notebook_path", "path", "url", "pattern"]
        .iter()
        .find_map(|k| call.input.get(*k)?.as_str());
    match subject {
        Some(subject) => format!(
            "{} `{}`",
            call.name,
            crate::base::words::cut(subject.trim(), DENIED_CHARS)
        ),
        None => call.name.clone(),
    }
}

#[cfg(test)]
mod tests;
