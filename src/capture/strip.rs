//! The user's own words of a prompt: code, quotes and pasted output removed.
//!
//! "no" inside `cargo build --no-default-features`, "never" in a quoted error or "always" in a
//! pasted log say nothing about the user's intent. Markdown structure comes from pulldown-cmark:
//! fenced and indented code blocks, inline code, HTML and block quotes are dropped; text in
//! double quotes is dropped too, because people quote error messages that way.

use pulldown_cmark::{Event, Parser, Tag, TagEnd};

/// The prose of `prompt`, lower-cased, with code and quotes removed; paragraphs end with a
/// newline, so sentence boundaries survive.
pub fn prose(prompt: &str) -> String {
    let mut out = match plain(prompt) {
        Some(line) => format!("{line}\n"),
        None => markdown_prose(prompt),
    };
    if out.contains(['\u{2019}', '\u{2018}']) {
        out = out.replace(['\u{2019}', '\u{2018}'], "'");
    }
    if out.contains(['"', '\u{201c}', '\u{201d}']) {
        out = without_quotes(&out);
    }
    out.to_lowercase()
}

/// `prompt` without its trailing spaces when it is one line that markdown leaves as it is: it
/// opens with a letter (no list, heading, quote or code block) and holds none of the characters
/// that start inline markup (code, emphasis, links, HTML, entities, escapes). Most feedback is
/// such a line, and analysing a log reads thousands: the parser is the costly part of it.
fn plain(prompt: &str) -> Option<&str> {
    let plain = prompt.starts_with(|c: char| c.is_ascii_alphabetic())
        && prompt.bytes().all(|b| {
            (b' '..=b'~').contains(&b)
                && !matches!(
                    b,
                    b'\\' | b'`' | b'*' | b'_' | b'[' | b']' | b'<' | b'>' | b'&' | b'~' | b'|'
                )
        });
    plain.then(|| prompt.trim_end_matches(' '))
}

/// The text markdown shows of `prompt`, without code, HTML and block quotes.
fn markdown_prose(prompt: &str) -> String {
    let mut out = String::with_capacity(prompt.len());
    let mut skip = 0usize;
    for event in Parser::new(prompt) {
        match event {
            Event::Start(Tag::CodeBlock(_) | Tag::BlockQuote(_) | Tag::HtmlBlock) => skip += 1,
            Event::End(TagEnd::CodeBlock | TagEnd::BlockQuote(_) | TagEnd::HtmlBlock) => {
                skip = skip.saturating_sub(1);
            }
            Event::Text(text) if skip == 0 => out.push_str(&text),
            Event::Code(_) => out.push(' '),
            Event::SoftBreak | Event::HardBreak if skip == 0 => out.push('\n'),
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item) if skip == 0 => out.push('\n'),
            _ => {}
        }
    }
    out
}

/// Drops text between straight or curly double quotes on one line.
fn without_quotes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let mut inside = false;
        let mut kept = String::new();
        let mut quoted = String::new();
        for c in line.chars() {
            match c {
                '"' | '\u{201c}' | '\u{201d}' => {
                    if inside {
                        quoted.clear();
                        kept.push(' ');
                    }
                    inside = !inside;
                }
                _ if inside => quoted.push(c),
                _ => kept.push(c),
            }
        }
        // An unclosed quote was not a quote: keep its text.
        kept.push_str(&quoted);
        out.push_str(&kept);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_quotes_and_quoted_errors_go() {
        let prompt = "Run `cargo build --no-default-features`:\n\n```sh\nno such file\n```\n\n> never again\n\nIt said \"no module named x\" but fine";
        let text = prose(prompt);
        assert!(!text.contains("no-default"), "{text}");
        assert!(!text.contains("no such"), "{text}");
        assert!(!text.contains("never"), "{text}");
        assert!(!text.contains("module"), "{text}");
        assert!(text.contains("but fine"), "{text}");
    }

    /// The short cut for a plain line gives what the parser gives, on lines with and without
    /// the characters it looks for.
    #[test]
    fn plain_lines_read_as_the_parser_reads_them() {
        const PIECES: &[&str] = &[
            "no",
            "Use",
            "the",
            " ",
            "  ",
            "venv",
            ",",
            ".",
            "!",
            "?",
            ":",
            ";",
            "'",
            "\"",
            "-",
            "1.",
            "2)",
            "#",
            "=",
            "+",
            "(",
            ")",
            "/",
            "%",
            "$",
            "@",
            "{",
            "}",
            "^",
            "*",
            "_",
            "`",
            "[",
            "]",
            "<",
            ">",
            "&",
            "~",
            "|",
            "\\",
            "\t",
            "\n",
            "é",
            "\u{2019}",
            "---",
            "    ",
            "amp;",
            "http://x.y",
        ];
        let mut state = 7u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize
        };
        let mut plain_seen = 0;
        for _ in 0..20_000 {
            let text: String = (0..1 + next() % 8)
                .map(|_| PIECES[next() % PIECES.len()])
                .collect();
            let slow =
                without_quotes(&markdown_prose(&text).replace(['\u{2019}', '\u{2018}'], "'")).to_lowercase();
            plain_seen += usize::from(plain(&text).is_some());
            assert_eq!(prose(&text), slow, "{text:?}");
        }
        assert!(plain_seen > 200, "{plain_seen}");
    }

    #[test]
    fn plain_prose_is_kept_lower_cased() {
        assert_eq!(prose("No, that's WRONG.").trim(), "no, that's wrong.");
        assert_eq!(prose("don\u{2019}t").trim(), "don't");
        assert_eq!(prose("say \"hi").trim(), "say hi");
    }
}
