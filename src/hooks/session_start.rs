//! SessionStart: the `always` files, a one-line index of the domains (so the model knows what
//! exists), and the learnings file's health in one line, within the budget. Source `clear` or
//! `compact` first forgets what the session was given: the conversation no longer holds it.
//! After `compact`, the domain files given before that the last turns still match are put back
//! too: the summary dropped them, and the work they serve goes on.

use super::protocol::context;
use super::protocol::{self, Env, HOOK_TEXT_CAP, with_context};
use super::{HookOutput, capture, debug};
use crate::config::Config;
use crate::inject::{self, Candidate, Selection, budget, files, restore};
use crate::store::claims::Session;
use serde::Deserialize;
use std::path::Path;

/// What SessionStart sends (the fields used).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SessionStartInput {
    /// The Claude Code session.
    #[serde(default)]
    pub session_id: Option<String>,
    /// The session's JSONL transcript: after a compaction, its last turns say what is in play.
    #[serde(default)]
    pub transcript_path: Option<String>,
    /// The working directory of the session.
    #[serde(default)]
    pub cwd: Option<String>,
    /// `startup`, `resume`, `clear` or `compact`.
    #[serde(default)]
    pub source: Option<String>,
}

/// The longest index line, in characters, and at most a third of the budget: the rest is for
/// the files.
const INDEX_CAP: usize = 1500;

/// Answers SessionStart: what injection gives, then the learned context in the room left
/// under Claude Code's text cap; sets the `[enforce.env]` variables for the session.
pub fn respond(input: Option<&[u8]>, env: &Env, cwd: &Path) -> HookOutput {
    let Some(input) = input.and_then(protocol::parse::<SessionStartInput>) else {
        debug::malformed(env, cwd, "session-start");
        return HookOutput::default();
    };
    let root = env.root(input.cwd.as_deref(), cwd);
    let (mut answer, decision) = handle(&input, &root);
    // Once a session, the user and the model hear why nothing private is kept here.
    if let Some(problem) = crate::project::private::problem(&root) {
        answer = told(answer, &format!("learnings: {problem}."));
    }
    // Claude Code moves hook text over 10,000 characters into a file: the learned
    // context gets what injection left, less the blank line between them.
    let used = answer
        .hook_specific_output
        .as_ref()
        .map_or(0, |o| o.additional_context.chars().count() + 2);
    let room = HOOK_TEXT_CAP.saturating_sub(used);
    if let Some(block) = capture::learned_context(&root, input.session_id.as_deref(), &protocol::now(), room)
    {
        answer = with_context(answer, "SessionStart", block);
    }
    enforce_env(env, &root);
    // A new session, for the ledger's count of sessions a rule could have fired in.
    if let Some(id) = input.session_id.as_deref().filter(|s| !s.is_empty())
        && matches!(input.source.as_deref(), None | Some("startup"))
    {
        use crate::store::ledger::{Act, Record};
        super::ledger::record(&root, &[Record::new(&protocol::now(), id, Act::Session)]);
    }
    debug::log(
        &root,
        "session-start",
        input.session_id.as_deref().unwrap_or("-"),
        &decision,
    );
    answer
}

/// `[enforce.env]` into `CLAUDE_ENV_FILE`, for every later Bash call of the session. A bad
/// config or an unwritable file only means the PreToolUse prefix does the work alone.
fn enforce_env(env: &Env, root: &Path) {
    let Some(path) = &env.env_file else {
        return;
    };
    let (rules, _) = crate::enforce::read::load_rules(root);
    let _ = crate::enforce::env_file::append(Path::new(path), &rules.env);
}

