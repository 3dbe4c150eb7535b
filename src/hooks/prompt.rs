//! UserPromptSubmit: inject the files of the domains the prompt and the last three messages are
//! about, each file version once per session, within the budget. No match: `{}`.

use super::HookOutput;
use crate::config::Config;
use crate::inject::{self, budget, matcher::Matcher, state::Session};
use crate::transcript::Conversation;
use serde::Deserialize;
use std::path::Path;

/// What UserPromptSubmit sends (the fields used).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct PromptInput {
    /// The Claude Code session.
    #[serde(default)]
    pub session_id: Option<String>,
    /// The session's JSONL transcript.
    #[serde(default)]
    pub transcript_path: Option<String>,
    /// The working directory of the session.
    #[serde(default)]
    pub cwd: Option<String>,
    /// What the person typed.
    #[serde(default)]
    pub prompt: Option<String>,
}

/// The answer for the project at `root`, and the decision for the debug log.
pub fn handle(input: &PromptInput, root: &Path, conversation: &Conversation) -> (HookOutput, String) {
    let Some(session) = input.session_id.as_deref().filter(|s| !s.is_empty()) else {
        return skip("no session id");
    };
    let config = match Config::load(root) {
        Ok(config) => config,
        Err(e) => return skip(&format!("bad config: {e}")),
    };
    if config.inject.domains.is_empty() {
        return skip("no domains");
    }
    let matcher = Matcher::new(&config.inject);
    let matches = inject::match_conversation(&matcher, input.prompt.as_deref(), conversation.tail());
    if matches.is_empty() {
        return skip("no match");
    }
    let session = Session::new(root, session);
    let selection = inject::select(root, &config.inject, matches, Some(&session));
    let names = |s: &inject::Selection| {
        s.matches
            .iter()
            .map(|m| config.inject.domains[m.domain].name.get_ref().trim())
            .collect::<Vec<_>>()
            .join(",")
    };
    if selection.candidates.iter().all(|c| c.seen) {
        return skip(&format!("already injected {}", names(&selection)));
    }
    match inject::inject_once(&selection, &session, budget::HEADER, &[], config.inject.budget()) {
        Ok(done) if !done.text.is_empty() => {
            let decision = format!(
                "INJECT {} {} chars",
                done.domains.join(","),
                done.text.chars().count()
            );
            (context("UserPromptSubmit", done.text), decision)
        }
        Ok(_) => skip(&format!("already injected {}", names(&selection))),
        Err(e) => skip(&format!("state not writable: {e}")),
    }
}

/// `additionalContext` for `event`.
pub fn context(event: &str, text: String) -> HookOutput {
    HookOutput {
        system_message: None,
        hook_specific_output: Some(super::HookSpecificOutput {
            hook_event_name: event.to_owned(),
            additional_context: text,
        }),
    }
}

fn skip(why: &str) -> (HookOutput, String) {
    (HookOutput::default(), format!("SKIP {why}"))
}
