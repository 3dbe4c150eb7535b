//! Stop: when a turn ends, suggest `/learning-agents learn` if agents have logs to learn from.
//!
//! It never blocks (no `decision`), and only looks at the flag files: with thousands of old
//! session folders, it still reads one flag per folder and an `agent_used` per pending log.

use super::protocol::{self, Env, StopInput};
use super::{HookOutput, capture, debug};
use crate::agents::sessions;
use std::collections::BTreeSet;
use std::path::Path;

/// Answers Stop: records the completion claim for capture, then suggests learning.
pub fn respond(input: Option<&[u8]>, env: &Env, cwd: &Path) -> HookOutput {
    // The Stop check needs no input; it only uses `cwd` when the project dir is unset.
    let input = input.and_then(protocol::parse::<StopInput>);
    let root = env.root(input.as_ref().and_then(|i| i.cwd.as_deref()), cwd);
    if let Some(input) = &input {
        capture::on_stop(&root, input, &protocol::now());
    }
    let answer = handle(&root);
    let decision = if answer.system_message.is_some() {
        "SUGGEST learn"
    } else {
        "SKIP nothing to learn"
    };
    debug::log(&root, "stop", "-", decision);
    answer
}

/// The answer for the project at `root`.
pub fn handle(root: &Path) -> HookOutput {
    suggestion(&sessions::pending_agents(root))
}

/// One message naming each agent once, sorted; empty (`{}`) when there is none.
pub fn suggestion(agents: &BTreeSet<String>) -> HookOutput {
    if agents.is_empty() {
        return HookOutput::default();
    }
    let names = agents.iter().map(String::as_str).collect::<Vec<_>>().join(", ");
    HookOutput {
        system_message: Some(format!(
            "LearningAgents with sessions not learned from yet: {names}. Run `/learning-agents learn` \
             to review those transcripts and fold the learnings back into the agents."
        )),
        hook_specific_output: None,
    }
}
