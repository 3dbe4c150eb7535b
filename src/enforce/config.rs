//! The `[enforce]` part of `learnings.toml`, and its compiled form.
//!
//! ```toml
//! [[enforce.rewrite]]
//! from = "python3 -m manim"
//! to = ".venv/bin/python -m manim"
//! reason = "the project's venv has manim"   # optional, told to the model
//!
//! [[enforce.block]]
//! pattern = '\bgit push --force\b'
//! reason = "force-push rewrites shared history; use --force-with-lease"
//! suggest = "git push --force-with-lease"    # optional: replaces what the pattern matched
//!
//! [enforce.env]
//! DISPLAY = ":0"
//! ```
//!
//! `from` is a sequence of plain shell words (no quotes, no expansions): it is compared word by
//! word with parsed commands, so it must be something a parse can produce. Errors name the key,
//! the rule's number and the reason.

use super::shell;
use serde::Deserialize;
use std::collections::BTreeMap;

/// `[enforce]` as written.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EnforceConfig {
    /// Commands to replace, word for word.
    pub rewrite: Vec<RewriteRule>,
    /// Commands to deny.
    pub block: Vec<BlockRule>,
    /// Variables every Bash command gets.
    pub env: BTreeMap<String, String>,
}

/// One `[[enforce.rewrite]]`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RewriteRule {
    /// The leading words of a command, e.g. `python3 -m manim`.
    pub from: String,
    /// The shell text that replaces them.
    pub to: String,
    /// Why, for the model.
    #[serde(default)]
    pub reason: Option<String>,
    /// Its place among the `[[enforce.rewrite]]` of the file, 1-based (0: not read from one):
    /// a broken rule left out must not renumber the others.
    #[serde(skip)]
    pub number: usize,
}

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

/// The rules ready to apply.
#[derive(Debug, Clone, Default)]
pub struct Rules {
    /// Rewrites in file order; the first that matches a command wins.
    pub rewrites: Vec<Rewrite>,
    /// Blocks in file order; the first that matches a command wins.
    pub blocks: Vec<Block>,
    /// `NAME`, `value`, sorted by name.
    pub env: Vec<(String, String)>,
}

/// A compiled rewrite.
#[derive(Debug, Clone)]
pub struct Rewrite {
    /// The rule as written.
    pub rule: RewriteRule,
    /// `from` split into words.
    pub words: Vec<String>,
}

/// A checked block rule. Compiling a regex costs far more than a hook may spend on twenty
/// rules, so a block compiles on first use, and only when the command holds one of the
/// literals every match of its pattern starts with (most commands hold none).
#[derive(Debug, Clone)]
pub struct Block {
    /// The rule as written.
    pub rule: BlockRule,
    /// Each match of the pattern starts with one of these; `None` when that is unknown.
    literals: Option<Vec<Vec<u8>>>,
    /// `pattern` held to whole words, compiled on first use (`None` if it fails to compile).
    whole_words: std::sync::OnceLock<Option<regex::Regex>>,
}

