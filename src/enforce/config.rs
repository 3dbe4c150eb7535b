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

use super::block::Block;
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

/// One `[[enforce.block]]`: defined beside its compiled form, so neither imports the other.
pub use super::block::BlockRule;

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

impl Rules {
    /// True when there is nothing to enforce: the hook can answer `{}` without parsing.
    pub fn is_empty(&self) -> bool {
        self.rewrites.is_empty() && self.blocks.is_empty() && self.env.is_empty()
    }

    /// Compiles every block pattern now, for `enforce explain` and `doctor`: the hook compiles
    /// them lazily, and denies whatever may match one that does not compile (over the size
    /// limit), so the user must hear of it.
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
