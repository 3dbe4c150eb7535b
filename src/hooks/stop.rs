//! Stop: when a turn ends, suggest `/learning-agents learn` if agents have logs to learn from.
//!
//! It never blocks (no `decision`), and only looks at the flag files: with thousands of old
//! session folders, it still reads one flag per folder and an `agent_used` per pending log.

use super::HookOutput;
use crate::agents::sessions;
use std::collections::BTreeSet;
use std::path::Path;

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
