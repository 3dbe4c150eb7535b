//! The distinctive content of a text: its key terms and its words.
//!
//! Key terms are what a faithful rewording keeps as written: code spans and code lines, paths,
//! command-line flags, identifiers and numbers. Words are everything else, folded to a crude
//! stem so that "caching", "cached" and "cache" meet: the audit only asks whether a word family
//! reached a doc, so a few suffix rules do the job a full stemmer would, with nothing to tune.
//! Code comes from pulldown-cmark events, never from backtick patterns.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd, TextMergeStream};

/// What kind of term a term is. Every kind but [`Kind::Word`] is a key term: it must arrive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// A code span, or one line of a code block.
    Code,
    /// A path or file name (`src/main.rs`, `Cargo.toml`).
    Path,
    /// A command-line flag (`--first-parent`).
    Flag,
    /// An identifier (`snake_case`, `camelCase`, `a::b`, `KEY=value`).
    Ident,
    /// Anything holding a digit (`400`, `v2`, `utf-8`).
    Number,
    /// A plain word, stemmed.
    Word,
}

impl Kind {
    /// Whether a term of this kind must reach a doc for its entry to count as moved.
    pub fn is_key(self) -> bool {
        self != Kind::Word
    }
}

/// One distinctive term of an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// What is looked up: lower-cased tokens joined by one space, or a word's stem.
    pub key: String,
    /// How the entry wrote it, for the report.
    pub shown: String,
    /// Its kind.
    pub kind: Kind,
}

impl Term {
    /// The lower-cased tokens a key term must show in this order (a word has none).
    pub fn tokens(&self) -> Vec<&str> {
        match self.kind {
            Kind::Word => Vec::new(),
            _ => self.key.split(' ').collect(),
        }
    }
}

/// Words that carry no topic. Kept short: rarity weighting does the rest.
const STOP_WORDS: &[&str] = &[
    "a", "about", "after", "all", "also", "an", "and", "any", "are", "as", "at", "be", "been", "but", "by",
    "can", "could", "did", "do", "does", "each", "for", "from", "had", "has", "have", "how", "if", "in",
    "into", "is", "it", "its", "just", "may", "more", "most", "must", "not", "of", "on", "one", "only", "or",
    "our", "should", "so", "some", "such", "than", "that", "the", "their", "them", "then", "there", "these",
    "they", "this", "those", "to", "too", "us", "very", "was", "we", "were", "what", "when", "where",
    "which", "while", "who", "why", "will", "with", "would", "you", "your",
];

/// Whether a lower-case word carries no topic.
pub fn is_stop_word(word: &str) -> bool {
    STOP_WORDS.contains(&word)
}

/// Words that look like paths but are abbreviations.
const ABBREVIATIONS: &[&str] = &["e.g", "i.e", "etc", "vs", "cf"];

/// Splits text into raw tokens, keeping the characters paths, flags and identifiers are made of.
pub fn raw_tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| {
        !(c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '/' | ':' | '=' | '@' | '~' | '+' | '%'))
    })
    .map(|t| {
        t.trim_end_matches(['.', ':', ',', '-', '='])
            .trim_start_matches([':', '='])
    })
    .filter(|t| t.chars().any(char::is_alphanumeric))
}

/// The kind of a raw token as written (case matters for identifiers).
pub fn classify(token: &str) -> Kind {
    let lower = token.to_lowercase();
    let inner_dot = token
        .trim_start_matches('.')
        .split('.')
        .filter(|p| !p.is_empty())
        .count()
        > 1;
    if token.chars().any(|c| c.is_ascii_digit()) {
        Kind::Number
    } else if token.starts_with('-') {
        Kind::Flag
    } else if token.contains('/')
        || token.starts_with('.')
        || (inner_dot && !ABBREVIATIONS.contains(&lower.as_str()))
    {
        Kind::Path
    } else if token.contains(['_', '=', '@']) || token.contains("::") || is_camel(token) {
        Kind::Ident
    } else {
        Kind::Word
    }
}

fn is_camel(token: &str) -> bool {
    let chars: Vec<char> = token.chars().collect();
    chars
        .windows(2)
        .any(|w| w[0].is_lowercase() && w[1].is_uppercase())
}

/// The word stems a token contributes: its alphanumeric parts, stop words left out.
pub fn word_stems(token: &str) -> impl Iterator<Item = String> + '_ {
    token
        .split(|c: char| !c.is_alphanumeric())
        .filter(|p| p.chars().count() >= 2)
        .map(str::to_lowercase)
        .filter(|w| !STOP_WORDS.contains(&w.as_str()))
        .map(|w| stem(&w))
}

/// Folds an English word (lower case) to a crude stem: plural, past, gerund and adverb endings.
pub fn stem(word: &str) -> String {
    if !word.is_ascii() || word.len() <= 3 {
        return word.to_owned();
    }
    let mut w = word.to_owned();
    if let Some(base) = w.strip_suffix("ies").filter(|b| b.len() >= 2) {
        w = format!("{base}y");
    } else if let Some(base) = w.strip_suffix("ied").filter(|b| b.len() >= 2) {
        w = format!("{base}y");
    } else if let Some(base) = w.strip_suffix("ing").filter(|b| b.len() >= 3) {
        w = undouble(base);
    } else if let Some(base) = w.strip_suffix("ed").filter(|b| b.len() >= 3) {
        w = undouble(base);
    } else if let Some(base) = w.strip_suffix("ly").filter(|b| b.len() >= 4) {
        w = base.to_owned();
    } else if let Some(base) = w.strip_suffix("es").filter(|b| b.ends_with(['s', 'x', 'z', 'h'])) {
        w = base.to_owned();
    } else if w.ends_with('s') && !w.ends_with("ss") && !w.ends_with("us") && !w.ends_with("is") {
        w.pop();
    }
    if w.len() > 3 && w.ends_with('e') {
        w.pop();
    }
    w
}

