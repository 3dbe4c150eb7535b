//! The text of an instruction file as lint reads it (pulldown-cmark): its instructions (each
//! paragraph and each list item, with its line), its code, its `@` imports, and its
//! suppression comments.

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// One instruction: a paragraph or a list item's own text.
#[derive(Debug, Clone, PartialEq)]
pub struct Instruction {
    /// Its first line, 1-based.
    pub line: usize,
    /// Its text, code spans in backticks, on one line.
    pub text: String,
    /// Its words in lower case, punctuation and markup gone ([`normal`]).
    pub normal: String,
    /// Its code spans.
    pub code: Vec<String>,
    /// The line of each code span (a paragraph spans lines; a finding names the span's).
    pub code_lines: Vec<usize>,
    /// Its link targets.
    pub links: Vec<String>,
}

/// A line of a fenced or indented code block.
#[derive(Debug, Clone, PartialEq)]
pub struct CodeLine {
    /// Its line, 1-based.
    pub line: usize,
    /// The block's language (`""` when none).
    pub lang: String,
    /// The line.
    pub text: String,
}

/// What lint reads of a markdown text.
#[derive(Debug, Clone, Default)]
pub struct Read {
    /// Paragraphs and list items, in order.
    pub instructions: Vec<Instruction>,
    /// Lines of code blocks.
    pub code: Vec<CodeLine>,
}

/// Byte offset to 1-based line.
#[derive(Debug)]
pub struct Lines(Vec<usize>);

impl Lines {
    /// The line starts of `text`.
    pub fn of(text: &str) -> Lines {
        Lines(
            std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i + 1))
                .collect(),
        )
    }

    /// The line holding byte `at`.
    pub fn line(&self, at: usize) -> usize {
        self.0.partition_point(|&start| start <= at)
    }
}

/// Reads `text`: instructions and code, front matter and headings left out.
pub fn read(text: &str) -> Read {
    let lines = Lines::of(text);
    let body = crate::model::front_matter_end(text);
    let mut out = Read::default();
    let mut current: Option<Instruction> = None;
    let (mut heading, mut items) = (false, 0usize);
    let mut block: Option<String> = None;
    let flush = |current: &mut Option<Instruction>, out: &mut Read| {
        if let Some(mut i) = current.take() {
            i.text = i.text.split_whitespace().collect::<Vec<_>>().join(" ");
            i.normal = normal(&i.text);
            if !i.text.is_empty() {
                out.instructions.push(i);
            }
        }
    };
    let parser = Parser::new_ext(
        &text[body..],
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH,
    );
    for (event, range) in parser.into_offset_iter() {
        let line = lines.line(range.start + body);
        let open = |current: &mut Option<Instruction>| {
            current.get_or_insert_with(|| Instruction {
                line,
                text: String::new(),
                normal: String::new(),
                code: Vec::new(),
                code_lines: Vec::new(),
                links: Vec::new(),
            });
        };
        match event {
            Event::Start(Tag::Heading { .. }) => heading = true,
            Event::End(TagEnd::Heading(_)) => heading = false,
            Event::Start(Tag::Item) => {
                flush(&mut current, &mut out);
                items += 1;
            }
            Event::End(TagEnd::Item) => {
                flush(&mut current, &mut out);
                items = items.saturating_sub(1);
            }
            Event::Start(Tag::List(_)) => flush(&mut current, &mut out),
            // A table row is one instruction, on its own line.
            Event::Start(Tag::Table(_) | Tag::TableHead | Tag::TableRow)
            | Event::End(TagEnd::TableHead | TagEnd::TableRow) => flush(&mut current, &mut out),
            Event::End(TagEnd::TableCell) => {
                if let Some(i) = current.as_mut() {
                    i.text.push_str(" | ");
                }
            }
            Event::End(TagEnd::Paragraph) if items == 0 => flush(&mut current, &mut out),
            Event::Start(Tag::CodeBlock(kind)) => {
                block = Some(match kind {
                    CodeBlockKind::Fenced(lang) => {
                        lang.split_whitespace().next().unwrap_or("").to_lowercase()
                    }
                    CodeBlockKind::Indented => String::new(),
                });
            }
            Event::End(TagEnd::CodeBlock) => block = None,
            Event::Text(t) if block.is_some() => {
                let lang = block.clone().unwrap_or_default();
                for (n, l) in t.lines().enumerate() {
                    out.code.push(CodeLine {
                        line: line + n,
                        lang: lang.clone(),
                        text: l.to_owned(),
                    });
                }
            }
            Event::Text(t) if !heading => {
                open(&mut current);
                if let Some(c) = current.as_mut() {
                    c.text.push_str(&t);
                }
            }
            Event::Code(c) if !heading => {
                open(&mut current);
                if let Some(i) = current.as_mut() {
                    i.text.push('`');
                    i.text.push_str(&c);
                    i.text.push('`');
                    i.code.push(c.into_string());
                    i.code_lines.push(line);
                }
            }
            Event::Start(Tag::Link { dest_url, .. }) if !heading => {
                open(&mut current);
                if let Some(i) = current.as_mut() {
                    i.links.push(dest_url.into_string());
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some(i) = current.as_mut() {
                    i.text.push(' ');
                }
            }
            _ => {}
        }
    }
    flush(&mut current, &mut out);
    out
}

/// The `@` imports of `text`: `@path` at the start of a line or after whitespace, outside code
/// (CC-04, GM-08), as `(line, path)`.
pub fn imports(text: &str) -> Vec<(usize, String)> {
    if !text.contains('@') {
        return Vec::new();
    }
    let lines = Lines::of(text);
    let mut out = Vec::new();
    let mut in_block = false;
    for (event, range) in Parser::new_ext(text, Options::empty()).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(_)) => in_block = true,
            Event::End(TagEnd::CodeBlock) => in_block = false,
            Event::Text(t) if !in_block => {
                let mut prev = ' ';
                for (i, c) in t.char_indices() {
                    if c == '@' && prev.is_whitespace() {
                        let rest = &t[i + 1..];
                        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                        let path =
                            rest[..end].trim_end_matches(['.', ',', ';', ':', ')', '!', '?', '"', '\'']);
                        if !path.is_empty() {
                            out.push((lines.line(range.start), path.to_owned()));
                        }
                    }
                    prev = c;
                }
            }
            _ => {}
        }
    }
    out
}

