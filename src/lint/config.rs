//! `[lint]` in `learnings.toml`: which rules run and how much each matters, which clients are
//! modelled, the budgets, and the files left out.
//!
//! ```toml
//! [lint]
//! off = ["always-on"]                   # rules that do not run
//! on = ["dead-glob", "conflict"]        # rules off by default that should
//! severity = { conflict = "error" }     # note, warning or error
//! clients = ["claude", "codex"]         # the clients modelled (default: all six)
//! budget_tokens = 20000                 # always-on: what one session start may load
//! codex_max_bytes = 32768               # Codex's project_doc_max_bytes, if you changed it
//! gemini_file_names = ["AGENTS.md"]     # Gemini's context.fileName, if you set it
//! ignore = ["fixtures/**"]              # files never linted
//! ```

use super::clients::{CODEX_MAX_BYTES, Client};
use super::rule::{Rule, Severity};
use serde::Deserialize;
use std::collections::BTreeMap;

/// `[lint]` as written.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LintSection {
    /// Rules turned off.
    #[serde(default)]
    pub off: Vec<String>,
    /// Rules turned on that are off by default.
    #[serde(default)]
    pub on: Vec<String>,
    /// Severity per rule.
    #[serde(default)]
    pub severity: BTreeMap<String, String>,
    /// The clients modelled.
    pub clients: Option<Vec<String>>,
    /// The token budget of one session start, per client.
    pub budget_tokens: Option<usize>,
    /// Codex's `project_doc_max_bytes`.
    pub codex_max_bytes: Option<usize>,
    /// Gemini's `context.fileName`.
    pub gemini_file_names: Option<Vec<String>>,
    /// Globs of files never linted.
    #[serde(default)]
    pub ignore: Vec<String>,
}

/// `[lint]` as lint uses it.
#[derive(Debug, Clone, PartialEq)]
pub struct LintConfig {
    /// Rules that run.
    pub rules: Vec<Rule>,
    /// Severity overrides.
    pub severity: BTreeMap<Rule, Severity>,
    /// The clients modelled.
    pub clients: Vec<Client>,
    /// The token budget of one session start.
    pub budget_tokens: usize,
    /// Codex's budget over the AGENTS.md chain.
    pub codex_max_bytes: usize,
    /// Gemini's context file names, the configured ones first (GM-01).
    pub gemini_names: Vec<String>,
    /// Globs of files never linted.
    pub ignore: Vec<String>,
}

/// The default budget of what one session start loads: a fifth of a 100k-token working window.
pub const BUDGET_TOKENS: usize = 20_000;

impl Default for LintConfig {
    fn default() -> Self {
        LintConfig {
            rules: Rule::ALL.into_iter().filter(|r| r.on_by_default()).collect(),
            severity: BTreeMap::new(),
            clients: Client::ALL.to_vec(),
            budget_tokens: BUDGET_TOKENS,
            codex_max_bytes: CODEX_MAX_BYTES,
            gemini_names: vec!["GEMINI.md".into()],
            ignore: Vec::new(),
        }
    }
}

impl LintConfig {
    /// Whether `rule` runs.
    pub fn is_on(&self, rule: Rule) -> bool {
        self.rules.contains(&rule)
    }

    /// Whether `client` is modelled.
    pub fn models(&self, client: Client) -> bool {
        self.clients.contains(&client)
    }

    /// The configuration `section` says, or the first thing wrong with it, naming the key.
    pub fn from_section(section: LintSection) -> Result<LintConfig, String> {
        let mut config = LintConfig::default();
        let rule = |id: &str, key: &str| {
            Rule::parse(id).ok_or_else(|| {
                let known: Vec<&str> = Rule::ALL.iter().map(|r| r.id()).collect();
                format!("`{key}`: no rule `{id}`; the rules are {}", known.join(", "))
            })
        };
        for id in &section.on {
            let r = rule(id, "on")?;
            if !config.rules.contains(&r) {
                config.rules.push(r);
            }
        }
        for id in &section.off {
            let r = rule(id, "off")?;
            config.rules.retain(|x| *x != r);
        }
        for (id, level) in &section.severity {
            let r = rule(id, "severity")?;
            let s = Severity::parse(level)
                .ok_or_else(|| format!("`severity.{id}`: `{level}` is not note, warning or error"))?;
            config.severity.insert(r, s);
        }
        if let Some(names) = &section.clients {
            config.clients = names
                .iter()
                .map(|n| {
                    Client::parse(n).ok_or_else(|| {
                        format!("`clients`: no client `{n}`; the clients are claude, codex, gemini, cursor, copilot, opencode")
                    })
                })
                .collect::<Result<_, _>>()?;
        }
        if let Some(n) = section.budget_tokens {
            config.budget_tokens = n;
        }
        if let Some(n) = section.codex_max_bytes {
            if n == 0 {
                return Err("`codex_max_bytes`: 0 turns Codex's project docs off; write the value Codex uses (its default is 32768), or leave codex out of `clients`".into());
            }
            config.codex_max_bytes = n;
        }
        if let Some(names) = section.gemini_file_names {
            let mut all = names;
            if !all.iter().any(|n| n == "GEMINI.md") {
                all.push("GEMINI.md".into());
            }
            config.gemini_names = all;
        }
        for glob in &section.ignore {
            crate::base::glob::check(glob, "ignore")?;
        }
        config.ignore = section.ignore;
        Ok(config)
    }
}
