//! UserPromptSubmit: inject the files of the domains the prompt and the last three messages are
//! about, each file version once per session, within the budget. No match: `{}`.

use super::protocol::{self, Env, context};
use super::{HookOutput, capture, debug};
use crate::config::Config;
use crate::inject::{self, budget, matcher::Matcher};
use crate::store::claims::Session;
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

/// Answers UserPromptSubmit: injection first, then capture of what the prompt says about the
/// turn it answers, from one read of the transcript.
pub fn respond(input: Option<&[u8]>, env: &Env, cwd: &Path) -> HookOutput {
    let Some(input) = input.and_then(protocol::parse::<PromptInput>) else {
        debug::malformed(env, cwd, "prompt");
        return HookOutput::default();
    };
    let root = env.root(input.cwd.as_deref(), cwd);
    let conversation = Conversation::new(
        input.transcript_path.as_deref(),
        input.prompt.as_deref(),
        inject::RECENT_MESSAGES,
    );
    let (answer, decision) = if env.takes_context {
        handle(&input, &root, &conversation)
    } else {
        skip("this client's prompt hook cannot add context")
    };
    capture::on_prompt(
        &root,
        input.session_id.as_deref(),
        &conversation,
        input.prompt.as_deref(),
        &protocol::now(),
    );
    debug::log(
        &root,
        "prompt",
        input.session_id.as_deref().unwrap_or("-"),
        &decision,
    );
    answer
}

/// The answer for the project at `root`, and the decision for the debug log.
pub fn handle(input: &PromptInput, root: &Path, conversation: &Conversation) -> (HookOutput, String) {
    let Some(session) = input.session_id.as_deref().filter(|s| !s.is_empty()) else {
        return skip("no session id");
    };
    // Every valid domain works beside a broken one; SessionStart reports the problems.
    let config = match Config::read(root) {
        Ok(loaded) => loaded.config,
        Err(e) => return skip(&format!("bad config: {e}")),
    };
    if config.inject.domains.is_empty() {
        return skip("no domains");
    }
    let matcher = Matcher::new(&config.inject);
    let matches = inject::match_conversation(&matcher, root, input.prompt.as_deref(), conversation.tail());
    if matches.is_empty() {
        return skip("no match");
    }
    let session_id = session;
    let session = Session::new(root, session);
    let mut selection = inject::select(root, &config.inject, matches, Some(&session));
    super::freshness::date_files(root, &mut selection);
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
            // Why a domain matched may quote the conversation (a pattern's match): recorded only
            // where capture may keep what was said.
            if config.learning.enabled {
                let now = super::protocol::now();
                super::ledger::record(
                    root,
                    &super::ledger::injections(&now, session_id, "prompt", &selection, &done),
                );
            }
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

fn skip(why: &str) -> (HookOutput, String) {
    (HookOutput::default(), format!("SKIP {why}"))
}
