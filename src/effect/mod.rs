//! Did it work? Each rule the team keeps (an entry of the learnings file, a section of a rule
//! file, a whole rule file) weighed against what the hooks did (the effect ledger) and what the
//! user corrected (the capture log), with its date from git.
//!
//! A correction is about a rule when most of what it means (`capture::cluster::meaning`) is in
//! the rule's text. Then:
//! - **recurrence**: the correction came back after the rule was in force (in git, and injected
//!   in that session; `always` files are in every session): the rule is not working, and this
//!   comes first;
//! - **before and after**: the correction's rate per day before the rule was written and after;
//! - **never fired**: a rule file no session of the last N was given, with what it costs.
//!
//! Pure functions over owned data: `load` gathers it, `report::effect` renders it.

pub mod load;

use crate::capture::cluster::meaning;
use chrono::NaiveDate;
use std::collections::{BTreeMap, BTreeSet};

/// Share of a correction's meaning that must be in a rule's text.
pub const COVER: f64 = 0.6;

/// Where a rule lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Place {
    /// An entry of the learnings file: in force once committed.
    Entry,
    /// A section (or the whole) of a rule file injection brings: in force where injected.
    RuleFile,
    /// A file of `inject.always`: in every session.
    Always,
}

/// A rule, as `load` found it.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    /// The file, repository-relative.
    pub path: String,
    /// The section's title; `None` for a whole file.
    pub title: Option<String>,
    /// Its text.
    pub text: String,
    /// The day it was written (committed); `None` when not committed.
    pub written: Option<NaiveDate>,
    /// Where it lives.
    pub place: Place,
}

/// A correction the user made.
#[derive(Debug, Clone, PartialEq)]
pub struct Correction {
    /// When (UTC day).
    pub day: NaiveDate,
    /// The session.
    pub session: Option<String>,
    /// What the user said.
    pub text: String,
}

/// The ledger, reduced: the sessions, and which files each session was given.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ledger {
    /// Sessions in the order they started (by the first record of each).
    pub sessions: Vec<String>,
    /// Per file: the sessions it was injected into.
    pub injected: BTreeMap<String, BTreeSet<String>>,
    /// Per enforcement rule (`enforce.block[1]`): hits and their sessions.
    pub enforced: BTreeMap<String, (usize, BTreeSet<String>)>,
}

/// What a rule did.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleEffect {
    /// The rule.
    pub rule: Rule,
    /// Sessions it was injected into (all of them for `always` files).
    pub injected: usize,
    /// Whether it was injected in any of the last `window` sessions (entries: `None`).
    pub fired_recently: Option<bool>,
    /// Matching corrections before it was written.
    pub before: Vec<Correction>,
    /// Matching corrections after it was written.
    pub after: Vec<Correction>,
    /// Of `after`, those made while it was in force.
    pub recurred: usize,
    /// Per day, before and after (days of the capture log on each side).
    pub rates: Option<(f64, f64)>,
    /// Tokens (characters / 4) it costs each time it is injected.
    pub tokens: usize,
    /// The verdict.
    pub verdict: Verdict,
}

impl RuleEffect {
    /// How reports name the rule: `path › Title`, or the path of a whole file.
    pub fn name(&self) -> String {
        match &self.rule.title {
            Some(title) => format!("{} › {title}", self.rule.path),
            None => self.rule.path.clone(),
        }
    }
}

/// What a rule's record says, in the order reports list them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Its correction came back while it was in force.
    Recurs,
    /// No session of the window was given it.
    NeverFired,
    /// Its correction stopped (or fell) after it was written.
    Works,
    /// Nothing to tell yet.
    NoEvidence,
}

impl Verdict {
    /// As JSON and the text say it.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Recurs => "recurs",
            Verdict::NeverFired => "never-fired",
            Verdict::Works => "works",
            Verdict::NoEvidence => "no-evidence",
        }
    }
}

/// The effect of every rule.
#[derive(Debug, Clone, PartialEq)]
pub struct Effect {
    /// Sessions the ledger holds.
    pub sessions: usize,
    /// The window for "never fired".
    pub window: usize,
    /// Corrections read.
    pub corrections: usize,
    /// Rules, in report order (verdict, then path and title).
    pub rules: Vec<RuleEffect>,
    /// Enforcement rules that fired: (rule, hits, sessions).
    pub enforced: Vec<(String, usize, usize)>,
}

/// Whether `correction`'s meaning is mostly in `rule`.
pub fn covers(rule: &BTreeSet<String>, correction: &BTreeSet<String>) -> bool {
    if correction.is_empty() {
        return false;
    }
    let shared = correction.intersection(rule).count();
    shared >= correction.len().min(2) && shared as f64 / correction.len() as f64 >= COVER
}

