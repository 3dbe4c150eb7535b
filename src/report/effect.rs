//! The `effect` report: each rule's record, the rules that do not work first, then the dead
//! weight, then the ones that work; as text and JSON.

use super::write_json;
use crate::base::words::count;
use crate::effect::{Effect, RuleEffect, Verdict};
use serde_json::json;
use std::io::{self, Write};

/// What `learnings effect` reports.
#[derive(Debug, Clone)]
pub struct EffectReport {
    /// The weighing.
    pub effect: Effect,
    /// The first day read, if limited.
    pub since: Option<String>,
}

fn rates(e: &RuleEffect) -> String {
    let mut line = format!(
        "{} before it was written, {} after",
        e.before.len(),
        e.after.len()
    );
    if let Some((before, after)) = e.rates {
        line.push_str(&format!(" ({before:.2} → {after:.2} a day)"));
    }
    line
}

/// The report as text (also its markdown).
pub fn text(report: &EffectReport, out: &mut dyn Write) -> io::Result<()> {
    let effect = &report.effect;
    writeln!(
        out,
        "# Effect of the rules\n\n{} weighed against {} and {}{}.",
        count(effect.rules.len(), "rule"),
        count(effect.sessions, "session"),
        count(effect.corrections, "captured correction"),
        report
            .since
            .as_deref()
            .map(|s| format!(" since {s}"))
            .unwrap_or_default()
    )?;
    let groups = [
        (
            Verdict::Recurs,
            "Not working: the correction came back while the rule was in force",
        ),
        (
            Verdict::NeverFired,
            "Never fired in the latest sessions: dead weight",
        ),
        (
            Verdict::Works,
            "Working: the correction stopped or fell after the rule was written",
        ),
        (Verdict::NoEvidence, "No evidence either way yet"),
    ];
    for (verdict, title) in groups {
        let rows: Vec<&RuleEffect> = effect.rules.iter().filter(|e| e.verdict == verdict).collect();
        if rows.is_empty() {
            continue;
        }
        writeln!(out, "\n## {title}\n")?;
        if verdict == Verdict::NoEvidence {
            writeln!(out, "{}", count(rows.len(), "rule"))?;
            continue;
        }
        for e in rows {
            let detail = match verdict {
                Verdict::Recurs => format!(
                    "{}, {} of them while it was in force; injected in {}",
                    rates(e),
                    e.recurred,
                    count(e.injected, "session")
                ),
                Verdict::NeverFired => format!(
                    "not injected in the last {}; about {} tokens each time it fires",
                    count(effect.window.min(effect.sessions), "session"),
                    e.tokens
                ),
                _ => rates(e),
            };
            writeln!(out, "- {}: {detail}", e.name())?;
            if verdict == Verdict::Recurs
                && let Some(last) = e.after.last()
            {
                writeln!(
                    out,
                    "  - last: {} \"{}\"",
                    last.day,
                    crate::base::words::cut(&last.text, 100)
                )?;
            }
        }
    }
    if !effect.enforced.is_empty() {
        writeln!(out, "\n## Enforcement\n")?;
        for (rule, hits, sessions) in &effect.enforced {
            writeln!(
                out,
                "- {rule}: {} in {}",
                count(*hits, "hit"),
                count(*sessions, "session")
            )?;
        }
    }
    if effect.sessions == 0 {
        // Nothing to weigh yet: say where the data comes from instead of advice on no evidence.
        return writeln!(
            out,
            "\nNo session is in the ledger yet (.learnings/effect.jsonl): the hooks write it. \
             Install them (`learnings install --client claude`, or `--client \
             codex|gemini|opencode|cursor|copilot`, or the Claude Code plugin), work a few sessions, then run `learnings effect` again."
        );
    }
    if effect.corrections == 0 {
        writeln!(
            out,
            "\nNo correction captured yet: the prompt hook captures the user's corrections \
             (unless LEARNINGS_CAPTURE=off); `learnings feedback --history` lists them. Without \
             them, `effect` can only tell which rules never fired."
        )?;
    }
    writeln!(
        out,
        "\nAct on it: rewrite a rule that does not work (sharper, with the exact command or \
         value), or enforce it (`[[enforce.block]]`); remove dead weight or give its domain \
         better keywords; keep what works."
    )
}

/// The report as JSON.
pub fn json(report: &EffectReport, out: &mut dyn Write) -> io::Result<()> {
    let effect = &report.effect;
    let rules: Vec<serde_json::Value> = effect
        .rules
        .iter()
        .map(|e| {
            json!({
                "path": e.rule.path,
                "title": e.rule.title,
                "written": e.rule.written.map(|d| d.to_string()),
                "verdict": e.verdict.as_str(),
                "injected_sessions": e.injected,
                "fired_recently": e.fired_recently,
                "corrections_before": e.before.len(),
                "corrections_after": e.after.len(),
                "recurred": e.recurred,
                "rate_before": e.rates.map(|r| (r.0 * 1000.0).round() / 1000.0),
                "rate_after": e.rates.map(|r| (r.1 * 1000.0).round() / 1000.0),
                "tokens": e.tokens,
            })
        })
        .collect();
    let enforced: Vec<serde_json::Value> = effect
        .enforced
        .iter()
        .map(|(rule, hits, sessions)| json!({"rule": rule, "hits": hits, "sessions": sessions}))
        .collect();
    write_json(
        out,
        &json!({
            "schema_version": 1,
            "since": report.since,
            "sessions": effect.sessions,
            "window": effect.window,
            "corrections": effect.corrections,
            "rules": rules,
            "enforcement": enforced,
        }),
    )
}
