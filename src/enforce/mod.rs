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

pub mod config;
pub mod env_file;
pub mod explain;
pub mod loose;
pub mod read;
pub mod shell;
pub mod wrappers;

pub use config::{EnforceConfig, Rules};

/// What to do with a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// No rule applies.
    Unchanged,
    /// The command does not parse; it is left to the shell, untouched.
    Unparsed,
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
}

/// Decides what happens to `command` under `rules`.
pub fn decide(rules: &Rules, command: &str) -> Decision {
    if rules.is_empty() {
        return Decision::Unchanged;
    }
    // Parsing is most of the hook's work; most commands hold nothing a rule could match.
    if !could_match(rules, command) {
        let env_prefix = env_prefix(&rules.env);
        if env_prefix.is_empty() {
            return Decision::Unchanged;
        }
        return Decision::Rewritten(Rewritten {
            command: format!("{env_prefix}{command}"),
            applied: Vec::new(),
            env_prefix,
        });
    }
    let Some(top) = shell::parse(command) else {
        return Decision::Unparsed;
    };
    let (rewritten, applied) = rewrite(rules, command, &top);
    if let Some(blocked) = check_blocks(rules, command, top) {
        return Decision::Blocked(blocked);
    }
    // A rewrite's replacement is checked too: a rule must not smuggle in a blocked command.
    if !applied.is_empty()
        && let Some(blocked) = shell::parse(&rewritten).and_then(|top| check_blocks(rules, &rewritten, top))
    {
        return Decision::Blocked(blocked);
    }
    let env_prefix = env_prefix(&rules.env);
    if applied.is_empty() && env_prefix.is_empty() {
        return Decision::Unchanged;
    }
    Decision::Rewritten(Rewritten {
        command: format!("{env_prefix}{rewritten}"),
        applied,
        env_prefix,
    })
}

/// False only when no rule can apply to `command`, judged from its text without parsing: a
/// rewrite needs its first word in the text, a block one of the literals its matches start
/// with in the text without quoting (`g'i't push "--force"` holds `git push --force` then).
fn could_match(rules: &Rules, command: &str) -> bool {
    if rules
        .rewrites
        .iter()
        .any(|r| r.words.first().is_some_and(|w| command.contains(w.as_str())))
    {
        return true;
    }
    if rules.blocks.is_empty() {
        return false;
    }
    // ANSI-C quoting (`$'\x67it'`) spells words with escapes: only a parse can tell.
    if command.contains("$'") {
        return true;
    }
    let unquoted: String = command
        .chars()
        .filter(|c| !matches!(c, '\'' | '"' | '\\'))
        .collect();
    let loose = unquoted.split_whitespace().collect::<Vec<_>>().join(" ");
    rules.blocks.iter().any(|b| b.may_match(&loose))
}

/// The first block rule matching a simple command of `command` (parsed: `top`) or of a script
/// nested in it.
fn check_blocks(rules: &Rules, command: &str, top: Vec<shell::Simple>) -> Option<Blocked> {
    if rules.blocks.is_empty() {
        return None;
    }
    for simple in &shell::with_nested(top) {
        let subject = simple.match_text();
        for (i, block) in rules.blocks.iter().enumerate() {
            if block.matches(&subject) {
                let text = simple.text();
                let suggestion = block
                    .rule
                    .suggest
                    .as_ref()
                    .map(|s| suggest(command, simple, &text, block, s));
                return Some(Blocked {
                    rule: match block.rule.number {
                        0 => i + 1,
                        n => n,
                    },
                    pattern: block.rule.pattern.clone(),
                    reason: block.rule.reason.clone(),
                    matched: text,
                    suggestion,
                });
            }
        }
    }
    None
}

/// The whole command with the matched simple command replaced, when that command is plain
/// words at the top level; otherwise the replaced simple command alone.
fn suggest(command: &str, simple: &shell::Simple, text: &str, block: &config::Block, with: &str) -> String {
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
