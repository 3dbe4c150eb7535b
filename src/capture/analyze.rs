//! `learn analyze`: a feedback log distilled into recurring patterns, explicit rules, inferred
//! preferences and per-agent figures.
//!
//! Deterministic: events are ordered by time (then by their place in the log), and "now" for
//! decay is the newest event unless the caller passes one. The wall clock is never read.

use super::cluster;
use super::event::{Event, Kind};
use super::prefs::{self, Inferred};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

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

/// Distils `events`. `now` (RFC 3339) overrides the newest event as the reference for decay,
/// and events after it are left out: the analysis as it stood then.
pub fn analyze(events: &[Event], now: Option<&str>) -> Analysis {
    let mut ordered: Vec<&Event> = events
        .iter()
        .filter(|e| now.is_none_or(|n| !after(&e.at, n)))
        .collect();
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
    // What each revision means is read once, for the patterns and the agents' themes alike.
    let texts: Vec<&str> = revisions.iter().map(|e| e.text.as_str()).collect();
    let meanings = cluster::Meanings::of(&texts);
    let patterns = patterns(&revisions, &meanings);
    let rules = rules(&ordered, &recent);
    // A log repeats itself: each distinct text is read once, for both axes.
    let mut read: HashMap<&str, (Option<prefs::Lean>, Option<prefs::Lean>)> = HashMap::new();
    let (mut verbosity, mut autonomy) = (Vec::new(), Vec::new());
    for event in ordered.iter().filter(|e| recent(e)) {
        let (v, a) = *read
            .entry(event.text.as_str())
            .or_insert_with(|| prefs::leans(&event.text));
        verbosity.extend(v);
        autonomy.extend(a);
    }
    Analysis {
        schema_version: SCHEMA_VERSION,
        now,
        events: ordered.len(),
        patterns,
        rules,
        verbosity: prefs::infer(&verbosity, ("concise", "detailed")),
        autonomy: prefs::infer(&autonomy, ("ask-first", "autonomous")),
        agents: agents(&ordered, &revisions, &meanings),
    }
}

