//! Integration tests: real repositories, the binary run as a process.

mod common;

mod ages;
mod ages_errors;
mod ages_git;
mod audit;
mod check;
mod demo;
mod install_hook;
mod plan;
mod precommit;
mod prompts;
mod stale;
