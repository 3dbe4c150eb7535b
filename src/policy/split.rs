//! Split plans for docs at their line limit (seed 003, D-6), for the memory-refactor agent.
//!
//! Parts are made of whole sections: H2 sections, or the H3 subsections of an H2 section too
//! large for one part. Sections come from pulldown-cmark, so a heading inside a code block is
//! never a split point. The original keeps its preamble and becomes an index of the parts. A doc
//! without H2 headings splits on its H3 headings.
//!
//! A plan never contradicts the limit it serves: when no split on section boundaries brings every
//! piece under the limit (no headings, one section at the limit by itself, a preamble at the
//! limit), the plan has no parts and says why in `cannot_split`.

use super::overlap;
use crate::model::LineIndex;
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag};

/// Smallest and largest part, in lines (seed 003: "new files should be 100-300 lines each").
pub const PART_MIN: usize = 100;
/// See [`PART_MIN`].
pub const PART_MAX: usize = 300;

/// One proposed part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// 1-based first line in the doc.
    pub start: usize,
    /// 1-based last line.
    pub end: usize,
    /// Titles of the sections it holds.
    pub sections: Vec<String>,
    /// Proposed file name (same folder as the doc).
    pub file: String,
}

impl Part {
    /// Lines in the part.
    pub fn lines(&self) -> usize {
        self.end + 1 - self.start
    }
}

/// The plan for one doc.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitPlan {
    /// Lines of the doc.
    pub lines: usize,
    /// Its limit.
    pub limit: usize,
    /// Lines of the preamble that stays in the original (0 if none).
    pub preamble_end: usize,
    /// The parts; empty when the doc is under its limit.
    pub parts: Vec<Part>,
    /// Parts that could not be kept within 100 to 300 lines, and why.
    pub notes: Vec<String>,
    /// Why a doc at its limit cannot be split on section boundaries (then `parts` is empty).
    pub cannot_split: Option<String>,
}

#[derive(Debug, Clone)]
struct Unit {
    start: usize,
    end: usize,
    title: String,
}

/// Proposes a split of `doc_path` (`/`-separated) with `text`, limited to `limit` lines.
pub fn plan(doc_path: &str, text: &str, limit: usize) -> SplitPlan {
    let index = LineIndex::new(text);
    let lines = index.line_count();
    let headings = headings(text, &index);
    // Split on H2 sections (then their H3 subsections); without any H2, on H3 sections.
    let top = if headings.iter().any(|h| h.0 == HeadingLevel::H2) {
        HeadingLevel::H2
    } else {
        HeadingLevel::H3
    };
    let first_top = headings.iter().find(|h| h.0 == top).map(|h| h.1);
    let preamble_end = first_top.map_or(lines, |l| l - 1);
    let mut plan = SplitPlan {
        lines,
        limit,
        preamble_end,
        parts: Vec::new(),
        notes: Vec::new(),
        cannot_split: None,
    };
    if lines < limit {
        return plan;
    }
    if first_top.is_none() {
        plan.cannot_split =
            Some("no level-2 or level-3 headings to split on; add section headings first".into());
        return plan;
    }
    if preamble_end >= limit {
        plan.cannot_split = Some(format!(
            "the text before the first section (lines 1-{preamble_end}) has {} alone; shorten it or give it headings",
            crate::base::words::count(preamble_end, "line")
        ));
        return plan;
    }
    // A part must pass the doc's own limit too: a limit under 300 lines shrinks the parts.
    let max = PART_MAX.min(limit.saturating_sub(1)).max(1);
    let size = (PART_MIN.min(max / 2).max(1), max);
    let units = units(&headings, top, lines, size.1, &mut plan.notes);
    if let Some(big) = units.iter().find(|u| u.end + 1 - u.start >= limit) {
        plan.notes.clear();
        plan.cannot_split = Some(format!(
            "section \"{}\" (lines {}-{}) has {}, at or over the limit of {limit}, and no subsections to split on; shorten it or add subsection headings",
            crate::base::words::cut(&big.title, 60),
            big.start,
            big.end,
            crate::base::words::count(big.end + 1 - big.start, "line")
        ));
        return plan;
    }
    let groups = partition(&units, size);
    let (stem, dir) = stem_and_dir(doc_path);
    let mut used = Vec::new();
    for group in groups {
        let (first, last) = (&units[group.0], &units[group.1 - 1]);
        let sections: Vec<String> = units[group.0..group.1].iter().map(|u| u.title.clone()).collect();
        let part = Part {
            start: first.start,
            end: last.end,
            file: format!("{dir}{stem}-{}.md", part_name(&sections, &mut used)),
            sections,
        };
        if !(size.0..=size.1).contains(&part.lines()) {
            plan.notes.push(format!(
                "part {}-{} has {}, outside {}-{}: no split on section boundaries fits",
                part.start,
                part.end,
                crate::base::words::count(part.lines(), "line"),
                size.0,
                size.1
            ));
        }
        plan.parts.push(part);
    }
    plan
}

fn headings(text: &str, index: &LineIndex<'_>) -> Vec<(HeadingLevel, usize, String)> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut open: Option<(HeadingLevel, usize, String)> = None;
    // Front matter is metadata: read as markdown, its `---` makes its last line a heading.
    let front = crate::model::front_matter_end(text);
    let parser = Parser::new_ext(&text[front..], Options::empty())
        .into_offset_iter()
        .map(|(event, range)| (event, range.start + front..range.end + front));
    for (event, range) in parser {
        match event {
            Event::Start(Tag::Heading { level, .. }) if depth == 0 => {
                open = Some((level, index.line_of(range.start), String::new()));
                depth += 1;
            }
            Event::Start(_) => depth += 1,
            Event::End(_) => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    out.extend(open.take());
                }
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = open.as_mut() {
                    h.2.push_str(&t);
                }
            }
            _ => {}
        }
    }
    out
}

