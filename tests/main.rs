//! Integration tests: real repositories, the binary run as a process.

mod common;

mod agents;
mod ages;
mod ages_errors;
mod ages_git;
mod audit;
mod audit_scenarios;
mod check;
mod demo;
mod hooks;
mod install_hook;
mod plan;
mod plugin;
mod precommit;
mod prompts;
mod sessions;
mod stale;
