//! Capture and distil what users tell agents: corrections, rejections, clarifications,
//! enhancements, praise and explicit preferences, and what agents discover.
//!
//! [`detect`] classifies a prompt; [`event`] is the record stored in the user's private log
//! ([`crate::store`]); [`analyze`] turns a log into recurring patterns, explicit rules, inferred
//! preferences and per-agent figures; [`discover`] keeps agents' discoveries; [`promote`] turns
//! what has proven itself into entries of the learnings file, where git takes over.
//!
//! Nothing here reads the clock: times come from the records, and "now" for decay and ranking
//! is the newest record (or a time the caller passes), so the same log gives the same result.

pub mod analyze;
pub mod capture;
pub mod cluster;
pub mod context;
mod cues;
pub mod detect;
pub mod discover;
pub mod eval;
pub mod event;
pub mod gist;
pub mod patch;
pub mod prefs;
pub mod promote;
mod rules;
pub mod strip;

pub use detect::{Category, Signal, classify};
pub use event::{Event, Kind};
