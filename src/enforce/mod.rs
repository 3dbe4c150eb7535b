//! Mechanical enforcement of Bash commands: rewrite, block, set variables (`[enforce]` in
//! `learnings.toml`), for the PreToolUse hook and `learnings enforce explain`.
//!
//! Advice in a memory file is followed when the agent remembers it; a rule here is applied every
//! time. The command is parsed (see [`shell`]), never matched as text: a rewrite replaces whole
//! command words in each simple command of lists, pipelines, subshells and compound commands,
//! never text in quotes, a heredoc or a longer word. Block patterns are regexes, but they see one
//! parsed simple command at a time (its words unquoted, nested `$(…)` and `sh -c` scripts too),
//! so quoting a word does not dodge them and a commit message mentioning a command does not
//! trip them.
//!
//! Blocks fail closed, rewrites fail open. A command the parser cannot read in full (it gives
//! up, a guard refuses it, a nested script fails, or the parse passes its [`DEADLINE`]) cannot
//! be rewritten, and runs as typed; but every block rule is then matched against its loose
//! reading ([`loose`]), and a match denies, saying the command could not be read in full.

pub mod block;
pub mod cache;
pub mod config;
pub mod deadline;
pub mod env_file;
pub mod explain;
pub mod loose;
pub mod read;
pub mod shell;
pub mod wrappers;

pub use config::{EnforceConfig, Rules};
pub use deadline::{DEADLINE, Unread};

use block::Verdict;
use deadline::Reading;
use loose::Loose;
use std::time::{Duration, Instant};

/// What to do with a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// No rule applies.
    Unchanged,
    /// The command could not be read in full, and no block rule matches its loose reading: it
    /// is left to the shell, untouched (a rewrite needs the parse).
    Unparsed(Unread),
    /// Run this command instead.
    Rewritten(Rewritten),
    /// Do not run it.
    Blocked(Blocked),
}

/// A command changed by rewrites, the environment, or both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rewritten {
    /// The command to run.
    pub command: String,
    /// Each rewrite applied, in the order of the text.
    pub applied: Vec<Applied>,
    /// The `export …; ` prefix from `[enforce.env]`, empty when there is none.
    pub env_prefix: String,
}

/// One rewrite applied to one simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// 1-based, in file order: `enforce.rewrite[N]`.
    pub rule: usize,
    /// The words replaced.
    pub from: String,
    /// What replaced them.
    pub to: String,
    /// The rule's reason, if it has one.
    pub reason: Option<String>,
}

/// A command a block rule denies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocked {
    /// 1-based, in file order: `enforce.block[N]`.
    pub rule: usize,
    /// The rule's pattern.
    pub pattern: String,
    /// The rule's reason.
    pub reason: String,
    /// The simple command that matched, its words unquoted.
    pub matched: String,
    /// A command to run instead, when the rule has `suggest`.
    pub suggestion: Option<String>,
    /// How the match was found.
    pub by: Match,
}

/// How a block rule came to deny a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Match {
    /// Its pattern matched a simple command of the parse.
    Parsed,
    /// The command could not be read in full, and the pattern matched its loose reading.
    Loose(Unread),
    /// The pattern does not compile (too big), and the command holds what a match starts with.
    Broken,
}

/// True for a command that starts an interactive shell: a shell (`bash`, `/bin/sh`, `env zsh`…)
/// with flags only, so no command or script to run, and no `-c`. What is typed into it later is
/// a command no rule sees.
pub fn interactive_shell(command: &str) -> bool {
    const SHELLS: [&str; 8] = ["bash", "sh", "zsh", "dash", "ksh", "fish", "tcsh", "csh"];
    let mut words = command.split_whitespace().peekable();
    if words.peek() == Some(&"env") {
        words.next();
    }
    let Some(shell) = words.next() else {
        return false;
    };
    let name = shell.rsplit('/').next().unwrap_or(shell);
    SHELLS.contains(&name)
        && words.all(|w| w.starts_with('-') && !(w.len() > 1 && !w.starts_with("--") && w.contains('c')))
}

/// Decides what happens to `command` under `rules`, the parse held to [`DEADLINE`].
pub fn decide(rules: &Rules, command: &str) -> Decision {
    decide_within(rules, command, DEADLINE)
}

