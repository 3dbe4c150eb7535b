//! Integration tests: real repositories, the binary run as a process.

mod common;

mod ages;
mod check;
mod install_hook;
mod precommit;
mod stale;
