//! A settings file (`learnings.toml`) read one section, one rule and one key at a time, so that
//! a mistake turns off only what it touches: a misspelt key in one block rule must not switch
//! off the team's other rules, nor the rule itself when its pattern can be read. Each room reads
//! its own section with a [`Reader`]; `config` assembles them.
//!
//! A syntax error costs only the table it is in: a file that does not read is cut at its table
//! headers and read part by part ([`Source`], `resync`), a part that does not read is left out
//! (what of it reads line by line is kept) and reported with the line to fix. toml's recovering
//! parser then gives a tree with byte spans of the rest; each part of it is deserialized on its
//! own, and every failure becomes a [`Problem`] with its line. What is kept is exactly what would
//! have been read from a file without the broken parts.

mod lost;
pub mod messages;
mod problem;
mod resync;

pub use lost::Lost;
pub use problem::{Problem, one_line};

use serde::de::DeserializeOwned;
use std::borrow::Cow;
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

/// The line starts of a text, to find the line of a byte offset without counting from the top
/// each time: a file of many problems must not cost the square of its size.
#[derive(Debug, Clone)]
struct Lines(Vec<usize>);

impl Lines {
    fn new(text: &str) -> Lines {
        let breaks = text.bytes().enumerate().filter(|(_, b)| *b == b'\n');
        Lines(std::iter::once(0).chain(breaks.map(|(i, _)| i + 1)).collect())
    }

    /// The 1-based line of byte offset `at`.
    fn of(&self, at: usize) -> usize {
        self.0.partition_point(|start| *start <= at).max(1)
    }
}

/// A value of the parsed file with its place.
pub type Node<'t> = Spanned<DeValue<'t>>;

/// `learnings.toml`'s text as toml is to read it: when the file has a syntax error, each part
/// that cannot be read is blanked (same length, so spans and lines stay true), and kept as
/// [`Lost`] to be reported.
#[derive(Debug)]
pub struct Source<'t> {
    text: Cow<'t, str>,
    lost: Vec<Lost>,
}

impl<'t> Source<'t> {
    /// Reads `text` part by part when it does not read whole (see `resync`).
    pub fn new(text: &'t str) -> Source<'t> {
        if DeTable::parse_recoverable(text).1.is_empty() {
            return Source {
                text: Cow::Borrowed(text),
                lost: Vec::new(),
            };
        }
        let (text, lost) = resync::resync(text);
        Source {
            text: Cow::Owned(text),
            lost,
        }
    }
}

/// Reads parts of one file's text, collecting problems.
#[derive(Debug)]
pub struct Reader<'t> {
    text: &'t str,
    lines: Lines,
    /// What went wrong so far, in the order found.
    pub problems: Vec<Problem>,
    /// The parts of the file left out, each with the index of its problem and whether a room
    /// has told it in its own words.
    lost: Vec<(Lost, usize, bool)>,
}

