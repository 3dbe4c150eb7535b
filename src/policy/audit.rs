//! The audit: every entry a consolidation removed is accounted for, or it is listed.
//!
//! An entry is accounted for when each of its lines reached a doc changed in the span (at least
//! half of the line's three-word phrases appear in text the span added to one doc), or when the
//! consolidation report lists it as dropped with a reason. An entry moved only in part is not
//! accounted for: its missing lines are named.

use super::overlap::Indexed;
use crate::learnings::title_key;
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// Share of a line's phrases that must appear in one doc's added text.
pub const LINE_COVERAGE: f64 = 0.5;

/// A removed entry, as the audit sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Removed {
    /// Its title.
    pub title: String,
    /// Its full text (heading and body).
    pub text: String,
    /// Its body.
    pub body: String,
}

/// How one removed entry is accounted for.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Its lines reached these docs.
    Moved { docs: Vec<String> },
    /// The consolidation report drops it, for this reason.
    Dropped { reason: String },
    /// Not accounted for; these body lines reached no doc.
    Unaccounted { missing: Vec<String> },
}

/// A doc changed in the span, with the text the span added to it.
#[derive(Debug, Clone)]
pub struct ChangedDoc {
    /// Repository-relative path.
    pub path: String,
    /// Lines present now and absent at the start of the span.
    pub added: String,
}

/// Judges each removed entry.
pub fn audit(removed: &[Removed], docs: &[ChangedDoc], dropped: &[(String, String)]) -> Vec<Verdict> {
    let indexed: Vec<(&str, Indexed)> = docs
        .iter()
        .map(|d| (d.path.as_str(), Indexed::new(&d.added)))
        .collect();
    removed
        .iter()
        .map(|entry| {
            if let Some((_, reason)) = dropped
                .iter()
                .find(|(t, _)| title_key(t) == title_key(&entry.title))
            {
                return Verdict::Dropped {
                    reason: reason.clone(),
                };
            }
            let mut found = Vec::new();
            let mut missing = Vec::new();
            let claims: Vec<&str> = claims(&entry.body);
            let claims = if claims.is_empty() {
                vec![entry.title.as_str()]
            } else {
                claims
            };
            for claim in claims {
                let best = indexed
                    .iter()
                    .map(|(path, doc)| (doc.coverage(claim), *path))
                    .max_by(|a, b| a.0.total_cmp(&b.0).then_with(|| b.1.cmp(a.1)));
                match best {
                    Some((score, path)) if score >= LINE_COVERAGE => found.push(path.to_owned()),
                    _ => missing.push(claim.to_owned()),
                }
            }
            if missing.is_empty() {
                found.sort();
                found.dedup();
                Verdict::Moved { docs: found }
            } else {
                Verdict::Unaccounted { missing }
            }
        })
        .collect()
}

/// The lines of a body that carry content.
fn claims(body: &str) -> Vec<&str> {
    body.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("```") && !l.starts_with("~~~"))
        .filter(|l| l.chars().any(char::is_alphanumeric))
        .collect()
}

/// The entries a consolidation report drops: `- **Title**: reason` items under a heading that
/// names supersession, redundancy or dropped entries. Items without a reason do not count.
pub fn dropped_in_report(report: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut in_drop_section = false;
    let mut heading: Option<String> = None;
    let mut item: Option<(String, String, bool)> = None; // (title, rest, in strong)
    let mut strong_done = false;
    for event in Parser::new_ext(report, Options::empty()) {
        match event {
            Event::Start(Tag::Heading { level, .. }) if level <= HeadingLevel::H3 => {
                heading = Some(String::new())
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(h) = heading.take() {
                    let h = h.to_lowercase();
                    in_drop_section = ["supersession", "redundan", "dropped"]
                        .iter()
                        .any(|k| h.contains(k));
                }
            }
            Event::Start(Tag::Item) if in_drop_section => {
                item = Some((String::new(), String::new(), false));
                strong_done = false;
            }
            Event::Start(Tag::Strong) => {
                if let Some(i) = item.as_mut().filter(|_| !strong_done) {
                    i.2 = true;
                }
            }
            Event::End(TagEnd::Strong) => {
                if let Some(i) = item.as_mut().filter(|i| i.2) {
                    i.2 = false;
                    strong_done = true;
                }
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                } else if let Some(i) = item.as_mut() {
                    if i.2 {
                        i.0.push_str(&t)
                    } else if strong_done {
                        i.1.push_str(&t)
                    }
                }
            }
            Event::End(TagEnd::Item) => {
                if let Some((title, rest, _)) = item.take() {
                    let reason = rest
                        .trim_start_matches([':', '—', '-', '–', ' '])
                        .trim()
                        .to_owned();
                    if !title.trim().is_empty() && !reason.is_empty() {
                        out.push((title.trim().to_owned(), reason));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests;
