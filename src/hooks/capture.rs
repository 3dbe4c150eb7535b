//! Capture in the hooks: UserPromptSubmit logs the feedback a prompt gives on the turn it
//! answers, Stop records the completion claim, SessionStart adds the learned context.
//!
//! These run beside injection in the same processes and never change their answers except to
//! add the `<learned-context>` block. Any failure is swallowed: capture is best effort, a hook
//! must answer. Nothing is captured when `[learning] enabled = false`, when
//! `LEARNINGS_CAPTURE=off`, or when the session was switched off (`learn off --session`).

use super::StopInput;
use crate::capture::turns::{self, Window};
use crate::capture::{Event, analyze, context, discover::Discovery};
use crate::config::Config;
use crate::store::Store;
use crate::transcript::Conversation;
use crate::transcript::turn::Turn;
use std::path::Path;

/// How long a hook waits for the log's lock: appends hold it for microseconds, so a longer wait
/// means a lock left by a process that died, which is broken after ten seconds anyway.
const HOOK_LOCK_WAIT: std::time::Duration = std::time::Duration::from_millis(200);

/// The configuration when capture may run: a `[learning]` with a problem (say `enabled = flase`)
/// turns capture off rather than on, since what is captured is private; SessionStart says why.
fn learning_config(root: &Path) -> Option<Config> {
    let loaded = Config::read(root).ok()?;
    if loaded
        .problems
        .iter()
        .any(|p| p.section == "learning" || p.section == "syntax")
    {
        return None;
    }
    Some(loaded.config)
}

/// The store of `root` when capture is on for `session`.
fn store_for(root: &Path, session: &str) -> Option<(Store, Config)> {
    if crate::store::capture_env_off(std::env::var_os(crate::store::CAPTURE_ENV).as_deref()) {
        return None;
    }
    let config = learning_config(root)?;
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
    if is_notification(prompt) {
        return;
    }
    let root = &crate::store::project_of(root);
    let Some((store, _)) = store_for(root, session) else {
        return;
    };
    record_prompt(&store, root, session, conversation.turn(), prompt, now);
}

/// A prompt the client wrote, not the person: Claude Code hands a background sub-agent's result
/// back as a `<task-notification>` prompt (measured in Claude Code 2.1.330). Its words are the
/// sub-agent's, so a "no, that's wrong" in them is no correction of the user's.
fn is_notification(prompt: &str) -> bool {
    prompt.trim_start().starts_with("<task-notification>")
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
    let (events, mut window) = turns::on_prompt(now, prompt, turn, window);
    window.project = root.display().to_string();
    let mut logged = Vec::new();
    for event in events {
        let event = located(event, session, root);
        // An unsure capture waits in the review queue; analysis reads only what was decided.
        // The same prompt sent again waits once: the user decides it once.
        let queued = match event.unsure {
            true => store.review().with_lock_wait(HOOK_LOCK_WAIT).append_unless(
                &event,
                |q: &Event| same_prompt(&q.text, &event.text),
                crate::capture::review::PENDING,
            ),
            false => store
                .feedback()
                .with_lock_wait(HOOK_LOCK_WAIT)
                .append(&event)
                .map(|()| true),
        };
        if queued.unwrap_or(false) {
            logged.push(event);
        }
    }
    let _ = store.save_session_state(session, &window);
    logged
}

/// Whether a queued prompt (stored redacted) is `prompt` again: the same words, whatever the
/// case and spacing.
fn same_prompt(queued: &str, prompt: &str) -> bool {
    let words = |t: &str| t.split_whitespace().map(str::to_lowercase).collect::<Vec<_>>();
    words(queued) == words(&crate::store::redact::text(prompt))
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
    let (event, mut window) = turns::on_stop(now, message, None, window);
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
/// most `room` characters, from the project's newest events ([`context::EVENTS`]). Also
/// prunes the session windows that have expired.
pub fn learned_context(root: &Path, session: Option<&str>, now: &str, room: usize) -> Option<String> {
    let root = &crate::store::project_of(root);
    let config = learning_config(root)?;
    if !config.learning.enabled {
        return None;
    }
    let store = Store::locate(root).ok()?;
    let idle = std::time::Duration::from_secs(60 * turns::EXPIRY_MINUTES.unsigned_abs());
    store.prune_sessions(idle, session);
    let events = context::newest_events(&store.feedback().lines().ok()?, &root.display().to_string());
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
