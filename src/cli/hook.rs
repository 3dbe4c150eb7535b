//! `learnings hook …`: the Claude Code hooks of the plugin.
//!
//! The hook contract comes first: whatever arrives on stdin (nothing, a terminal, garbage,
//! gigabytes) and whatever fails on the way (a read-only disk, a panic), the answer is valid JSON
//! and the exit code is 0, so a hook can never break the user's turn. Failures answer `{}`.

use super::context::{Context, EXIT_OK};
use crate::error::Result;
use crate::hooks::{
    self, HookOutput, PostToolUseInput, StopInput, debug, post_task, pre_tool, prompt, protocol,
    session_start, stop, subagent_start,
};
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

/// Hook input larger than this is not Claude Code's and is ignored unread.
pub const STDIN_CAP: u64 = 16 * 1024 * 1024;
/// The reminder shown after each use of a LearningAgent, relative to the plugin root.
pub const REMINDER: &str = "doc/learning_agent_post_task_reminder.md";
/// A reminder larger than this is not ours.
const REMINDER_CAP: u64 = 64 * 1024;

/// Arguments of `learnings hook`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub event: Event,
}

/// The hook events handled.
#[derive(Debug, Clone, Copy, clap::Subcommand)]
pub enum Event {
    /// PostToolUse on `Task|Agent`: record the use of a LearningAgent, remind how to follow up.
    PostTask,
    /// Stop: suggest `/learning-agents learn` when agents have sessions to learn from; record
    /// the completion claim for capture.
    Stop,
    /// PreToolUse on `Bash`: rewrite or block the command by the `[enforce]` rules.
    PreTool,
    /// UserPromptSubmit: inject the rule files of the domains the conversation is about; capture
    /// what the prompt says about the turn it answers (correction, rule, praise, …).
    Prompt,
    /// SessionStart: the `always` files, the domain index, the learnings file's health and the
    /// `<learned-context>` of what was learned from the user.
    SessionStart,
    /// SubagentStart: a LearningAgent's knowledge and the domains of a sub-agent's task.
    SubagentStart,
}

/// Answers the hook on stdout; always exits 0.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let cwd = ctx.cwd.clone();
    if let Event::PreTool = args.event {
        let json = std::panic::catch_unwind(move || pre_tool(&cwd)).unwrap_or_else(|_| String::from("{}"));
        let _ = writeln!(out, "{json}");
        let _ = out.flush();
        return Ok(EXIT_OK);
    }
    let answer = std::panic::catch_unwind(move || answer(&cwd, args.event)).unwrap_or_default();
    // Nothing more can be done if stdout is gone; the exit code stays 0.
    let _ = writeln!(out, "{}", answer.to_json());
    let _ = out.flush();
    Ok(EXIT_OK)
}

fn answer(cwd: &Path, event: Event) -> HookOutput {
    let input = read_stdin();
    let project_dir = std::env::var_os("CLAUDE_PROJECT_DIR").map(PathBuf::from);
    match event {
        Event::PostTask => {
            let Some(input) = input.and_then(|bytes| protocol::parse::<PostToolUseInput>(&bytes)) else {
                return HookOutput::default();
            };
            let root = crate::base::paths::project_root(project_dir.as_deref(), input.cwd.as_deref(), cwd);
            let session = input.session_id.clone().unwrap_or_default();
            let Some(tracking) = post_task::track(&input, &root) else {
                debug::log(&root, "post-task", &session, "SKIP not a LearningAgent");
                return HookOutput::default();
            };
            // The one wall-clock read of the hooks: the flag records when the agent was used.
            let now = crate::base::time::timestamp(std::time::SystemTime::now().into());
            if post_task::apply(&tracking.writes(&now)).is_err() {
                debug::log(&root, "post-task", &session, "SKIP cannot write the session log");
                return HookOutput::default();
            }
            debug::log(&root, "post-task", &session, &format!("TRACK {}", tracking.agent));
            post_task::output(reminder().as_deref())
        }
        Event::Stop => {
            // The Stop check needs no input; it only uses `cwd` when the project dir is unset.
            let input = input.and_then(|bytes| protocol::parse::<StopInput>(&bytes));
            let cwd_field = input.as_ref().and_then(|i| i.cwd.as_deref());
            let root = crate::base::paths::project_root(project_dir.as_deref(), cwd_field, cwd);
            if let Some(input) = &input {
                hooks::capture::on_stop(
                    &root,
                    input,
                    &crate::base::time::timestamp(std::time::SystemTime::now().into()),
                );
            }
            let answer = stop::handle(&root);
            let decision = if answer.system_message.is_some() {
                "SUGGEST learn"
            } else {
                "SKIP nothing to learn"
            };
            debug::log(&root, "stop", "-", decision);
            answer
        }
        Event::Prompt => {
            let Some(input) = input.and_then(|bytes| protocol::parse::<prompt::PromptInput>(&bytes)) else {
                malformed(project_dir.as_deref(), cwd, "prompt");
                return HookOutput::default();
            };
            let root = crate::base::paths::project_root(project_dir.as_deref(), input.cwd.as_deref(), cwd);
            let conversation = crate::transcript::Conversation::new(
                input.transcript_path.as_deref(),
                input.prompt.as_deref(),
                crate::inject::RECENT_MESSAGES,
            );
            let (answer, decision) = prompt::handle(&input, &root, &conversation);
            hooks::capture::on_prompt(
                &root,
                input.session_id.as_deref(),
                &conversation,
                input.prompt.as_deref(),
                &crate::base::time::timestamp(std::time::SystemTime::now().into()),
            );
            debug::log(
                &root,
                "prompt",
                input.session_id.as_deref().unwrap_or("-"),
                &decision,
            );
            answer
        }
        Event::SessionStart => {
            let Some(input) =
                input.and_then(|bytes| protocol::parse::<session_start::SessionStartInput>(&bytes))
            else {
                malformed(project_dir.as_deref(), cwd, "session-start");
                return HookOutput::default();
            };
            let root = crate::base::paths::project_root(project_dir.as_deref(), input.cwd.as_deref(), cwd);
            let (mut answer, decision) = session_start::handle(&input, &root);
            let now = crate::base::time::timestamp(std::time::SystemTime::now().into());
            // Claude Code moves hook text over 10,000 characters into a file: the learned
            // context gets what injection left, less the blank line between them.
            let used = answer
                .hook_specific_output
                .as_ref()
                .map_or(0, |o| o.additional_context.chars().count() + 2);
            let room = HOOK_TEXT_CAP.saturating_sub(used);
            if let Some(block) =
                hooks::capture::learned_context(&root, input.session_id.as_deref(), &now, room)
            {
                answer = with_context(answer, "SessionStart", block);
            }
            enforce_env(&root);
            debug::log(
                &root,
                "session-start",
                input.session_id.as_deref().unwrap_or("-"),
                &decision,
            );
            answer
        }
        Event::SubagentStart => {
            let Some(input) =
                input.and_then(|bytes| protocol::parse::<subagent_start::SubagentStartInput>(&bytes))
            else {
                malformed(project_dir.as_deref(), cwd, "subagent-start");
                return HookOutput::default();
            };
            let root = crate::base::paths::project_root(project_dir.as_deref(), input.cwd.as_deref(), cwd);
            let (answer, decision) = subagent_start::handle(&input, &root);
            debug::log(
                &root,
                "subagent-start",
                input.agent_type.as_deref().unwrap_or("-"),
                &decision,
            );
            answer
        }
        // Answered by `pre_tool`, which has its own output type.
        Event::PreTool => HookOutput::default(),
    }
}