/// Whole `top` sections, or an oversized one's subsections one level down (its head joined to
/// the first).
fn units(
    headings: &[(HeadingLevel, usize, String)],
    top: HeadingLevel,
    lines: usize,
    max: usize,
    notes: &mut Vec<String>,
) -> Vec<Unit> {
    let sub = if top == HeadingLevel::H2 {
        HeadingLevel::H3
    } else {
        HeadingLevel::H4
    };
    let h2: Vec<&(HeadingLevel, usize, String)> = headings.iter().filter(|h| h.0 == top).collect();
    let mut units = Vec::new();
    for (i, (_, start, title)) in h2.iter().map(|h| (h.0, h.1, &h.2)).enumerate() {
        let end = h2.get(i + 1).map_or(lines, |n| n.1 - 1);
        // Headings are in line order: only those inside this section are looked at.
        let (from, to) = (
            headings.partition_point(|h| h.1 <= start),
            headings.partition_point(|h| h.1 <= end),
        );
        let subs: Vec<&(HeadingLevel, usize, String)> = headings[from..to.max(from)]
            .iter()
            .filter(|h| h.0 == sub)
            .collect();
        if end + 1 - start <= max || subs.is_empty() {
            if end + 1 - start > max {
                notes.push(format!(
                    "section \"{title}\" has {} and no subsections",
                    crate::base::words::count(end + 1 - start, "line")
                ));
            }
            units.push(Unit {
                start,
                end,
                title: title.clone(),
            });
            continue;
        }
        for (j, sub) in subs.iter().enumerate() {
            let sub_start = if j == 0 { start } else { sub.1 };
            let sub_end = subs.get(j + 1).map_or(end, |n| n.1 - 1);
            units.push(Unit {
                start: sub_start,
                end: sub_end,
                title: format!("{title} / {}", sub.2),
            });
        }
    }
    units
}

/// Parts outside 100-300 lines, parts, sum of squared distances from 200 lines: compared in order.
type Cost = (usize, usize, u64);

/// Groups consecutive units: fewest parts outside 100-300 lines, then fewest parts, then the
/// most even sizes. Returns half-open unit index ranges.
fn partition(units: &[Unit], (min, max): (usize, usize)) -> Vec<(usize, usize)> {
    let n = units.len();
    let size = |a: usize, b: usize| units[b - 1].end + 1 - units[a].start;
    // best[i]: cost of grouping units[..i], and where its last group starts.
    let mut best: Vec<Option<(Cost, usize)>> = vec![None; n + 1];
    best[0] = Some(((0, 0, 0), 0));
    for i in 1..=n {
        // Groups only grow as they start earlier: stop at the first one over the maximum, so
        // each unit is weighed against the few that fit in one part, not against all of them.
        for j in (0..i).rev() {
            let s = size(j, i);
            if s > max && i - j > 1 {
                break;
            }
            let Some(((bad, parts, spread), _)) = best[j] else {
                continue;
            };
            let off = s.abs_diff((min + max) / 2) as u64;
            let cost = (
                bad + usize::from(!(min..=max).contains(&s)),
                parts + 1,
                spread + off * off,
            );
            // `<=`: of equal costs the earliest start wins, as when this ran forwards.
            if best[i].is_none_or(|(c, _)| cost <= c) {
                best[i] = Some((cost, j));
            }
        }
    }
    let mut groups = Vec::new();
    let mut i = n;
    while i > 0 {
        let Some((_, j)) = best[i] else { break };
        groups.push((j, i));
        i = j;
    }
    groups.reverse();
    groups
}

fn stem_and_dir(doc_path: &str) -> (String, String) {
    let (dir, name) = doc_path.rsplit_once('/').map_or(("", doc_path), |(d, n)| (d, n));
    let stem = name.strip_suffix(".md").unwrap_or(name).to_owned();
    let dir = if dir.is_empty() {
        String::new()
    } else {
        format!("{dir}/")
    };
    (stem, dir)
}

/// A part's name from its own headings: the first one's words for a part of one section, the
/// first and the last for several ("day-1-to-day-7"), made unique with a number. A word shared
/// by every part ("day" in a journal) would name none of them.
fn part_name(sections: &[String], used: &mut Vec<String>) -> String {
    let slug = |title: &str, n: usize| -> String {
        let words: Vec<String> = overlap::words(title)
            .into_iter()
            .filter(|w| !overlap::is_stop_word(w))
            .map(|w| {
                w.chars()
                    .filter(|c| c.is_alphanumeric() || *c == '-')
                    .collect::<String>()
            })
            .filter(|w| !w.is_empty())
            .take(n)
            .collect();
        words.join("-")
    };
    let first = sections.first().map(|t| slug(t, 3)).unwrap_or_default();
    let mut name = match sections {
        [_, .., last] => {
            let (a, b) = (slug(&sections[0], 2), slug(last, 2));
            if a.is_empty() || b.is_empty() || a == b {
                first
            } else {
                format!("{a}-to-{b}")
            }
        }
        _ => first,
    };
    if name.is_empty() {
        name = format!("part-{}", used.len() + 1);
    }
    let mut unique = name.clone();
    let mut n = 2;
    while used.contains(&unique) {
        unique = format!("{name}-{n}");
        n += 1;
    }
    used.push(unique.clone());
    unique
}

#[cfg(test)]
mod tests;
