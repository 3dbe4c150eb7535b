//! Links the `learnings` binary as a position-dependent executable on Linux.
//!
//! The hooks start a process on every prompt and every tool call, and a position-independent
//! executable of this size spends about half a millisecond at start-up applying 34,000 relative
//! relocations: a fifth of a hook's whole run. Linked without PIE the loader applies three. The
//! shared libraries, the stack and the heap are still placed at random.
//!
//! `LEARNINGS_BUILD_PIE=1` keeps PIE, for a platform that requires it. gcc, clang and the
//! wheel's `zig cc` all take `-no-pie`.

fn main() {
    println!("cargo:rerun-if-env-changed=LEARNINGS_BUILD_PIE");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let keep_pie = std::env::var_os("LEARNINGS_BUILD_PIE").is_some();
    if linux && !keep_pie {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
