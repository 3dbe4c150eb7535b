//! The learnings file model: markdown text in, entries with line spans out. No I/O.
//!
//! An entry is a top-level heading that carries a lesson: a `## `, or a `### ` under a `## `
//! group (see `structure` for the rule); its body runs to the next heading that is not part of
//! it. The structure comes from pulldown-cmark rather than from line patterns because `## `
//! inside fenced or indented code, HTML blocks or block quotes is not a heading, and the
//! line-based tool this replaces counted those as entries.

mod structure;
mod text;

pub use structure::{Shape, Structure};
pub use text::{Document, LineIndex, count_lines, decode, lossy};

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::ops::Range;

/// One entry of a learnings file: a `## Title`, or a `### Title` under a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The heading's inline source, as a reader sees it after `## `.
    pub title: String,
    /// The heading's level: 2 or 3.
    pub level: u8,
    /// The title of the group heading it stands under, if any.
    pub group: Option<String>,
    /// 1-based line of the heading (for setext headings, the text line).
    pub line: usize,
    /// 1-based last line of the entry that is not blank.
    pub end_line: usize,
    /// Bytes of the whole entry, heading and body, up to the next heading not part of it.
    pub range: Range<usize>,
    /// Bytes of the body alone (after the heading).
    pub body: Range<usize>,
}

impl Entry {
    /// The entry exactly as it stands in `source`.
    pub fn text<'a>(&self, source: &'a str) -> &'a str {
        &source[self.range.clone()]
    }

    /// The body exactly as it stands in `source`.
    pub fn body_text<'a>(&self, source: &'a str) -> &'a str {
        &source[self.body.clone()]
    }

    /// The key under which two titles are "the same": case and spacing do not matter.
    pub fn title_key(&self) -> String {
        title_key(&self.title)
    }
}

