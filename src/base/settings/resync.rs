//! Reading on past a syntax error. toml's own recovery is lost at an unclosed array or `"""`
//! string: everything after it is read as part of that value, so one broken block rule took
//! every later rule and section with it. So a file with a syntax error is cut into parts, each
//! starting at a line whose first character other than spaces and tabs is `[` (a table header,
//! or what was meant to be one), and each part is read on its own:
//!
//! - a part that reads is kept as written;
//! - a part whose first error is at its very end (it stops inside a string, an array or an
//!   inline table) is read again joined with the next part, and again, and is kept as one part
//!   when a join reads: a multi-line string or array may hold a line starting with `[`;
//! - a part that does not read, alone or joined, is *lost*. Its header stays when that line reads
//!   by itself, and so does each of its other lines that reads after the header and the lines
//!   kept before it (so a block rule whose `pattern` line is whole still blocks); every other
//!   line is blanked, and reading resumes at the part after it.
//!
//! The result is the same text, lost lines blanked with spaces to the same length, so that every
//! span and line toml then reports stays true. The work is bounded by the file's size, not by
//! its shape: at most [`WORK`] times its length (plus [`SLACK`]) is handed to the parser, and past
//! that no part is joined and no line saved.

use super::Lost;
use super::messages;
use std::ops::Range;
use toml::de::{DeTable, DeValue};

/// How many times the file's length the parser may be handed while re-reading its parts.
const WORK: usize = 8;
/// Bytes of work allowed besides, so that a small file's parts can all be tried.
const SLACK: usize = 64 * 1024;

/// The text to parse: `text` with the lines of lost parts blanked; and what was lost.
pub(super) fn resync(text: &str) -> (String, Vec<Lost>) {
    let starts = part_starts(text);
    let mut work = Work::new(text.len());
    let mut lost = Vec::new();
    let mut blank: Vec<Range<usize>> = Vec::new();
    let lines = super::Lines::new(text);
    // How many headers of each table so far: the ordinal of an element of an array of tables.
    let mut headers: std::collections::BTreeMap<(Option<String>, bool), usize> = Default::default();
    let mut i = 0;
    while i + 1 < starts.len() {
        let start = starts[i];
        let first_line = line_at(text, start);
        let (table, array) = header_of(first_line.trim());
        let is_header = start > 0 || first_line.trim_start().starts_with('[');
        let ordinal = match is_header {
            true => {
                let seen = headers.entry((table.clone(), array)).or_default();
                *seen += 1;
                *seen
            }
            false => 1,
        };
        let part = &text[start..starts[i + 1]];
        // Each part is read alone once: that much is never refused.
        let _ = work.spend(part.len());
        let Some(error) = first_error(part) else {
            i += 1;
            continue;
        };
        if let Some(end) = joined(text, &starts, i, &error, &mut work) {
            i = end;
            continue;
        }
        let saved = salvage(text, start..starts[i + 1], is_header, &mut work);
        let line = |at: usize| lines.of(at);
        lost.push(Lost {
            header: saved.header.then(|| start + first_line.find('[').unwrap_or(0)),
            table: table.filter(|_| is_header),
            array,
            ordinal,
            header_line: line(start),
            line: saved
                .left_out
                .first()
                .map_or(line(start + error.at), |r| line(r.start)),
            why: error.why,
            left_out: saved.left_out.iter().map(|r| line(r.start)).collect(),
            kept: saved.kept,
            in_string: None,
            top: !is_header,
        });
        blank.extend(saved.left_out);
        i += 1;
    }
    (blanked(text, &blank), lost)
}

/// The byte offsets where parts start: 0, every line that starts with `[` after blanks, and the
/// end of the text.
fn part_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if at > 0 && line.trim_start_matches([' ', '\t']).starts_with('[') {
            starts.push(at);
        }
        at += line.len();
    }
    starts.push(text.len());
    starts
}

/// The line of `text` that starts at `at`, without its line break.
fn line_at(text: &str, at: usize) -> &str {
    let rest = &text[at..];
    rest.split_inclusive('\n')
        .next()
        .unwrap_or("")
        .trim_end_matches(['\n', '\r'])
}

/// The parse's budget: see the module's doc.
struct Work {
    left: usize,
}

impl Work {
    fn new(len: usize) -> Work {
        Work {
            left: len.saturating_mul(WORK).saturating_add(SLACK),
        }
    }

    /// Takes `bytes` of work; false when there is not that much left.
    fn spend(&mut self, bytes: usize) -> bool {
        match self.left.checked_sub(bytes) {
            Some(left) => {
                self.left = left;
                true
            }
            None => false,
        }
    }
}

/// Where toml first stopped in a text, and why in the user's words.
struct Stop {
    at: usize,
    why: String,
}

/// The first error of `text` read alone, if any. Its words are those of an unclosed string,
/// array or table when toml met one, since that is where the mistake is and what later errors
/// follow from.
fn first_error(text: &str) -> Option<Stop> {
    let (_, errors) = DeTable::parse_recoverable(text);
    let at = |e: &toml::de::Error| e.span().map_or(0, |s| s.start).min(text.len());
    let first = errors.iter().min_by_key(|e| at(e))?;
    let cause = errors
        .iter()
        .filter(|e| messages::unclosed(e.message()))
        .min_by_key(|e| at(e))
        .unwrap_or(first);
    Some(Stop {
        at: at(first),
        why: messages::syntax_words(cause.message()),
    })
}

