//! The `check` report: files over their line limits, one line each, as pre-commit shows them.

use crate::base::words::count;
use crate::policy::limits::Level;
use crate::policy::limits::Violation;
use std::io::{self, Write};

/// What `learnings check` reports.
#[derive(Debug, Clone, Default)]
pub struct CheckReport {
    /// Files a rule governs that were read and counted.
    pub checked: usize,
    /// Files over their limit, sorted by path.
    pub violations: Vec<Violation>,
}

impl CheckReport {
    /// Violations of error-level rules: these fail the check.
    pub fn errors(&self) -> usize {
        self.violations.iter().filter(|v| v.is_error()).count()
    }
}

/// One line per violation: `path: N lines (limit M)`, with `, warning` for warning-level rules
/// and the rule's message after a colon.
pub fn text(report: &CheckReport, out: &mut dyn Write) -> io::Result<()> {
    for v in &report.violations {
        let level = match v.rule.level {
            Level::Error => "",
            Level::Warning => ", warning",
        };
        write!(
            out,
            "{}: {} (limit {}{level})",
            v.path,
            count(v.lines, "line"),
            v.rule.max_lines
        )?;
        match &v.rule.message {
            Some(message) => writeln!(out, ": {message}")?,
            None => writeln!(out)?,
        }
    }
    Ok(())
}

/// JSON, `schema_version` 1: `{checked, errors, violations: [{path, lines, limit, level,
/// message}]}`, one object.
pub fn json(report: &CheckReport, out: &mut dyn Write) -> io::Result<()> {
    let violations: Vec<serde_json::Value> = report
        .violations
        .iter()
        .map(|v| {
            serde_json::json!({
                "path": v.path,
                "lines": v.lines,
                "limit": v.rule.max_lines,
                "level": match v.rule.level { Level::Error => "error", Level::Warning => "warning" },
                "message": v.rule.message,
            })
        })
        .collect();
    super::write_json(
        out,
        &serde_json::json!({
            "schema_version": 1,
            "checked": report.checked,
            "errors": report.errors(),
            "violations": violations,
        }),
    )
}