/// The answer for the project at `root`, and the decision for the debug log.
pub fn handle(input: &SessionStartInput, root: &Path) -> (HookOutput, String) {
    let session = input
        .session_id
        .as_deref()
        .filter(|s| !s.is_empty())
        .map(|id| Session::new(root, id));
    let compact = input.source.as_deref() == Some("compact");
    let mut before = Vec::new();
    if let Some(session) = &session
        && matches!(input.source.as_deref(), Some("clear" | "compact"))
    {
        if compact {
            before = session.claimed_paths();
        }
        // Failing to forget only means a file is not injected again: not worth stopping for.
        let _ = session.reset();
    }
    let loaded = match Config::read(root) {
        Ok(loaded) => loaded,
        Err(e) => {
            let line = format!("learnings: {e}; the hooks use the defaults until it is fixed.");
            return (
                told(HookOutput::default(), &line),
                format!("SKIP bad config: {e}"),
            );
        }
    };
    let restored = match (compact, input.transcript_path.as_deref()) {
        (true, Some(transcript)) if !before.is_empty() => {
            let tail = crate::transcript::before_compaction(Path::new(transcript), inject::RECENT_MESSAGES);
            restore::after_compaction(root, &loaded.config.inject, &before, &tail)
        }
        _ => Selection::default(),
    };
    let (answer, decision) = answer(
        root,
        &loaded.config,
        (session.as_ref(), input.session_id.as_deref()),
        restored,
    );
    match crate::base::settings::one_line(&loaded.problems) {
        Some(line) => (
            told(answer, &line),
            format!("{decision}; {} config problems", loaded.problems.len()),
        ),
        None => (answer, decision),
    }
}

/// `answer`, with `line` shown to the user and given to the model: a config problem must not
/// go unseen by either.
fn told(answer: HookOutput, line: &str) -> HookOutput {
    let mut answer = with_context(answer, "SessionStart", line.to_owned());
    answer.system_message = Some(match answer.system_message.take() {
        Some(before) => format!("{before}\n{line}"),
        None => line.to_owned(),
    });
    answer
}

/// What SessionStart injects for `config`, with the files `restored` after a compaction, in
/// `session` (its state and id).
fn answer(
    root: &Path,
    config: &Config,
    (session, session_id): (Option<&Session>, Option<&str>),
    restored: Selection,
) -> (HookOutput, String) {
    let mut extra = Vec::new();
    if let Some(index) = index(config, INDEX_CAP.min(config.inject.budget() / 3)) {
        extra.push(index);
    }
    if let Some(health) = health(root, config) {
        extra.push(health);
    }
    if let Some(lint) = super::freshness::lint_line(root) {
        extra.push(lint);
    }
    let mut selection = always(root, config);
    let always_files = selection.candidates.len();
    for candidate in restored.candidates {
        if !selection.candidates.iter().any(|c| c.path == candidate.path) {
            selection.candidates.push(candidate);
        }
    }
    super::freshness::date_files(root, &mut selection);
    if extra.is_empty() && selection.candidates.is_empty() {
        return (HookOutput::default(), "SKIP nothing to say".into());
    }
    let head = "Project knowledge from the `learnings` plugin (reference data from this repository, not a message from the user).";
    let budget = config.inject.budget();
    let text = match session {
        Some(session) => match inject::inject_once(&selection, session, head, &extra, budget) {
            Ok(done) => {
                // A put-back file's reason may quote the conversation: as the prompt hook does.
                if let Some(id) = session_id.filter(|_| config.learning.enabled) {
                    let now = protocol::now();
                    let records = super::ledger::injections(&now, id, "session-start", &selection, &done);
                    super::ledger::record(root, &records);
                }
                done.text
            }
            Err(e) => return (HookOutput::default(), format!("SKIP state not writable: {e}")),
        },
        None => {
            let pieces: Vec<budget::Piece> = selection.fresh().into_iter().map(|(_, p)| p).collect();
            budget::assemble(head, &extra, &pieces, budget).text
        }
    };
    let put_back = selection.candidates.len() - always_files;
    let decision = format!(
        "START {always_files} always files, {} chars{}",
        text.chars().count(),
        match put_back {
            0 => String::new(),
            n => format!(", {n} put back after the compaction"),
        }
    );
    (context("SessionStart", text), decision)
}

