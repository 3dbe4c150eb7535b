//! SARIF 2.1.0 for GitHub code scanning: two rules with stable ids, results at each stale
//! entry's heading line, so the log uploads with `github/codeql-action/upload-sarif` as it is.
//!
//! Each result carries a partial fingerprint from the entry's normalised title, so code
//! scanning keeps tracking an alert when the entry moves within the file. Entries that share a
//! title are told apart by their rank among the entries of that title, in file order: the first
//! keeps the bare fingerprint, the second gets `#2`, and so on. Code scanning merges results with
//! the same fingerprint into one alert, so each duplicate needs its own.

use super::{OVERDUE_RULE, OVERDUE_TITLE, STALE_RULE, StaleReport, overdue_message, stale_message};
use crate::base::words::count;
use crate::model::title_key;
use crate::report::write_json;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::{self, Write};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

#[derive(Serialize)]
struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: Vec<Run>,
}

#[derive(Serialize)]
struct Run {
    tool: Tool,
    results: Vec<SarifResult>,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    semantic_version: &'static str,
    rules: Vec<Rule>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    id: &'static str,
    name: &'static str,
    short_description: Text,
    full_description: Text,
    help: Text,
    default_configuration: Configuration,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

#[derive(Serialize)]
struct Text {
    text: String,
}

fn text(s: impl Into<String>) -> Text {
    Text { text: s.into() }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: Text,
    locations: Vec<Location>,
    partial_fingerprints: BTreeMap<&'static str, String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    physical_location: PhysicalLocation,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    region: Region,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactLocation {
    uri: String,
    uri_base_id: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: usize,
    end_line: usize,
}

fn rules(freshness: usize) -> Vec<Rule> {
    vec![
        Rule {
            id: STALE_RULE,
            name: "StaleLearningEntry",
            short_description: text("A learning entry stayed in staging past the freshness age"),
            full_description: text(format!(
                "The entry has been in the learnings staging file for at least {} (days with commits).",
                count(freshness, "active day")
            )),
            help: text(
                "Consolidate the entry into the permanent docs (or drop it if it no longer holds); `learnings plan` shows the batch.",
            ),
            default_configuration: Configuration { level: "warning" },
        },
        Rule {
            id: OVERDUE_RULE,
            name: "ConsolidationOverdue",
            short_description: text(OVERDUE_TITLE),
            full_description: text(
                "A consolidation trigger fired (size or staleness) and enough entries are eligible: `learnings plan` decides to consolidate.",
            ),
            help: text("Run the consolidation: `learnings plan` lists the entries to move."),
            default_configuration: Configuration { level: "warning" },
        },
    ]
}

fn location(file: &str, start_line: usize, end_line: usize) -> Vec<Location> {
    vec![Location {
        physical_location: PhysicalLocation {
            artifact_location: ArtifactLocation {
                uri: uri_path(file),
                uri_base_id: "%SRCROOT%",
            },
            region: Region {
                start_line,
                end_line: end_line.max(start_line),
            },
        },
    }]
}

/// One line of SARIF 2.1.0: the overdue result first, then stale entries oldest first.
pub fn render(report: &StaleReport, out: &mut dyn Write) -> io::Result<()> {
    let mut results = Vec::new();
    if report.overdue() {
        results.push(SarifResult {
            rule_id: OVERDUE_RULE,
            rule_index: 1,
            level: "warning",
            message: text(overdue_message(report)),
            locations: location(&report.file, 1, 1),
            partial_fingerprints: BTreeMap::from([("learningsFile/v1", report.file.clone())]),
        });
    }
    let fingerprints = fingerprints(report);
    for e in report.stale() {
        results.push(SarifResult {
            rule_id: STALE_RULE,
            rule_index: 0,
            level: "warning",
            message: text(stale_message(report, e)),
            locations: location(&report.file, e.line, e.end_line),
            partial_fingerprints: BTreeMap::from([(
                "learningsEntry/v1",
                fingerprints.get(&e.line).cloned().unwrap_or_default(),
            )]),
        });
    }
    let log = Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: vec![Run {
            tool: Tool {
                driver: Driver {
                    name: "learnings",
                    semantic_version: env!("CARGO_PKG_VERSION"),
                    rules: rules(report.freshness()),
                },
            },
            results,
        }],
    };
    write_json(out, &log)
}

/// Each entry's fingerprint, by heading line: `file:title`, then `#n` for the n-th entry of the
/// same title in file order.
fn fingerprints(report: &StaleReport) -> BTreeMap<usize, String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut by_line = BTreeMap::new();
    let mut entries: Vec<_> = report.entries.iter().collect();
    entries.sort_by_key(|e| e.line);
    for e in entries {
        let key = title_key(&e.title);
        let rank = seen.entry(key.clone()).or_insert(0);
        *rank += 1;
        let suffix = if *rank == 1 {
            String::new()
        } else {
            format!("#{rank}")
        };
        by_line.insert(e.line, format!("{}:{key}{suffix}", report.file));
    }
    by_line
}

/// A repository-relative path as a relative URI reference: SARIF's `uri` is a URI, so spaces,
/// `#`, `%` and the like are percent-encoded (UTF-8 bytes), `/` separates segments.
fn uri_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for byte in path.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(char::from(byte))
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod uri_tests {
    #[test]
    fn paths_become_uri_references() {
        assert_eq!(super::uri_path("agents/learnings.md"), "agents/learnings.md");
        assert_eq!(
            super::uri_path("my docs/learn ings#1.md"),
            "my%20docs/learn%20ings%231.md"
        );
        assert_eq!(super::uri_path("é.md"), "%C3%A9.md");
    }
}
