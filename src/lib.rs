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
//! Layout: [`learnings`] is the file model, [`history`] the only module that touches git,
//! [`policy`] pure decisions, [`report`] the renderers, [`cli`] the command line.

pub mod agents;
pub mod base;
pub mod capture;
pub mod cli;
pub mod config;
pub mod demo;
pub mod enforce;
pub mod error;
pub mod history;
pub mod hooks;
pub mod inject;
pub mod model;
pub mod policy;
pub mod project;
pub mod report;
pub mod setup;
pub mod transcript;

pub use error::{Error, Result};
