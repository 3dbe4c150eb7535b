//! `[enforce]` read rule by rule: a broken rule is reported and the others keep working.
//!
//! Blocks fail closed: a block rule whose pattern can be read keeps blocking whatever else is
//! wrong with it (an unknown key, no reason, even a misspelt table name such as
//! `[[enforce.blocks]]`), since a team's `git push --force` block must not vanish with a typo.
//! Rewrites and variables fail open: a broken one is left out, and the command runs as typed.
//!
//! A block rule that a syntax error cuts short keeps what of it reads line by line (see
//! `base::settings`): when its `pattern` line is whole, it still blocks. One that cannot block
//! is never a quiet problem: its problem is `loud`, so SessionStart shows it before any other
//! and `doctor` fails on it.

use super::block::Block;
use super::config::{self, BlockRule, EnforceConfig, RewriteRule, Rules};
use crate::base::settings::{self, Node, Problem, Reader, Source, messages};
use toml::de::DeValue;

const SECTION: &str = "enforce";
const KEYS: [&str; 3] = ["rewrite", "block", "env"];

/// The valid part of `[enforce]` (`node`), every problem reported to `reader`.
pub fn read(reader: &mut Reader<'_>, node: &Node<'_>) -> EnforceConfig {
    let mut enforce = EnforceConfig::default();
    let DeValue::Table(table) = node.get_ref() else {
        reader.report(SECTION, node.span().start, "[enforce]: expected a table".into());
        return enforce;
    };
    for (key, value) in table.iter() {
        match key.get_ref().as_ref() {
            "rewrite" => {
                for item in reader.array(SECTION, "enforce.rewrite", value) {
                    if let Some(rule) = rewrite(reader, item) {
                        enforce.rewrite.push(rule);
                    }
                }
            }
            "block" => enforce.block.extend(blocks(reader, value, "[[enforce.block]]")),
            "env" => env(reader, value, &mut enforce),
            other => {
                let near = messages::nearest(other, KEYS.iter().copied());
                let mut message = messages::unknown_key(other, "[enforce]", &KEYS);
                if near == Some("block") {
                    message.push_str(" its rules block meanwhile");
                    let table = format!("[[enforce.{other}]]");
                    enforce.block.extend(blocks(reader, value, &table));
                }
                reader.report(SECTION, key.span().start, message);
            }
        }
    }
    enforce
}

/// The block rules of an array of tables, read leniently.
pub fn blocks(reader: &mut Reader<'_>, node: &Node<'_>, table: &str) -> Vec<BlockRule> {
    let name = table.trim_matches(|c| c == '[' || c == ']');
    let items = reader.array(SECTION, name, node);
    items
        .into_iter()
        .enumerate()
        .filter_map(|(i, item)| {
            let rule = block(reader, item, table).map(|rule| BlockRule {
                number: i + 1,
                ..rule
            });
            cut_short(reader, item, i + 1, rule.is_some());
            rule
        })
        .collect()
}

/// Block rule `number` (`node`) when a syntax error cut it short: whether it still blocks, in
/// its problem's words; loud when it does not.
fn cut_short(reader: &mut Reader<'_>, node: &Node<'_>, number: usize, blocks: bool) {
    let Some((n, lost)) = reader.lost_at(node) else {
        return;
    };
    let what = format!("block rule {number}");
    let message = match blocks {
        true => format!("{}; its pattern was read: it still blocks", lost.say(&what, None)),
        false => lost.say(&what, Some("it blocks nothing")),
    };
    reader.retell(n, message, !blocks);
}

/// Every part of the file lost to a syntax error that was, or was meant to be, a block rule and
/// that no block rule read (its header did not read, or sits inside a multi-line string): loud,
/// since it blocks nothing. Called once the whole file is read.
pub(crate) fn lost_blocks(reader: &mut Reader<'_>) {
    for (n, lost) in reader.untold() {
        let Some(table) = lost.table.as_deref() else {
            continue;
        };
        if table != "enforce.block" && messages::nearest(table, ["enforce.block"].into_iter()).is_none() {
            continue;
        }
        let cost = match lost.in_string {
            Some(_) => "its block rule blocks nothing",
            None => "it blocks nothing",
        };
        reader.retell(n, lost.say(&lost.label(), Some(cost)), true);
    }
}

/// One block rule: strict when it can be, else its readable pattern with a stand-in reason.
fn block(reader: &mut Reader<'_>, node: &Node<'_>, table: &str) -> Option<BlockRule> {
    let strict = reader.rule::<BlockRule>(SECTION, table, node);
    let rule = match strict {
        Some(rule) => rule,
        None => BlockRule {
            pattern: settings::string(node, "pattern")?.to_owned(),
            reason: settings::string(node, "reason")
                .or_else(|| misspelt(node, "reason"))
                .unwrap_or_default()
                .to_owned(),
            suggest: settings::string(node, "suggest").map(str::to_owned),
            number: 0,
        },
    };
    match config::check_block(&rule) {
        Ok(block) => {
            too_big(reader, node, table, &block);
            Some(rule)
        }
        Err(("reason", why)) => {
            if let Ok(block) = config::readable_block(rule.clone()) {
                too_big(reader, node, table, &block);
            }
            // Already reported when the reason was missing or not a string.
            if settings::string(node, "reason").is_some() {
                reader.report(SECTION, at(node, "reason"), format!("{table} `reason`: {why}"));
            }
            // The line only here: counting lines for every rule would cost a thousand rules
            // a quadratic scan of the file on every Bash call.
            let line = reader.line(node.span().start);
            Some(BlockRule {
                reason: format!(
                    "a block rule of {} (line {line}) denies this command; it gives no reason",
                    crate::base::paths::CONFIG_FILE
                ),
                ..rule
            })
        }
        Err((key, why)) => {
            reader.report(
                SECTION,
                at(node, key),
                format!("{table} `{key}`: {why}; the rule is off until it is fixed"),
            );
            None
        }
    }
}

