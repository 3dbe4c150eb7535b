//! Capture and distil what users tell agents: corrections, rejections, clarifications,
//! enhancements, praise and explicit preferences, and what agents discover.
//!
//! [`model`] classifies a prompt (into a [`category`], by weights trained from labelled
//! prompts); [`turns`] gives the events of one turn; [`event`] is the record stored in the
//! user's private log ([`crate::store`]); [`analyze`] turns a log into recurring patterns, explicit
//! rules, inferred preferences and per-agent figures; [`discover`] keeps agents' discoveries;
//! [`promote`] turns what has proven itself into entries of the learnings file, where git takes
//! over. `[learning]` in
//! `learnings.toml` is [`Learning`], owned here.
//!
//! Nothing here reads the clock: times come from the records, and "now" for decay and ranking
//! is the newest record (or a time the caller passes), so the same log gives the same result.

pub mod analyze;
pub mod category;
pub mod cluster;
pub mod context;
pub mod discover;
pub mod eval;
pub mod event;
pub mod gist;
pub mod model;
pub mod patch;
pub mod prefs;
pub mod promote;
pub mod review;
pub mod strip;
pub mod turns;

pub use category::{Category, Signal};
pub use event::{Event, Kind};
pub use model::classify;

use serde::Deserialize;

/// `[learning]`: capture from conversations, and the learned context at session start.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Learning {
    /// `false` stops all capture (feedback, completions, cancellations) in this project.
    pub enabled: bool,
    /// The most tokens the `<learned-context>` block may take at session start.
    pub context_tokens: usize,
    /// Uses a discovery needs before `learn promote` turns it into an entry.
    pub promote_uses: u32,
}

impl Default for Learning {
    fn default() -> Self {
        Learning {
            enabled: true,
            context_tokens: 500,
            promote_uses: 2,
        }
    }
}
