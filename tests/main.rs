//! Integration tests: real repositories, the binary run as a process.

mod common;

mod agents;
mod ages;
mod ages_errors;
mod ages_git;
mod audit;
mod check;
mod demo;
mod enforce;
mod hooks;
mod inject;
mod install_hook;
mod plan;
mod plugin;
mod plugin_hooks;
mod precommit;
mod prompts;
mod sessions;
mod stale;
