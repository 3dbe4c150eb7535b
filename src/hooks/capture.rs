//! Capture in the hooks: UserPromptSubmit logs the feedback a prompt gives on the turn it
//! answers, Stop records the completion claim, SessionStart adds the learned context.
//!
//! These run beside injection in the same processes and never change their answers except to
//! add the `<learned-context>` block. Any failure is swallowed: capture is best effort, a hook
//! must answer. Nothing is captured when `[learning] enabled = false`, when
//! `LEARNINGS_CAPTURE=off`, or when the session was switched off (`learn off --session`).

use super::StopInput;
use super::prompt::Conversation;
use crate::config::Config;
use crate::feedback::capture::{self, Turn, Window};
use crate::feedback::event::shorten;
use crate::feedback::{Event, analyze, context, discover::Discovery};
use crate::store::Store;
use crate::transcript::{self, Entry, Role};
use std::ops::ControlFlow;
use std::path::Path;

/// Transcript entries read back at most to find the turn a prompt answers: a long agentic turn
/// is hundreds of tool calls, and its last words and the sub-agent are near its end.
const LOOKBACK_ENTRIES: usize = 400;
/// How long a hook waits for the log's lock: appends hold it for microseconds, so a longer wait
/// means a lock left by a process that died, which is broken after ten seconds anyway.
const HOOK_LOCK_WAIT: std::time::Duration = std::time::Duration::from_millis(200);
/// Characters of a declined call's command or path kept in its rejection event.
const DENIED_CHARS: usize = 80;

/// The store of `root` when capture is on for `session`.
fn store_for(root: &Path, session: &str) -> Option<(Store, Config)> {
    if crate::store::capture_env_off(std::env::var_os(crate::store::CAPTURE_ENV).as_deref()) {
        return None;
    }
    let config = Config::load(root).ok()?;
    if !config.learning.enabled {
        return None;
    }
    let store = Store::locate(root).ok()?;
    (!store.session_off(session)).then_some((store, config))
}

/// UserPromptSubmit: logs what the prompt says about the turn it answers.
pub fn on_prompt(
    root: &Path,
    session: Option<&str>,
    conversation: &Conversation,
    prompt: Option<&str>,
    now: &str,
) {
    let (Some(session), Some(prompt)) = (session.filter(|s| !s.is_empty()), prompt) else {
        return;
    };
    let root = &crate::store::project_of(root);
    let Some((store, _)) = store_for(root, session) else {
        return;
    };
    record_prompt(&store, root, session, conversation.turn(), prompt, now);
}

/// Logs into `store` what `prompt` says about `turn`, the turn it answers, and moves the
/// session's window on; returns the events logged. The switches are the caller's to check.
pub fn record_prompt(
    store: &Store,
    root: &Path,
    session: &str,
    turn: &Turn,
    prompt: &str,
    now: &str,
) -> Vec<Event> {
    let window: Window = store.session_state(session);
    let (events, mut window) = capture::on_prompt(now, prompt, turn, window);
    window.project = root.display().to_string();
    let mut logged = Vec::new();
    for event in events {
        let event = located(event, session, root);
        if store
            .feedback()
            .with_lock_wait(HOOK_LOCK_WAIT)
            .append(&event)
            .is_ok()
        {
            logged.push(event);
        }
    }
    let _ = store.save_session_state(session, &window);
    logged
}

/// Stop: records the completion claim.
pub fn on_stop(root: &Path, input: &StopInput, now: &str) {
    let Some(session) = input.session_id.as_deref().filter(|s| !s.is_empty()) else {
        return;
    };
    let root = &crate::store::project_of(root);
    let Some((store, _)) = store_for(root, session) else {
        return;
    };
    let message = input.last_assistant_message.as_deref().unwrap_or("");
    record_stop(&store, root, session, message, now);
}

/// Logs into `store` the completion claim of a Stop; returns the event logged.
pub fn record_stop(store: &Store, root: &Path, session: &str, message: &str, now: &str) -> Option<Event> {
    let window: Window = store.session_state(session);
    let (event, mut window) = capture::on_stop(now, message, None, window);
    window.project = root.display().to_string();
    let _ = store.save_session_state(session, &window);
    let event = located(event?, session, root);
    store
        .feedback()
        .with_lock_wait(HOOK_LOCK_WAIT)
        .append(&event)
        .ok()
        .map(|_| event)
}

/// SessionStart: the `<learned-context>` block, if anything was learned for this project, as
/// of `now` (decay is measured from the session's start, not from the newest event), in at
/// most `room` characters. Also prunes the session windows that have expired.
pub fn learned_context(root: &Path, session: Option<&str>, now: &str, room: usize) -> Option<String> {
    let root = &crate::store::project_of(root);
    let config = Config::load(root).ok()?;
    if !config.learning.enabled {
        return None;
    }
    let store = Store::locate(root).ok()?;
    let idle = std::time::Duration::from_secs(60 * capture::EXPIRY_MINUTES.unsigned_abs());
    store.prune_sessions(idle, session);
    let here = root.display().to_string();
    let events: Vec<Event> = store
        .feedback()
        .records::<Event>()
        .ok()?
        .0
        .into_iter()
        .filter(|e| e.project.as_deref().is_none_or(|p| p == here))
        .collect();
    let mut discoveries = store.discoveries(false).records::<Discovery>().ok()?.0;
    discoveries.extend(store.discoveries(true).records::<Discovery>().ok()?.0);
    context::render_within(
        &analyze::analyze(&events, Some(now)),
        &discoveries,
        config.learning.context_tokens,
        room,
    )
}

fn located(mut event: Event, session: &str, root: &Path) -> Event {
    event.session = Some(session.to_owned());
    event.project = Some(root.display().to_string());
    event
}

/// The turn a prompt answers, read back from the end of the transcript in one pass until the
/// user's previous prompt: the assistant's last words, the sub-agent it used, whether the user
/// interrupted it, and the tool calls they declined. The prompt itself may already be the last
/// user line; it is skipped.
pub fn turn(path: &Path, prompt: &str) -> Turn {
    let mut reader = TurnReader::new(prompt);
    transcript::scan(path, |entry| reader.visit(&entry));
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
fn described(call: &transcript::ToolCall) -> String {
    let subject = ["command", "file_path", "notebook_path", "path", "url", "pattern"]
        .iter()
        .find_map(|k| call.input.get(*k)?.as_str());
    match subject {
        Some(subject) => format!("{} `{}`", call.name, shorten(subject.trim(), DENIED_CHARS)),
        None => call.name.clone(),
    }
}

#[cfg(test)]
mod tests;
