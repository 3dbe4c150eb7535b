//! What the hooks capture, as pure functions: the events of one prompt, given what the
//! transcript says about the turn it answers, and the per-session window they need.
//!
//! The hooks (UserPromptSubmit, Stop) read their input and the transcript, call these, and
//! append the events to the store; nothing here does I/O. The window is small and holds content
//! words, not prompts: enough to tell a new topic from a follow-up.

use super::event::{Event, Kind};
use crate::base::words::cut;
use crate::policy::overlap;
use crate::transcript::turn::Turn;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Prompts kept in a session's window.
pub const WINDOW: usize = 10;
/// A window idle this long (minutes) starts afresh.
pub const EXPIRY_MINUTES: i64 = 30;
/// Below this content-word overlap with the previous prompt, a prompt is a new topic.
pub const NEW_TOPIC: f64 = 0.2;
/// Confidence of a cancellation: an interruption may also be impatience, not a failure.
pub const CANCELLATION_CONFIDENCE: f64 = 0.6;
/// Confidence of a success inferred from a change of topic.
pub const TOPIC_SUCCESS_CONFIDENCE: f64 = 0.6;

/// The rolling state of one session.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Window {
    /// When the session was last active.
    #[serde(default)]
    pub last: String,
    /// Content words of the most recent prompts, oldest first.
    #[serde(default)]
    pub prompts: Vec<BTreeSet<String>>,
    /// The assistant claimed completion (Stop) since the last prompt.
    #[serde(default)]
    pub completed: bool,
    /// The project of the session, so that forgetting a project forgets its windows.
    #[serde(default)]
    pub project: String,
    /// The assistant's last words at Stop (cut, redacted), until the next prompt: the answer a
    /// prompt reacts to, for the clients whose transcript is not Claude Code's (Codex, Gemini
    /// CLI and opencode say it at Stop). A transcript that has it wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
}

impl Window {
    /// The window as of `at`: emptied when it expired.
    pub fn at(self, at: &str) -> Window {
        let minutes = chrono::DateTime::parse_from_rfc3339(at)
            .ok()
            .zip(chrono::DateTime::parse_from_rfc3339(&self.last).ok())
            .map(|(now, last)| (now - last).num_minutes());
        match minutes {
            Some(m) if m <= EXPIRY_MINUTES => self,
            _ => Window::default(),
        }
    }
}

/// The events of a prompt, and the window after it.
pub fn on_prompt(at: &str, prompt: &str, turn: &Turn, window: Window) -> (Vec<Event>, Window) {
    let mut window = window.at(at);
    let said_at_stop;
    let turn = match window.answer.take() {
        Some(answer) if turn.assistant.is_none() => {
            said_at_stop = Turn {
                assistant: Some(answer),
                ..turn.clone()
            };
            &said_at_stop
        }
        _ => turn,
    };
    let mut events = Vec::new();
    let with_agent = |mut e: Event| {
        e.agent = turn.agent.clone();
        e
    };
    if turn.interrupted {
        events.push(with_agent(Event::new(
            at,
            Kind::Cancellation,
            CANCELLATION_CONFIDENCE,
            "[interrupted by the user]",
        )));
    }
    for tool in &turn.denied {
        events.push(with_agent(Event::new(
            at,
            Kind::Rejection,
            0.9,
            &format!("denied tool call: {tool}"),
        )));
    }
    // Redacted first: split into words, a password in a URL would no longer look like one.
    let words = overlap::content_words(&super::strip::prose(&crate::store::redact::text(prompt)));
    // Feedback the classifier is unsure of waits for the user's review; it is no success either.
    match Event::of_prompt(at, prompt, turn.assistant.as_deref()) {
        Some(event) => events.push(with_agent(event)),
        // A turn the user stopped or refused part of did not succeed, whatever comes next.
        None if window.completed
            && turn.assistant.is_some()
            && !turn.interrupted
            && turn.denied.is_empty() =>
        {
            let previous = window.prompts.last().cloned().unwrap_or_default();
            if !previous.is_empty() && super::cluster::jaccard(&previous, &words) < NEW_TOPIC {
                let mut success = with_agent(Event::new(
                    at,
                    Kind::Success,
                    TOPIC_SUCCESS_CONFIDENCE,
                    "new topic after a completion",
                ));
                success.answered = turn
                    .assistant
                    .as_deref()
                    .map(|a| cut(a, super::event::ANSWER_CHARS));
                events.push(success);
            }
        }
        None => {}
    }
    window.prompts.push(words);
    if window.prompts.len() > WINDOW {
        window.prompts.remove(0);
    }
    window.last = at.to_owned();
    window.completed = false;
    (events, window)
}

/// The completion claim of a Stop, and the window after it.
pub fn on_stop(
    at: &str,
    last_assistant_message: &str,
    agent: Option<&str>,
    window: Window,
) -> (Option<Event>, Window) {
    let mut window = window.at(at);
    window.last = at.to_owned();
    let text = last_assistant_message.trim();
    if text.is_empty() {
        return (None, window);
    }
    window.completed = true;
    let kept = cut(text, super::event::ANSWER_CHARS);
    window.answer = Some(crate::store::redact::text(&kept).into_owned());
    let mut event = Event::new(at, Kind::Completion, 1.0, &kept);
    event.agent = agent.map(str::to_owned);
    (Some(event), window)
}

#[cfg(test)]
mod tests;
