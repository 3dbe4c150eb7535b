//! `learn analyze`: a feedback log distilled into recurring patterns, explicit rules, inferred
//! preferences and per-agent figures.
//!
//! Deterministic: events are ordered by time (then by their place in the log), and "now" for
//! decay is the newest event unless the caller passes one. The wall clock is never read.

use super::cluster;
use super::event::{Event, Kind};
use super::prefs::{self, Inferred};
use serde::Serialize;
use std::collections::BTreeMap;

/// The version of the JSON shape of [`Analysis`].
pub const SCHEMA_VERSION: u32 = 1;
/// A pattern needs at least this many occurrences.
pub const MIN_PATTERN: usize = 3;
/// An agent's failure theme needs at least this many occurrences.
pub const MIN_THEME: usize = 2;
/// Examples kept per pattern.
const EXAMPLES: usize = 3;

/// The distilled log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Analysis {
    /// Version of this shape.
    pub schema_version: u32,
    /// The time decay is measured from.
    pub now: Option<String>,
    /// Events read.
    pub events: usize,
    /// Recurring corrections, rejections and clarifications, most frequent first.
    pub patterns: Vec<Pattern>,
    /// Explicit rules, most recent first.
    pub rules: Vec<Rule>,
    /// Concise or detailed answers.
    pub verbosity: Inferred,
    /// Act or ask first.
    pub autonomy: Inferred,
    /// Per sub-agent, by name.
    pub agents: Vec<AgentFigures>,
}

/// Feedback that recurs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pattern {
    /// The most common kind among the members.
    pub kind: Kind,
    /// Occurrences.
    pub count: usize,
    /// The gist of the most central member's text ([`super::gist`]).
    pub summary: String,
    /// Up to three members, oldest first.
    pub examples: Vec<String>,
    /// First and last occurrence.
    pub first: String,
    /// Last occurrence.
    pub last: String,
}

/// An explicit "always/never" rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rule {
    /// The sentence that states it.
    pub text: String,
    /// Times it was stated.
    pub count: usize,
    /// When it was last stated.
    pub last: String,
    /// Stated within the decay window.
    pub active: bool,
}

/// How one sub-agent fares.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AgentFigures {
    /// The agent type.
    pub agent: String,
    /// Answered turns that used it.
    pub invocations: usize,
    /// Praised or followed by a new topic.
    pub successes: usize,
    /// Corrected, rejected or clarified.
    pub revisions: usize,
    /// Interrupted.
    pub cancellations: usize,
    /// successes / invocations, two decimals.
    pub success_rate: f64,
    /// Revisions that recur (at least twice), most frequent first.
    pub themes: Vec<Theme>,
}

/// A failure theme of an agent.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Theme {
    /// The representative revision.
    pub text: String,
    /// How often it recurred.
    pub count: usize,
}

/// Distils `events`. `now` overrides the newest event as the reference for decay.
pub fn analyze(events: &[Event], now: Option<&str>) -> Analysis {
    let mut ordered: Vec<&Event> = events.iter().collect();
    ordered.sort_by(|a, b| a.at.cmp(&b.at));
    let now = now
        .map(str::to_owned)
        .or_else(|| ordered.last().map(|e| e.at.clone()));
    let reference = now.clone();
    let recent = move |e: &Event| {
        reference
            .as_deref()
            .is_none_or(|n| days_between(&e.at, n) <= prefs::DECAY_DAYS)
    };

    let revisions: Vec<&Event> = ordered.iter().copied().filter(|e| e.kind.is_revision()).collect();
    let patterns = patterns(&revisions);
    let rules = rules(&ordered, &recent);
    let leans = |f: fn(&str) -> Option<prefs::Lean>| -> Vec<prefs::Lean> {
        ordered
            .iter()
            .filter(|e| recent(e))
            .filter_map(|e| f(&e.text))
            .collect()
    };
    Analysis {
        schema_version: SCHEMA_VERSION,
        now,
        events: events.len(),
        patterns,
        rules,
        verbosity: prefs::infer(&leans(prefs::verbosity), ("concise", "detailed")),
        autonomy: prefs::infer(&leans(prefs::autonomy), ("ask-first", "autonomous")),
        agents: agents(&ordered),
    }
}

