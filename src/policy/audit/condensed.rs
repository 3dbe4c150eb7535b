//! Entries condensed into a section of their own.
//!
//! A maintainer who gives an entry its own heading in a doc ("## Sub-agents cannot spawn
//! sub-agents" becomes "### When Sub-Agents Cannot Spawn Sub-Agents") placed it on purpose,
//! and what they cut on the way (the issue number, the dates, the incident) is their edit: the
//! entry is accounted for, with what was cut listed for review. Without such a heading a move
//! that loses a key term stays unaccounted: that is the partial move the audit exists to catch.

use super::index::DocIndex;
use super::terms::{Term, raw_tokens, stem};
use super::{ChangedDoc, Landing, Match, Removed, Status, Verdict, Weighted, missing_terms};
use crate::policy::overlap::round2;
use pulldown_cmark::{Event, Parser, Tag, TagEnd};
use std::collections::BTreeSet;

/// Gives each unaccounted entry the section of a doc named after it, if it holds enough of the
/// entry. Every entry claims the sections named after it, the closest name first, so a
/// near-twin never takes the section of the entry it resembles.
pub(super) fn condense(
    removed: &[Removed],
    weighed: &[Vec<Weighted>],
    docs: &[ChangedDoc],
    verdicts: &mut [Verdict],
    threshold: Match,
) {
    if !verdicts.iter().any(|v| v.status == Status::Unaccounted) {
        return;
    }
    let sections = Sections::new(docs.iter().map(|d| d.added.as_str()));
    // (entry, section, words shared, share of the entry there, terms there)
    let mut claims: Vec<(usize, usize, usize, f64, Vec<bool>)> = Vec::new();
    for (i, entry) in removed.iter().enumerate() {
        if matches!(verdicts[i].status, Status::Dropped { .. }) {
            continue;
        }
        let terms = &weighed[i];
        let total: f64 = terms.iter().map(|t| t.weight).sum();
        for (s, shared) in sections.named(&entry.title) {
            let covered: Vec<bool> = terms.iter().map(|t| sections.holds(s, t.term)).collect();
            let found: f64 = terms
                .iter()
                .zip(&covered)
                .filter(|(_, c)| **c)
                .map(|(t, _)| t.weight)
                .sum();
            let score = if total > 0.0 { found / total } else { 0.0 };
            if score >= threshold.score * NAMED_SHARE {
                claims.push((i, s, shared, score, covered));
            }
        }
    }
    claims.sort_by(|a, b| {
        b.2.cmp(&a.2)
            .then(b.3.total_cmp(&a.3))
            .then(a.0.cmp(&b.0))
            .then(a.1.cmp(&b.1))
    });
    let mut taken = BTreeSet::new();
    let mut settled = BTreeSet::new();
    for (i, s, _, score, covered) in claims {
        if settled.contains(&i) || taken.contains(&s) {
            continue;
        }
        taken.insert(s);
        settled.insert(i);
        if verdicts[i].status != Status::Unaccounted {
            continue;
        }
        let section = &sections.list[s];
        verdicts[i] = Verdict {
            status: Status::Condensed {
                section: section.heading.clone(),
            },
            landed: vec![Landing {
                path: docs[section.doc].path.clone(),
                score: round2(score),
            }],
            score: round2(score),
            distinct: verdicts[i].distinct,
            missing: missing_terms(&weighed[i], &covered),
        };
    }
}

/// A headed section of a doc.
#[derive(Debug, Clone)]
pub struct Section {
    /// The doc it is in (index into the audited docs).
    pub doc: usize,
    /// Its heading, as plain text.
    pub heading: String,
    /// The heading's words, folded as titles are.
    words: BTreeSet<String>,
}

/// The headed sections of the docs, and an index of their texts (section `i` is doc `i` of it).
pub struct Sections {
    pub list: Vec<Section>,
    pub index: DocIndex,
}

impl Sections {
    /// Splits each doc's text at its headings; text before the first heading belongs to none.
    pub fn new<'a>(docs: impl IntoIterator<Item = &'a str>) -> Self {
        let mut list = Vec::new();
        let mut texts: Vec<&str> = Vec::new();
        for (doc, text) in docs.into_iter().enumerate() {
            let mut starts: Vec<(usize, String)> = Vec::new();
            let mut heading: Option<(usize, String)> = None;
            for (event, range) in Parser::new(text).into_offset_iter() {
                match event {
                    Event::Start(Tag::Heading { .. }) => heading = Some((range.start, String::new())),
                    Event::End(TagEnd::Heading(_)) => starts.extend(heading.take()),
                    Event::Text(t) | Event::Code(t) => {
                        if let Some((_, h)) = heading.as_mut() {
                            h.push_str(&t);
                        }
                    }
                    _ => {}
                }
            }
            for (i, (start, heading)) in starts.iter().enumerate() {
                let end = starts.get(i + 1).map_or(text.len(), |(s, _)| *s);
                list.push(Section {
                    doc,
                    words: title_words(heading),
                    heading: heading.trim().to_owned(),
                });
                texts.push(&text[*start..end]);
            }
        }
        let index = DocIndex::new(texts);
        Sections { list, index }
    }

    /// The sections whose heading names the entry titled `title`, best first, with how well.
    pub fn named(&self, title: &str) -> Vec<(usize, usize)> {
        let words = title_words(title);
        let mut found: Vec<(usize, usize)> = self
            .list
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let shared = words.intersection(&s.words).count();
                let smaller = words.len().min(s.words.len());
                (shared >= MIN_SHARED && shared * 2 >= smaller).then_some((i, shared))
            })
            .collect();
        found.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        found
    }

    /// Whether section `section` holds `term`.
    pub fn holds(&self, section: usize, term: &Term) -> bool {
        self.index.docs_with(term).contains(&(section as u32))
    }
}

/// A section named after an entry needs this part of the share an unnamed place needs
/// (`match_score`): on the public histories of `fixtures/histories`, the sections a maintainer
/// wrote for an entry hold 0.25 of it and more, sections that only share words with its title
/// 0.23 and less.
pub const NAMED_SHARE: f64 = 0.5;

/// Words a heading must share with a title to name it: one shared word ("Release" for "Release
/// checklist") names a topic, not an entry.
const MIN_SHARED: usize = 2;

/// A title's or heading's words: lower case, stop words out, folded to their stem. One-letter
/// words stay: they tell "Cache the X index" from "Cache the Y index".
fn title_words(text: &str) -> BTreeSet<String> {
    raw_tokens(text)
        .flat_map(|t| t.split(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .filter(|w| !super::terms::is_stop_word(w) && w != "when")
        .map(|w| stem(&w))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_heading_names_an_entry_by_two_words_or_more() {
        let sections = Sections::new([
            "# Ops\n\n### When Sub-Agents Cannot Spawn Sub-Agents\n\nTask tool is unavailable.\n\n## Release\n\nBump it.\n",
        ]);
        assert_eq!(sections.list.len(), 3);
        let named = sections.named("Sub-agents cannot spawn sub-agents");
        assert_eq!(named, [(1, 4)]);
        assert_eq!(
            sections.list[1].heading,
            "When Sub-Agents Cannot Spawn Sub-Agents"
        );
        assert!(sections.named("Release checklist").is_empty());
    }

    #[test]
    fn one_letter_words_tell_twins_apart() {
        let sections = Sections::new(["## Cache the X index\n\nDo it.\n"]);
        let x = sections.named("Cache the X index");
        let y = sections.named("Cache the Y index");
        assert!(x[0].1 > y[0].1, "{x:?} {y:?}");
    }
}
