//! SARIF 2.1.0 for code scanning: one rule per lint rule id, one result per finding.

use super::LintReport;
use crate::lint::{Rule, Severity};
use serde_json::json;
use std::io::{self, Write};

/// The report as a SARIF log.
pub fn sarif(report: &LintReport, out: &mut dyn Write) -> io::Result<()> {
    let level = |s: Severity| match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    };
    let rules: Vec<_> = Rule::ALL
        .iter()
        .map(|r| {
            json!({
                "id": r.id(),
                "name": r.id(),
                "shortDescription": { "text": r.summary() },
                "fullDescription": { "text": format!("{} ({}).", r.summary(), r.kind()) },
                "help": { "text": "See the lint page of the learnings book." },
                "defaultConfiguration": { "level": level(r.default_severity()), "enabled": r.on_by_default() },
            })
        })
        .collect();
    let results: Vec<_> = report
        .findings
        .iter()
        .map(|f| {
            let mut message = format!("{} Fix: {}", f.message, f.fix);
            if !f.clients.is_empty() {
                let names: Vec<&str> = f.clients.iter().map(|c| c.product()).collect();
                message.push_str(&format!(" (clients: {})", names.join(", ")));
            }
            json!({
                "ruleId": f.rule.id(),
                "ruleIndex": Rule::ALL.iter().position(|r| *r == f.rule),
                "level": level(f.severity),
                "message": { "text": message },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": { "uri": f.path },
                        "region": { "startLine": f.line.max(1) },
                    }
                }],
                // Without figures: a token count in the message must not move the alert.
                "partialFingerprints": {
                    "learningsLint/v1": format!("{}:{}:{}", f.rule.id(), f.path, f.message.replace(|c: char| c.is_ascii_digit(), "")),
                },
            })
        })
        .collect();
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "learnings lint",
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "results": results,
        }],
    });
    crate::report::write_json(out, &log)
}