impl Block {
    fn new(rule: BlockRule) -> Result<Block, String> {
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
            rule,
            literals,
            whole_words: std::sync::OnceLock::new(),
        })
    }

    /// False only when no command in `loose` can match: `loose` is a command line with its
    /// quotes and backslashes removed and its whitespace runs made single spaces (so it holds
    /// every word value the parse would give, joined as the parse joins them).
    pub fn may_match(&self, loose: &str) -> bool {
        match &self.literals {
            Some(literals) => literals.iter().any(|l| contains(loose.as_bytes(), l)),
            None => true,
        }
    }

    /// True when the pattern matches whole words of `subject` (a simple command's words joined
    /// by single spaces): the match must start and end where words do, so
    /// `\bgit push --force\b` does not block `git push --force-with-lease`.
    pub fn matches(&self, subject: &str) -> bool {
        if let Some(literals) = &self.literals {
            let bytes = subject.as_bytes();
            if !literals
                .iter()
                .any(|l| bytes.windows(l.len()).any(|w| w == l.as_slice()))
            {
                return false;
            }
        }
        self.whole_words
            .get_or_init(|| regex::Regex::new(&format!("(?:^| )(?:{})(?: |$)", self.rule.pattern)).ok())
            .as_ref()
            .is_some_and(|r| r.is_match(subject))
    }

    /// `text` with every match of the pattern replaced by `with` (`$1` refers to a group).
    pub fn replace(&self, text: &str, with: &str) -> String {
        match regex::Regex::new(&self.rule.pattern) {
            Ok(regex) => regex.replace_all(text, with).into_owned(),
            Err(_) => with.to_owned(),
        }
    }

    /// Compiles the pattern now; the error says why it cannot be used.
    pub fn compile(&self) -> Result<(), String> {
        regex::Regex::new(&format!("(?:^| )(?:{})(?: |$)", self.rule.pattern))
            .map(|_| ())
            .map_err(|e| {
                format!(
                    "`{}` does not compile: {}",
                    self.rule.pattern,
                    e.to_string().replace('\n', " ")
                )
            })
    }
}

impl Rules {
    /// True when there is nothing to enforce: the hook can answer `{}` without parsing.
    pub fn is_empty(&self) -> bool {
        self.rewrites.is_empty() && self.blocks.is_empty() && self.env.is_empty()
    }

    /// Compiles every block pattern now, for `enforce explain`: the hook compiles them lazily
    /// and would skip one that does not compile (over the size limit) without a word.
    pub fn compile_all(&self) -> Result<(), String> {
        for (i, block) in self.blocks.iter().enumerate() {
            block
                .compile()
                .map_err(|e| format!("enforce.block[{}].pattern: {e}", i + 1))?;
        }
        Ok(())
    }
}

impl EnforceConfig {
    /// Checks and compiles the rules; the error is one line naming the key and the reason.
    pub fn compile(&self) -> Result<Rules, String> {
        let mut rules = Rules::default();
        for (i, rule) in self.rewrite.iter().enumerate() {
            let rewrite =
                check_rewrite(rule).map_err(|(key, e)| format!("enforce.rewrite[{}].{key}: {e}", i + 1))?;
            rules.rewrites.push(rewrite);
        }
        for (i, rule) in self.block.iter().enumerate() {
            let block =
                check_block(rule).map_err(|(key, e)| format!("enforce.block[{}].{key}: {e}", i + 1))?;
            rules.blocks.push(block);
        }
        for (name, value) in &self.env {
            check_env(name, value).map_err(|e| format!("enforce.env.{name}: {e}"))?;
            rules.env.push((name.clone(), value.clone()));
        }
        Ok(rules)
    }

    /// Every rule that can be applied, each on its own: what the hooks enforce. A block rule
    /// needs only a readable pattern.
    pub fn rules(&self) -> Rules {
        Rules {
            rewrites: self
                .rewrite
                .iter()
                .filter_map(|r| check_rewrite(r).ok())
                .collect(),
            blocks: self
                .block
                .iter()
                .filter_map(|r| readable_block(r.clone()).ok())
                .collect(),
            env: self
                .env
                .iter()
                .filter(|(name, value)| check_env(name, value).is_ok())
                .map(|(name, value)| (name.clone(), value.clone()))
                .collect(),
        }
    }
}

/// A rewrite rule ready to apply, or the key at fault and why.
pub(super) fn check_rewrite(rule: &RewriteRule) -> Result<Rewrite, (&'static str, String)> {
    let words = shell::plain_words(&rule.from).ok_or_else(|| {
        (
            "from",
            format!(
                "`{}` must be plain shell words: no quotes, expansions or operators",
                rule.from
            ),
        )
    })?;
    if words.is_empty() {
        return Err(("from", "empty; give the command words to replace".into()));
    }
    if rule.to.trim().is_empty() {
        return Err((
            "to",
            format!("empty; give the command that replaces `{}`", rule.from),
        ));
    }
    if shell::parse(&rule.to).is_none() {
        return Err(("to", format!("`{}` is not a shell command that parses", rule.to)));
    }
    Ok(Rewrite {
        rule: rule.clone(),
        words,
    })
}

