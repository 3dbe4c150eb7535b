//! PreToolUse on `Bash`: apply the project's `[enforce]` rules to the command. The file tools
//! go to [`super::file_tool`], which injects knowledge; every other tool answers `{}` unread.
//!
//! The answer never carries `permissionDecision: "allow"`: a rewrite goes out as `updatedInput`
//! alone, so the user's own deny and ask rules still judge the rewritten command (a hook's allow
//! would bypass them, and with `bypassPermissions` an `updatedInput` next to a decision was
//! ignored). `updatedInput` replaces the whole `tool_input`, so every field is copied and only
//! `command` changes. Anything unexpected answers `{}`: the command runs as the model wrote it;
//! but a block rule fails closed, also on a command that could not be parsed (see
//! [`crate::enforce`]).

use super::debug;
use super::file_tool::{self, FileCall};
use super::protocol::{self, Env};
use crate::enforce::{self, Decision, Match, Rules, explain};
use crate::store::ledger::Act;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::path::Path;

/// Answers PreToolUse: a file tool gets its domains' files; `Bash` gets the `[enforce]` rules of the project applied to the command.
/// Every readable rule applies, whatever is wrong with the others (SessionStart and `learnings
/// doctor` say what is); no configuration answers `{}`.
pub fn respond(input: Option<&[u8]>, env: &Env, cwd: &Path) -> PreToolUseOutput {
    let empty = PreToolUseOutput::default;
    let Some(raw) = input else {
        return empty();
    };
    // A call that cannot be read still meets the block rules: the client may run it.
    let Some(input) = protocol::parse::<PreToolUseInput>(raw) else {
        return unreadable(raw, env, cwd);
    };
    // Decide by the tool before reading any file: most calls are not ours.
    if let Some(tool) = input.tool_name.as_deref()
        && crate::inject::tools::is_file_tool(tool)
    {
        let call = FileCall {
            session_id: input.session_id.as_deref(),
            cwd: input.cwd.as_deref(),
            tool,
            input: input.tool_input.as_ref(),
        };
        return match file_tool::respond(call, env, cwd) {
            Some(text) => knowledge(text),
            None => empty(),
        };
    }
    if command(&input).is_none() {
        return empty();
    }
    let root = env.root(input.cwd.as_deref(), cwd);
    let session = input.session_id.clone().unwrap_or_else(|| "-".into());
    // A thousand rules are read once per change of learnings.toml, not once per Bash call.
    let cache = super::freshness::common_dir(&root).map(|dir| dir.join(crate::project::cache::DIR));
    let (rules, problem) = crate::enforce::cache::load_rules(&root, cache.as_deref());
    if env.types_into_shells
        && !rules.blocks.is_empty()
        && command(&input).is_some_and(enforce::interactive_shell)
    {
        debug::log(&root, "pre-tool", &session, "BLOCK an interactive shell");
        return interactive_shell();
    }
    let (answer, mut decision, fired) = handle_logged(&input, &rules);
    if let Some(first) = problem {
        decision.push_str(&format!(" (config: {first})"));
    }
    super::ledger::record(
        &root,
        &super::ledger::enforcement(&protocol::now(), &session, &fired),
    );
    debug::log(&root, "pre-tool", &session, &decision);
    // The process ends with this answer: freeing a thousand rules one by one would cost more.
    std::mem::forget(rules);
    answer
}

/// Answers a tool call whose JSON could not be read (see [`super::unreadable`]): a block rule
/// matching one of its `command` strings denies; anything else is `{}`.
pub fn unreadable(raw: &[u8], env: &Env, cwd: &Path) -> PreToolUseOutput {
    let text = String::from_utf8_lossy(raw);
    let commands = super::unreadable::commands(&text);
    if commands.is_empty() {
        return PreToolUseOutput::default();
    }
    let root = env.root(None, cwd);
    let cache = super::freshness::common_dir(&root).map(|dir| dir.join(crate::project::cache::DIR));
    let (rules, _) = crate::enforce::cache::load_rules(&root, cache.as_deref());
    for command in commands {
        if let Decision::Blocked(blocked) = enforce::decide(&rules, &command) {
            let rule = format!("enforce.block[{}]", blocked.rule);
            let fired = [(Act::Block, rule.clone())];
            super::ledger::record(&root, &super::ledger::enforcement(&protocol::now(), "-", &fired));
            debug::log(
                &root,
                "pre-tool",
                "-",
                &format!("BLOCK {rule} (input not readable JSON)"),
            );
            return answer(Decision::Blocked(blocked), &Map::new());
        }
    }
    PreToolUseOutput::default()
}

/// What PreToolUse sends; only the fields used.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct PreToolUseInput {
    /// The Claude Code session, for the debug log.
    #[serde(default)]
    pub session_id: Option<String>,
    /// The working directory of the session.
    #[serde(default)]
    pub cwd: Option<String>,
    /// The tool about to run.
    #[serde(default)]
    pub tool_name: Option<String>,
    /// Its arguments, every field kept.
    #[serde(default)]
    pub tool_input: Option<Map<String, Value>>,
}

/// The PreToolUse answer; empty, it prints `{}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct PreToolUseOutput {
    /// Event-specific fields.
    #[serde(rename = "hookSpecificOutput", skip_serializing_if = "Option::is_none")]
    pub hook_specific_output: Option<PreToolUseSpecific>,
}

