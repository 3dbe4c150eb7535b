//! A block rule as the hook applies it: its pattern read once, compiled only when a command may
//! match it, in two forms (over a parsed command, over the loose reading of one), and the
//! literals that let most commands skip most rules without compiling anything.
//!
//! Compiling a regex costs far more than a hook may spend on twenty rules, let alone a thousand,
//! so nothing compiles until a command holds one of the literals every match of the pattern
//! starts with (most commands hold none). A pattern that cannot be compiled (over the size limit
//! below) fails closed: a command that may match it is denied, with a reason that names the rule
//! to fix; reading `learnings.toml` reports it (SessionStart, `doctor`, `enforce explain`), and
//! the rules cache remembers it so that no hook compiles it again.

use regex_syntax::hir::{Capture, Class, Hir, HirKind, Look, Repetition};
use serde::Deserialize;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

mod prefilter;

pub use prefilter::candidates;
use prefilter::unhex_into;

/// The most memory a compiled block pattern may take. The regex crate's default is 10 MiB, where
/// `git push \w{1000}` takes 0.3 s to fail and `\w{100}` 0.15 s to compile, on every hook that
/// compiles it (each a new process). At 1 MiB the worst takes about 25 ms, once: the rules cache
/// (`super::cache`) remembers which patterns fail. A few words with Unicode classes
/// (`\w+ \w+ \w+`) take well under it.
const SIZE_LIMIT: usize = 1 << 20;

/// A pattern whose syntax weighs more than this (see `weight`) may be too big to compile, and is
/// compiled when the rules are read to find out; below it, it is far under `SIZE_LIMIT`.
const SUSPECT_WEIGHT: usize = 4_096;

/// One `[[enforce.block]]`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockRule {
    /// A regex over one simple command's words, joined by single spaces.
    pub pattern: String,
    /// Why the command is denied; the model reads it.
    pub reason: String,
    /// Replaces what the pattern matched, to suggest a command (`$1` refers to a group).
    #[serde(default)]
    pub suggest: Option<String>,
    /// Its place among the `[[enforce.block]]` of the file, 1-based (0: not read from one).
    #[serde(skip)]
    pub number: usize,
}

/// What a block pattern says of one command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// It does not match.
    No,
    /// It matches.
    Yes,
    /// It may match, and cannot say: the pattern does not compile. Blocks fail closed.
    Broken,
}

/// A block rule's line in the rules cache (`super::cache`): `C LITERALS\tRULE`, the literals in
/// hex, comma-separated (`-` when unknown), the rule as JSON. A thousand rules are read from it on
/// every Bash call, and most are never looked at: so each keeps its place in the file's text,
/// shared, and is decoded only when needed.
#[derive(Debug, Clone)]
struct Saved {
    text: Arc<str>,
    /// The hex of the literals.
    literals: Range<usize>,
    /// The JSON of the rule.
    rule: Range<usize>,
}

/// A checked block rule.
#[derive(Debug, Clone)]
pub struct Block {
    /// The rule as written; from the rules cache, read on first use (see [`Block::rule`]).
    rule: OnceLock<BlockRule>,
    /// Where the rules cache keeps it, when it came from there.
    saved: Option<Saved>,
    /// Each match of the pattern starts with one of these; `None` when that is unknown. From the
    /// rules cache, decoded on first use (see [`candidates`]).
    literals: OnceLock<Option<Vec<Vec<u8>>>>,
    /// Its syntax is heavy enough that it may be too big to compile.
    suspect: bool,
    /// `pattern` held to whole words, compiled on first use (`None` if it fails to compile).
    whole_words: OnceLock<Option<regex::Regex>>,
    /// The same with `^` and `$` matching at any word, for the loose reading.
    loosely: OnceLock<Option<regex::Regex>>,
}

impl Block {
    /// The rule, its pattern read but not compiled; the error says why it cannot be read.
    pub fn new(rule: BlockRule) -> Result<Block, String> {
        let hir = regex_syntax::parse(&rule.pattern).map_err(|e| {
            let detail = e.to_string().lines().last().unwrap_or("").trim().to_owned();
            format!("bad regex `{}`: {detail}", rule.pattern)
        })?;
        let sequence = regex_syntax::hir::literal::Extractor::new().extract(&hir);
        let literals = sequence
            .literals()
            .filter(|lits| !lits.is_empty() && lits.iter().all(|l| !l.as_bytes().is_empty()))
            .map(|lits| lits.iter().map(|l| l.as_bytes().to_vec()).collect());
        Ok(Block {
            rule: OnceLock::from(rule),
            saved: None,
            literals: OnceLock::from(literals),
            suspect: weight(&hir) > SUSPECT_WEIGHT,
            whole_words: OnceLock::new(),
            loosely: OnceLock::new(),
        })
    }

