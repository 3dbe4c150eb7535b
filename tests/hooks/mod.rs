//! `learnings hook post-task|stop`: every clause of REQ-004, bad input of every kind, path
//! escapes, and concurrent runs, each through the binary with a JSON stdin.

mod concurrency;
mod escapes;
mod malformed;
mod post_task;
pub mod project;
mod stop;