/// Reports a pattern too big to compile. The rule stays: blocks fail closed, so the hook denies
/// every command that may match it until it is fixed.
fn too_big(reader: &mut Reader<'_>, node: &Node<'_>, table: &str, block: &Block) {
    if !block.compiles() {
        reader.report(
            SECTION,
            at(node, "pattern"),
            format!(
                "{table} `pattern`: `{}` is too big to compile; every command that may match it is denied until it is smaller",
                block.rule().pattern
            ),
        );
    }
}

/// One rewrite rule, or nothing (reported).
fn rewrite(reader: &mut Reader<'_>, node: &Node<'_>) -> Option<RewriteRule> {
    let rule = reader.rule::<RewriteRule>(SECTION, "[[enforce.rewrite]]", node)?;
    match config::check_rewrite(&rule) {
        Ok(_) => Some(rule),
        Err((key, why)) => {
            reader.report(
                SECTION,
                at(node, key),
                format!("[[enforce.rewrite]] `{key}`: {why}; the rule is off until it is fixed"),
            );
            None
        }
    }
}

/// `[enforce.env]`: each variable on its own.
fn env(reader: &mut Reader<'_>, node: &Node<'_>, enforce: &mut EnforceConfig) {
    let DeValue::Table(table) = node.get_ref() else {
        reader.report(
            SECTION,
            node.span().start,
            "[enforce.env]: expected a table".into(),
        );
        return;
    };
    for (name, value) in table.iter() {
        let name_text = name.get_ref().as_ref();
        let checked = match value.get_ref().as_str() {
            Some(text) => config::check_env(name_text, text).map(|()| text),
            None => Err("expected a string in quotes".into()),
        };
        match checked {
            Ok(text) => {
                enforce.env.insert(name_text.to_owned(), text.to_owned());
            }
            Err(why) => reader.report(
                SECTION,
                name.span().start,
                format!(
                    "[enforce.env] `{}`: {why}",
                    crate::base::words::cut(name_text, 40)
                ),
            ),
        }
    }
}

/// The string value of a key that misspells `key` (`reasn` for `reason`): what the user meant
/// to say is still worth showing the model.
fn misspelt<'n>(node: &'n Node<'_>, key: &str) -> Option<&'n str> {
    let DeValue::Table(table) = node.get_ref() else {
        return None;
    };
    table.iter().find_map(|(k, v)| {
        let name = k.get_ref().as_ref();
        (name != key && messages::nearest(name, [key].into_iter()).is_some())
            .then(|| v.get_ref().as_str())
            .flatten()
    })
}

/// Where `key` of a rule is written, else the rule itself.
fn at(node: &Node<'_>, key: &str) -> usize {
    match node.get_ref() {
        DeValue::Table(table) => settings::get(table, key).map_or(node.span().start, |v| v.span().start),
        _ => node.span().start,
    }
}

/// The rules of `learnings.toml` at `root` (none when there is no file), for the PreToolUse
/// hook: every readable rule, and what is wrong with the rest. Only `[enforce]` (and a table
/// that misspells it) is read, so another table's mistakes cost a Bash call nothing.
pub fn load_rules(root: &std::path::Path) -> (Rules, Vec<Problem>) {
    let text = match crate::base::fs::read_config(&root.join(crate::base::paths::CONFIG_FILE)) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Rules::default(), Vec::new()),
        Err(e) => {
            let problem = Problem {
                line: 1,
                section: "file",
                message: format!("cannot be read ({e}); no rule is enforced"),
                loud: true,
            };
            return (Rules::default(), vec![problem]);
        }
    };
    rules_of(&text)
}

/// The rules of the text of a `learnings.toml`, and what is wrong with the rest.
pub fn rules_of(text: &str) -> (Rules, Vec<Problem>) {
    let source = Source::new(text);
    let (mut reader, root_table) = Reader::parse(&source, &[SECTION]);
    let mut enforce = EnforceConfig::default();
    for (key, node) in root_table.iter() {
        let key = key.get_ref().as_ref();
        if key == SECTION || messages::nearest(key, ["enforce"].into_iter()).is_some() {
            let part = read(&mut reader, node);
            enforce.rewrite.extend(part.rewrite);
            enforce.block.extend(part.block);
            enforce.env.extend(part.env);
        }
    }
    lost_blocks(&mut reader);
    let rules = enforce.rules();
    let mut problems = reader.problems;
    problems.sort();
    (rules, problems)
}