/// `hookSpecificOutput` of PreToolUse.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PreToolUseSpecific {
    /// Always `PreToolUse`.
    #[serde(rename = "hookEventName")]
    pub hook_event_name: &'static str,
    /// Only ever `deny`: never `allow`, see the module docs.
    #[serde(rename = "permissionDecision", skip_serializing_if = "Option::is_none")]
    pub permission_decision: Option<&'static str>,
    /// Why, for the model.
    #[serde(rename = "permissionDecisionReason", skip_serializing_if = "Option::is_none")]
    pub permission_decision_reason: Option<String>,
    /// The whole tool input with the new command.
    #[serde(rename = "updatedInput", skip_serializing_if = "Option::is_none")]
    pub updated_input: Option<Map<String, Value>>,
    /// What was rewritten and why.
    #[serde(rename = "additionalContext", skip_serializing_if = "Option::is_none")]
    pub additional_context: Option<String>,
}

impl PreToolUseOutput {
    /// The JSON line to print.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| String::from("{}"))
    }
}

impl protocol::Answer for PreToolUseOutput {
    fn to_json(&self) -> String {
        PreToolUseOutput::to_json(self)
    }
}

/// The Bash command of the input, or `None` when this is not a Bash call with a command.
pub fn command(input: &PreToolUseInput) -> Option<&str> {
    if input.tool_name.as_deref() != Some("Bash") {
        return None;
    }
    input.tool_input.as_ref()?.get("command")?.as_str()
}

/// The answer for `input` under `rules`.
pub fn handle(input: &PreToolUseInput, rules: &Rules) -> PreToolUseOutput {
    handle_logged(input, rules).0
}

/// The answer; the decision in one line for the debug log (`REWRITE enforce.rewrite[1]`,
/// `BLOCK enforce.block[2]`, `SKIP no rule applies`); and the rules that fired, for the effect
/// ledger.
pub fn handle_logged(
    input: &PreToolUseInput,
    rules: &Rules,
) -> (PreToolUseOutput, String, Vec<(Act, String)>) {
    let (Some(command), Some(tool_input)) = (command(input), input.tool_input.as_ref()) else {
        return (
            PreToolUseOutput::default(),
            "SKIP not a Bash command".into(),
            Vec::new(),
        );
    };
    let decision = enforce::decide(rules, command);
    let fired: Vec<(Act, String)> = match &decision {
        Decision::Unchanged | Decision::Unparsed(_) => Vec::new(),
        Decision::Blocked(b) => vec![(Act::Block, format!("enforce.block[{}]", b.rule))],
        Decision::Rewritten(r) => r
            .applied
            .iter()
            .map(|a| (Act::Rewrite, format!("enforce.rewrite[{}]", a.rule)))
            .collect(),
    };
    let names = || {
        fired
            .iter()
            .map(|(_, rule)| rule.as_str())
            .collect::<Vec<_>>()
            .join(",")
    };
    let line = match &decision {
        Decision::Unchanged => "SKIP no rule applies".to_owned(),
        Decision::Unparsed(why) => format!("SKIP could not be read in full: {}", why.why()),
        Decision::Blocked(b) => match b.by {
            Match::Parsed => format!("BLOCK {}", names()),
            Match::Loose(_) => format!("BLOCK {} (read loosely)", names()),
            Match::Broken => format!("BLOCK {} (its pattern does not compile)", names()),
        },
        Decision::Rewritten(r) if r.applied.is_empty() => "REWRITE enforce.env".to_owned(),
        Decision::Rewritten(_) => format!("REWRITE {}", names()),
    };
    (answer(decision, tool_input), line, fired)
}

/// The deny of an interactive shell in a client that lets the model type into it.
fn interactive_shell() -> PreToolUseOutput {
    PreToolUseOutput {
        hook_specific_output: Some(PreToolUseSpecific {
            hook_event_name: "PreToolUse",
            permission_decision: Some("deny"),
            permission_decision_reason: Some(
                "This project's learnings.toml has [enforce] block rules, and what is typed into an interactive shell reaches no hook, so they could not apply. Run each command directly instead."
                    .into(),
            ),
            updated_input: None,
            additional_context: None,
        }),
    }
}

/// Knowledge for a file tool: `additionalContext` alone, never a decision or a new input.
fn knowledge(text: String) -> PreToolUseOutput {
    PreToolUseOutput {
        hook_specific_output: Some(PreToolUseSpecific {
            hook_event_name: "PreToolUse",
            permission_decision: None,
            permission_decision_reason: None,
            updated_input: None,
            additional_context: Some(text),
        }),
    }
}

fn answer(decision: Decision, tool_input: &Map<String, Value>) -> PreToolUseOutput {
    let specific = match decision {
        Decision::Unchanged | Decision::Unparsed(_) => return PreToolUseOutput::default(),
        Decision::Blocked(blocked) => PreToolUseSpecific {
            hook_event_name: "PreToolUse",
            permission_decision: Some("deny"),
            permission_decision_reason: Some(explain::deny_reason(&blocked)),
            updated_input: None,
            additional_context: None,
        },
        Decision::Rewritten(rewritten) => {
            let mut updated = tool_input.clone();
            updated.insert("command".into(), Value::String(rewritten.command.clone()));
            PreToolUseSpecific {
                hook_event_name: "PreToolUse",
                permission_decision: None,
                permission_decision_reason: None,
                updated_input: Some(updated),
                additional_context: explain::rewrite_context(&rewritten),
            }
        }
    };
    PreToolUseOutput {
        hook_specific_output: Some(specific),
    }
}