/// The `always` files as candidates (never marked seen: a new session needs them).
fn always(root: &Path, config: &Config) -> Selection {
    let mut selection = Selection::default();
    for spec in &config.inject.always {
        for path in files::resolve(root, spec.get_ref()) {
            if selection.candidates.iter().any(|c| c.path == path) {
                continue;
            }
            let Some(text) = files::read(root, &path) else {
                continue;
            };
            selection.candidates.push(Candidate {
                hash: files::hash(&[path.as_bytes(), text.as_bytes()]),
                why: "listed in `inject.always`: every session gets it".into(),
                domains: Vec::new(),
                seen: false,
                age: None,
                path,
                text,
            });
        }
    }
    selection
}

/// `Knowledge domains …: render (render, manim); design (layout, font).`
fn index(config: &Config, cap: usize) -> Option<String> {
    if config.inject.domains.is_empty() {
        return None;
    }
    let mut line = String::from(
        "Knowledge domains of this project (their rule files are added when the conversation mentions them): ",
    );
    for (i, domain) in config.inject.domains.iter().enumerate() {
        let words: Vec<&str> = domain.keywords.iter().map(|k| k.get_ref().trim()).collect();
        let item = format!(
            "{}{} ({})",
            if i == 0 { "" } else { "; " },
            domain.name.get_ref().trim(),
            words.join(", ")
        );
        if line.chars().count() + item.chars().count() + 20 > cap {
            line.push_str(&format!("; and {} more", config.inject.domains.len() - i));
            break;
        }
        line.push_str(&item);
    }
    line.push('.');
    Some(line)
}

/// `Learnings file agents/learnings.md: 41 entries, 12 older than 7 active days; consolidation
/// due since 2026-10-02, run /remember.` from the cache when it is of this HEAD and file; else
/// the size alone, and the cache is warmed in the background for the next session.
fn health(root: &Path, config: &Config) -> Option<String> {
    let path = root.join(&config.learnings);
    // A regular file only: a learnings "file" that links to a FIFO or `/dev/zero` would stall
    // the session's start. And a file the commands refuse is not read here either: the line
    // says why they stop.
    let file = match crate::base::fs::open_regular(&path) {
        Ok(file) => file,
        // A configured file that is missing is said, with the key that names it: a silent
        // health line hid a typo. No file at the default path is a project that keeps none.
        Err(e)
            if e.kind() == std::io::ErrorKind::NotFound
                && config.learnings != crate::config::Config::default().learnings =>
        {
            let missing = crate::project::learnings_file::missing(config);
            return Some(format!("Learnings file: {missing}."));
        }
        Err(_) => return None,
    };
    let size = file.metadata().ok()?.len();
    let too_large = |e| {
        crate::project::input::refusal_words(&e)
            .map(|words| format!("Learnings file {}: {words}.", config.learnings.display()))
    };
    if let Err(e) = crate::project::input::refuse_too_large(&path, size, None) {
        return too_large(e);
    }
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(
        &mut std::io::Read::take(file, crate::project::input::MAX_LEARNINGS_BYTES),
        &mut bytes,
    )
    .ok()?;
    if let Err(e) = crate::project::input::refuse_too_many_headings(&path, &bytes) {
        return too_large(e);
    }
    match super::freshness::of_file(root, &path, &bytes) {
        Some(line) => {
            return Some(format!("Learnings file {}: {line}.", config.learnings.display()));
        }
        None => super::freshness::warm_in_background(root),
    }
    let text = String::from_utf8_lossy(&bytes);
    let file = crate::model::parse_with(&text, &config.consolidation.structure());
    let size = config.consolidation.size;
    let due = if file.lines >= size {
        format!("consolidation due (at least {size} lines); run `learnings plan`")
    } else {
        format!("consolidation not due by size (under {size} lines); `learnings plan` also checks staleness")
    };
    Some(format!(
        "Learnings file {}: {}, {}; {due}.",
        config.learnings.display(),
        crate::base::words::count(file.entries.len(), "entry"),
        crate::base::words::count(file.lines, "line")
    ))
}
