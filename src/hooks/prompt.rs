//! UserPromptSubmit: inject the files of the domains the prompt and the last three messages are
//! about, each file version once per session, within the budget. No match: `{}`.

use super::HookOutput;
use super::capture::TurnReader;
use crate::config::Config;
use crate::feedback::capture::Turn;
use crate::inject::{self, budget, matcher::Matcher, state::Session};
use crate::transcript::Tail;
use serde::Deserialize;
use std::cell::OnceCell;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

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

/// The end of the transcript as the prompt hook's two readers need it, read in one backwards
/// pass on first use: the last messages for injection, the answered turn for capture. A long
/// agentic turn is megabytes of tool output; it is read once, not once per reader. (With
/// capture off the pass still reads to the turn's start, at most 400 entries: the price of not
/// reading twice when it is on.)
#[derive(Debug)]
pub struct Conversation {
    path: Option<PathBuf>,
    prompt: String,
    read: OnceCell<(Tail, Turn)>,
}

impl Conversation {
    /// The conversation of the transcript at `path` (none: an empty one) before `prompt`.
    pub fn new(path: Option<&str>, prompt: Option<&str>) -> Conversation {
        Conversation {
            path: path.filter(|p| !p.is_empty()).map(PathBuf::from),
            prompt: prompt.unwrap_or("").to_owned(),
            read: OnceCell::new(),
        }
    }

    /// The last [`inject::RECENT_MESSAGES`] messages and the tool calls among them.
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
                crate::transcript::scan(path, |entry| {
                    if turn_open {
                        turn_open = turn.visit(&entry).is_continue();
                    }
                    let tail_open = tail.messages.len() < inject::RECENT_MESSAGES;
                    if tail_open {
                        tail.push(entry);
                    }
                    if turn_open || tail.messages.len() < inject::RECENT_MESSAGES {
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
