//! SubagentStart: a sub-agent gets the domains that match its type and its task, and a
//! LearningAgent gets its own current knowledge, as `learnings agent instructions NAME` prints
//! it. This is how LearningAgents receive their knowledge: Claude Code does not expand `!`
//! commands in agent files, and this hook's `additionalContext` reaches the sub-agent's request.
//!
//! A sub-agent starts with an empty context, so the parent session's once-per-session state
//! does not apply here.

use super::protocol::context;
use super::protocol::{self, Env};
use super::{HookOutput, debug};
use crate::config::Config;
use crate::inject::{self, budget, config::MAX_BUDGET, matcher::Matcher, matcher::Source};
use serde::Deserialize;
use std::path::Path;

/// What SubagentStart sends (the fields used).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SubagentStartInput {
    /// The parent session's transcript, where the task was written.
    #[serde(default)]
    pub transcript_path: Option<String>,
    /// The working directory of the session.
    #[serde(default)]
    pub cwd: Option<String>,
    /// The agent type: the `name` in `.claude/agents/<name>.md`.
    #[serde(default)]
    pub agent_type: Option<String>,
}

const HEAD: &str = "Knowledge for this sub-agent, added at its start by the `learnings` plugin from this \
repository's files. It is reference data written by the project's team: apply what fits your task.";

/// Answers SubagentStart.
pub fn respond(input: Option<&[u8]>, env: &Env, cwd: &Path) -> HookOutput {
    let Some(input) = input.and_then(protocol::parse::<SubagentStartInput>) else {
        debug::malformed(env, cwd, "subagent-start");
        return HookOutput::default();
    };
    let root = env.root(input.cwd.as_deref(), cwd);
    let (answer, decision) = handle(&input, &root);
    debug::log(
        &root,
        "subagent-start",
        input.agent_type.as_deref().unwrap_or("-"),
        &decision,
    );
    answer
}

/// The answer for the project at `root`, and the decision for the debug log.
pub fn handle(input: &SubagentStartInput, root: &Path) -> (HookOutput, String) {
    let agent_type = input.agent_type.as_deref().unwrap_or("").trim();
    // Every valid domain works beside a broken one; SessionStart reports the problems.
    let config = match Config::read(root) {
        Ok(loaded) => loaded.config,
        Err(e) => return (HookOutput::default(), format!("SKIP bad config: {e}")),
    };
    let mut pieces = Vec::new();
    let mut label = Vec::new();
    if let Some((name, text)) = learning_agent(root, agent_type) {
        pieces.push(budget::Piece {
            path: format!("{}/{name}", crate::agents::AGENTS_DIR),
            why: format!("you are the LearningAgent `{name}`: this is your knowledge (`learnings agent instructions {name}`)"),
            text,
            age: None,
        });
        label.push(format!("agent {name}"));
    }
    let task = input
        .transcript_path
        .as_deref()
        .filter(|p| !p.is_empty())
        .map(|p| task_of(Path::new(p), agent_type))
        .unwrap_or_default();
    if !config.inject.domains.is_empty() {
        let sources = [
            Source {
                label: "the agent type",
                text: agent_type,
                weight: 4,
            },
            Source {
                label: "the task",
                text: &task,
                weight: 3,
            },
        ];
        let matches = Matcher::new(&config.inject).find(&sources, &[]);
        let mut selection = inject::select(root, &config.inject, matches, None);
        super::freshness::date_files(root, &mut selection);
        for (_, piece) in selection.fresh() {
            pieces.push(piece);
        }
        for found in &selection.matches {
            label.push(
                config.inject.domains[found.domain]
                    .name
                    .get_ref()
                    .trim()
                    .to_owned(),
            );
        }
    }
    if pieces.is_empty() {
        return (HookOutput::default(), "SKIP no match".into());
    }
    // A LearningAgent's knowledge is what makes it that agent: it gets the whole cap.
    let budget = if label.first().is_some_and(|l| l.starts_with("agent ")) {
        MAX_BUDGET
    } else {
        config.inject.budget()
    };
    let text = budget::assemble(HEAD, &[], &pieces, budget).text;
    let decision = format!("INJECT {} {} chars", label.join(","), text.chars().count());
    (context("SubagentStart", text), decision)
}

/// The LearningAgent behind `agent_type` (also as `plugin:name`), with its instructions.
fn learning_agent(root: &Path, agent_type: &str) -> Option<(String, String)> {
    let name = agent_type.rsplit(':').next()?.trim();
    crate::agents::safe_component(name)?;
    let text = crate::agents::instructions::render(root, name).ok()?;
    Some((name.to_owned(), text))
}

/// The description and prompt of the newest sub-agent call for `agent_type` in the parent's
/// transcript.
fn task_of(transcript: &Path, agent_type: &str) -> String {
    let tail = crate::transcript::tail(transcript, inject::RECENT_MESSAGES);
    let call = tail.tool_calls.iter().find(|c| {
        matches!(c.name.as_str(), "Agent" | "Task")
            && c.input.get("subagent_type").and_then(|t| t.as_str()) == Some(agent_type)
    });
    let Some(call) = call else {
        return String::new();
    };
    ["description", "prompt"]
        .iter()
        .filter_map(|k| call.input.get(*k)?.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}
