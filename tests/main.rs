//! Integration tests: real repositories, the binary run as a process.

mod common;

mod ages;