/// [`decide`] with the parse held to `budget` instead (zero: as if it had run out).
pub fn decide_within(rules: &Rules, command: &str, budget: Duration) -> Decision {
    if rules.is_empty() {
        return Decision::Unchanged;
    }
    let deadline = Instant::now().checked_add(budget).unwrap_or_else(Instant::now);
    let loose = read_loosely(rules, command);
    let may = candidates(rules, command, &loose);
    // Parsing is most of the hook's work; most commands hold nothing a rule could match.
    let rewrites = rules
        .rewrites
        .iter()
        .any(|r| r.words.first().is_some_and(|w| command.contains(w.as_str())));
    if !rewrites && may.is_empty() {
        return with_env(rules, command.to_owned(), Vec::new());
    }
    let (commands, top, unread) = match deadline::read(command, deadline) {
        Reading::Parsed {
            commands,
            top,
            unread,
        } => (commands, top, unread),
        Reading::Unread(why) => {
            return match check_loose(rules, &may, &loose, why) {
                Some(blocked) => Decision::Blocked(blocked),
                None => Decision::Unparsed(why),
            };
        }
    };
    let (rewritten, applied) = rewrite(rules, command, &commands[..top]);
    if let Some(blocked) = check_parsed(rules, &may, command, &commands, &loose, unread) {
        return Decision::Blocked(blocked);
    }
    // A rewrite's replacement is checked too: a rule must not smuggle in a blocked command.
    if !applied.is_empty() {
        let again = read_loosely(rules, &rewritten);
        let may_again = candidates(rules, &rewritten, &again);
        let blocked = match deadline::read(&rewritten, deadline) {
            Reading::Parsed { commands, unread, .. } => {
                check_parsed(rules, &may_again, &rewritten, &commands, &again, unread)
            }
            Reading::Unread(why) => check_loose(rules, &may_again, &again, why),
        };
        if let Some(blocked) = blocked {
            return Decision::Blocked(blocked);
        }
    }
    with_env(rules, rewritten, applied)
}

/// `command` (rewritten by `applied`) with the `[enforce.env]` prefix, or unchanged.
fn with_env(rules: &Rules, command: String, applied: Vec<Applied>) -> Decision {
    let env_prefix = env_prefix(&rules.env);
    if applied.is_empty() && env_prefix.is_empty() {
        return Decision::Unchanged;
    }
    Decision::Rewritten(Rewritten {
        command: format!("{env_prefix}{command}"),
        applied,
        env_prefix,
    })
}

/// The loose reading of `command`, when there are block rules to match against it.
fn read_loosely(rules: &Rules, command: &str) -> Loose {
    if rules.blocks.is_empty() {
        Loose::default()
    } else {
        Loose::read(command)
    }
}

/// The block rules that may match `command`, judged from its loose reading without parsing: a
/// rule needs one of the literals its matches start with in a command of that reading. ANSI-C
/// quoting (`$'\x67it'`) inside a nested script spells words with escapes the loose reading
/// may not see through: then every rule is a candidate, and the parse decides.
fn candidates(rules: &Rules, command: &str, loose: &Loose) -> Vec<usize> {
    if command.contains("$'") {
        return (0..rules.blocks.len()).collect();
    }
    block::candidates(&rules.blocks, loose)
}

/// The first block rule (of `candidates`) matching a simple command of the parse (`commands`);
/// when a nested script could not be read (`unread`), else the first matching the loose reading.
fn check_parsed(
    rules: &Rules,
    candidates: &[usize],
    command: &str,
    commands: &[shell::Simple],
    loose: &Loose,
    unread: Option<Unread>,
) -> Option<Blocked> {
    for simple in commands {
        let subject = simple.match_text();
        for &i in candidates {
            let block = &rules.blocks[i];
            let by = match block.matches(&subject) {
                Verdict::No => continue,
                Verdict::Yes => Match::Parsed,
                Verdict::Broken => Match::Broken,
            };
            let text = simple.text();
            let suggestion = block
                .rule()
                .suggest
                .as_ref()
                .map(|s| suggest(command, simple, &text, block, s));
            return Some(blocked(block, i, text, suggestion, by));
        }
    }
    unread.and_then(|why| check_loose(rules, candidates, loose, why))
}

