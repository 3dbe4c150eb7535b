//! Capture in the hooks: UserPromptSubmit logs the feedback a prompt gives on the turn it
//! answers, Stop records the completion claim, SessionStart adds the learned context.
//!
//! These run beside injection in the same processes and never change their answers except to
//! add the `<learned-context>` block. Any failure is swallowed: capture is best effort, a hook
//! must answer. Nothing is captured when `[learning] enabled = false`, when
//! `LEARNINGS_CAPTURE=off`, or when the session was switched off (`learn off --session`).

use crate::config::Config;
use crate::feedback::capture::{self, Turn, Window};
use crate::feedback::{Event, analyze, context, discover::Discovery};
use crate::store::Store;
use crate::transcript::{self, Role};
use serde::Deserialize;
use std::path::Path;

/// Messages read back at most to find the turn a prompt answers.
const LOOKBACK: usize = 12;
/// The user text Claude Code leaves when a turn is interrupted.
const INTERRUPTED: &str = "[Request interrupted by user";

/// What Stop sends that capture uses.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct StopCapture {
    /// The Claude Code session.
    #[serde(default)]
    pub session_id: Option<String>,
    /// The completion claim.
    #[serde(default)]
    pub last_assistant_message: Option<String>,
}

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
    transcript_path: Option<&str>,
    prompt: Option<&str>,
    now: &str,
) {
    let (Some(session), Some(prompt)) = (session.filter(|s| !s.is_empty()), prompt) else {
        return;
    };
    let Some((store, _)) = store_for(root, session) else {
        return;
    };
    let turn = transcript_path
        .filter(|p| !p.is_empty())
        .map(|p| turn(Path::new(p), prompt))
        .unwrap_or_default();
    let window: Window = store.session_state(session);
    let (events, window) = capture::on_prompt(now, prompt, &turn, window);
    for event in events {
        let _ = store.feedback().append(&located(event, session, root));
    }
    let _ = store.save_session_state(session, &window);
}

/// Stop: records the completion claim.
pub fn on_stop(root: &Path, input: &StopCapture, now: &str) {
    let Some(session) = input.session_id.as_deref().filter(|s| !s.is_empty()) else {
        return;
    };
    let Some((store, _)) = store_for(root, session) else {
        return;
    };
    let window: Window = store.session_state(session);
    let message = input.last_assistant_message.as_deref().unwrap_or("");
    let (event, window) = capture::on_stop(now, message, None, window);
    if let Some(event) = event {
        let _ = store.feedback().append(&located(event, session, root));
    }
    let _ = store.save_session_state(session, &window);
}

/// SessionStart: the `<learned-context>` block, if anything was learned for this project.
pub fn learned_context(root: &Path) -> Option<String> {
    let config = Config::load(root).ok()?;
    if !config.learning.enabled {
        return None;
    }
    let store = Store::locate(root).ok()?;
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
    context::render(
        &analyze::analyze(&events, None),
        &discoveries,
        config.learning.context_tokens,
    )
}

fn located(mut event: Event, session: &str, root: &Path) -> Event {
    event.session = Some(session.to_owned());
    event.project = Some(root.display().to_string());
    event
}

/// The turn a prompt answers, from the end of the transcript: the assistant's last words, the
/// sub-agent it used, and whether the user interrupted it. The prompt itself may already be the
/// last user line; it is skipped.
pub fn turn(path: &Path, prompt: &str) -> Turn {
    let mut found = Turn::default();
    // Read back one more message at a time until the user's previous prompt: the tool calls
    // seen by then are those of the answered turn.
    for count in 1..=LOOKBACK {
        let tail = transcript::tail(path, count);
        let mut messages = tail.messages.iter().peekable();
        if messages
            .peek()
            .is_some_and(|m| m.role == Role::User && m.text.trim() == prompt.trim())
        {
            messages.next();
        }
        let mut assistant = None;
        let mut interrupted = false;
        let mut reached_user = false;
        for message in messages {
            match message.role {
                Role::User if message.text.trim_start().starts_with(INTERRUPTED) => interrupted = true,
                Role::User => {
                    reached_user = true;
                    break;
                }
                Role::Assistant => {
                    if assistant.is_none() {
                        assistant = Some(message.text.clone());
                    }
                }
            }
        }
        found = Turn {
            assistant,
            agent: tail
                .tool_calls
                .iter()
                .filter(|c| c.name == "Task" || c.name == "Agent")
                .find_map(|c| c.input.get("subagent_type")?.as_str().map(str::to_owned)),
            interrupted,
            denied: Vec::new(),
        };
        if reached_user || tail.messages.len() < count {
            break;
        }
    }
    found
}
