//! After a file tool ran, for the clients that add context only after a tool (Gemini CLI's
//! AfterTool, opencode's `tool.execute.after`): the knowledge of the domains whose `paths` hold
//! the file, as PreToolUse gives it in Claude Code. Only file tools: a shell command has already
//! run, and enforcing a rule on it now would only mislead.

use super::pre_tool::{self, PreToolUseInput, PreToolUseOutput};
use super::protocol::{self, Env};
use std::path::Path;

/// Answers a file tool's knowledge; anything else answers `{}` unread.
pub fn respond(input: Option<&[u8]>, env: &Env, cwd: &Path) -> PreToolUseOutput {
    let is_file_tool = input
        .and_then(protocol::parse::<PreToolUseInput>)
        .and_then(|i| i.tool_name)
        .is_some_and(|tool| crate::inject::tools::is_file_tool(&tool));
    if !is_file_tool {
        return PreToolUseOutput::default();
    }
    pre_tool::respond(input, env, cwd)
}
