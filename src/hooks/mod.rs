//! Claude Code hooks of the LearningAgents plugin: track each use of a LearningAgent
//! (PostToolUse on `Task|Agent`) and suggest the learning cycle when a turn ends (Stop).
//!
//! Hooks run on every turn, so they are built to never get in the way: the handlers here are
//! plain functions from a parsed input and a project root to an answer and a list of writes,
//! and the command line around them turns every failure, whatever its cause, into `{}` and exit
//! code 0. Nothing here reads the clock; the caller passes the time in.

pub mod capture;
pub mod debug;
pub mod post_task;
pub mod pre_tool;
pub mod prompt;
pub mod protocol;
pub mod session_start;
pub mod stop;
pub mod subagent_start;

pub use protocol::{HookOutput, HookSpecificOutput, PostToolUseInput, StopInput};
