//! PreToolUse on the file tools: the files of the domains whose `paths` hold the file about to
//! be read or written, each file version once per session, within the budget, exactly as the
//! prompt hook injects them.
//!
//! The answer is `additionalContext` alone: never a permission decision, never an `updatedInput`.
//! The knowledge is advice for the step, and the step runs as the model wrote it. Claude Code
//! shows the text to the model after the tool result.

use super::debug;
use super::protocol::Env;
use crate::inject::tools::{self, Call};
use crate::inject::{self, budget};
use crate::store::claims::Session;
use serde_json::{Map, Value};
use std::path::Path;

/// A file tool's call, as PreToolUse sends it.
#[derive(Debug, Clone, Copy)]
pub struct FileCall<'a> {
    /// The Claude Code session.
    pub session_id: Option<&'a str>,
    /// The session's working directory.
    pub cwd: Option<&'a str>,
    /// The tool (`Edit`, …).
    pub tool: &'a str,
    /// Its arguments.
    pub input: Option<&'a Map<String, Value>>,
}

/// The `additionalContext` for a file tool's call, if any (the caller checked the tool's name).
pub fn respond(call: FileCall<'_>, env: &Env, cwd: &Path) -> Option<String> {
    let root = env.root(call.cwd, cwd);
    // A relative path is relative to the session's directory, which may be below the project.
    let base = match call.cwd.filter(|c| !c.is_empty() && !c.contains('\0')) {
        Some(dir) => cwd.join(dir),
        None => cwd.to_path_buf(),
    };
    let (answer, decision) = handle(call, &root, &base);
    debug::log(&root, "pre-tool", call.session_id.unwrap_or("-"), &decision);
    answer
}

/// The text for the project at `root` (relative paths resolved from `base`), and the decision
/// for the debug log.
pub fn handle(call: FileCall<'_>, root: &Path, base: &Path) -> (Option<String>, String) {
    let tool = call.tool;
    if !tools::is_file_tool(tool) {
        return skip("not a file tool");
    }
    let Some(path) = call
        .input
        .and_then(|i| i.get(tools::path_key(tool)))
        .and_then(|p| p.as_str())
    else {
        return skip("no file path");
    };
    let Some(session) = call.session_id.filter(|s| !s.is_empty()) else {
        return skip("no session id");
    };
    // `[inject]` alone: the other tables' rules cost a file read nothing.
    let config = crate::inject::config::load(root);
    if config.domains.is_empty() {
        return skip("no domains");
    }
    let matches = match tools::at_call(&config, root, base, tool, path) {
        Call::Outside => return skip("outside the project"),
        Call::Inside(_, matches) if matches.is_empty() => return skip("no domain has this path"),
        Call::Inside(_, matches) => matches,
    };
    let session_id = session;
    let session = Session::new(root, session);
    let mut selection = inject::select(root, &config, matches, Some(&session));
    let names = |s: &inject::Selection| {
        s.matches
            .iter()
            .map(|m| config.domains[m.domain].name.get_ref().trim())
            .collect::<Vec<_>>()
            .join(",")
    };
    if selection.candidates.iter().all(|c| c.seen) {
        return skip(&format!("already injected {}", names(&selection)));
    }
    super::freshness::date_files(root, &mut selection);
    let budget = config.budget();
    match inject::inject_once(&selection, &session, budget::TOOL_HEADER, &[], budget) {
        Ok(done) if !done.text.is_empty() => {
            let now = super::protocol::now();
            super::ledger::record(
                root,
                &super::ledger::injections(&now, session_id, "pre-tool", &selection, &done),
            );
            let chars = done.text.chars().count();
            let decision = format!("INJECT {} {chars} chars ({tool})", done.domains.join(","));
            (Some(done.text), decision)
        }
        Ok(_) => skip(&format!("already injected {}", names(&selection))),
        Err(e) => skip(&format!("state not writable: {e}")),
    }
}

fn skip(why: &str) -> (Option<String>, String) {
    (None, format!("SKIP {why}"))
}
