//! The loose reading of a command: its text cut into commands and words without a parse. Block
//! rules are matched against it when the command could not be read in full (the parser gave up,
//! a guard refused it, the parse ran out of time), and the prefilter looks in it for the literals
//! of each block pattern before any parse.
//!
//! Blocks fail closed, so this reading must hold every command the shell could run from the
//! text, however it is spelled, and may hold more: a rule that matches anything in it denies. So
//! the text is read more than once, and every reading counts:
//!
//! - the *quoted* reading follows quotes, backslashes and ANSI-C `$'…'` as bash does on one
//!   level, so a command keeps its quoted arguments whole (`git commit -m "a; b" --amend`);
//! - the *bare* readings ignore quoting: each drops one level of quotes and backslashes (`\x67`,
//!   `\147` and `\u0067` decoded as in `$'…'`, wherever they stand), up to four levels for
//!   scripts quoted inside scripts (`bash -c "g\"i\"t push"`). A bare reading cannot be misled
//!   by a quote it misjudges (an apostrophe in a comment or a heredoc, quotes nested in `$(…)`),
//!   so no quoting trick hides a command from all readings.
//!
//! In every reading, `;`, `&`, `|`, newlines, parentheses, backquotes and a bare `{` or `}` end a
//! command; redirections (`2>/dev/null`, `&>log`, `<<EOF`) are left out with their targets, as
//! the parse leaves them out. What a quote would have kept apart may be read as commands too:
//! the text of a commit message or a heredoc. That is the price of failing closed, and it is paid
//! only by a command the parser could not read.

use std::iter::Peekable;

/// Levels of quoting the bare readings remove, at most: as deep as nested scripts are parsed.
const LEVELS: usize = 4;

/// Whitespace inside a quoted word, as [`super::shell::Simple::match_text`] writes it: a pattern
/// with a space never matches across the words of a quoted argument.
pub const INNER_SPACE: char = '\u{1f}';

/// The commands of a text as its loose readings find them: each one's words joined by single
/// spaces, in the order of the text, the quoted reading first, without repeats.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Loose {
    subjects: Vec<String>,
}

impl Loose {
    /// Reads `text` every way described in the module docs.
    pub fn read(text: &str) -> Loose {
        let mut splitter = Splitter::default();
        splitter.split(Quoted::new(text));
        let mut bare = text.to_owned();
        for _ in 0..LEVELS {
            let next = unquote_once(&bare);
            if next == bare {
                break;
            }
            splitter.split(next.chars().map(|c| (c, false)));
            bare = next;
        }
        let mut seen = std::collections::HashSet::new();
        let subjects = splitter
            .subjects
            .into_iter()
            .filter(|s| seen.insert(s.clone()))
            .collect();
        Loose { subjects }
    }

    /// Each command found, words joined by single spaces.
    pub fn subjects(&self) -> impl Iterator<Item = &str> {
        self.subjects.iter().map(String::as_str)
    }
}

/// `text` with one level of quoting removed, blind to where quotes begin and end: quotes are
/// dropped, `\c` is `c`, a backslash before a newline joins the lines, and the escapes of
/// `$'…'` that can spell any character (`\xHH`, `\NNN`, `\uHHHH`, `\UHHHHHHHH`) are decoded
/// wherever they stand. Outside `$'…'` the shell reads `\x67` as `x67`, so this can only add
/// commands, never lose one; the other escapes of `$'…'` (`\t`, `\n`, …) make control
/// characters, which spell no command word.
fn unquote_once(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let c = match c {
            '\\' => match chars.next() {
                None | Some('\n') => continue,
                Some(e) => numeric_escape(e, &mut chars).unwrap_or(e),
            },
            '\'' | '"' => continue,
            c => c,
        };
        // `$'…'` and `$"…"` lose their `$` with their quotes (`\$'` too: a level further in).
        if c == '$' && matches!(chars.peek(), Some('\'' | '"')) {
            continue;
        }
        out.push(c);
    }
    out
}