fn patterns(revisions: &[&Event], meanings: &cluster::Meanings) -> Vec<Pattern> {
    let texts: Vec<&str> = revisions.iter().map(|e| e.text.as_str()).collect();
    let mut patterns: Vec<Pattern> = meanings
        .cluster(cluster::THRESHOLD)
        .into_iter()
        .filter(|members| members.len() >= MIN_PATTERN)
        // A pattern carries a lesson when one of its wordings does: "still wrong: use the venv"
        // repeats the rule that "no, use the venv" stated. Feedback that is transient in every
        // wording ("still not working" three times) is evidence that a rule did not work (it
        // counts in `effect`), not an entry to write.
        .filter(|members| members.iter().any(|&m| revisions[m].is_lesson()))
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
                summary: super::gist::gist(texts[meanings.central(&members)].trim()),
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
    // Finding the sentence runs the classifier: once per distinct text.
    let mut read: HashMap<&str, (String, String)> = HashMap::new();
    for event in ordered.iter().filter(|e| e.kind == Kind::Preference) {
        let (text, key) = read
            .entry(event.text.as_str())
            .or_insert_with(|| {
                let text = rule_text(&event.text);
                let key = crate::policy::overlap::words(&text).join(" ");
                (text, key)
            })
            .clone();
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

/// Words that open a stated rule without belonging to it: "I told you to never …" states
/// "never …".
const RULE_LEAD_INS: &[&str] = &[
    "i told you to ",
    "i told you ",
    "i said to ",
    "i said ",
    "please ",
    "remember to ",
    "remember that ",
    "remember, ",
    "remember: ",
    "note that ",
    "ok, ",
    "okay, ",
    "ok so ",
    "and ",
    "so ",
];

/// The sentence of `prompt` that states the rule (the whole prompt if no single one does),
/// without lead-ins, first letter upper case.
pub fn rule_text(prompt: &str) -> String {
    let sentences = sentences(prompt);
    let rule = sentences
        .iter()
        .find(|s| super::model::classify(s).is_some_and(|s| s.category == super::Category::Preference))
        .cloned()
        .unwrap_or_else(|| sentences.join(" "));
    let mut rule = rule.trim().trim_end_matches(['.', '!', ';']).trim();
    while let Some(rest) = RULE_LEAD_INS.iter().find_map(|lead| {
        rule.get(..lead.len())
            .filter(|head| head.eq_ignore_ascii_case(lead))
            .map(|_| &rule[lead.len()..])
    }) {
        rule = rest.trim_start();
    }
    let mut chars = rule.chars();
    let first = chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>())
        .unwrap_or_default();
    crate::base::words::cut(&format!("{first}{}", chars.as_str()), 200)
}

/// The sentences of a prompt. A full stop ends one only before white space or the end, so
/// `package.json` and `.env` stay whole; a line break ends one only before a capital, a list
/// item or a blank line, so a rule wrapped over two lines stays whole.
fn sentences(prompt: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = prompt.chars().peekable();
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        let ends = match c {
            '!' | ';' | '?' => true,
            '.' => next.is_none_or(char::is_whitespace),
            '\n' => {
                let rest: String = chars.clone().take_while(|c| *c != '\n').collect();
                let line = rest.trim_start();
                line.is_empty()
                    || line.starts_with(['-', '*', '•'])
                    || line
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
            }
            _ => false,
        };
        if c == '\n' {
            current.push(' ');
        } else {
            current.push(c);
        }
        if ends {
            out.push(std::mem::take(&mut current));
        }
    }
    out.push(current);
    out.into_iter()
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
        .map(|s| s.trim_start_matches(['-', '*', '•', ' ']).to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}

/// Per agent, its figures; `revisions` are those of `ordered`, in order, and `meanings` theirs.
fn agents(ordered: &[&Event], revisions: &[&Event], meanings: &cluster::Meanings) -> Vec<AgentFigures> {
    let mut by_agent: BTreeMap<&str, Vec<&Event>> = BTreeMap::new();
    for event in ordered {
        if let Some(agent) = event.agent.as_deref().filter(|a| !a.is_empty()) {
            by_agent.entry(agent).or_default().push(event);
        }
    }
    let mut revised: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, event) in revisions.iter().enumerate() {
        if let Some(agent) = event.agent.as_deref().filter(|a| !a.is_empty()) {
            revised.entry(agent).or_default().push(i);
        }
    }
    by_agent
        .into_iter()
        .map(|(agent, events)| {
            let invocations = events.iter().filter(|e| e.kind != Kind::Completion).count();
            let successes = events.iter().filter(|e| e.kind.is_success()).count();
            let mine = revised.remove(agent).unwrap_or_default();
            let revisions: Vec<&str> = mine.iter().map(|&i| revisions[i].text.as_str()).collect();
            let cancellations = events.iter().filter(|e| e.kind == Kind::Cancellation).count();
            let meanings = meanings.subset(&mine);
            let mut themes: Vec<Theme> = meanings
                .cluster(cluster::THRESHOLD)
                .into_iter()
                .filter(|m| m.len() >= MIN_THEME)
                .map(|m| Theme {
                    text: revisions[meanings.central(&m)].trim().to_owned(),
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
/// Whether time `at` comes after `now` (both RFC 3339); false when either does not parse.
fn after(at: &str, now: &str) -> bool {
    let parse = |s: &str| chrono::DateTime::parse_from_rfc3339(s).ok();
    matches!((parse(at), parse(now)), (Some(a), Some(n)) if a > n)
}

/// A time given on the command line as the analysis' "now": RFC 3339, or a date (midnight
/// UTC), as RFC 3339 in UTC; `None` when it is neither.
pub fn parse_now(text: &str) -> Option<String> {
    let text = text.trim();
    if let Ok(time) = chrono::DateTime::parse_from_rfc3339(text) {
        return Some(crate::base::time::timestamp(time.with_timezone(&chrono::Utc)));
    }
    let date = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()?;
    Some(format!("{}T00:00:00Z", date.format("%Y-%m-%d")))
}

pub fn days_between(from: &str, to: &str) -> i64 {
    let parse = |s: &str| chrono::DateTime::parse_from_rfc3339(s).ok();
    match (parse(from), parse(to)) {
        (Some(a), Some(b)) => (b - a).num_days(),
        _ => 0,
    }
}

#[cfg(test)]
mod tests;