    /// The rule at `line` of the rules cache's `text` (`C LITERALS\tRULE`, see `Saved`), and
    /// whether its pattern compiles, which the cache settled when it was written; `None` when
    /// the line is not one.
    pub fn cached(text: &Arc<str>, line: Range<usize>, compiles: bool) -> Option<Block> {
        let body = text.get(line.clone())?;
        let tab = body.find('\t')?;
        let block = Block {
            rule: OnceLock::new(),
            saved: Some(Saved {
                text: Arc::clone(text),
                literals: line.start + 2..line.start + tab,
                rule: line.start + tab + 1..line.end,
            }),
            literals: OnceLock::new(),
            suspect: !compiles,
            whole_words: OnceLock::new(),
            loosely: OnceLock::new(),
        };
        if !compiles {
            let _ = block.whole_words.set(None);
            let _ = block.loosely.set(None);
        }
        Some(block)
    }

    /// The rule as written.
    pub fn rule(&self) -> &BlockRule {
        self.rule.get_or_init(|| {
            let saved = self
                .saved
                .as_ref()
                .and_then(|s| s.text.get(s.rule.clone()))
                .unwrap_or_default();
            serde_json::from_str::<(String, String, Option<String>, usize)>(saved)
                .map(|(pattern, reason, suggest, number)| BlockRule {
                    pattern,
                    reason,
                    suggest,
                    number,
                })
                // The cache is written whole or not at all; if it was damaged all the same, the
                // rule fails closed, and says so.
                .unwrap_or_else(|_| BlockRule {
                    pattern: String::new(),
                    reason: "the hook's copy of this block rule is damaged; any edit of \
                             learnings.toml makes the next hook read it again"
                        .into(),
                    suggest: None,
                    number: 0,
                })
        })
    }

    /// The rule as the rules cache keeps it: `[pattern, reason, suggest, number]`.
    pub fn saved(&self) -> String {
        let rule = self.rule();
        serde_json::to_string(&(&rule.pattern, &rule.reason, &rule.suggest, rule.number)).unwrap_or_default()
    }

    /// The hex of its literals in the rules cache, while they are not decoded.
    fn saved_literals(&self) -> Option<&str> {
        match self.literals.get() {
            Some(_) => None,
            None => self.saved.as_ref().and_then(|s| s.text.get(s.literals.clone())),
        }
    }

    /// The literals one of which starts every match, when they are known.
    pub fn literals(&self) -> Option<&[Vec<u8>]> {
        self.literals
            .get_or_init(|| match self.saved_literals() {
                None | Some("-") => None,
                Some(hex) => hex
                    .split(',')
                    .map(|h| {
                        let mut bytes = Vec::with_capacity(h.len() / 2);
                        unhex_into(h, &mut bytes).then_some(bytes)
                    })
                    .collect(),
            })
            .as_deref()
    }

    /// Whether the pattern compiles within the size limit: compiled now if its syntax is heavy
    /// enough to doubt it (and kept for the hook), else known without compiling.
    pub fn compiles(&self) -> bool {
        !self.suspect
            || self
                .whole_words
                .get_or_init(|| compile(&whole_words(&self.rule().pattern)).ok())
                .is_some()
    }

    /// Whether the pattern matches whole words of `subject` (a simple command's words joined
    /// by single spaces): the match must start and end where words do, so
    /// `\bgit push --force\b` does not block `git push --force-with-lease`.
    pub fn matches(&self, subject: &str) -> Verdict {
        if !self.holds_literal(subject) {
            return Verdict::No;
        }
        let regex = self
            .whole_words
            .get_or_init(|| compile(&whole_words(&self.rule().pattern)).ok());
        verdict(regex.as_ref(), subject)
    }