/// The first block rule (of `candidates`) matching a command of the loose reading.
fn check_loose(rules: &Rules, candidates: &[usize], loose: &Loose, why: Unread) -> Option<Blocked> {
    for subject in loose.subjects() {
        for &i in candidates {
            let block = &rules.blocks[i];
            let by = match block.matches_loosely(subject) {
                Verdict::No => continue,
                Verdict::Yes => Match::Loose(why),
                Verdict::Broken => Match::Broken,
            };
            let text = subject.replace(loose::INNER_SPACE, " ");
            let suggestion = block.rule().suggest.as_ref().map(|s| block.replace(&text, s));
            return Some(blocked(block, i, text, suggestion, by));
        }
    }
    None
}

fn blocked(
    block: &block::Block,
    i: usize,
    matched: String,
    suggestion: Option<String>,
    by: Match,
) -> Blocked {
    let rule = block.rule();
    Blocked {
        rule: match rule.number {
            0 => i + 1,
            n => n,
        },
        pattern: rule.pattern.clone(),
        reason: rule.reason.clone(),
        matched,
        suggestion,
        by,
    }
}

/// The whole command with the matched simple command replaced, when that command is plain
/// words at the top level; otherwise the replaced simple command alone.
fn suggest(command: &str, simple: &shell::Simple, text: &str, block: &block::Block, with: &str) -> String {
    let replaced = block.replace(text, with);
    let (Some(first), Some(last)) = (simple.words.first(), simple.words.last()) else {
        return replaced;
    };
    let span = first.span.start..last.span.end;
    let exact = first.span != (0..0)
        && simple.words.iter().all(|w| shell::is_plain(&w.raw))
        && command
            .get(span.clone())
            .is_some_and(|s| s.split_whitespace().eq(text.split(' ')));
    if !exact {
        return replaced;
    }
    format!("{}{replaced}{}", &command[..span.start], &command[span.end..])
}

/// `command` with every matching rewrite applied, and what was applied.
fn rewrite(rules: &Rules, command: &str, commands: &[shell::Simple]) -> (String, Vec<Applied>) {
    let mut edits: Vec<(std::ops::Range<usize>, usize)> = Vec::new();
    for simple in commands {
        let start = wrappers::command_start(&simple.words);
        let words = &simple.words[start..];
        let rule = rules.rewrites.iter().position(|r| {
            words.len() >= r.words.len() && words.iter().zip(&r.words).all(|(w, want)| w.raw == *want)
        });
        let Some(rule) = rule else { continue };
        let n = rules.rewrites[rule].words.len();
        let span = words[0].span.start..words[n - 1].span.end;
        // A word without an exact location is never rewritten.
        if words[..n].iter().any(|w| w.span == (0..0)) {
            continue;
        }
        edits.push((span, rule));
    }
    edits.sort_by_key(|(span, _)| span.start);
    let mut out = String::with_capacity(command.len());
    let mut at = 0;
    let mut applied = Vec::new();
    for (span, rule) in edits {
        if span.start < at {
            continue;
        }
        let r = &rules.rewrites[rule].rule;
        out.push_str(&command[at..span.start]);
        out.push_str(&r.to);
        at = span.end;
        applied.push(Applied {
            rule: match r.number {
                0 => rule + 1,
                n => n,
            },
            from: r.from.clone(),
            to: r.to.clone(),
            reason: r.reason.clone(),
        });
    }
    out.push_str(&command[at..]);
    (out, applied)
}

/// `export NAME=value …; ` for every `[enforce.env]` variable. An export (rather than a
/// `NAME=value cmd` prefix) reaches every command of a list or pipeline; an assignment the
/// command makes itself still wins, since it comes later.
fn env_prefix(env: &[(String, String)]) -> String {
    if env.is_empty() {
        return String::new();
    }
    let assignments: Vec<String> = env.iter().map(|(k, v)| format!("{k}={}", quote(v))).collect();
    format!("export {}; ", assignments.join(" "))
}

/// `value` as one shell word.
pub fn quote(value: &str) -> String {
    if shell::is_plain(value) && !value.contains('=') {
        value.to_owned()
    } else {
        format!("'{}'", value.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests;
