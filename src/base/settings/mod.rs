//! A settings file (`learnings.toml`) read one section, one rule and one key at a time, so that
//! a mistake turns off only what it touches: a misspelt key in one block rule must not switch
//! off the team's other rules, nor the rule itself when its pattern can be read. Each room reads
//! its own section with a [`Reader`]; `config` assembles them.
//!
//! toml's recovering parser gives a tree with byte spans even when the text has a syntax error;
//! each part is then deserialized on its own from that tree, and every failure becomes a
//! [`Problem`] with its line. What is kept is exactly what would have been read from a file
//! without the broken parts.

pub mod messages;

use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

/// One thing wrong in the file: where, and what to do.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Problem {
    /// 1-based line.
    pub line: usize,
    /// The section it belongs to (`consolidation`, `enforce`, …; `syntax` for the file's TOML,
    /// `file` for an unknown top-level key): a command fails only on problems in the sections
    /// it reads, and on the syntax.
    pub section: &'static str,
    /// One line, naming the key and the table.
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}: {}",
            crate::base::paths::CONFIG_FILE,
            self.line,
            self.message
        )
    }
}

/// Every problem in one line, for a hook's message: the file, how many, each line and why,
/// and where to see them all. Past three, the count says how many more.
pub fn one_line(problems: &[Problem]) -> Option<String> {
    if problems.is_empty() {
        return None;
    }
    let file = crate::base::paths::CONFIG_FILE;
    let shown: Vec<String> = problems
        .iter()
        .take(3)
        .map(|p| format!("line {}: {}", p.line, crate::base::words::cut(&p.message, 160)))
        .collect();
    let more = match problems.len() {
        n if n > 3 => format!(" | and {} more", n - 3),
        _ => String::new(),
    };
    let what = match problems.len() {
        1 => "a problem".to_owned(),
        n => format!("{n} problems"),
    };
    let listed = format!("{}{more}", shown.join(" | "));
    let stop = if listed.ends_with(['.', '?', '!']) {
        ""
    } else {
        "."
    };
    Some(format!(
        "learnings: {file} has {what}; everything else in it works. {listed}{stop} Run `learnings doctor` to see them all."
    ))
}

/// A value of the parsed file with its place.
pub type Node<'t> = Spanned<DeValue<'t>>;

/// Reads parts of one file's text, collecting problems.
#[derive(Debug)]
pub struct Reader<'t> {
    text: &'t str,
    /// What went wrong so far, in the order found.
    pub problems: Vec<Problem>,
}

impl<'t> Reader<'t> {
    /// Parses `text`, recovering from syntax errors. Each is a problem of the section it is
    /// written in (`sections`: the known top-level names; another is `syntax`), so that a
    /// missing quote in `[enforce]` stops no command that does not read `[enforce]`; one error
    /// per line (the parser often reports one mistake twice).
    pub fn parse(text: &'t str, sections: &[&'static str]) -> (Reader<'t>, DeTable<'t>) {
        let (root, errors) = DeTable::parse_recoverable(text);
        let mut reader = Reader {
            text,
            problems: Vec::new(),
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
        (reader, root.into_inner())
    }

    /// The 1-based line of byte offset `at`.
    pub fn line(&self, at: usize) -> usize {
        let at = at.min(self.text.len());
        self.text.as_bytes()[..at].iter().filter(|b| **b == b'\n').count() + 1
    }

    /// Records a problem at byte offset `at`. A message stays one line: a value it quotes may
    /// be a multi-line string, so line breaks are written as `\n`.
    pub fn report(&mut self, section: &'static str, at: usize, message: String) {
        let line = self.line(at);
        let message = if message.contains(['\n', '\r']) {
            message.replace('\r', "\\r").replace('\n', "\\n")
        } else {
            message
        };
        self.problems.push(Problem {
            line,
            section,
            message,
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
    messages::nearest(name, sections.iter().copied()).map_or("syntax", |near| {
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
mod tests {
    use super::*;

    #[derive(Debug, Default, serde::Deserialize)]
    #[serde(deny_unknown_fields, default)]
    struct Keyed {
        size: usize,
        name: String,
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Rule {
        pattern: String,
        #[serde(default)]
        reason: Option<String>,
    }

    #[test]
    fn a_bad_key_costs_only_itself() {
        let text = "[t]\nsize = \"big\"\nname = \"ok\"\nnme = 1\n";
        let (mut reader, root) = Reader::parse(text, &["t", "r", "a", "b"]);
        let node = get(&root, "t").expect("t");
        let keyed: Keyed = reader.keyed("consolidation", "[t]", node);
        assert_eq!((keyed.size, keyed.name.as_str()), (0, "ok"));
        let lines: Vec<usize> = reader.problems.iter().map(|p| p.line).collect();
        assert_eq!(lines, [4, 2], "{:?}", reader.problems);
        assert!(reader.problems[0].message.contains("did you mean `name`?"));
    }

    #[test]
    fn a_rule_loses_its_unknown_keys_not_itself() {
        let text = "[[r]]\npattern = \"x\"\nreasn = \"why\"\n[[r]]\nreason = \"no pattern\"\n";
        let (mut reader, root) = Reader::parse(text, &["t", "r", "a", "b"]);
        let node = get(&root, "r").expect("r");
        let rules: Vec<Rule> = reader
            .array("enforce", "r", node)
            .into_iter()
            .filter_map(|n| reader.rule("enforce", "[[r]]", n))
            .collect();
        assert_eq!(rules.len(), 1);
        assert_eq!(rules[0].pattern, "x");
        assert!(rules[0].reason.is_none());
        assert_eq!(reader.problems.len(), 2, "{:?}", reader.problems);
        assert_eq!(reader.problems[0].line, 3);
    }

    #[test]
    fn a_syntax_error_keeps_the_rest() {
        let text = "[a]\nx = \"open\n[b]\ny = 2\n";
        let (reader, root) = Reader::parse(text, &["t", "r", "a", "b"]);
        assert!(!reader.problems.is_empty());
        assert_eq!(reader.problems[0].line, 2, "{:?}", reader.problems);
        assert!(get(&root, "b").is_some());
    }

    #[test]
    fn a_message_quoting_a_multi_line_value_stays_one_line() {
        // Found by the `config` fuzz target: a domain named by a multi-line string.
        let (mut reader, _) = Reader::parse("", &["t"]);
        reader.report("t", 0, "domain `\"a\r\nb\"` has no files".into());
        assert_eq!(reader.problems[0].message, "domain `\"a\\r\\nb\"` has no files");
    }
}
