//! The shell parse: a command line as the simple commands it runs, each with its words and where
//! they are in the text.
//!
//! brush-parser does the parsing (quotes, heredocs, lists, pipelines, subshells, compound
//! commands), so a rule never sees text inside quotes or a heredoc as a command. Spans are byte
//! ranges into the original text, so a rewrite replaces exactly the words it matched and leaves
//! every other byte (quoting, spacing, comments) as the user wrote it.

use brush_parser::ParserOptions;
use brush_parser::ast::{self, Command, CommandPrefixOrSuffixItem, CompoundCommand, CompoundList};
use brush_parser::word::{self, WordPiece};
use std::ops::Range;

mod guard;

/// Nested scripts (`$(…)`, `bash -c '…'`) are parsed to this depth, no deeper.
const MAX_DEPTH: usize = 4;

/// One word of a simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// The text as written, quotes included.
    pub raw: String,
    /// The text with quoting removed; expansions stay as written.
    pub value: String,
    /// Byte range of `raw` in the parsed text.
    pub span: Range<usize>,
}

/// The wrappers (`sudo`, `env`, …) read a word by its unquoted value.
impl AsRef<str> for Word {
    fn as_ref(&self) -> &str {
        &self.value
    }
}

/// One simple command: `NAME=value … word word …`, redirections left out.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Simple {
    /// Names assigned before the command word (`FOO=1 make`).
    pub assigned: Vec<String>,
    /// The command word and its arguments.
    pub words: Vec<Word>,
    /// Scripts this command runs inside it: command substitutions, `sh -c` arguments. They are
    /// parsed again for block rules; rewrites do not reach into them.
    pub nested: Vec<String>,
    /// A word of it could not be read (brush-parser's word parser failed on it): scripts nested
    /// in that word are unknown, so block rules must read the command loosely.
    pub unread: bool,
}

