//! What a syntax error cost: the parts of `learnings.toml` left out (see `resync`) and the
//! table headers written inside a multi-line string, each told in one line with the line to fix.

use super::resync::header_of;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// A part of the file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lost {
    /// Where the table's node starts when its header was kept (the header's `[`): the room that
    /// reads the table finds its lost part by it.
    pub header: Option<usize>,
    /// The table as its header names it (`enforce.block`); `None` before the first header.
    pub table: Option<String>,
    /// Whether the header is `[[…]]`: one element of an array of tables.
    pub array: bool,
    /// Which element of that array, counting from 1 (1 for a plain table).
    pub ordinal: usize,
    /// 1-based line of the header (of the part's first line when there is none).
    pub header_line: usize,
    /// The line to fix: the first line left out, else where toml stopped.
    pub line: usize,
    /// Why, in the user's words.
    pub why: String,
    /// The lines left out, 1-based, in order.
    pub left_out: Vec<usize>,
    /// Whether any line of the part besides its header was kept.
    pub kept: bool,
    /// Set for a header written inside a multi-line string (the file reads, but the table is
    /// not there): the line the string opens on.
    pub in_string: Option<usize>,
    /// Whether the part is the top of the file, before any header.
    pub top: bool,
}

impl Lost {
    /// What was lost, for a message: `the 2nd [[enforce.block]]`, `[learning]`, `the lines
    /// before the first table` (the problem's own line says where).
    pub fn label(&self) -> String {
        match (&self.table, self.array) {
            _ if self.top => "the lines before the first table".to_owned(),
            (Some(table), true) if self.in_string.is_some() => format!("a [[{table}]] header"),
            (Some(table), false) if self.in_string.is_some() => format!("the [{table}] header"),
            (Some(table), true) => format!("the {} [[{table}]]", ordinal(self.ordinal)),
            (Some(table), false) => format!("[{table}]"),
            (None, _) => format!("the table at line {}", self.header_line),
        }
    }

    /// One line on losing it: `what` (its [`Lost::label`], or the owning room's word for it)
    /// could not be read, why, what is left out until the line is fixed, and `cost`: what that
    /// means, from the room that knows (`it blocks nothing`; `None`: it is left out).
    pub fn say(&self, what: &str, cost: Option<&str>) -> String {
        if let Some(open) = self.in_string {
            let cost = cost.map(|c| format!(" ({c})")).unwrap_or_default();
            return format!(
                "{what} is inside the multi-line string opened on line {open}, so it starts no table{cost}; close the string before it"
            );
        }
        if !self.kept {
            let cost = cost.unwrap_or("it is left out");
            return format!(
                "{what} could not be read ({}); {cost} until this line is fixed",
                self.why
            );
        }
        if self.left_out == [self.line] {
            return match cost {
                Some(cost) => format!(
                    "{what} could not be read in full ({}); {cost} until this line is fixed",
                    self.why
                ),
                None => format!(
                    "{what} could not be read in full ({}); this line is left out until fixed",
                    self.why
                ),
            };
        }
        let verb = if self.left_out.len() == 1 { "is" } else { "are" };
        let cost = cost.map(|c| format!(", so {c}")).unwrap_or_default();
        format!(
            "{what} could not be read in full ({}); {} {verb} left out until fixed{cost}",
            self.why,
            spans(&self.left_out)
        )
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, … `11th`, `21st`.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Line numbers as runs: `line 6`, `lines 6, 8 to 10`.
fn spans(lines: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &line in lines {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == line => *end = line,
            _ => runs.push((line, line)),
        }
    }
    let shown: Vec<String> = runs
        .iter()
        .take(4)
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a} to {b}")
            }
        })
        .collect();
    let more = if runs.len() > 4 { ", …" } else { "" };
    let noun = if lines.len() == 1 { "line" } else { "lines" };
    format!("{noun} {}{more}", shown.join(", "))
}

/// Table headers written inside a multi-line string of `root` (parsed from `text`): the file
/// reads, but what the header was meant to start is part of the string, most likely one not
/// closed where it should have been.
pub(super) fn in_strings(text: &str, lines: &super::Lines, root: &DeTable<'_>) -> Vec<Lost> {
    let mut found = Vec::new();
    let mut stack: Vec<&Spanned<DeValue<'_>>> = root.values().collect();
    while let Some(node) = stack.pop() {
        match node.get_ref() {
            DeValue::Table(table) => stack.extend(table.values()),
            DeValue::Array(items) => stack.extend(items.iter()),
            DeValue::String(_) => {
                let span = node.span();
                let Some(raw) = text.get(span.clone()).filter(|raw| raw.contains('\n')) else {
                    continue;
                };
                let line_of = |at: usize| lines.of(at);
                let mut at = span.start;
                for line in raw.split_inclusive('\n') {
                    let trimmed = line.trim();
                    let header =
                        at > span.start && trimmed.starts_with('[') && DeTable::parse(trimmed).is_ok();
                    if let (true, (Some(table), array)) = (header, header_of(trimmed)) {
                        found.push(Lost {
                            header: None,
                            table: Some(table),
                            array,
                            ordinal: 0,
                            header_line: line_of(at),
                            line: line_of(at),
                            why: String::new(),
                            left_out: vec![line_of(at)],
                            kept: false,
                            in_string: Some(line_of(span.start)),
                            top: false,
                        });
                    }
                    at += line.len();
                }
            }
            _ => {}
        }
    }
    found.sort_by_key(|lost| lost.line);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_inside_a_string_that_reads_is_named() {
        let text = "[[enforce.block]]\npattern = 'a'\nreason = \"\"\"no\n\n[[enforce.block]]\npattern = 'rm -rf /'\nreason = \"\"\"\n";
        let (root, errors) = DeTable::parse_recoverable(text);
        assert!(
            errors.is_empty(),
            "valid TOML: the string ends at the second rule"
        );
        let found = in_strings(text, &super::super::Lines::new(text), root.get_ref());
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!((found[0].line, found[0].in_string), (5, Some(3)));
        assert_eq!(found[0].label(), "a [[enforce.block]] header");
    }

    #[test]
    fn ordinals_and_spans() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 102]
            .iter()
            .map(|n| ordinal(*n))
            .collect();
        assert_eq!(
            words,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd"
            ]
        );
        assert_eq!(spans(&[6]), "line 6");
        assert_eq!(spans(&[6, 7, 8, 10]), "lines 6 to 8, 10");
    }
}
