//! The quoted reading: the text as bash reads one level of it, so that each command has the
//! words the parse would give it. Quotes, backslashes and ANSI-C `$'…'` make word characters;
//! `$(…)`, `${…}` and backquotes stay in their word as written (the parse keeps their text), and
//! the scripts of substitutions are read after; a process substitution is no word; a comment is
//! words of its own; a heredoc's body is left to the bare readings.

use super::{Piece, numeric_escape};
use std::collections::VecDeque;
use std::iter::Peekable;

/// The characters of one script, as [`Piece`]s.
pub(super) struct Quoted<I: Iterator<Item = char>> {
    chars: Peekable<I>,
    /// Pieces decoded ahead (an ANSI-C escape, a quoted run), given out first.
    ahead: VecDeque<Piece>,
    /// Where a `#` would start a comment: at the start of a word.
    word_start: bool,
    /// The delimiters of heredocs opened on this line, and whether they strip tabs (`<<-`).
    heredocs: Vec<(String, bool)>,
    /// The scripts of its `$(…)`, backquotes and process substitutions, read after it.
    pub(super) nested: Vec<String>,
}

impl<'a> Quoted<std::str::Chars<'a>> {
    pub(super) fn new(text: &'a str) -> Self {
        Quoted {
            chars: text.chars().peekable(),
            ahead: VecDeque::new(),
            word_start: true,
            heredocs: Vec::new(),
            nested: Vec::new(),
        }
    }
}

impl<I: Iterator<Item = char>> Iterator for Quoted<I> {
    type Item = Piece;

    fn next(&mut self) -> Option<Piece> {
        loop {
            if let Some(piece) = self.ahead.pop_front() {
                return Some(piece);
            }
            let c = self.chars.next()?;
            let at_start = self.word_start;
            self.word_start = c.is_whitespace() || ";&|()`<>".contains(c);
            match c {
                '\\' => match self.chars.next() {
                    // A backslash before a newline joins the lines.
                    None | Some('\n') => {}
                    Some(e) => return Some(Piece::Quoted(e)),
                },
                '\'' => self.quoted(false),
                '"' => self.quoted(true),
                '$' if self.chars.peek() == Some(&'\'') => {
                    self.chars.next();
                    self.ansi_c();
                }
                // `$"…"` is a double-quoted string.
                '$' if self.chars.peek() == Some(&'"') => {}
                '$' if matches!(self.chars.peek(), Some('(' | '{')) => self.expansion(),
                '`' => self.substitution('`', '`', "`"),
                // A process substitution is no word of its command, as in the parse: its
                // script is a command of its own.
                '<' | '>' if self.chars.peek() == Some(&'(') => {
                    self.chars.next();
                    let script = self.region('(', ')');
                    self.nested.push(script);
                    return Some(Piece::Substituted);
                }
                '<' if self.chars.peek() == Some(&'<') => return Some(self.heredoc()),
                '\n' if !self.heredocs.is_empty() => {
                    self.skip_heredocs();
                    return Some(Piece::Plain('\n'));
                }
                // A comment is read as words, its quotes as text: an apostrophe in it must not
                // swallow the lines after it.
                '#' if at_start => {
                    while let Some(&c) = self.chars.peek() {
                        if c == '\n' {
                            break;
                        }
                        self.chars.next();
                        if !matches!(c, '\'' | '"' | '\\') {
                            self.ahead.push_back(Piece::Plain(c));
                        }
                    }
                    return Some(Piece::Plain('#'));
                }
                c => return Some(Piece::Plain(c)),
            }
        }
    }
}

impl<I: Iterator<Item = char>> Quoted<I> {
    /// A quoted run after its opening quote; in double quotes a backslash quotes `$`, `` ` ``,
    /// `"`, `\` and a newline, and substitutions and expansions are read as outside.
    fn quoted(&mut self, double: bool) {
        let end = if double { '"' } else { '\'' };
        let start = self.ahead.len();
        while let Some(c) = self.chars.next() {
            if c == end {
                break;
            }
            if double && c == '$' && matches!(self.chars.peek(), Some('(' | '{')) {
                self.expansion();
                continue;
            }
            if double && c == '`' {
                self.substitution('`', '`', "`");
                continue;
            }
            if double && c == '\\' {
                match self.chars.peek() {
                    Some('\n') => {
                        self.chars.next();
                        continue;
                    }
                    Some(&e) if "$`\"\\".contains(e) => {
                        self.chars.next();
                        self.ahead.push_back(Piece::Quoted(e));
                        continue;
                    }
                    _ => {}
                }
            }
            self.ahead.push_back(Piece::Quoted(c));
        }
        if self.ahead.len() == start {
            self.ahead.push_back(Piece::EmptyWord);
        }
        self.word_start = false;
    }