/// A block rule ready to apply, or the key at fault and why. A rule without a reason is an
/// error here; the lenient reading keeps its pattern blocking all the same.
pub(super) fn check_block(rule: &BlockRule) -> Result<Block, (&'static str, String)> {
    if rule.pattern.is_empty() {
        return Err(("pattern", "empty; it would block every command".into()));
    }
    let block = Block::new(rule.clone()).map_err(|e| ("pattern", e))?;
    if rule.reason.trim().is_empty() {
        return Err(("reason", "empty; say why, the model reads it".into()));
    }
    Ok(block)
}

/// Whether a block pattern can be read at all (a blocking rule needs nothing else).
pub(super) fn readable_block(rule: BlockRule) -> Result<Block, String> {
    if rule.pattern.is_empty() {
        return Err("empty; it would block every command".into());
    }
    Block::new(rule)
}

/// Checks one `[enforce.env]` variable.
pub(super) fn check_env(name: &str, value: &str) -> Result<(), String> {
    if !is_name(name) {
        return Err("not a variable name (letters, digits and `_`, not starting with a digit)".into());
    }
    if value.contains('\0') {
        return Err("the value holds a NUL byte".into());
    }
    Ok(())
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// A shell variable name.
fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compile(toml_text: &str) -> Result<Rules, String> {
        let config: EnforceConfig = toml::from_str(toml_text).map_err(|e| e.to_string())?;
        config.compile()
    }

    #[test]
    fn the_issue_example_compiles() {
        let rules = compile(
            "[[rewrite]]\nfrom = \"python3 -m manim\"\nto = \".venv/bin/python -m manim\"\n\
             [[block]]\npattern = '\\bgit push --force\\b'\nreason = \"no\"\n[env]\nDISPLAY = \":0\"\n",
        )
        .expect("valid");
        assert_eq!(rules.rewrites[0].words, ["python3", "-m", "manim"]);
        assert_eq!(rules.env, [("DISPLAY".to_owned(), ":0".to_owned())]);
    }

    #[test]
    fn errors_name_the_rule_and_the_reason() {
        let cases = [
            (
                "[[rewrite]]\nfrom = \"\"\nto = \"x\"\n",
                "enforce.rewrite[1].from: empty",
            ),
            (
                "[[rewrite]]\nfrom = \"'py'\"\nto = \"x\"\n",
                "enforce.rewrite[1].from",
            ),
            (
                "[[rewrite]]\nfrom = \"a && b\"\nto = \"x\"\n",
                "plain shell words",
            ),
            (
                "[[rewrite]]\nfrom = \"a\"\nto = \" \"\n",
                "enforce.rewrite[1].to: empty",
            ),
            (
                "[[rewrite]]\nfrom = \"a\"\nto = \"echo 'open\"\n",
                "not a shell command that parses",
            ),
            (
                "[[block]]\npattern = \"(\"\nreason = \"r\"\n",
                "enforce.block[1].pattern: bad regex `(`",
            ),
            (
                "[[block]]\npattern = \"\"\nreason = \"r\"\n",
                "enforce.block[1].pattern: empty",
            ),
            (
                "[[block]]\npattern = \"x\"\nreason = \"\"\n",
                "enforce.block[1].reason: empty",
            ),
            ("[env]\n\"1X\" = \"a\"\n", "enforce.env.1X: not a variable name"),
        ];
        for (text, want) in cases {
            let error = compile(text).expect_err(text);
            assert!(error.contains(want), "{text}: {error}");
            assert!(!error.contains('\n'), "{error}");
        }
    }
}
