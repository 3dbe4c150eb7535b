//! The rules of a project, ready for the PreToolUse hook, kept from one hook to the next.
//!
//! Every hook is a new process, and reading a thousand block rules (the TOML, then each
//! pattern's syntax and literals) costs several times the hook's whole budget of 3 ms. So the
//! rules as read are kept in one file beside the history cache
//! (`<git-common-dir>/learnings/enforce.json`: never committed, so no repository can plant one),
//! under a hash of `learnings.toml`'s bytes: any edit makes the next hook read the file again and
//! replace the cache. It also keeps what reading cannot tell cheaply: which patterns are too big
//! to compile, found once, so that no later hook spends the time to fail again. A cache that
//! cannot be read, from another version, or for other bytes is ignored; one that cannot be
//! written costs only speed. Outside a git repository there is no cache: every hook reads.

use super::block::Block;
use super::config::{BlockRule, Rewrite, RewriteRule, Rules};
use serde::{Deserialize, Serialize};
use std::hash::Hasher;
use std::path::Path;

/// The layout of the file: a change makes older files be ignored and replaced.
const FORMAT: u32 = 1;
/// The file, in the history cache's folder.
pub const FILE: &str = "enforce.json";

/// The cache file.
#[derive(Debug, Serialize, Deserialize)]
struct Saved {
    format: u32,
    /// The build that wrote it: another one may read rules differently.
    version: String,
    /// The hash of `learnings.toml` the rules were read from.
    key: String,
    rewrites: Vec<SavedRewrite>,
    blocks: Vec<SavedBlock>,
    env: Vec<(String, String)>,
    /// The first problem reading found, for the debug log.
    problem: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
struct SavedRewrite {
    from: String,
    to: String,
    reason: Option<String>,
    number: usize,
    words: Vec<String>,
}

/// One block rule: its pattern, reason, suggestion, number, literals and whether it compiles.
/// An array, not an object: a thousand of them are read on every Bash call, and their keys would
/// be a third of the file. Literals are kept as text: every literal of a pattern read as UTF-8 is
/// UTF-8 (one that is not is kept as unknown, which only makes the rule a candidate always).
#[derive(Debug, Serialize, Deserialize)]
struct SavedBlock(String, String, Option<String>, usize, Option<Vec<String>>, bool);

/// The rules of `learnings.toml` at `root` (none without one) and the first problem with them,
/// from the cache in `folder` when it holds them for these bytes; else read, and kept there.
pub fn load_rules(root: &Path, folder: Option<&Path>) -> (Rules, Option<String>) {
    let text = match crate::base::fs::read_config(&root.join(crate::base::paths::CONFIG_FILE)) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Rules::default(), None),
        // The reader says why, the same way every time.
        Err(_) => {
            let (rules, problems) = super::read::load_rules(root);
            return (rules, problems.first().map(ToString::to_string));
        }
    };
    let key = key(&text);
    let file = folder.map(|f| f.join(FILE));
    if let Some(saved) = file.as_deref().and_then(|f| load(f, &key)) {
        return saved;
    }
    let (rules, problems) = super::read::rules_of(&text);
    let problem = problems.first().map(ToString::to_string);
    if let (Some(folder), Some(file)) = (folder, file) {
        save(folder, &file, &key, &rules, problem.clone());
    }
    (rules, problem)
}

/// The hash of the configuration's bytes, with this build's version: another build reads anew.
fn key(text: &str) -> String {
    // Fixed keys: the same bytes give the same hash in every run of this build.
    let mut hasher = std::hash::DefaultHasher::new();
    hasher.write(text.as_bytes());
    format!("{:016x}", hasher.finish())
}

fn load(file: &Path, key: &str) -> Option<(Rules, Option<String>)> {
    let bytes = std::fs::read(file).ok()?;
    let saved: Saved = serde_json::from_slice(&bytes).ok()?;
    if saved.format != FORMAT || saved.version != env!("CARGO_PKG_VERSION") || saved.key != key {
        return None;
    }
    let rewrites = saved
        .rewrites
        .into_iter()
        .map(|r| Rewrite {
            rule: RewriteRule {
                from: r.from,
                to: r.to,
                reason: r.reason,
                number: r.number,
            },
            words: r.words,
        })
        .collect();
    let blocks = saved
        .blocks
        .into_iter()
        .map(
            |SavedBlock(pattern, reason, suggest, number, literals, compiles)| {
                let rule = BlockRule {
                    pattern,
                    reason,
                    suggest,
                    number,
                };
                let literals = literals.map(|l| l.into_iter().map(String::into_bytes).collect());
                Block::cached(rule, literals, compiles)
            },
        )
        .collect();
    let rules = Rules {
        rewrites,
        blocks,
        env: saved.env,
    };
    Some((rules, saved.problem))
}