/// The character of `\x67`, `\147`, `\u0067` or `\U00000067` (`e` is the letter after the
/// backslash; the digits are taken from `rest`), or `None` when `e` starts no such escape.
fn numeric_escape(e: char, rest: &mut Peekable<impl Iterator<Item = char>>) -> Option<char> {
    let (radix, most, first) = match e {
        'x' => (16, 2, None),
        'u' => (16, 4, None),
        'U' => (16, 8, None),
        '0'..='7' => (8, 2, e.to_digit(8)),
        _ => return None,
    };
    let mut value = first;
    for _ in 0..most {
        let Some(d) = rest.peek().and_then(|d| d.to_digit(radix)) else {
            break;
        };
        rest.next();
        value = Some(value.unwrap_or(0) * radix + d);
    }
    // `\x` without digits is the shell's `\x`: the letter alone.
    value.map(|v| char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER))
}

/// The quoted reading: each character of the text as the shell would see it on one level of
/// quoting, and whether quoting made it part of a word (`true`). An empty quote (`''`) gives
/// `('\0', true)` with nothing to add, so that it still makes a word.
struct Quoted<I: Iterator<Item = char>> {
    chars: Peekable<I>,
    /// Characters decoded ahead (an ANSI-C escape, a quoted run), given out first.
    ahead: std::collections::VecDeque<(char, bool)>,
    /// Where a `#` would start a comment: at the start of a word.
    word_start: bool,
}

impl<'a> Quoted<std::str::Chars<'a>> {
    fn new(text: &'a str) -> Self {
        Quoted {
            chars: text.chars().peekable(),
            ahead: std::collections::VecDeque::new(),
            word_start: true,
        }
    }
}

/// Marks an empty quoted word (`""`): a word with nothing in it.
const EMPTY: (char, bool) = ('\0', true);

impl<I: Iterator<Item = char>> Iterator for Quoted<I> {
    type Item = (char, bool);

    fn next(&mut self) -> Option<(char, bool)> {
        loop {
            if let Some(item) = self.ahead.pop_front() {
                return Some(item);
            }
            let c = self.chars.next()?;
            let at_start = self.word_start;
            self.word_start = c.is_whitespace() || ";&|()`<>".contains(c);
            match c {
                '\\' => match self.chars.next() {
                    // A backslash before a newline joins the lines.
                    None | Some('\n') => {}
                    Some(e) => return Some((e, true)),
                },
                '\'' => self.quoted(|c| c == '\'', false),
                '"' => self.quoted(|c| c == '"', true),
                '$' if self.chars.peek() == Some(&'\'') => {
                    self.chars.next();
                    self.ansi_c();
                }
                // `$"…"` is a double-quoted string.
                '$' if self.chars.peek() == Some(&'"') => {}
                // A comment is read as words, its quotes as text: an apostrophe in it must not
                // swallow the lines after it.
                '#' if at_start => {
                    while let Some(&c) = self.chars.peek() {
                        if c == '\n' {
                            break;
                        }
                        self.chars.next();
                        if !matches!(c, '\'' | '"' | '\\') {
                            self.ahead.push_back((c, false));
                        }
                    }
                    return Some(('#', false));
                }
                c => return Some((c, false)),
            }
        }
    }
}

impl<I: Iterator<Item = char>> Quoted<I> {
    /// A quoted run up to `end`; in double quotes a backslash quotes `$`, `` ` ``, `"`, `\` and
    /// a newline.
    fn quoted(&mut self, end: impl Fn(char) -> bool, double: bool) {
        let start = self.ahead.len();
        while let Some(c) = self.chars.next() {
            if end(c) {
                break;
            }
            if double && c == '\\' {
                match self.chars.peek() {
                    Some('\n') => {
                        self.chars.next();
                        continue;
                    }
                    Some(&e) if "$`\"\\".contains(e) => {
                        self.chars.next();
                        self.ahead.push_back((e, true));
                        continue;
                    }
                    _ => {}
                }
            }
            self.ahead.push_back((c, true));
        }
        if self.ahead.len() == start {
            self.ahead.push_back(EMPTY);
        }
        self.word_start = false;
    }

