//! The `lint` report: the findings over every instruction file, and `--explain`'s load lists.
//! One report, five renderers (text, markdown, JSON, SARIF, GitHub annotations); the wording of
//! a finding is the lint room's, said the same way in each.

mod explain;
mod sarif;

pub use explain::{ExplainReport, explain_json, explain_text};
pub use sarif::sarif;

use crate::lint::{Finding, Rule, Severity};
use crate::report::stale::github::{escape_data, escape_property};
use serde::Serialize;
use std::io::{self, Write};

/// What `learnings lint` reports.
#[derive(Debug, Clone, Serialize)]
pub struct LintReport {
    /// The wire format's version.
    pub schema_version: u32,
    /// How many instruction files were read.
    pub files: usize,
    /// The clients modelled.
    pub clients: Vec<crate::lint::Client>,
    /// The findings, by file and line.
    pub findings: Vec<Finding>,
    /// Findings a suppression comment silenced.
    pub suppressed: usize,
}

impl LintReport {
    /// How many findings have `severity`.
    pub fn count(&self, severity: Severity) -> usize {
        self.findings.iter().filter(|f| f.severity == severity).count()
    }

    /// "3 findings (1 error, 2 warnings)", or "no findings".
    pub fn summary(&self) -> String {
        if self.findings.is_empty() {
            return "no findings".into();
        }
        let parts: Vec<String> = [Severity::Error, Severity::Warning, Severity::Note]
            .into_iter()
            .filter_map(|s| {
                let n = self.count(s);
                (n > 0).then(|| crate::base::words::count(n, s.name()))
            })
            .collect();
        format!(
            "{} ({})",
            crate::base::words::count(self.findings.len(), "finding"),
            parts.join(", ")
        )
    }
}

fn location(f: &Finding) -> String {
    format!("{}:{}", f.path, f.line)
}

fn clients(f: &Finding) -> String {
    if f.clients.is_empty() {
        String::new()
    } else {
        let names: Vec<&str> = f.clients.iter().map(|c| c.name()).collect();
        format!(" [{}]", names.join(", "))
    }
}

/// One finding per two lines: `path:line: severity[rule]: message [clients]`, then the fix.
pub fn text(report: &LintReport, out: &mut dyn Write) -> io::Result<()> {
    for f in &report.findings {
        writeln!(
            out,
            "{}: {}[{}]: {}{}",
            location(f),
            f.severity.name(),
            f.rule.id(),
            f.message,
            clients(f)
        )?;
        writeln!(out, "  fix: {}", f.fix)?;
    }
    let suppressed = match report.suppressed {
        0 => String::new(),
        n => format!(
            "; {} suppressed by comments",
            crate::base::words::count(n, "finding")
        ),
    };
    // No instruction file at all: say where lint looks, or "no findings" reads as "clean".
    let none = if report.files == 0 {
        " (lint reads the files git tracks: `git add` new ones)"
    } else {
        ""
    };
    writeln!(
        out,
        "{} in {}{suppressed}{none}",
        report.summary(),
        crate::base::words::count(report.files, "instruction file")
    )
}

/// A markdown table per kind, for a pull request comment or a job summary.
pub fn markdown(report: &LintReport, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "# learnings lint\n")?;
    writeln!(
        out,
        "{} in {}.\n",
        report.summary(),
        crate::base::words::count(report.files, "instruction file")
    )?;
    for rule in Rule::ALL {
        let of: Vec<&Finding> = report.findings.iter().filter(|f| f.rule == rule).collect();
        if of.is_empty() {
            continue;
        }
        writeln!(out, "## {} (`{}`)\n", rule.summary(), rule.id())?;
        writeln!(out, "| where | severity | finding | fix |\n|---|---|---|---|")?;
        for f in of {
            let cell = |s: &str| s.replace('|', "\\|");
            writeln!(
                out,
                "| `{}` | {} | {}{} | {} |",
                location(f),
                f.severity.name(),
                cell(&f.message),
                cell(&clients(f)),
                cell(&f.fix)
            )?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// The report as one JSON document (`schema_version` 1).
pub fn json(report: &LintReport, out: &mut dyn Write) -> io::Result<()> {
    crate::report::write_json(out, report)
}

/// GitHub Actions workflow commands: one annotation per finding.
pub fn github(report: &LintReport, out: &mut dyn Write) -> io::Result<()> {
    for f in &report.findings {
        let level = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "notice",
        };
        writeln!(
            out,
            "::{level} file={},line={},title={}::{}",
            escape_property(&f.path),
            f.line,
            escape_property(&format!("learnings lint: {}", f.rule.id())),
            escape_data(&format!("{}{}. Fix: {}", f.message, clients(f), f.fix))
        )?;
    }
    Ok(())
}