/// Keeps `rules` for `key`; which patterns compile is settled now, once.
fn save(folder: &Path, file: &Path, key: &str, rules: &Rules, problem: Option<String>) {
    let saved = Saved {
        format: FORMAT,
        version: env!("CARGO_PKG_VERSION").to_owned(),
        key: key.to_owned(),
        rewrites: rules
            .rewrites
            .iter()
            .map(|r| SavedRewrite {
                from: r.rule.from.clone(),
                to: r.rule.to.clone(),
                reason: r.rule.reason.clone(),
                number: r.rule.number,
                words: r.words.clone(),
            })
            .collect(),
        blocks: rules
            .blocks
            .iter()
            .map(|b| {
                let literals = b.literals().and_then(|literals| {
                    literals
                        .iter()
                        .map(|l| String::from_utf8(l.clone()).ok())
                        .collect()
                });
                SavedBlock(
                    b.rule.pattern.clone(),
                    b.rule.reason.clone(),
                    b.rule.suggest.clone(),
                    b.rule.number,
                    literals,
                    b.compiles(),
                )
            })
            .collect(),
        env: rules.env.clone(),
        problem,
    };
    let Ok(bytes) = serde_json::to_vec(&saved) else {
        return;
    };
    // Only into the history cache's folder where git keeps it: never one a path could redirect.
    if crate::store::fs::folder(folder).is_ok() {
        let _ = crate::base::fs::write_atomic(file, &bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: &str = "[[enforce.rewrite]]\nfrom = \"pip\"\nto = \"uv pip\"\n\n\
        [[enforce.block]]\npattern = '\\bgit push --force\\b'\nreason = \"no\"\nsuggest = \"git push\"\n\n\
        [[enforce.block]]\npattern = 'git push \\w{1000}'\nreason = \"too big\"\n\n\
        [[enforce.block]]\npattern = '(x'\nreason = \"bad\"\n\n\
        [enforce.env]\nDISPLAY = \":0\"\n";

    fn project(text: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("temp");
        std::fs::write(dir.path().join("learnings.toml"), text).expect("config");
        dir
    }

    fn summary(rules: &Rules) -> Vec<String> {
        let mut out: Vec<String> = rules
            .rewrites
            .iter()
            .map(|r| format!("rewrite {} {} -> {}", r.rule.number, r.rule.from, r.rule.to))
            .collect();
        out.extend(rules.blocks.iter().map(|b| {
            format!(
                "block {} {} {:?} {:?} {:?} {}",
                b.rule.number,
                b.rule.pattern,
                b.rule.suggest,
                b.literals(),
                b.rule.reason,
                b.compiles()
            )
        }));
        out.extend(rules.env.iter().map(|(k, v)| format!("env {k}={v}")));
        out
    }

    #[test]
    fn the_cache_gives_the_rules_the_file_gives() {
        let dir = project(RULES);
        let folder = dir.path().join("cache");
        let (read, problem) = load_rules(dir.path(), Some(&folder));
        assert!(folder.join(FILE).is_file());
        let (cached, cached_problem) = load_rules(dir.path(), Some(&folder));
        assert_eq!(summary(&cached), summary(&read));
        assert_eq!(cached_problem, problem);
        assert!(
            problem.is_some_and(|p| p.contains("too big to compile")),
            "the first, by line"
        );
        // The pattern too big to compile is known from the cache without compiling it.
        let broken = &cached.blocks[1];
        assert!(!broken.compiles());
        assert_eq!(
            broken.matches("git push now"),
            super::super::block::Verdict::Broken
        );
    }

    #[test]
    fn an_edit_or_a_damaged_cache_reads_the_file_again() {
        let dir = project(RULES);
        let folder = dir.path().join("cache");
        let _ = load_rules(dir.path(), Some(&folder));
        std::fs::write(
            dir.path().join("learnings.toml"),
            "[[enforce.block]]\npattern = 'rm -rf'\nreason = \"r\"\n",
        )
        .expect("edit");
        let (rules, _) = load_rules(dir.path(), Some(&folder));
        assert_eq!(rules.blocks.len(), 1);
        std::fs::write(folder.join(FILE), "{not json").expect("damage");
        let (again, _) = load_rules(dir.path(), Some(&folder));
        assert_eq!(summary(&again), summary(&rules));
        // Without a folder (not a git repository), every call reads the file.
        let (plain, _) = load_rules(dir.path(), None);
        assert_eq!(summary(&plain), summary(&rules));
        let none = tempfile::tempdir().expect("temp");
        assert!(load_rules(none.path(), Some(&folder)).0.is_empty());
    }
}