    /// `$'…'`, its escapes decoded.
    fn ansi_c(&mut self) {
        let start = self.ahead.len();
        while let Some(c) = self.chars.next() {
            let decoded = match c {
                '\'' => break,
                '\\' => match self.chars.next() {
                    None => break,
                    Some(e) => numeric_escape(e, &mut self.chars).unwrap_or(match e {
                        'a' => '\u{7}',
                        'b' => '\u{8}',
                        'e' | 'E' => '\u{1b}',
                        'f' => '\u{c}',
                        'n' => '\n',
                        'r' => '\r',
                        't' => '\t',
                        'v' => '\u{b}',
                        'c' => {
                            let x = self.chars.next().unwrap_or('@');
                            char::from_u32(u32::from(x) & 0x1f).unwrap_or('\0')
                        }
                        other => other,
                    }),
                },
                c => c,
            };
            self.ahead.push_back((decoded, true));
        }
        if self.ahead.len() == start {
            self.ahead.push_back(EMPTY);
        }
        self.word_start = false;
    }
}

/// Cuts a stream of characters (each marked quoted or not) into commands of words.
#[derive(Default)]
struct Splitter {
    subjects: Vec<String>,
    words: Vec<String>,
    word: String,
    /// A word has begun (it may be empty: `''`).
    in_word: bool,
    /// Part of the word was quoted: a quoted `{` is no brace, quoted digits are no descriptor.
    quoted: bool,
    /// The next word is the target of a redirection, left out.
    target: bool,
}

impl Splitter {
    fn split(&mut self, chars: impl Iterator<Item = (char, bool)>) {
        let mut chars = chars.peekable();
        while let Some((c, quoted)) = chars.next() {
            if quoted {
                self.in_word = true;
                self.quoted = true;
                if (c, quoted) != EMPTY {
                    self.word.push(if c.is_whitespace() { INNER_SPACE } else { c });
                }
                continue;
            }
            match c {
                '&' if matches!(chars.peek(), Some(('>', false))) => {
                    self.end_word();
                    chars.next();
                    self.redirection('>', &mut chars);
                }
                '<' | '>' => {
                    // A descriptor written before the operator (`2>`, `{fd}>`) is no word.
                    if !self.quoted && is_descriptor(&self.word) {
                        self.word.clear();
                        self.in_word = false;
                    }
                    self.end_word();
                    self.redirection(c, &mut chars);
                }
                ';' | '&' | '|' | '\n' | '\0' | '(' | ')' | '`' => self.end_command(),
                c if c.is_whitespace() => self.end_word(),
                c => {
                    self.in_word = true;
                    self.word.push(c);
                }
            }
        }
        self.end_command();
    }

    /// The operator after its first character `first` (`>>`, `>&`, `<<-`, `&>>`, …); its
    /// target, the next word, is left out. A process substitution (`<(`) is a command.
    fn redirection(&mut self, first: char, chars: &mut Peekable<impl Iterator<Item = (char, bool)>>) {
        let mut op = String::from(first);
        while let Some(&(next, false)) = chars.peek() {
            let takes = match next {
                '<' | '>' => !op.ends_with('&') && op.len() < 3,
                '&' => !op.contains('&'),
                '|' => op == ">",
                '-' => op == "<<" || op.ends_with('&'),
                _ => false,
            };
            if !takes {
                break;
            }
            op.push(next);
            chars.next();
        }
        // `<(…)` and `>(…)` run a command: the parenthesis ends this one, and there is no target.
        // `>&-` closes a descriptor: no target either.
        self.target = !(op.ends_with('-') && op != "<<-") && chars.peek() != Some(&('(', false));
    }

    fn end_word(&mut self) {
        if !self.in_word {
            return;
        }
        let word = std::mem::take(&mut self.word);
        let quoted = std::mem::take(&mut self.quoted);
        self.in_word = false;
        if std::mem::take(&mut self.target) {
            return;
        }
        if !quoted && (word == "{" || word == "}") {
            self.end_command();
            return;
        }
        self.words.push(word);
    }

    fn end_command(&mut self) {
        self.end_word();
        self.target = false;
        let subject = self.words.join(" ");
        self.words.clear();
        if !subject.is_empty() {
            self.subjects.push(subject);
        }
    }
}

/// `2`, `10` or `{fd}` written right before a redirection operator.
fn is_descriptor(word: &str) -> bool {
    let digits = !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
    let named = word.len() > 2
        && word.starts_with('{')
        && word.ends_with('}')
        && word[1..word.len() - 1]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_');
    digits || named
}

#[cfg(test)]
mod tests;