/// PreToolUse: the `[enforce]` rules of the project applied to a Bash command. A missing or bad
/// configuration answers `{}`; `learnings enforce explain` shows the error.
fn pre_tool(cwd: &Path) -> String {
    let empty = || String::from("{}");
    let Some(input) = read_stdin().and_then(|bytes| protocol::parse::<pre_tool::PreToolUseInput>(&bytes))
    else {
        return empty();
    };
    // Most Bash calls are not ours to change: decide that before reading any file.
    if pre_tool::command(&input).is_none() {
        return empty();
    }
    let project_dir = std::env::var_os("CLAUDE_PROJECT_DIR").map(PathBuf::from);
    let root = crate::base::paths::project_root(project_dir.as_deref(), input.cwd.as_deref(), cwd);
    let session = input.session_id.clone().unwrap_or_else(|| "-".into());
    let rules = match crate::enforce::config::load_rules(&root) {
        Ok(rules) => rules,
        Err(e) => return skip(&root, &session, &format!("SKIP bad config: {e}")),
    };
    let (answer, decision) = pre_tool::handle_logged(&input, &rules);
    debug::log(&root, "pre-tool", &session, &decision);
    answer.to_json()
}

/// `{}`, after logging why.
fn skip(root: &Path, session: &str, decision: &str) -> String {
    debug::log(root, "pre-tool", session, decision);
    String::from("{}")
}

/// `[enforce.env]` into `CLAUDE_ENV_FILE`, for every later Bash call of the session. A bad
/// config or an unwritable file only means the PreToolUse prefix does the work alone.
fn enforce_env(root: &Path) {
    let Some(path) = std::env::var_os("CLAUDE_ENV_FILE").filter(|p| !p.is_empty()) else {
        return;
    };
    if let Ok(rules) = crate::enforce::config::load_rules(root) {
        let _ = crate::enforce::env_file::append(Path::new(&path), &rules.env);
    }
}

/// `answer` with `text` added to its `additionalContext` (after what is there).
/// Claude Code's cap on a hook's text (`../shared/HOOKS.md`).
const HOOK_TEXT_CAP: usize = 10_000;

fn with_context(mut answer: HookOutput, event: &str, text: String) -> HookOutput {
    match answer.hook_specific_output.as_mut() {
        Some(out) if !out.additional_context.is_empty() => {
            out.additional_context.push_str("\n\n");
            out.additional_context.push_str(&text);
        }
        Some(out) => out.additional_context = text,
        None => answer = prompt::context(event, text),
    }
    answer
}

/// Logs a malformed input in the project the environment or working directory names.
fn malformed(project_dir: Option<&Path>, cwd: &Path, hook: &str) {
    debug::log(
        &crate::base::paths::project_root(project_dir, None, cwd),
        hook,
        "-",
        "SKIP malformed input",
    );
}

/// Stdin up to the cap; `None` for a terminal (nobody is piping a hook input), a read error or
/// an input over the cap.
fn read_stdin() -> Option<Vec<u8>> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        return None;
    }
    let mut bytes = Vec::new();
    stdin.lock().take(STDIN_CAP + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() as u64 <= STDIN_CAP).then_some(bytes)
}

/// The reminder from `$CLAUDE_PLUGIN_ROOT`, if the variable is set and the file is there.
fn reminder() -> Option<String> {
    let root = std::env::var_os("CLAUDE_PLUGIN_ROOT").filter(|r| !r.is_empty())?;
    let file = std::fs::File::open(Path::new(&root).join(REMINDER)).ok()?;
    let mut bytes = Vec::new();
    file.take(REMINDER_CAP).read_to_end(&mut bytes).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}