    /// Whether the pattern matches whole words of a command of the loose reading, with its `^`
    /// and `$` matching at any word: the text alone cannot tell where a command's own words
    /// begin (after `do`, `!`, `FOO=1` or `sudo`, inside `bash -c`), and blocks fail closed.
    pub fn matches_loosely(&self, subject: &str) -> Verdict {
        if !self.holds_literal(subject) {
            return Verdict::No;
        }
        let regex = self.loosely.get_or_init(|| {
            let hir = regex_syntax::parse(&self.rule().pattern).ok()?;
            compile(&whole_words(&without_anchors(&hir).to_string())).ok()
        });
        verdict(regex.as_ref(), subject)
    }

    fn holds_literal(&self, subject: &str) -> bool {
        self.literals().is_none_or(|literals| {
            literals
                .iter()
                .any(|l| memchr::memmem::find(subject.as_bytes(), l).is_some())
        })
    }

    /// `text` with every match of the pattern replaced by `with` (`$1` refers to a group).
    pub fn replace(&self, text: &str, with: &str) -> String {
        match compile(&self.rule().pattern) {
            Ok(regex) => regex.replace_all(text, with).into_owned(),
            Err(_) => with.to_owned(),
        }
    }

    /// Compiles the pattern now, as the hook would; the error says why it cannot be used.
    pub fn compile(&self) -> Result<(), String> {
        compile(&whole_words(&self.rule().pattern)).map(|_| ()).map_err(|e| {
            let why = match e {
                regex::Error::CompiledTooBig(limit) => format!(
                    "it is too big to compile (over {} KiB); until it is smaller, every command that may match it is denied",
                    limit / 1024
                ),
                e => e.to_string().replace('\n', " "),
            };
            format!("`{}` does not compile: {why}", self.rule().pattern)
        })
    }
}

fn verdict(regex: Option<&regex::Regex>, subject: &str) -> Verdict {
    match regex {
        Some(regex) if regex.is_match(subject) => Verdict::Yes,
        Some(_) => Verdict::No,
        None => Verdict::Broken,
    }
}

fn whole_words(pattern: &str) -> String {
    format!("(?:^| )(?:{pattern})(?: |$)")
}

fn compile(pattern: &str) -> Result<regex::Regex, regex::Error> {
    regex::RegexBuilder::new(pattern).size_limit(SIZE_LIMIT).build()
}

/// How heavy a pattern's syntax is, a generous stand-in for its compiled size: a literal byte
/// counts one, a class four per range (a Unicode range compiles to several UTF-8 sequences), a
/// repetition its count times (`\w{1000}` weighs three million, `\bgit push --force\b` about
/// twenty).
fn weight(hir: &Hir) -> usize {
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => 1,
        HirKind::Literal(literal) => literal.0.len(),
        HirKind::Class(Class::Unicode(class)) => class.ranges().len().saturating_mul(4),
        HirKind::Class(Class::Bytes(class)) => class.ranges().len().saturating_mul(4),
        HirKind::Repetition(rep) => {
            let count = rep.max.unwrap_or(rep.min).max(1) as usize + 1;
            weight(&rep.sub).saturating_mul(count)
        }
        HirKind::Capture(capture) => weight(&capture.sub),
        HirKind::Concat(subs) | HirKind::Alternation(subs) => {
            subs.iter().map(weight).fold(0, usize::saturating_add)
        }
    }
}

/// `hir` with its start and end anchors (`^`, `$`, `\A`, `\z`, and their multi-line forms)
/// made to match anywhere: the whole-word wrapper around it then holds them to word bounds.
fn without_anchors(hir: &Hir) -> Hir {
    match hir.kind() {
        HirKind::Look(
            Look::Start | Look::End | Look::StartLF | Look::EndLF | Look::StartCRLF | Look::EndCRLF,
        ) => Hir::empty(),
        HirKind::Repetition(rep) => Hir::repetition(Repetition {
            min: rep.min,
            max: rep.max,
            greedy: rep.greedy,
            sub: Box::new(without_anchors(&rep.sub)),
        }),
        HirKind::Capture(capture) => Hir::capture(Capture {
            index: capture.index,
            name: capture.name.clone(),
            sub: Box::new(without_anchors(&capture.sub)),
        }),
        HirKind::Concat(subs) => Hir::concat(subs.iter().map(without_anchors).collect()),
        HirKind::Alternation(subs) => Hir::alternation(subs.iter().map(without_anchors).collect()),
        _ => hir.clone(),
    }
}