/// Whether `text` reads without an error.
fn reads(text: &str) -> bool {
    DeTable::parse_recoverable(text).1.is_empty()
}

/// The part after which reading resumes when part `i`, which stopped at `first` inside a value,
/// reads joined with the parts after it; `None` when no join reads (or the work is spent).
fn joined(text: &str, starts: &[usize], i: usize, first: &Stop, work: &mut Work) -> Option<usize> {
    let start = starts[i];
    let mut end = i + 1;
    let mut stopped = first.at;
    loop {
        let part = &text[start..starts[end]];
        // An error before the end is the part's own: more text cannot mend it.
        if stopped < part.trim_end().len() || end + 1 >= starts.len() {
            return None;
        }
        end += 1;
        let part = &text[start..starts[end]];
        if !work.spend(part.len()) {
            return None;
        }
        match first_error(part) {
            None => return Some(end),
            Some(error) => stopped = error.at,
        }
    }
}

/// What is kept of a lost part: whether its header, whether other lines, and the byte ranges
/// of the lines left out.
struct Saved {
    header: bool,
    kept: bool,
    left_out: Vec<Range<usize>>,
}

/// Keeps of the part `range` its header if it reads by itself, then each line that reads after
/// the header and the lines kept before it. A part whose header does not read keeps nothing: its
/// lines would land in another table.
fn salvage(text: &str, range: Range<usize>, is_header: bool, work: &mut Work) -> Saved {
    let mut lines = Vec::new();
    let mut at = range.start;
    for line in text[range.clone()].split_inclusive('\n') {
        lines.push(at..at + line.len());
        at += line.len();
    }
    let mut saved = Saved {
        header: false,
        kept: false,
        left_out: Vec::new(),
    };
    let mut kept = String::new();
    let mut rest = &lines[..];
    if is_header && let Some((first, others)) = lines.split_first() {
        rest = others;
        let header = &text[first.clone()];
        // One line: cheap, and not bounded, so that the work left never decides the table.
        if reads(header) {
            saved.header = true;
            kept.push_str(header);
            if !header.ends_with('\n') {
                kept.push('\n');
            }
        } else {
            saved.left_out = lines
                .iter()
                .filter(|l| !blank(&text[(*l).clone()]))
                .cloned()
                .collect();
            return saved;
        }
    }
    for line in rest {
        let body = &text[line.clone()];
        // A comment is read like any other line: it may hold a character toml refuses.
        if blank(body) {
            continue;
        }
        let before = kept.len();
        // toml skips a byte-order mark only at the start of the file: a line further down is
        // tried where it stands, after a line break, or a stray mark would be kept and break
        // the reading of every table after it.
        if kept.is_empty() && line.start > 0 {
            kept.push('\n');
        }
        kept.push_str(body);
        if !body.ends_with('\n') {
            kept.push('\n');
        }
        if work.spend(kept.len()) && reads(&kept) {
            saved.kept |= !body.trim_start_matches([' ', '\t']).starts_with('#');
        } else {
            kept.truncate(before);
            saved.left_out.push(line.clone());
        }
    }
    saved
}

/// Whether a line holds only what toml counts as blank: spaces, tabs and line breaks (not a
/// vertical tab, which Rust's `trim` takes and toml refuses).
fn blank(line: &str) -> bool {
    line.trim_matches([' ', '\t', '\r', '\n']).is_empty()
}

/// `text` with the bytes of `lines` (whole lines) replaced by spaces, line breaks kept.
fn blanked(text: &str, lines: &[Range<usize>]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for line in lines {
        out.push_str(&text[at..line.start]);
        for c in text[line.clone()].chars() {
            match c {
                '\n' => out.push('\n'),
                other => out.extend(std::iter::repeat_n(' ', other.len_utf8())),
            }
        }
        at = line.end;
    }
    out.push_str(&text[at..]);
    out
}

/// The table a header line names (`enforce.block`) and whether it is `[[…]]`: read by toml
/// when the line reads, else from its words (`[[enforce.block` names `enforce.block` too).
pub(super) fn header_of(line: &str) -> (Option<String>, bool) {
    let array = line.starts_with("[[");
    if !line.starts_with('[') {
        return (None, false);
    }
    if let Ok(root) = DeTable::parse(line) {
        let mut path = Vec::new();
        let mut table = root.get_ref();
        while let Some((key, value)) = table.iter().next().filter(|_| table.len() == 1) {
            path.push(key.get_ref().to_string());
            match value.get_ref() {
                DeValue::Table(inner) => table = inner,
                _ => break,
            }
        }
        if !path.is_empty() {
            return (Some(path.join(".")), array);
        }
    }
    let name: String = line
        .trim_start_matches('[')
        .split(['#', ']'])
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '"' && *c != '\'')
        .collect();
    ((!name.is_empty()).then_some(name), array)
}

#[cfg(test)]
mod tests;
