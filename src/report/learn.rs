//! Renderers of the capture commands (`learn`, `feedback`, `discover`): text for people, JSON
//! with a `schema_version` for tools.

use crate::base::words::count;
use crate::base::words::cut;
use crate::capture::analyze::Analysis;
use crate::capture::discover::Discovery;
use crate::capture::eval::Evaluation;
use crate::capture::event::Event;
use crate::capture::promote::Promotion;
use crate::store::Store;
use serde_json::json;
use std::io::{Result, Write};

fn json_line(out: &mut dyn Write, value: &serde_json::Value) -> Result<()> {
    writeln!(out, "{}", serde_json::to_string(value).unwrap_or_default())
}

/// Precision and recall per category.
pub fn evaluation(e: &Evaluation, as_json: bool, out: &mut dyn Write) -> Result<()> {
    if as_json {
        return json_line(
            out,
            &json!({ "schema_version": 1, "samples": e.samples, "scores": e.scores,
                "none_captured": { "captured": e.none_captured.0, "of": e.none_captured.1 },
                "hard_negatives_captured": { "captured": e.hard_captured.0, "of": e.hard_captured.1 },
                "missed_to_review": { "reviewed": e.missed_to_review.0, "of": e.missed_to_review.1 },
                "lessons_of_corrections": { "right": e.lessons_of_corrections.0, "of": e.lessons_of_corrections.1 },
                "lessons": { "right": e.lessons.0, "of": e.lessons.1 },
                "misses": e.misses }),
        );
    }
    writeln!(out, "{} labelled prompts", e.samples)?;
    writeln!(
        out,
        "{:<14} {:>8} {:>9} {:>9} {:>7}",
        "category", "labelled", "precision", "recall", "target"
    )?;
    for s in &e.scores {
        let target = match s.category {
            crate::capture::Category::Correction | crate::capture::Category::Preference => {
                // The targets on real prompts: precision 0.9, recall 0.8.
                if s.precision >= 0.9 && s.recall >= 0.8 {
                    "met"
                } else {
                    "MISSED"
                }
            }
            _ => "-",
        };
        writeln!(
            out,
            "{:<14} {:>8} {:>8.1}% {:>8.1}% {:>7}",
            s.category.name(),
            s.labelled,
            s.precision * 100.0,
            s.recall * 100.0,
            target
        )?;
    }
    let share = |(n, of): (usize, usize)| 100.0 * n as f64 / of.max(1) as f64;
    writeln!(
        out,
        "none captured: {}/{} ({:.1}%, target ≤ 5%: {}); hard negatives captured: {}/{} ({:.1}%, target ≤ 5%: {})",
        e.none_captured.0,
        e.none_captured.1,
        share(e.none_captured),
        if share(e.none_captured) <= 5.0 {
            "met"
        } else {
            "MISSED"
        },
        e.hard_captured.0,
        e.hard_captured.1,
        share(e.hard_captured),
        if share(e.hard_captured) <= 5.0 {
            "met"
        } else {
            "MISSED"
        }
    )?;
    writeln!(
        out,
        "feedback not captured that the review queue shows, rightly labelled: {}/{}",
        e.missed_to_review.0, e.missed_to_review.1
    )?;
    if e.lessons.1 > 0 {
        let (right, of) = e.lessons_of_corrections;
        writeln!(
            out,
            "lesson or transient, of corrections: {right}/{of} ({:.1}%, target ≥ 85%: {}); of all feedback: {}/{} ({:.1}%)",
            share((right, of)),
            if share((right, of)) >= 85.0 {
                "met"
            } else {
                "MISSED"
            },
            e.lessons.0,
            e.lessons.1,
            share(e.lessons)
        )?;
    }
    for (label, predicted, prompt) in &e.misses {
        writeln!(
            out,
            "  miss: {label} as {predicted}: {}",
            cut(&prompt.replace('\n', " "), 70)
        )?;
    }
    Ok(())
}

/// The feedback log.
pub fn history(events: &[Event], as_json: bool, out: &mut dyn Write) -> Result<()> {
    if as_json {
        return json_line(out, &json!({ "schema_version": 1, "events": events }));
    }
    if events.is_empty() {
        return writeln!(out, "No feedback captured yet.");
    }
    // The agent goes after the text, so the text column lines up whether or not there is one.
    for e in events {
        let agent = e.agent.as_deref().map(|a| format!("  [{a}]")).unwrap_or_default();
        writeln!(
            out,
            "{}  {:<13} {:.2}  {}{agent}",
            e.at,
            e.kind.name(),
            e.confidence,
            cut(&e.text.replace('\n', " "), 80)
        )?;
    }
    Ok(())
}

/// `learn show`.
pub fn show(
    store: &Store,
    a: &Analysis,
    discoveries: usize,
    context: Option<&str>,
    as_json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    if as_json {
        return json_line(
            out,
            &json!({
                "schema_version": 1,
                "user_dir": store.user, "project_dir": store.project,
                "events": a.events, "discoveries": discoveries,
                "rules": a.rules.len(), "patterns": a.patterns.len(),
                "context": context,
            }),
        );
    }
    writeln!(out, "User data:    {}", store.user.display())?;
    writeln!(out, "Project data: {}", store.project.display())?;
    writeln!(
        out,
        "{}, {}, {}, {}",
        count(a.events, "feedback event"),
        count(discoveries, "discovery"),
        count(a.rules.len(), "rule"),
        count(a.patterns.len(), "recurring pattern")
    )?;
    match context {
        Some(block) => writeln!(out, "\nThe next session starts with:\n{block}"),
        None => writeln!(
            out,
            "\nNothing to inject: nothing learned yet, or [learning] context_tokens fits none of it."
        ),
    }
}