/// Lower-case words of `text`, punctuation and markup gone: two instructions with the same
/// words in the same order are the same instruction.
pub fn normal(text: &str) -> String {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Words that turn an instruction around, as [`normal`] leaves them ("don't" is "don t").
pub const NEGATIONS: &[&str] = &[
    "not", "never", "no", "avoid", "without", "nor", "neither", "dont", "don", "doesn", "didn", "shouldn",
    "mustn", "isn", "aren", "cannot",
];

/// What an instruction means, by the audit's measure (`policy::audit::terms`): the stems of its
/// words, stop words left out, sorted, with a mark when it is negated (the audit drops "not" as
/// a stop word, and "do X" and "do not X" must not meet). Takes the instruction's [`normal`]
/// words. `None` when too short to say.
pub fn meaning(normal: &str) -> Option<String> {
    use crate::policy::audit::terms::{is_stop_word, stem};
    let words: Vec<&str> = normal.split(' ').filter(|w| !w.is_empty()).collect();
    let negated = words.iter().any(|w| NEGATIONS.contains(w));
    let mut keys: Vec<String> = words
        .iter()
        .filter(|w| w.chars().count() >= 2 && !is_stop_word(w) && !NEGATIONS.contains(w))
        .map(|w| stem(w))
        .collect();
    keys.sort();
    keys.dedup();
    if keys.len() < 5 {
        return None;
    }
    Some(format!("{}{}", if negated { "!" } else { "" }, keys.join(" ")))
}

/// Whether a suppression comment silences `rule` at `line` of `text`:
/// `<!-- learnings-lint-disable-line RULE -->` on the line,
/// `<!-- learnings-lint-disable-next-line RULE -->` on the line before, or
/// `<!-- learnings-lint-disable RULE -->` anywhere (the whole file). No rule named: every rule.
pub fn suppressed(text: &str, line: usize, rule: &str) -> bool {
    if !text.contains("learnings-lint-disable") {
        return false;
    }
    let names = |comment: &str| -> bool {
        let inner = comment.split("-->").next().unwrap_or("");
        let ids: Vec<&str> = inner.split([' ', ',']).filter(|w| !w.is_empty()).collect();
        ids.is_empty() || ids.contains(&rule)
    };
    for (n, l) in text.lines().enumerate() {
        let n = n + 1;
        for (at, _) in l.match_indices("<!-- learnings-lint-disable") {
            let rest = &l[at + "<!-- learnings-lint-disable".len()..];
            let hit = if let Some(r) = rest.strip_prefix("-next-line") {
                n + 1 == line && names(r)
            } else if let Some(r) = rest.strip_prefix("-line") {
                n == line && names(r)
            } else if rest.starts_with([' ', '-']) && !rest.starts_with('-') {
                names(rest)
            } else {
                false
            };
            if hit {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instructions_are_paragraphs_and_items() {
        let r = read(
            "---\na: b\n---\n# Title\n\nUse `pnpm` here.\n\n- one\n- two\n  - nested\n\n```sh\nmake x\n```\n",
        );
        let texts: Vec<(usize, &str)> = r.instructions.iter().map(|i| (i.line, i.text.as_str())).collect();
        assert_eq!(
            texts,
            [(6, "Use `pnpm` here."), (8, "one"), (9, "two"), (10, "nested")]
        );
        assert_eq!(
            r.code.iter().map(|c| c.text.as_str()).collect::<Vec<_>>(),
            ["make x"]
        );
        assert_eq!(r.code[0].lang, "sh");
    }

    #[test]
    fn table_rows_are_instructions_on_their_lines() {
        let r = read("Intro.\n\n| a | b |\n|---|---|\n| `x/y.rs` | one |\n| `z.rs` | two |\n");
        let lines: Vec<usize> = r.instructions.iter().map(|i| i.line).collect();
        assert_eq!(lines, [1, 3, 5, 6]);
        assert_eq!(r.instructions[2].code, ["x/y.rs"]);
    }

    #[test]
    fn imports_outside_code_only() {
        let i = imports("See @docs/a.md and `@not/this.md`.\n@AGENTS.md\nmail a@b.com\n```\n@x.md\n```\n");
        assert_eq!(i, [(1, "docs/a.md".to_owned()), (2, "AGENTS.md".to_owned())]);
    }

    #[test]
    fn suppression_comments() {
        let t = "a\n<!-- learnings-lint-disable-next-line rot-path -->\nb `x/y.rs`\nc <!-- learnings-lint-disable-line -->\n";
        assert!(suppressed(t, 3, "rot-path"));
        assert!(!suppressed(t, 3, "conflict"));
        assert!(suppressed(t, 4, "conflict"));
        assert!(!suppressed(t, 1, "rot-path"));
        assert!(suppressed(
            "<!-- learnings-lint-disable loaded-twice -->\n",
            9,
            "loaded-twice"
        ));
    }
}
