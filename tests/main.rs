//! Integration tests: real repositories, the binary run as a process.

mod common;

mod ages;
mod ages_errors;
mod ages_git;
mod audit;
mod demo;
mod plan;
