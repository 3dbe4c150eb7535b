//! Over budget: a client's own limit cuts or drops text without a word (Codex's 32 KiB over
//! the AGENTS.md chain, Copilot code review's 4,000 characters, Claude Code's 4 MiB), and what
//! every session start loads is over the configured token budget.

use super::{Finding, Rule, Severity};
use crate::lint::clients::{COPILOT_REVIEW_CHARS, Client};
use crate::lint::config::LintConfig;
use crate::lint::load::{self, Cut, Index, Session};
use crate::lint::surface::{Kind, Surface};
use crate::lint::text::Lines;
use std::collections::BTreeSet;

pub(super) fn find(index: &Index<'_>, surfaces: &[Surface], config: &LintConfig) -> Vec<Finding> {
    let mut out = Vec::new();
    if config.models(Client::Codex) {
        out.extend(codex(index, surfaces, config));
    }
    if config.models(Client::Copilot) {
        out.extend(surfaces.iter().filter_map(review_cut));
    }
    for client in config.clients.iter().copied() {
        let list = load::load(index, client, Session { cwd: "", file: None });
        for l in list.iter().filter(|l| l.cut == Some(Cut::Skipped)) {
            out.push(
                Finding::new(
                    Rule::OverBudget,
                    &l.path,
                    1,
                    "Claude Code skips a CLAUDE.md over 4 MiB whole (CC-15): none of it loads".to_owned(),
                    "split it into files under 200 lines each, imported or scoped by paths:".into(),
                )
                .with_clients(vec![client]),
            );
        }
        let tokens: usize = list.iter().map(|l| l.tokens()).sum();
        if tokens > config.budget_tokens {
            let mut largest: Vec<&load::Loaded> = list.iter().collect();
            largest.sort_by(|a, b| b.tokens().cmp(&a.tokens()).then(a.path.cmp(&b.path)));
            let top: Vec<String> = largest
                .iter()
                .take(3)
                .map(|l| format!("{} ({})", l.path, l.tokens()))
                .collect();
            out.push(
                Finding::new(
                    Rule::AlwaysOn,
                    &largest[0].path,
                    1,
                    format!(
                        "{} loads about {tokens} tokens at every session start, over the budget of {}; largest: {}",
                        client.product(),
                        config.budget_tokens,
                        top.join(", ")
                    ),
                    "move what only some work needs into path-scoped rules or imports on demand".into(),
                )
                .with_clients(vec![client]),
            );
        }
    }
    out
}

/// CX-05: for a session in each folder holding an AGENTS.md, what the 32 KiB budget cuts.
fn codex(index: &Index<'_>, surfaces: &[Surface], config: &LintConfig) -> Vec<Finding> {
    let homes: BTreeSet<&str> = surfaces
        .iter()
        .filter(|s| matches!(s.kind, Kind::AgentsMd | Kind::AgentsOverride))
        .map(|s| s.home.as_str())
        .collect();
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for home in homes {
        let list = load::load(
            index,
            Client::Codex,
            Session {
                cwd: home,
                file: None,
            },
        );
        for (n, l) in list.into_iter().enumerate() {
            // The first file of the chain has nothing above it to shorten.
            let first = n == 0;
            let Some(cut) = l.cut else { continue };
            if !seen.insert((l.path.clone(), format!("{cut:?}"))) {
                continue;
            }
            let at = if home.is_empty() {
                "the root".to_owned()
            } else {
                format!("`{home}`")
            };
            let (line, message) = match cut {
                Cut::Truncated { kept } => {
                    let line = surfaces
                        .iter()
                        .find(|s| s.path == l.path)
                        .map_or(1, |s| Lines::of(&s.text).line(kept));
                    (
                        line,
                        format!(
                            "Codex's {} byte budget over the AGENTS.md chain (CX-05) runs out here for a session at {at}: from this line on, nothing of this file reaches the model, and no message says so",
                            config.codex_max_bytes
                        ),
                    )
                }
                Cut::Dropped | Cut::Skipped => (
                    1,
                    format!(
                        "Codex's {} byte budget over the AGENTS.md chain (CX-05) is spent by the files above it: for a session at {at} this file is dropped whole, the most specific one",
                        config.codex_max_bytes
                    ),
                ),
            };
            let fix = if first {
                "shorten it, moving what only some folders need into their own AGENTS.md, or raise project_doc_max_bytes in ~/.codex/config.toml (and codex_max_bytes in [lint])"
            } else {
                "shorten the AGENTS.md files above it, or raise project_doc_max_bytes in ~/.codex/config.toml (and codex_max_bytes in [lint])"
            };
            out.push(
                Finding::new(Rule::OverBudget, &l.path, line, message, fix.into())
                    .with_clients(vec![Client::Codex]),
            );
        }
    }
    out
}

/// CP-06: Copilot code review reads the first 4,000 characters of each instruction file.
fn review_cut(s: &Surface) -> Option<Finding> {
    if !matches!(s.kind, Kind::CopilotRepo | Kind::CopilotPath) {
        return None;
    }
    let (at, _) = s.text.char_indices().nth(COPILOT_REVIEW_CHARS)?;
    let line = Lines::of(&s.text).line(at);
    let mut finding = Finding::new(
        Rule::OverBudget,
        &s.path,
        line,
        format!(
            "Copilot code review reads only the first {COPILOT_REVIEW_CHARS} characters of an instruction file (CP-06): from this line on, reviews never see it"
        ),
        "put what reviews must check first, or move the rest into path-scoped .instructions.md files".into(),
    )
    .with_clients(vec![Client::Copilot]);
    // A cut of one surface of one client: worth fixing, not worth failing a build on alone.
    finding.severity = Severity::Warning;
    Some(finding)
}
