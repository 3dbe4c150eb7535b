//! `learnings` keeps the knowledge of AI coding agents healthy, straight from git.
//!
//! Teams working with coding agents keep a staging file of learnings (`agents/learnings.md`:
//! a preamble, then one `## Title` entry per lesson). Entries should move into permanent docs
//! once they have proven themselves, and memory files must not grow without bound. This crate
//! reads the facts from git history in-process (gix; no `git` subprocess), decides, and renders
//! reports for people, agents, hooks and CI.
//!
//! Ages are counted in *active days* (distinct dates with commits), never from the wall clock:
//! the same repository gives the same report today, next year, and in any time zone.
//!
//! Layout: `ARCHITECTURE.md` at the repository root maps every room below, what it owns and
//! what it may import; `tests/architecture.rs` holds the code to it. From the bottom up:

/// LearningAgents: agent folders, session logs, issue files.
pub mod agents;
/// Shared leaves: words, paths, globs, time stamps, atomic writes; imports nothing of ours.
pub mod base;
/// Capture from conversations: the classifier, distilling, promotion.
pub mod capture;
/// The command line: the clap tree, one file per command, the one dispatch.
pub mod cli;
/// `learnings.toml`: assembles the sections the rooms own.
pub mod config;
/// `learnings demo`: the generated repository and the tour.
pub mod demo;
/// Did each rule work: the effect ledger and the corrections, weighed against git dates.
pub mod effect;
/// Bash commands parsed, then rewritten, blocked or given variables by `[enforce]`.
pub mod enforce;
/// The crate's error type; each variant names a file and what to do.
pub mod error;
/// Git history in-process with gix (the only room that uses gix); returns owned data.
pub mod history;
/// The Claude Code hook protocol: one module per event, the shared protocol code.
pub mod hooks;
/// Knowledge injection: domains, matching, budget, once-per-session state.
pub mod inject;
/// What each agent client loads, and the findings over it: `learnings lint`.
pub mod lint;
/// The learnings file model: markdown in, entries with line spans out; no I/O.
pub mod model;
/// Decisions over owned data: ages, consolidations, plans, limits, splits, audits.
pub mod policy;
/// What a command reads of its project, once: repository, configuration, file, analysis.
pub mod project;
/// One report struct per command and its renderers.
pub mod report;
/// Setting the tool up: `doctor` and the plain git pre-commit hook.
pub mod setup;
/// All private state, behind one door: no-follow writes, 0700/0600, locked logs, bounds.
pub mod store;
/// Claude Code's JSONL transcript, read from the end: messages, the answered turn.
pub mod transcript;

pub use error::{Error, Result};