impl<'t> Reader<'t> {
    /// Parses `source`, recovering from syntax errors. Each is a problem of the section it is
    /// written in (`sections`: the known top-level names; another is `syntax`), so that a
    /// missing quote in `[enforce]` stops no command that does not read `[enforce]`; one error
    /// per line (the parser often reports one mistake twice). Each part left out is a problem
    /// of its table's section, in the words of [`Lost::say`] until the room that owns the table
    /// says it better ([`Reader::retell`]).
    pub fn parse(source: &'t Source<'_>, sections: &[&'static str]) -> (Reader<'t>, DeTable<'t>) {
        let text: &'t str = &source.text;
        let (root, errors) = DeTable::parse_recoverable(text);
        let mut reader = Reader {
            text,
            lines: Lines::new(text),
            problems: Vec::new(),
            lost: Vec::new(),
        };
        for error in errors {
            let at = error.span().map_or(0, |s| s.start).min(text.len());
            if reader.problems.iter().any(|p| p.line == reader.line(at)) {
                continue;
            }
            let message = messages::user_words(&error.message().trim().replace('\n', " "));
            let section = section_at(text, at, sections);
            reader.report(section, at, format!("not valid TOML: {message}"));
        }
        let root = root.into_inner();
        let swallowed = lost::in_strings(text, &reader.lines, &root);
        for lost in source.lost.iter().cloned().chain(swallowed) {
            let section = lost
                .table
                .as_deref()
                .map_or("syntax", |table| section_named(table, sections));
            reader.problems.push(Problem {
                line: lost.line,
                section,
                message: single_line(lost.say(&lost.label(), None)),
                loud: false,
            });
            reader.lost.push((lost, reader.problems.len() - 1, false));
        }
        (reader, root)
    }

    /// The parts of the file left out that no room has told in its own words yet, each with
    /// its number for [`Reader::retell`].
    pub(crate) fn untold(&self) -> Vec<(usize, Lost)> {
        let untold = self.lost.iter().enumerate().filter(|(_, (_, _, told))| !told);
        untold.map(|(n, (lost, _, _))| (n, lost.clone())).collect()
    }

    /// The part left out of the table `node` (whose header was kept), with its number.
    pub(crate) fn lost_at(&self, node: &Node<'_>) -> Option<(usize, Lost)> {
        let at = node.span().start;
        let mut all = self.lost.iter().enumerate();
        all.find(|(_, (lost, _, _))| lost.header == Some(at))
            .map(|(n, (lost, _, _))| (n, lost.clone()))
    }

    /// Says again what losing part `n` means, in the words of the room that owns its table;
    /// `loud` when it turns off a protection.
    pub(crate) fn retell(&mut self, n: usize, message: String, loud: bool) {
        self.tell(n, message, loud, true);
    }

    /// Rewrites the problem of lost part `n`; `by_room` when the words are the owning room's.
    fn tell(&mut self, n: usize, message: String, loud: bool, by_room: bool) {
        let Some((_, i, told)) = self.lost.get_mut(n) else {
            return;
        };
        *told |= by_room;
        if let Some(problem) = self.problems.get_mut(*i) {
            problem.message = single_line(message);
            problem.loud = loud;
        }
    }

    /// The 1-based line of byte offset `at`.
    pub fn line(&self, at: usize) -> usize {
        self.lines.of(at.min(self.text.len()))
    }

    /// Records a problem at byte offset `at`. A message stays one line: a value it quotes may
    /// be a multi-line string, so line breaks are written as `\n`.
    pub fn report(&mut self, section: &'static str, at: usize, message: String) {
        let line = self.line(at);
        let message = single_line(message);
        self.problems.push(Problem {
            line,
            section,
            message,
            loud: false,
        });
    }

    /// Records a deserialization error of `node` (in `table`, at `key` when known), in the
    /// user's words.
    fn error(
        &mut self,
        section: &'static str,
        table: &str,
        key: Option<&str>,
        node: &Node<'_>,
        error: &toml::de::Error,
    ) {
        let at = error.span().map_or(node.span().start, |s| s.start);
        let raw = error.message().trim().replace('\n', " ");
        let message = match (unknown_field(&raw), key) {
            (Some((field, known)), _) => messages::unknown_key(field, table, &known),
            (None, Some(key)) => format!("{table} `{key}`: {}", messages::user_words(&raw)),
            (None, None) => format!("{table}: {}", messages::user_words(&raw)),
        };
        self.report(section, at, message);
    }

    /// A table whose every key is optional (`#[serde(default)]`): each key is read on its own,
    /// a bad one is reported and the default stands in for it.
    pub fn keyed<T: DeserializeOwned + Default>(
        &mut self,
        section: &'static str,
        table: &str,
        node: &Node<'_>,
    ) -> T {
        if let Ok(value) = T::deserialize(ValueDeserializer::from(node.clone())) {
            return value;
        }
        let DeValue::Table(entries) = node.get_ref() else {
            self.report(section, node.span().start, format!("{table}: expected a table"));
            return T::default();
        };
        let mut good = DeTable::new();
        for (key, value) in entries.iter() {
            let mut one = DeTable::new();
            one.insert(key.clone(), value.clone());
            let single = Spanned::new(key.span().start..value.span().end, DeValue::Table(one));
            match T::deserialize(ValueDeserializer::from(single.clone())) {
                Ok(_) => {
                    good.insert(key.clone(), value.clone());
                }
                Err(e) => self.error(section, table, Some(key.get_ref().as_ref()), &single, &e),
            }
        }
        T::deserialize(ValueDeserializer::from(Spanned::new(
            node.span(),
            DeValue::Table(good),
        )))
        .unwrap_or_default()
    }

    /// One rule, an element of an array of tables: unknown keys are reported and left out;
    /// any other error drops the rule (reported).
    pub fn rule<T: DeserializeOwned>(
        &mut self,
        section: &'static str,
        table: &str,
        node: &Node<'_>,
    ) -> Option<T> {
        let Some((n, lost)) = self.lost_at(node) else {
            return self.rule_read(section, table, node);
        };
        // A table that lost lines has its problem already: what it misses follows from it.
        let reported = self.problems.len();
        let rule = self.rule_read(section, table, node);
        self.problems.truncate(reported);
        if rule.is_none() && lost.kept {
            self.tell(n, lost.say(&lost.label(), Some("it is off")), false, false);
        }
        rule
    }

    fn rule_read<T: DeserializeOwned>(
        &mut self,
        section: &'static str,
        table: &str,
        node: &Node<'_>,
    ) -> Option<T> {
        let mut node = node.clone();
        // The keys that misspelt ones most likely meant: their absence is the same mistake.
        let mut meant: Vec<String> = Vec::new();
        loop {
            match T::deserialize(ValueDeserializer::from(node.clone())) {
                Ok(value) => return Some(value),
                Err(e) => {
                    let missing = e
                        .message()
                        .strip_prefix("missing field ")
                        .map(|f| f.trim().trim_matches('`').to_owned());
                    if !missing.is_some_and(|m| meant.contains(&m)) {
                        let key = key_at(&node, e.span());
                        self.error(section, table, key.as_deref(), &node, &e);
                    }
                    if let Some((field, known)) = unknown_field(e.message())
                        && let Some(near) = messages::nearest(field, known.iter().copied())
                    {
                        meant.push(near.to_owned());
                    }
                    let field = unknown_field(e.message()).map(|(f, _)| f.to_owned());
                    let (Some(field), DeValue::Table(entries)) = (field, node.get_mut()) else {
                        return None;
                    };
                    let key = entries
                        .iter()
                        .map(|(k, _)| k)
                        .find(|k| k.get_ref().as_ref() == field.as_str())
                        .cloned();
                    key.and_then(|k| entries.remove(&k))?;
                }
            }
        }
    }

    /// The elements of an array of tables (`[[table]]`); anything else is reported.
    pub fn array<'n, 'v>(
        &mut self,
        section: &'static str,
        table: &str,
        node: &'n Node<'v>,
    ) -> Vec<&'n Node<'v>> {
        match node.get_ref() {
            DeValue::Array(items) => items.iter().collect(),
            _ => {
                self.report(
                    section,
                    node.span().start,
                    format!("{table}: expected a list of tables, written [[{table}]]"),
                );
                Vec::new()
            }
        }
    }
}

/// The known section whose table header (`[name…]` or `[[name…]]`) is the last before byte
/// `at`, or its nearest known name; `syntax` before any header or for an unknown one.
fn section_at(text: &str, at: usize, sections: &[&'static str]) -> &'static str {
    let header = text[..at]
        .lines()
        .rev()
        .map(str::trim_start)
        .find(|line| line.starts_with('['));
    let Some(header) = header else {
        return "syntax";
    };
    let name = header
        .trim_start_matches('[')
        .split(|c: char| c == '.' || c == ']' || c.is_whitespace())
        .next()
        .unwrap_or("")
        .trim_matches('"');
    section_named(name, sections)
}

/// The known section of table `name` (`enforce.block` is in `enforce`), or its nearest known
/// name; `syntax` for an unknown one.
fn section_named(name: &str, sections: &[&'static str]) -> &'static str {
    let first = name.split('.').next().unwrap_or(name);
    messages::nearest(first, sections.iter().copied()).map_or("syntax", |near| {
        sections.iter().copied().find(|s| *s == near).unwrap_or("syntax")
    })
}

/// The key of table `node` whose value holds `span` (a type error's place), to name it.
fn key_at(node: &Node<'_>, span: Option<std::ops::Range<usize>>) -> Option<String> {
    let (DeValue::Table(table), Some(span)) = (node.get_ref(), span) else {
        return None;
    };
    table
        .iter()
        .find(|(_, v)| v.span().start <= span.start && span.start < v.span().end.max(v.span().start + 1))
        .map(|(k, _)| k.get_ref().to_string())
}

/// `message` on one line: a value or a table name it quotes may hold a line break, written
/// `\n` instead.
fn single_line(message: String) -> String {
    if message.contains(['\n', '\r']) {
        message.replace('\r', "\\r").replace('\n', "\\n")
    } else {
        message
    }
}

/// The value of `key` in `table`.
pub fn get<'n, 't>(table: &'n DeTable<'t>, key: &str) -> Option<&'n Node<'t>> {
    table
        .iter()
        .find(|(k, _)| k.get_ref().as_ref() == key)
        .map(|(_, v)| v)
}

/// A string value of `key` in a table node, if it is one.
pub fn string<'n>(node: &'n Node<'_>, key: &str) -> Option<&'n str> {
    match node.get_ref() {
        DeValue::Table(table) => get(table, key)?.get_ref().as_str(),
        _ => None,
    }
}

/// serde's "unknown field `x`, expected one of `a`, `b`": the field and the known names.
fn unknown_field(message: &str) -> Option<(&str, Vec<&str>)> {
    let rest = message.strip_prefix("unknown field ")?;
    let (field, expected) = rest.split_once(", expected").unwrap_or((rest, ""));
    let known = expected
        .trim()
        .trim_start_matches("one of ")
        .split(',')
        .flat_map(|k| k.split(" or "))
        .map(|k| k.trim().trim_matches('`'))
        .filter(|k| !k.is_empty() && *k != "there are no fields")
        .collect();
    Some((field.trim().trim_matches('`'), known))
}

#[cfg(test)]
mod tests;
