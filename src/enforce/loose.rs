//! The loose reading of a command: its text cut into commands and words without a parse. Block
//! rules are matched against it when the command could not be read in full (the parser gave up,
//! a guard refused it, the parse ran out of time), and the prefilter looks in it for the literals
//! of each block pattern before any parse.
//!
//! Blocks fail closed, so this reading must hold every command the shell could run from the
//! text, however it is spelled, and may hold more: a rule that matches anything in it denies. So
//! the text is read more than once, and every reading counts:
//!
//! - the *quoted* reading ([`quoted`]) follows quotes, backslashes and ANSI-C `$'…'` as bash
//!   does on one level, so that a command has the words the parse would give it: its quoted
//!   arguments whole (`git commit -m "a; b" --amend`), its `$(…)` as written; the scripts of its
//!   substitutions and of `sh -c '…'` are read the same way after it;
//! - the *bare* readings ignore quoting: each drops one level of quotes and backslashes (`\x67`,
//!   `\147` and `\u0067` decoded as in `$'…'`, wherever they stand), up to four levels for
//!   scripts quoted inside scripts (`bash -c "g\"i\"t push"`). A bare reading cannot be misled
//!   by a quote it misjudges (an apostrophe in a comment or a heredoc, quotes nested in `$(…)`),
//!   so no quoting trick hides a command from all readings.
//!
//! In every reading, `;`, `&`, `|`, newlines and a bare `{` or `}` end a command, and so do
//! unquoted parentheses and backquotes in the bare readings; redirections (`2>/dev/null`,
//! `&>log`, `<<EOF`) are left out with their targets, as the parse leaves them out. The shell
//! fuzz target checks the result: with block rules alone, whatever the parse denies, the loose
//! reading denies too. What a quote would have kept apart may be read as commands too:
//! the text of a commit message or a heredoc. That is the price of failing closed, and it is paid
//! only by a command the parser could not read.

use std::collections::VecDeque;
use std::iter::Peekable;

mod quoted;

/// Levels of quoting the bare readings remove, and of scripts the quoted reading reads nested in
/// a script, at most: as deep as nested scripts are parsed.
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
        let mut splitter = Splitter {
            scripts: Some(Vec::new()),
            ..Splitter::default()
        };
        // The quoted reading, then that of each script nested in it (`$(…)`, `sh -c '…'`),
        // level by level.
        let mut scripts = VecDeque::from([(text.to_owned(), 0)]);
        while let Some((script, level)) = scripts.pop_front() {
            let mut quoted = quoted::Quoted::new(&script);
            splitter.split(&mut quoted);
            let found = splitter.scripts.iter_mut().flat_map(std::mem::take);
            let nested: Vec<String> = quoted.nested.into_iter().chain(found).collect();
            if level < LEVELS {
                scripts.extend(nested.into_iter().map(|s| (s, level + 1)));
            }
        }
        // The bare readings: the first always (it also cuts at every substitution, however deep
        // the quoted reading went), the others while a level of quoting is left.
        splitter.scripts = None;
        let mut bare = unquote_once(text);
        splitter.split(bare.chars().map(Piece::Plain));
        for _ in 1..LEVELS {
            let next = unquote_once(&bare);
            if next == bare {
                break;
            }
            splitter.split(next.chars().map(Piece::Plain));
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

/// One piece of a reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece {
    /// A character as the shell sees it unquoted: an operator, a blank or part of a word.
    Plain(char),
    /// A character quoting made part of a word.
    Quoted(char),
    /// A word with nothing in it (`''`).
    EmptyWord,
    /// A process substitution (`<(…)`): no word, but a redirection's target if one is due.
    Substituted,
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

/// Cuts a stream of [`Piece`]s into commands of words.
#[derive(Default)]
struct Splitter {
    subjects: Vec<String>,
    /// The words of the command being read, whitespace inside them as written.
    words: Vec<String>,
    word: String,
    /// A word has begun (it may be empty: `''`).
    in_word: bool,
    /// Part of the word was quoted: a quoted `{` is no brace, quoted digits are no descriptor.
    quoted: bool,
    /// The next word is the target of a redirection, left out.
    target: bool,
    /// The scripts of `sh -c SCRIPT` in the commands read, when they are to be read too.
    scripts: Option<Vec<String>>,
}

impl Splitter {
    fn split(&mut self, pieces: impl Iterator<Item = Piece>) {
        let mut pieces = pieces.peekable();
        while let Some(piece) = pieces.next() {
            let c = match piece {
                Piece::Plain(c) => c,
                Piece::Quoted(c) => {
                    self.in_word = true;
                    self.quoted = true;
                    self.word.push(c);
                    continue;
                }
                Piece::EmptyWord => {
                    self.in_word = true;
                    self.quoted = true;
                    continue;
                }
                Piece::Substituted => {
                    // The target of a redirection (`> >(tee log)`), else nothing at all.
                    if !self.in_word {
                        self.target = false;
                    }
                    continue;
                }
            };
            match c {
                '&' if pieces.peek() == Some(&Piece::Plain('>')) => {
                    self.end_word();
                    pieces.next();
                    self.redirection('>', &mut pieces);
                }
                '<' | '>' => {
                    // A descriptor written before the operator (`2>`, `{fd}>`) is no word.
                    if !self.quoted && is_descriptor(&self.word) {
                        self.word.clear();
                        self.in_word = false;
                    }
                    self.end_word();
                    self.redirection(c, &mut pieces);
                }
                ';' | '&' | '|' | '\n' | '(' | ')' | '`' => self.end_command(),
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
    fn redirection(&mut self, first: char, pieces: &mut Peekable<impl Iterator<Item = Piece>>) {
        let mut op = String::from(first);
        while let Some(&Piece::Plain(next)) = pieces.peek() {
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
            pieces.next();
        }
        // `<(…)` and `>(…)` read bare run a command: the parenthesis ends this one, and there
        // is no target. `>&-` closes a descriptor: no target either.
        self.target = !(op.ends_with('-') && op != "<<-") && pieces.peek() != Some(&Piece::Plain('('));
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
        if let Some(scripts) = self.scripts.as_mut() {
            scripts.extend(shell_c_script(&self.words));
        }
        let subject = self
            .words
            .iter()
            .map(|w| w.replace(char::is_whitespace, &INNER_SPACE.to_string()))
            .collect::<Vec<_>>()
            .join(" ");
        self.words.clear();
        if !subject.is_empty() {
            self.subjects.push(subject);
        }
    }
}

/// The script of `sh -c SCRIPT` (bash, zsh, dash, ksh too) among `words`, wherever the shell
/// stands (after `sudo`, `env`, `FOO=1`): the parse reads it as commands, so this reading does.
fn shell_c_script(words: &[String]) -> Option<String> {
    let shell = words
        .iter()
        .position(|w| matches!(w.rsplit('/').next(), Some("sh" | "bash" | "zsh" | "dash" | "ksh")))?;
    let rest = &words[shell + 1..];
    let c = rest
        .iter()
        .position(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('c'))?;
    rest.get(c + 1).cloned()
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