fn patterns(revisions: &[&Event]) -> Vec<Pattern> {
    let texts: Vec<&str> = revisions.iter().map(|e| e.text.as_str()).collect();
    let mut patterns: Vec<Pattern> = cluster::cluster(&texts, cluster::THRESHOLD)
        .into_iter()
        .filter(|members| members.len() >= MIN_PATTERN)
        .map(|members| {
            let mut kinds: BTreeMap<Kind, usize> = BTreeMap::new();
            for &m in &members {
                *kinds.entry(revisions[m].kind).or_default() += 1;
            }
            let kind = kinds
                .iter()
                .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
                .map_or(Kind::Correction, |k| *k.0);
            Pattern {
                kind,
                count: members.len(),
                summary: super::gist::gist(texts[cluster::central(&texts, &members)].trim()),
                examples: members
                    .iter()
                    .take(EXAMPLES)
                    .map(|&m| texts[m].trim().to_owned())
                    .collect(),
                first: revisions[members[0]].at.clone(),
                last: revisions[members[members.len() - 1]].at.clone(),
            }
        })
        .collect();
    patterns.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.first.cmp(&b.first)));
    patterns
}

fn rules(ordered: &[&Event], recent: &dyn Fn(&Event) -> bool) -> Vec<Rule> {
    let mut by_key: BTreeMap<String, Rule> = BTreeMap::new();
    for event in ordered.iter().filter(|e| e.kind == Kind::Preference) {
        let text = rule_text(&event.text);
        let key = crate::policy::overlap::words(&text).join(" ");
        let rule = by_key.entry(key).or_insert_with(|| Rule {
            text: text.clone(),
            count: 0,
            last: String::new(),
            active: false,
        });
        rule.count += 1;
        rule.last = event.at.clone();
        rule.text = text;
        rule.active |= recent(event);
    }
    let mut rules: Vec<Rule> = by_key.into_values().collect();
    rules.sort_by(|a, b| b.last.cmp(&a.last).then_with(|| a.text.cmp(&b.text)));
    rules
}

/// The sentence of `prompt` that states the rule (the whole prompt if no single one does).
pub fn rule_text(prompt: &str) -> String {
    let sentences = prompt
        .split_inclusive(['.', '!', '\n', ';'])
        .map(|s| s.trim())
        .filter(|s| !s.is_empty());
    let mut rule = prompt.trim();
    for sentence in sentences {
        if super::detect::classify(sentence).is_some_and(|s| s.category == super::Category::Preference) {
            rule = sentence;
            break;
        }
    }
    let rule = rule.trim_end_matches(['.', '!', ';']).trim();
    let mut chars = rule.chars();
    let first = chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>())
        .unwrap_or_default();
    super::event::shorten(&format!("{first}{}", chars.as_str()), 200)
}

fn agents(ordered: &[&Event]) -> Vec<AgentFigures> {
    let mut by_agent: BTreeMap<&str, Vec<&Event>> = BTreeMap::new();
    for event in ordered {
        if let Some(agent) = event.agent.as_deref().filter(|a| !a.is_empty()) {
            by_agent.entry(agent).or_default().push(event);
        }
    }
    by_agent
        .into_iter()
        .map(|(agent, events)| {
            let invocations = events.iter().filter(|e| e.kind != Kind::Completion).count();
            let successes = events.iter().filter(|e| e.kind.is_success()).count();
            let revisions: Vec<&str> = events
                .iter()
                .filter(|e| e.kind.is_revision())
                .map(|e| e.text.as_str())
                .collect();
            let cancellations = events.iter().filter(|e| e.kind == Kind::Cancellation).count();
            let mut themes: Vec<Theme> = cluster::cluster(&revisions, cluster::THRESHOLD)
                .into_iter()
                .filter(|m| m.len() >= MIN_THEME)
                .map(|m| Theme {
                    text: revisions[cluster::central(&revisions, &m)].trim().to_owned(),
                    count: m.len(),
                })
                .collect();
            themes.sort_by_key(|t| std::cmp::Reverse(t.count));
            let rate = if invocations == 0 {
                0.0
            } else {
                successes as f64 / invocations as f64
            };
            AgentFigures {
                agent: agent.to_owned(),
                invocations,
                successes,
                revisions: revisions.len(),
                cancellations,
                success_rate: (rate * 100.0).round() / 100.0,
                themes,
            }
        })
        .collect()
}

/// Whole days from `from` to `to` (RFC 3339); 0 when either does not parse.
pub fn days_between(from: &str, to: &str) -> i64 {
    let parse = |s: &str| chrono::DateTime::parse_from_rfc3339(s).ok();
    match (parse(from), parse(to)) {
        (Some(a), Some(b)) => (b - a).num_days(),
        _ => 0,
    }
}

#[cfg(test)]
mod tests;
