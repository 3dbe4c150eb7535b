//! The findings: each with its file and line, a rule id, and a one-line fix.

mod budget;
mod conflict;
mod never;
mod rot;
mod twice;

use super::clients::Client;
use super::config::LintConfig;
use super::surface::Surface;
use super::tree::Tree;
use serde::Serialize;

pub use super::rule::{Rule, Severity};

/// One finding.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    /// What kind.
    pub rule: Rule,
    /// How much it matters.
    pub severity: Severity,
    /// The file, repository-relative.
    pub path: String,
    /// The line, 1-based.
    pub line: usize,
    /// What is wrong.
    pub message: String,
    /// The fix, in one line.
    pub fix: String,
    /// The clients it concerns (empty: every client, or none in particular).
    pub clients: Vec<Client>,
    /// The other place involved (the first copy, the other side of a conflict).
    pub related: Option<(String, usize)>,
}

impl Finding {
    pub(crate) fn new(rule: Rule, path: &str, line: usize, message: String, fix: String) -> Finding {
        Finding {
            rule,
            severity: rule.default_severity(),
            path: path.to_owned(),
            line,
            message,
            fix,
            clients: Vec::new(),
            related: None,
        }
    }

    pub(crate) fn with_clients(mut self, clients: Vec<Client>) -> Finding {
        self.clients = clients;
        self
    }

    pub(crate) fn with_related(mut self, path: &str, line: usize) -> Finding {
        self.related = Some((path.to_owned(), line));
        self
    }
}

/// "Cursor loads" or "Cursor, Copilot load": the clients of a finding as a subject.
fn who_loads(names: &[&str]) -> String {
    match names {
        [one] => format!("{one} loads"),
        _ => format!("{} load", names.join(", ")),
    }
}

/// Every finding over the tree but `never-fired`, before configuration and suppression.
pub fn all(tree: &Tree, surfaces: &[Surface], config: &LintConfig) -> Vec<Finding> {
    let index = super::load::Index::new(tree, surfaces, config);
    let on = |rules: &[Rule]| rules.iter().any(|r| config.is_on(*r));
    let mut out = Vec::new();
    // Only the kinds that run are looked for: a kind turned off costs nothing.
    if on(&[Rule::LoadedTwice, Rule::Conflict]) {
        let sets = super::load::load_sets(&index);
        if on(&[Rule::LoadedTwice]) {
            out.extend(twice::find(surfaces, &sets));
        }
        if on(&[Rule::Conflict]) {
            out.extend(conflict::find(surfaces, &sets));
        }
    }
    if on(&[Rule::OverBudget, Rule::AlwaysOn]) {
        out.extend(budget::find(&index, surfaces, config));
    }
    if on(&[
        Rule::DeadGlob,
        Rule::BrokenImport,
        Rule::UnreadFile,
        Rule::IgnoredScope,
    ]) {
        out.extend(never::find(tree, surfaces, index.scan()));
    }
    if on(&[Rule::RotPath, Rule::RotTarget, Rule::RotFlag]) {
        out.extend(rot::find(tree, surfaces));
    }
    out
}

/// `never-fired`, from the rule files the effect ledger says no recent session was given.
pub fn never_fired(files: &[(String, usize)]) -> Vec<Finding> {
    files
        .iter()
        .map(|(path, sessions)| {
            Finding::new(
                Rule::NeverFired,
                path,
                1,
                format!("no session of the last {sessions} was given this rule file"),
                "narrow its domain's keywords or globs so it matches the work, or retire it".into(),
            )
        })
        .collect()
}
