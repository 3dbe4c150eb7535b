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

/// A compiled block.
#[derive(Debug, Clone)]
pub struct Block {
    /// The rule as written.
    pub rule: BlockRule,
    /// `pattern`, compiled as written: for `suggest`.
    pub regex: regex::Regex,
    /// `pattern` held to whole words: it must start and end where words do, so
    /// `\bgit push --force\b` does not block `git push --force-with-lease`.
    pub whole_words: regex::Regex,
}

impl Rules {
    /// True when there is nothing to enforce: the hook can answer `{}` without parsing.
    pub fn is_empty(&self) -> bool {
        self.rewrites.is_empty() && self.blocks.is_empty() && self.env.is_empty()
    }
}

impl EnforceConfig {
    /// Checks and compiles the rules; the error is one line naming the key and the reason.
    pub fn compile(&self) -> Result<Rules, String> {
        let mut rules = Rules::default();
        for (i, rule) in self.rewrite.iter().enumerate() {
            let key = format!("enforce.rewrite[{}]", i + 1);
            let words = shell::plain_words(&rule.from).ok_or_else(|| {
                format!(
                    "{key}.from: `{}` must be plain shell words: no quotes, expansions or operators",
                    rule.from
                )
            })?;
            if words.is_empty() {
                return Err(format!("{key}.from: empty; give the command words to replace"));
            }
            if rule.to.trim().is_empty() {
                return Err(format!(
                    "{key}.to: empty; give the command that replaces `{}`",
                    rule.from
                ));
            }
            if shell::parse(&rule.to).is_none() {
                return Err(format!(
                    "{key}.to: `{}` is not a shell command that parses",
                    rule.to
                ));
            }
            rules.rewrites.push(Rewrite {
                rule: rule.clone(),
                words,
            });
        }
        for (i, rule) in self.block.iter().enumerate() {
            let key = format!("enforce.block[{}]", i + 1);
            if rule.pattern.is_empty() {
                return Err(format!("{key}.pattern: empty; it would block every command"));
            }
            let regex = regex::Regex::new(&rule.pattern).map_err(|e| {
                let detail = e.to_string().lines().last().unwrap_or("").trim().to_owned();
                format!("{key}.pattern: bad regex `{}`: {detail}", rule.pattern)
            })?;
            if rule.reason.trim().is_empty() {
                return Err(format!("{key}.reason: empty; say why, the model reads it"));
            }
            let whole_words =
                regex::Regex::new(&format!("(?:^| )(?:{})(?: |$)", rule.pattern)).map_err(|e| {
                    format!(
                        "{key}.pattern: `{}` cannot be held to whole words: {e}",
                        rule.pattern
                    )
                })?;
            rules.blocks.push(Block {
                rule: rule.clone(),
                regex,
                whole_words,
            });
        }
        for (name, value) in &self.env {
            if !is_name(name) {
                return Err(format!(
                    "enforce.env.{name}: not a variable name (letters, digits and `_`, not starting with a digit)"
                ));
            }
            if value.contains('\0') {
                return Err(format!("enforce.env.{name}: the value holds a NUL byte"));
            }
            rules.env.push((name.clone(), value.clone()));
        }
        Ok(rules)
    }
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