/// `runn` → `run`, but `fall` and `pass` keep their letters.
fn undouble(base: &str) -> String {
    let b = base.as_bytes();
    let n = b.len();
    if n >= 3 && b[n - 1] == b[n - 2] && !matches!(b[n - 1], b'l' | b's' | b'z' | b'e' | b'o') {
        base[..n - 1].to_owned()
    } else {
        base.to_owned()
    }
}

/// The distinct terms of a markdown text, key terms first, each once, in order of appearance.
pub fn terms(markdown: &str) -> Vec<Term> {
    let mut out: Vec<Term> = Vec::new();
    let mut push = |term: Term| {
        if !out.iter().any(|t| t.key == term.key) {
            out.push(term);
        }
    };
    let mut in_code_block = false;
    let mut in_link_dest = 0usize;
    // The parser cuts text at every delimiter it tried (`*_test.go`, `~12`): merged, the tokens
    // are the ones a doc holding the same characters gives.
    let events = TextMergeStream::new(Parser::new_ext(
        markdown,
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH,
    ));
    for event in events {
        match event {
            Event::Start(Tag::CodeBlock(_)) => in_code_block = true,
            Event::End(TagEnd::CodeBlock) => in_code_block = false,
            Event::Start(Tag::Image { .. }) => in_link_dest += 1,
            Event::End(TagEnd::Image) => in_link_dest = in_link_dest.saturating_sub(1),
            Event::Code(code) => push_code(&code, &mut push),
            Event::Text(text) if in_code_block => {
                for line in text.lines() {
                    push_code(line.trim_start_matches(['$', '>', ' ']), &mut push);
                }
            }
            Event::Text(text) if in_link_dest == 0 => {
                for token in raw_tokens(&text) {
                    match classify(token) {
                        Kind::Word => {
                            for stem in word_stems(token) {
                                push(Term {
                                    shown: token.to_lowercase(),
                                    key: stem,
                                    kind: Kind::Word,
                                });
                            }
                        }
                        kind => push(Term {
                            key: token.to_lowercase(),
                            shown: token.to_owned(),
                            kind,
                        }),
                    }
                }
            }
            _ => {}
        }
    }
    out.sort_by_key(|t| !t.kind.is_key());
    out
}

fn push_code(code: &str, push: &mut impl FnMut(Term)) {
    let tokens: Vec<String> = raw_tokens(code).map(str::to_lowercase).collect();
    if !tokens.is_empty() {
        push(Term {
            key: tokens.join(" "),
            shown: code.trim().to_owned(),
            kind: Kind::Code,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(md: &str) -> Vec<(Kind, String)> {
        terms(md).into_iter().map(|t| (t.kind, t.key)).collect()
    }

    #[test]
    fn code_paths_flags_identifiers_and_numbers_are_key_terms() {
        let got = keys(
            "Run `cargo test --all` in src/cli, pass --first-parent, set RUST_LOG and read Cargo.toml; 400 lines, e.g. *caching* builds.",
        );
        let key: Vec<(Kind, &str)> = got
            .iter()
            .filter(|(k, _)| k.is_key())
            .map(|(k, s)| (*k, s.as_str()))
            .collect();
        assert_eq!(
            key,
            [
                (Kind::Code, "cargo test --all"),
                (Kind::Path, "src/cli"),
                (Kind::Flag, "--first-parent"),
                (Kind::Ident, "rust_log"),
                (Kind::Path, "cargo.toml"),
                (Kind::Number, "400"),
            ]
        );
        let words: Vec<&str> = got
            .iter()
            .filter(|(k, _)| !k.is_key())
            .map(|(_, s)| s.as_str())
            .collect();
        assert_eq!(words, ["run", "pass", "set", "read", "lin", "cach", "build"]);
    }

    #[test]
    fn unmatched_delimiters_leave_tokens_whole() {
        let got = keys("A *_test.go file left ~12 strings, (~40%→~70%).");
        for key in ["_test.go", "~12", "~40%", "~70%"] {
            assert!(got.contains(&(classify(key), key.into())), "{key}: {got:?}");
        }
    }

    #[test]
    fn code_blocks_give_one_term_per_line() {
        let got = keys("Do this:\n\n```sh\n$ git blame -C -C\nmake all\n```\n");
        assert!(got.contains(&(Kind::Code, "git blame -c -c".into())), "{got:?}");
        assert!(got.contains(&(Kind::Code, "make all".into())), "{got:?}");
    }

    #[test]
    fn stems_meet_across_word_forms() {
        for (a, b) in [
            ("caching", "cache"),
            ("cached", "caches"),
            ("running", "runs"),
            ("entries", "entry"),
            ("quickly", "quick"),
            ("passes", "pass"),
        ] {
            assert_eq!(stem(a), stem(b), "{a} {b}");
        }
    }
}