/// `learn analyze`.
pub fn analysis(a: &Analysis, as_json: bool, out: &mut dyn Write) -> Result<()> {
    if as_json {
        return json_line(out, &serde_json::to_value(a).unwrap_or_default());
    }
    writeln!(
        out,
        "{}{}",
        count(a.events, "event"),
        a.now
            .as_deref()
            .map(|n| format!(", as of {n}"))
            .unwrap_or_default()
    )?;
    writeln!(out, "\nRecurring patterns ({}):", a.patterns.len())?;
    for p in &a.patterns {
        writeln!(out, "- {} ×{}: {}", p.kind.name(), p.count, cut(&p.summary, 100))?;
    }
    writeln!(out, "\nExplicit rules ({}):", a.rules.len())?;
    for r in &a.rules {
        let state = if r.active { "" } else { "; decayed" };
        let times = match r.count {
            1 => "once".to_owned(),
            n => format!("{n} times"),
        };
        writeln!(out, "- {} (stated {times}{state})", r.text)?;
    }
    writeln!(out, "\nPreferences:")?;
    writeln!(
        out,
        "- verbosity: {} ({} concise, {} detailed)",
        a.verbosity.value, a.verbosity.low, a.verbosity.high
    )?;
    writeln!(
        out,
        "- autonomy: {} ({} ask first, {} autonomous)",
        a.autonomy.value, a.autonomy.low, a.autonomy.high
    )?;
    if !a.agents.is_empty() {
        writeln!(out, "\nAgents:")?;
        for g in &a.agents {
            writeln!(
                out,
                "- {}: {}, {}, {}, {}, success rate {:.0}%",
                g.agent,
                count(g.invocations, "invocation"),
                count(g.successes, "success"),
                count(g.revisions, "revision"),
                count(g.cancellations, "cancellation"),
                g.success_rate * 100.0
            )?;
            for theme in &g.themes {
                writeln!(out, "  - often (×{}): {}", theme.count, cut(&theme.text, 90))?;
            }
        }
    }
    Ok(())
}

/// `learn promote`.
pub fn promotion(
    p: &Promotion,
    file: &str,
    diff: &str,
    dry_run: bool,
    as_json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    if as_json {
        let added: Vec<_> = p
            .added
            .iter()
            .map(|c| json!({ "source": c.source, "title": c.title, "evidence": c.evidence }))
            .collect();
        let skipped: Vec<_> = p
            .skipped
            .iter()
            .map(|(c, r)| json!({ "source": c.source, "title": c.title, "reason": r }))
            .collect();
        return json_line(
            out,
            &json!({ "schema_version": 1, "file": file, "dry_run": dry_run, "added": added, "skipped": skipped, "diff": diff }),
        );
    }
    write!(out, "{diff}")?;
    let verb = if dry_run { "Would add" } else { "Added" };
    writeln!(
        out,
        "{verb} {} to {file}.",
        crate::base::words::count(p.added.len(), "entry")
    )?;
    for (c, reason) in &p.skipped {
        writeln!(out, "Skipped \"{}\": {reason}.", c.title)?;
    }
    Ok(())
}

/// The discoveries, best ranked first, then those that no longer rank: "expired" past their
/// `expires` date, "aged out" when their last use is older than the recency window. The JSON
/// lists them in the same order, each with its score and state.
pub fn discoveries(
    all: &[Discovery],
    ranked: &[(&Discovery, f64)],
    now: &str,
    as_json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let unranked: Vec<(&Discovery, &str)> = all
        .iter()
        .filter(|d| !ranked.iter().any(|(r, _)| r.id == d.id))
        .map(|d| {
            let state = if crate::capture::discover::expired(d, now) {
                "expired"
            } else {
                "aged out"
            };
            (d, state)
        })
        .collect();
    if as_json {
        let with = |d: &Discovery, score: f64, state: &str| {
            let mut value = json!(d);
            value["score"] = json!(crate::policy::overlap::round2(score));
            value["state"] = json!(state);
            value
        };
        let list: Vec<serde_json::Value> = ranked
            .iter()
            .map(|(d, s)| with(d, *s, "ranked"))
            .chain(unranked.iter().map(|(d, state)| with(d, 0.0, state)))
            .collect();
        return json_line(out, &json!({ "schema_version": 1, "discoveries": list }));
    }
    if all.is_empty() {
        return writeln!(out, "No discoveries recorded yet.");
    }
    for (d, score) in ranked {
        writeln!(
            out,
            "{}  {:.2}  [{}] {} (uses {}, {})",
            d.id,
            score,
            d.category.name(),
            d.summary,
            d.uses,
            d.scope
        )?;
    }
    for (d, state) in unranked {
        writeln!(out, "{}  {state}  [{}] {}", d.id, d.category.name(), d.summary)?;
    }
    Ok(())
}
