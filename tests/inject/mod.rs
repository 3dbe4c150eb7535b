//! Knowledge injection: `hook prompt`, `hook session-start`, `hook subagent-start` and
//! `inject explain`, through the binary with hook JSON on stdin, in temp projects.

mod explain;
pub mod fixture;
mod malformed;
mod prompt;
mod safety;
mod seed;
mod start;
