//! The learnings file model: markdown text in, entries with line spans out. No I/O.
//!
//! An entry is a top-level level-2 heading; its body runs to the next top-level level-1 or
//! level-2 heading. The structure comes from pulldown-cmark rather than from line patterns
//! because `## ` inside fenced or indented code, HTML blocks or block quotes is not a heading,
//! and the line-based tool this replaces counted those as entries.

mod text;

pub use text::{Document, LineIndex, count_lines, decode, lossy};

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::ops::Range;

/// One `## Title` entry of a learnings file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The heading's inline source, as a reader sees it after `## `.
    pub title: String,
    /// 1-based line of the heading (for setext headings, the text line).
    pub line: usize,
    /// 1-based last line of the entry that is not blank.
    pub end_line: usize,
    /// Bytes of the whole entry, heading and body, up to the next level-1/2 heading.
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
}

/// Parses a learnings file from its text (already decoded: no BOM, valid UTF-8).
pub fn parse(source: &str) -> LearningsFile {
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

    let entries = entries_from(source, &index, &headings);
    let first_entry = entries.first().map(|e| e.range.start);
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
    }
}

/// Where YAML front matter ends (0 when the file has none).
fn front_matter_end(source: &str) -> usize {
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

fn entries_from(source: &str, index: &LineIndex, headings: &[TopHeading]) -> Vec<Entry> {
    let boundaries: Vec<usize> = headings
        .iter()
        .filter(|h| matches!(h.level, HeadingLevel::H1 | HeadingLevel::H2))
        .map(|h| h.range.start)
        .collect();
    headings
        .iter()
        .filter(|h| h.level == HeadingLevel::H2)
        .map(|h| {
            let start = h.range.start;
            // Boundaries are in source order: a binary search keeps the parse linear.
            let end = boundaries
                .get(boundaries.partition_point(|&b| b <= start))
                .copied()
                .unwrap_or(source.len());
            let body_start = h.range.end.min(end);
            let title = h
                .inline
                .as_ref()
                .map(|r| source[r.clone()].split_whitespace().collect::<Vec<_>>().join(" "))
                .unwrap_or_default();
            let line = index.line_of(start);
            Entry {
                title,
                line,
                end_line: index.last_text_line(start..end).max(line),
                range: start..end,
                body: body_start..end,
            }
        })
        .collect()
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
