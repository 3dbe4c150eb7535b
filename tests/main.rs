//! Integration tests: real repositories, the binary run as a process.

mod common;

mod agents;
mod ages;
mod ages_copies;
mod ages_errors;
mod ages_git;
mod audit;
mod audit_scenarios;
mod capture;
mod capture_hooks;
mod capture_patch;
mod capture_promote;
mod capture_safety;
mod capture_safety_store;
mod capture_transcripts;
mod check;
mod closed_pipe;
mod demo;
mod enforce;
mod git_env;
mod hooks;
mod inject;
mod install_hook;
mod issue9;
mod modes;
mod plan;
mod plugin;
mod plugin_hooks;
mod precommit;
mod prompts;
mod report;
mod sessions;
mod staged;
mod stale;
mod template;