/// Normalises a title for comparison, so that a re-wrapped or re-cased heading is still the same entry.
pub fn title_key(title: &str) -> String {
    title
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A parsed learnings file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LearningsFile {
    /// Line count as the original tool counts it: a last line without a newline counts.
    pub lines: usize,
    /// Bytes of the preamble: up to the first thematic break or the first entry, whichever is first.
    pub preamble: Range<usize>,
    /// Entries in file order.
    pub entries: Vec<Entry>,
    /// Which structure was read: the entries' levels and the group headings.
    pub shape: Shape,
}

/// Parses a learnings file from its text (already decoded: no BOM, valid UTF-8), its structure
/// detected.
pub fn parse(source: &str) -> LearningsFile {
    parse_with(source, &Structure::default())
}

/// Parses a learnings file whose structure `learnings.toml` may pin.
pub fn parse_with(source: &str, structure: &Structure) -> LearningsFile {
    let index = LineIndex::new(source);
    let mut headings: Vec<TopHeading> = Vec::new();
    let mut first_rule: Option<usize> = None;
    let mut depth = 0usize;
    let mut open: Option<TopHeading> = None;

    // YAML front matter (`---` … `---` from the first line) is metadata, not a heading. The
    // parser's metadata option would also take any later `---` line followed by text up to the
    // next `---` for metadata, swallowing the entries between two rules: only the front is.
    let front = front_matter_end(source);
    let parser = Parser::new_ext(&source[front..], Options::empty())
        .into_offset_iter()
        .map(|(event, range)| (event, range.start + front..range.end + front));
    for (event, range) in parser {
        match event {
            Event::Start(Tag::Heading { level, .. }) if depth == 0 => {
                open = Some(TopHeading {
                    level,
                    range: range.clone(),
                    inline: None,
                });
                depth += 1;
            }
            Event::End(TagEnd::Heading(_)) if depth == 1 && open.is_some() => {
                depth -= 1;
                headings.extend(open.take());
            }
            Event::Rule if depth == 0 => {
                first_rule.get_or_insert(range.start);
            }
            other => {
                if let Some(heading) = open.as_mut() {
                    let inline = heading.inline.get_or_insert(range.clone());
                    inline.start = inline.start.min(range.start);
                    inline.end = inline.end.max(range.end);
                }
                match other {
                    Event::Start(_) => depth += 1,
                    Event::End(_) => depth = depth.saturating_sub(1),
                    _ => {}
                }
            }
        }
    }

    let (entries, shape, first_heading) = entries_from(source, &index, &headings, structure);
    let first_entry = first_heading;
    let preamble_end = match (first_rule, first_entry) {
        (Some(rule), Some(entry)) => rule.min(entry),
        (Some(rule), None) => rule,
        (None, Some(entry)) => entry,
        (None, None) => source.len(),
    };
    LearningsFile {
        lines: index.line_count(),
        preamble: 0..preamble_end,
        entries,
        shape,
    }
}

/// Where YAML front matter ends (0 when the file has none).
pub(crate) fn front_matter_end(source: &str) -> usize {
    match Parser::new_ext(source, Options::ENABLE_YAML_STYLE_METADATA_BLOCKS)
        .into_offset_iter()
        .next()
    {
        Some((Event::Start(Tag::MetadataBlock(_)), range)) if range.start == 0 => range.end,
        _ => 0,
    }
}

#[derive(Debug)]
struct TopHeading {
    level: HeadingLevel,
    range: Range<usize>,
    inline: Option<Range<usize>>,
}

/// The entries, the shape read, and where the first group or entry starts (the preamble's end).
fn entries_from(
    source: &str,
    index: &LineIndex,
    headings: &[TopHeading],
    structure: &Structure,
) -> (Vec<Entry>, Shape, Option<usize>) {
    let titles: Vec<String> = headings
        .iter()
        .map(|h| {
            h.inline
                .as_ref()
                .map(|r| source[r.clone()].split_whitespace().collect::<Vec<_>>().join(" "))
                .unwrap_or_default()
        })
        .collect();
    let read: Vec<structure::Heading<'_>> = headings
        .iter()
        .zip(&titles)
        .map(|(h, title)| structure::Heading {
            level: h.level,
            range: h.range.clone(),
            title,
        })
        .collect();
    let roles = structure::roles(source, &read, structure);
    // An entry ends at the next heading that is not part of one.
    let boundaries: Vec<usize> = headings
        .iter()
        .zip(&roles)
        .filter(|(_, role)| **role != structure::Role::Body)
        .map(|(h, _)| h.range.start)
        .collect();
    let mut shape = Shape {
        pinned: structure.entry_level.is_some(),
        ..Shape::default()
    };
    let mut entries = Vec::new();
    // The group heading in force, and whether `### ` entries stood under it.
    let mut group: Option<(HeadingLevel, String, bool)> = None;
    for ((h, role), title) in headings.iter().zip(&roles).zip(&titles) {
        match role {
            structure::Role::Boundary => group = None,
            structure::Role::Group => {
                shape.groups.push((title.clone(), index.line_of(h.range.start)));
                group = Some((h.level, title.clone(), false));
            }
            structure::Role::Body => {}
            structure::Role::Entry => {
                let start = h.range.start;
                // Boundaries are in source order: a binary search keeps the parse linear.
                let end = boundaries
                    .get(boundaries.partition_point(|&b| b <= start))
                    .copied()
                    .unwrap_or(source.len());
                let level = if h.level == HeadingLevel::H3 { 3 } else { 2 };
                match level {
                    3 => shape.third += 1,
                    _ => shape.second += 1,
                }
                // A `## ` group holds the `### ` after it; one with none, the `## ` after it.
                if let Some((l, _, deeper)) = group.as_mut() {
                    *deeper |= *l < h.level;
                }
                let under = group.as_ref().filter(|(l, _, deeper)| *l < h.level || !deeper);
                let line = index.line_of(start);
                entries.push(Entry {
                    title: title.clone(),
                    level,
                    group: under.map(|(_, t, _)| t.clone()),
                    line,
                    end_line: index.last_text_line(start..end).max(line),
                    range: start..end,
                    body: h.range.end.min(end)..end,
                });
            }
        }
    }
    let first = headings
        .iter()
        .zip(&roles)
        .find(|(_, role)| matches!(role, structure::Role::Group | structure::Role::Entry))
        .map(|(h, _)| h.range.start);
    (entries, shape, first)
}

#[cfg(test)]
mod tests;

/// Whether two entry bodies say the same thing, as `git blame -C -C` would see a copy: at least
/// half of the lines of `a` stand in `b`, each as written or reworded (half of its words, of
/// three letters or more, on one line of `b`). An empty body matches nothing: a lone heading is
/// no evidence of a copy, as a line under 40 characters is none for git.
pub fn bodies_match(a: &str, b: &str) -> bool {
    let lines = |text: &str| -> Vec<std::collections::BTreeSet<String>> {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|l| {
                l.split(|c: char| !c.is_alphanumeric())
                    .filter(|w| w.chars().count() >= 3)
                    .map(str::to_lowercase)
                    .collect()
            })
            .filter(|words: &std::collections::BTreeSet<String>| !words.is_empty())
            .collect()
    };
    let (a, b) = (lines(a), lines(b));
    if a.is_empty() || b.is_empty() {
        return false;
    }
    let alike = |x: &std::collections::BTreeSet<String>, y: &std::collections::BTreeSet<String>| {
        let shared = x.intersection(y).count();
        shared * 2 >= x.len().max(y.len())
    };
    let matched = a.iter().filter(|x| b.iter().any(|y| alike(x, y))).count();
    matched * 2 >= a.len()
}