impl Simple {
    /// The unquoted words joined by single spaces: what block patterns match.
    pub fn text(&self) -> String {
        self.words
            .iter()
            .map(|w| w.value.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// What block patterns match: the words joined by single spaces, with the whitespace inside
    /// a word (a quoted argument) made a control character, so a pattern with spaces never
    /// matches across the words of a quoted message (`git commit -m "no git push --force"`).
    pub fn match_text(&self) -> String {
        self.words
            .iter()
            .map(|w| w.value.replace(char::is_whitespace, "\u{1f}"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn options() -> ParserOptions {
    ParserOptions::default()
}

/// Every simple command of `text` in source order, or `None` when it does not parse.
pub fn parse(text: &str) -> Option<Vec<Simple>> {
    // brush-parser panics on some input (an `unwrap` at the end of an unclosed `$(`, another
    // in its word parser): a panic is a command that does not parse.
    std::panic::catch_unwind(|| parse_unguarded(text)).ok().flatten()
}

fn parse_unguarded(text: &str) -> Option<Vec<Simple>> {
    if guard::too_deep(text) {
        return None;
    }
    let options = options();
    let tokens =
        brush_parser::uncached_tokenize_str(&guard::closed(text), &options.tokenizer_options()).ok()?;
    if guard::trips_parser(&tokens) {
        return None;
    }
    let program = brush_parser::parse_tokens(&tokens, &options).ok()?;
    let offsets = CharOffsets::new(text);
    let mut out = Vec::new();
    for list in &program.complete_commands {
        walk_list(list, text, &offsets, &mut out);
    }
    Some(out)
}

/// `text` as plain words (no quoting, expansion, operator or assignment), or `None`. Plain
/// words hold no character the shell treats specially, so splitting at whitespace is exactly
/// how the shell splits them.
pub fn plain_words(text: &str) -> Option<Vec<String>> {
    let words: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
    let assignment = words.first().is_some_and(|w| w.contains('='));
    (!assignment && words.iter().all(|w| is_plain(w))).then_some(words)
}

/// A word the shell takes literally: nothing quoted, escaped, expanded or globbed.
pub fn is_plain(word: &str) -> bool {
    !word.is_empty()
        && word
            .chars()
            .all(|c| !c.is_whitespace() && !"'\"\\$`(){}<>|&;*?[]~#!".contains(c))
}

/// A parse followed by the simple commands of the scripts nested in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nested {
    /// The commands of the parse, then those of its nested scripts, level by level.
    pub commands: Vec<Simple>,
    /// Whether every nested script was parsed: none failed to parse, none is deeper than
    /// `MAX_DEPTH`. When one was not, block rules must read the command loosely.
    pub complete: bool,
}

/// `commands` (a parse) followed by the simple commands of the scripts nested in them, to
/// `MAX_DEPTH`.
pub fn with_nested(commands: Vec<Simple>) -> Nested {
    let mut all = commands;
    let mut complete = true;
    let mut next = 0;
    let mut depth_end = all.len();
    let mut depth = 0;
    while next < all.len() {
        if depth == MAX_DEPTH {
            complete &= all[next..].iter().all(|s| s.nested.is_empty() && !s.unread);
            break;
        }
        complete &= !all[next].unread;
        let nested = std::mem::take(&mut all[next].nested);
        for script in &nested {
            match parse(script) {
                Some(commands) => all.extend(commands),
                None => complete = false,
            }
        }
        all[next].nested = nested;
        next += 1;
        if next == depth_end {
            depth += 1;
            depth_end = all.len();
        }
    }
    Nested {
        commands: all,
        complete,
    }
}

/// brush-parser counts positions in characters; rewrites need bytes.
struct CharOffsets {
    bytes: Vec<usize>,
}

impl CharOffsets {
    fn new(text: &str) -> Self {
        let mut bytes: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        bytes.push(text.len());
        CharOffsets { bytes }
    }

    fn byte(&self, char_index: usize) -> Option<usize> {
        self.bytes.get(char_index).copied()
    }
}

fn walk_list(list: &CompoundList, text: &str, offsets: &CharOffsets, out: &mut Vec<Simple>) {
    for item in &list.0 {
        let and_or = &item.0;
        let pipelines =
            std::iter::once(&and_or.first).chain(and_or.additional.iter().map(|next| match next {
                ast::AndOr::And(p) | ast::AndOr::Or(p) => p,
            }));
        for pipeline in pipelines {
            for command in &pipeline.seq {
                walk_command(command, text, offsets, out);
            }
        }
    }
}

fn walk_command(command: &Command, text: &str, offsets: &CharOffsets, out: &mut Vec<Simple>) {
    match command {
        Command::Simple(simple) => out.push(simple_command(simple, text, offsets)),
        Command::Compound(compound, _) => walk_compound(compound, text, offsets, out),
        Command::Function(function) => walk_compound(&function.body.0, text, offsets, out),
        Command::ExtendedTest(..) => {}
    }
}

fn walk_compound(compound: &CompoundCommand, text: &str, offsets: &CharOffsets, out: &mut Vec<Simple>) {
    match compound {
        CompoundCommand::BraceGroup(group) => walk_list(&group.list, text, offsets, out),
        CompoundCommand::Subshell(subshell) => walk_list(&subshell.list, text, offsets, out),
        CompoundCommand::ForClause(clause) => walk_list(&clause.body.list, text, offsets, out),
        CompoundCommand::ArithmeticForClause(clause) => walk_list(&clause.body.list, text, offsets, out),
        CompoundCommand::CaseClause(clause) => {
            for case in &clause.cases {
                if let Some(list) = &case.cmd {
                    walk_list(list, text, offsets, out);
                }
            }
        }
        CompoundCommand::IfClause(clause) => {
            walk_list(&clause.condition, text, offsets, out);
            walk_list(&clause.then, text, offsets, out);
            for branch in clause.elses.iter().flatten() {
                if let Some(condition) = &branch.condition {
                    walk_list(condition, text, offsets, out);
                }
                walk_list(&branch.body, text, offsets, out);
            }
        }
        CompoundCommand::WhileClause(clause) | CompoundCommand::UntilClause(clause) => {
            walk_list(&clause.0, text, offsets, out);
            walk_list(&clause.1.list, text, offsets, out);
        }
        CompoundCommand::Coprocess(coprocess) => walk_command(&coprocess.body, text, offsets, out),
        CompoundCommand::Arithmetic(_) => {}
    }
}

fn simple_command(simple: &ast::SimpleCommand, text: &str, offsets: &CharOffsets) -> Simple {
    let mut command = Simple::default();
    let prefix = simple.prefix.iter().flat_map(|p| p.0.iter());
    for item in prefix {
        match item {
            CommandPrefixOrSuffixItem::AssignmentWord(assignment, _) => {
                if let ast::AssignmentName::VariableName(name) = &assignment.name {
                    command.assigned.push(name.clone());
                }
            }
            CommandPrefixOrSuffixItem::ProcessSubstitution(_, subshell) => {
                command.nested.push(subshell.list.to_string());
            }
            CommandPrefixOrSuffixItem::Word(w) => push_word(&mut command, w, text, offsets),
            CommandPrefixOrSuffixItem::IoRedirect(_) => {}
        }
    }
    if let Some(name) = &simple.word_or_name {
        push_word(&mut command, name, text, offsets);
    }
    for item in simple.suffix.iter().flat_map(|s| s.0.iter()) {
        match item {
            CommandPrefixOrSuffixItem::Word(w) => push_word(&mut command, w, text, offsets),
            // `declare x=1` style arguments are words of the command too.
            CommandPrefixOrSuffixItem::AssignmentWord(_, w) => push_word(&mut command, w, text, offsets),
            CommandPrefixOrSuffixItem::ProcessSubstitution(_, subshell) => {
                command.nested.push(subshell.list.to_string());
            }
            CommandPrefixOrSuffixItem::IoRedirect(_) => {}
        }
    }
    if let Some(script) = shell_c_argument(&command.words) {
        command.nested.push(script);
    }
    command
}

fn push_word(command: &mut Simple, w: &ast::Word, text: &str, offsets: &CharOffsets) {
    let span = w
        .loc
        .as_ref()
        .and_then(|loc| Some(offsets.byte(loc.start.index)?..offsets.byte(loc.end.index)?))
        .filter(|span| text.get(span.clone()) == Some(w.value.as_str()))
        // No exact location: the word cannot be rewritten (an empty range never matches a rule).
        .unwrap_or(0..0);
    let (value, nested) = unquote(&w.value).unwrap_or_else(|| {
        command.unread = true;
        (brush_parser::unquote_str(&w.value), Vec::new())
    });
    command.nested.extend(nested);
    command.words.push(Word {
        raw: w.value.clone(),
        value,
        span,
    });
}

/// The word without its quoting, and the command substitutions in it; `None` when the word
/// parser fails on it.
fn unquote(raw: &str) -> Option<(String, Vec<String>)> {
    // Most words are plain: no need to parse them.
    if is_plain(raw) {
        return Some((raw.to_owned(), Vec::new()));
    }
    let pieces = word::parse(raw, &options()).ok()?;
    let mut value = String::new();
    let mut nested = Vec::new();
    for piece in &pieces {
        unquote_piece(
            &piece.piece,
            raw,
            piece_source(raw, piece),
            &mut value,
            &mut nested,
        );
    }
    Some((value, nested))
}

fn piece_source<'a>(raw: &'a str, piece: &word::WordPieceWithSource) -> Option<&'a str> {
    raw.get(piece.start_index..piece.end_index)
}

fn unquote_piece(
    piece: &WordPiece,
    raw: &str,
    source: Option<&str>,
    value: &mut String,
    nested: &mut Vec<String>,
) {
    match piece {
        WordPiece::Text(s) | WordPiece::SingleQuotedText(s) | WordPiece::AnsiCQuotedText(s) => {
            value.push_str(s)
        }
        WordPiece::EscapeSequence(s) => value.push_str(s.strip_prefix('\\').unwrap_or(s)),
        WordPiece::DoubleQuotedSequence(inner) | WordPiece::GettextDoubleQuotedSequence(inner) => {
            for p in inner {
                unquote_piece(&p.piece, raw, piece_source(raw, p), value, nested);
            }
        }
        WordPiece::CommandSubstitution(script) | WordPiece::BackquotedCommandSubstitution(script) => {
            nested.push(script.clone());
            value.push_str(source.unwrap_or(script));
        }
        WordPiece::TildeExpansion(_)
        | WordPiece::ParameterExpansion(_)
        | WordPiece::ArithmeticExpression(_) => {
            value.push_str(source.unwrap_or(""));
        }
    }
}

/// The script of `sh -c SCRIPT` (bash, zsh, dash too), unquoted.
fn shell_c_argument(words: &[Word]) -> Option<String> {
    let start = super::wrappers::command_start(words);
    let name = words.get(start)?.value.rsplit('/').next()?;
    if !matches!(name, "sh" | "bash" | "zsh" | "dash" | "ksh") {
        return None;
    }
    let rest = &words[start + 1..];
    let c = rest
        .iter()
        .position(|w| w.value.starts_with('-') && !w.value.starts_with("--") && w.value.contains('c'))?;
    rest.get(c + 1).map(|w| w.value.clone())
}