    /// `$'…'` after its opening quote, its escapes decoded.
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
            self.ahead.push_back(Piece::Quoted(decoded));
        }
        if self.ahead.len() == start {
            self.ahead.push_back(Piece::EmptyWord);
        }
        self.word_start = false;
    }

    /// `$(…)`, `$((…))` or `${…}` after its `$`: part of the word as written, as the parse keeps
    /// it, and for `$(…)` a script of its own.
    fn expansion(&mut self) {
        match self.chars.next() {
            Some('(') => self.substitution('(', ')', "$("),
            _ => {
                let inner = self.region('{', '}');
                let text = "${".chars().chain(inner.chars()).chain(['}']);
                self.ahead.extend(text.map(Piece::Quoted));
                self.word_start = false;
            }
        }
    }

    /// A command substitution opened by `open` (`$(` or a backquote): its text as written in
    /// the word, and its script read after.
    fn substitution(&mut self, open: char, close: char, written: &str) {
        let script = self.region(open, close);
        let text = written.chars().chain(script.chars()).chain([close]);
        self.ahead.extend(text.map(Piece::Quoted));
        self.nested.push(script);
        self.word_start = false;
    }

    /// The text up to the `close` that ends a region just opened (`open` nests in it; quotes
    /// and backslashes hide what they quote), the `close` consumed.
    fn region(&mut self, open: char, close: char) -> String {
        let mut inner = String::new();
        let mut depth = 0usize;
        let mut quote: Option<char> = None;
        while let Some(c) = self.chars.next() {
            if c == '\\' && quote != Some('\'') {
                inner.push(c);
                inner.extend(self.chars.next());
                continue;
            }
            match quote {
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None if c == close && depth == 0 => return inner,
                None if c == close => depth -= 1,
                None if c == open => depth += 1,
                None if c == '\'' || c == '"' => quote = Some(c),
                None => {}
            }
            inner.push(c);
        }
        inner
    }

    /// After a `<` followed by another: a here-string (`<<<`) as written, or a heredoc's
    /// operator, its delimiter given as the operator's target and kept for the end of the line.
    fn heredoc(&mut self) -> Piece {
        self.chars.next();
        if self.chars.peek() == Some(&'<') {
            self.chars.next();
            self.ahead.extend([Piece::Plain('<'), Piece::Plain('<')]);
            return Piece::Plain('<');
        }
        let strip = self.chars.peek() == Some(&'-');
        if strip {
            self.chars.next();
        }
        while self.chars.peek().is_some_and(|c| *c == ' ' || *c == '\t') {
            self.chars.next();
        }
        let mut delimiter = String::new();
        while let Some(&c) = self.chars.peek() {
            if c.is_whitespace() || ";&|()<>".contains(c) {
                break;
            }
            self.chars.next();
            if !matches!(c, '\'' | '"' | '\\') {
                delimiter.push(c);
            }
        }
        self.ahead.push_back(Piece::Plain('<'));
        if strip {
            self.ahead.push_back(Piece::Plain('-'));
        }
        self.ahead.push_back(Piece::Plain(' '));
        if delimiter.is_empty() {
            self.ahead.push_back(Piece::EmptyWord);
        }
        self.ahead.extend(delimiter.chars().map(Piece::Quoted));
        self.ahead.push_back(Piece::Plain(' '));
        self.heredocs.push((delimiter, strip));
        Piece::Plain('<')
    }

    /// The bodies of the heredocs opened on the line just ended: not read here (the parse does
    /// not read them as commands; the bare readings do, failing closed).
    fn skip_heredocs(&mut self) {
        for (delimiter, strip) in std::mem::take(&mut self.heredocs) {
            loop {
                let mut line = String::new();
                let mut ended = false;
                for c in self.chars.by_ref() {
                    if c == '\n' {
                        ended = true;
                        break;
                    }
                    line.push(c);
                }
                let line = if strip {
                    line.trim_start_matches('\t')
                } else {
                    &line
                };
                if line == delimiter || !ended {
                    break;
                }
            }
        }
    }
}