/// Weighs each rule against the ledger and the corrections; `window` is how many of the latest
/// sessions a rule file must have fired in.
pub fn weigh(rules: Vec<Rule>, ledger: &Ledger, corrections: &[Correction], window: usize) -> Effect {
    let meanings: Vec<BTreeSet<String>> = corrections.iter().map(|c| meaning(&c.text)).collect();
    let first_day = corrections.iter().map(|c| c.day).min();
    let last_day = corrections.iter().map(|c| c.day).max();
    let recent: BTreeSet<&String> = ledger.sessions.iter().rev().take(window).collect();
    let mut out = Vec::new();
    for rule in rules {
        let sense = meaning(&rule.text);
        let sessions = ledger.injected.get(&rule.path);
        // In force: committed, and in front of the model in that session (an `always` file
        // is in every session; an entry only where the learnings file was injected).
        let given = |session: &Option<String>| match rule.place {
            Place::Always => true,
            Place::Entry | Place::RuleFile => session
                .as_ref()
                .is_some_and(|s| sessions.is_some_and(|set| set.contains(s))),
        };
        let (mut before, mut after, mut recurred) = (Vec::new(), Vec::new(), 0);
        for (c, m) in corrections.iter().zip(&meanings) {
            if !covers(&sense, m) {
                continue;
            }
            match rule.written {
                Some(written) if c.day >= written => {
                    if given(&c.session) {
                        recurred += 1;
                    }
                    after.push(c.clone());
                }
                _ => before.push(c.clone()),
            }
        }
        let rates = match (rule.written, first_day, last_day) {
            (Some(w), Some(first), Some(last)) if first < w => {
                let days_before = (w - first).num_days().max(1) as f64;
                let days_after = ((last - w).num_days() + 1).max(1) as f64;
                Some((before.len() as f64 / days_before, after.len() as f64 / days_after))
            }
            _ => None,
        };
        let injected = match rule.place {
            Place::Always => ledger.sessions.len(),
            Place::RuleFile => sessions.map_or(0, BTreeSet::len),
            Place::Entry => 0,
        };
        let fired_recently = match rule.place {
            Place::Entry => None,
            Place::Always => Some(true),
            Place::RuleFile => Some(sessions.is_some_and(|set| set.iter().any(|s| recent.contains(s)))),
        };
        let verdict = if recurred > 0 {
            Verdict::Recurs
        } else if fired_recently == Some(false) && !ledger.sessions.is_empty() {
            Verdict::NeverFired
        } else if !before.is_empty() && rates.is_some_and(|(b, a)| a < b) {
            Verdict::Works
        } else {
            Verdict::NoEvidence
        };
        out.push(RuleEffect {
            tokens: rule.text.chars().count().div_ceil(4),
            rule,
            injected,
            fired_recently,
            before,
            after,
            recurred,
            rates,
            verdict,
        });
    }
    // Whole-file rules whose sections are listed too would say the same twice: keep a file's
    // row only for "never fired" (sections cannot fire alone) or when it has no sections.
    let sectioned: BTreeSet<String> = out
        .iter()
        .filter(|e| e.rule.title.is_some() && e.rule.place != Place::Entry)
        .map(|e| e.rule.path.clone())
        .collect();
    out.retain(|e| {
        e.rule.title.is_some() || !sectioned.contains(&e.rule.path) || e.verdict == Verdict::NeverFired
    });
    // Sections of a file that never fired are in the file's row.
    let silent: BTreeSet<String> = out
        .iter()
        .filter(|e| e.rule.title.is_none() && e.verdict == Verdict::NeverFired)
        .map(|e| e.rule.path.clone())
        .collect();
    out.retain(|e| e.rule.title.is_none() || !silent.contains(&e.rule.path) || e.rule.place == Place::Entry);
    out.sort_by(|a, b| {
        (
            a.verdict,
            std::cmp::Reverse(a.recurred),
            &a.rule.path,
            &a.rule.title,
        )
            .cmp(&(
                b.verdict,
                std::cmp::Reverse(b.recurred),
                &b.rule.path,
                &b.rule.title,
            ))
    });
    Effect {
        sessions: ledger.sessions.len(),
        window,
        corrections: corrections.len(),
        rules: out,
        enforced: ledger
            .enforced
            .iter()
            .map(|(rule, (hits, sessions))| (rule.clone(), *hits, sessions.len()))
            .collect(),
    }
}

#[cfg(test)]
mod tests;
