//! The guards in `learnings demo`: `check` and `stale` on the demo repository.
//!
//! Kept apart from `demo.rs` so the guards can be shown without touching the demo's own steps;
//! `demo` calls [`show`] with the repository root.

use super::thresholds::ThresholdArgs;
use super::{Context, DateArg, check, stale};
use crate::report::{check as check_report, stale as stale_report};
use std::io::Write;
use std::path::Path;

/// Prints `learnings check` and `learnings stale` as run at the root of the demo repository.
pub fn show(dir: &Path, out: &mut dyn Write) -> crate::Result<()> {
    // Warnings were shown by the demo's earlier steps already.
    let mut sink = std::io::sink();
    let mut ctx = Context {
        cwd: dir.to_path_buf(),
        stderr: &mut sink,
    };
    step(out, "learnings check")?;
    let checked = check::build(&mut ctx, &[])?;
    check_report::text(&checked, out)?;
    if checked.violations.is_empty() {
        writeln!(
            out,
            "(no output, exit 0: {} files under a line limit, all within it)",
            checked.checked
        )?;
    }
    step(out, "learnings stale")?;
    let report = stale::report(&mut ctx, None, &ThresholdArgs::default(), DateArg::Author)?;
    stale_report::text::render(&report, out)?;
    Ok(())
}

fn step(out: &mut dyn Write, command: &str) -> crate::Result<()> {
    writeln!(out)?;
    writeln!(out, "$ {command}")?;
    writeln!(out)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn shows_both_guards_on_the_demo_repository() {
        let dir = tempfile::tempdir().expect("temp dir");
        crate::demo::build(dir.path()).expect("demo repository");
        let mut out = Vec::new();
        super::show(dir.path(), &mut out).expect("show");
        let text = String::from_utf8(out).expect("UTF-8");
        assert!(
            text.contains("$ learnings check\n\n(no output, exit 0: 3 files"),
            "{text}"
        );
        assert!(
            text.contains("$ learnings stale\n\nagents/learnings.md: "),
            "{text}"
        );
        assert!(text.contains("Consolidation "), "{text}");
    }
}
