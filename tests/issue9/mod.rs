//! Issue 9, "guards and commands a user can trust": hooks that never exit 2, errors that point
//! the right way, SARIF fingerprints, split plans that never contradict themselves, words and
//! formats, benchmarks and the README walkthrough. Each test runs the binary on a real repository.

mod bench;
mod errors;
mod hook_args;
mod sarif;
mod split;
mod walkthrough;
mod words;
