//! The rules of a project, ready for the PreToolUse hook, kept from one hook to the next.
//!
//! Every hook is a new process, and reading a thousand block rules (the TOML, then each
//! pattern's syntax and literals) costs several times the hook's whole budget of 3 ms. So the
//! rules as read are kept in one file beside the history cache
//! (`<git-common-dir>/learnings/enforce.rules`: never committed, so no repository can plant one),
//! under a hash of `learnings.toml`'s bytes: any edit makes the next hook read the file again and
//! replace the cache. It also keeps what reading cannot tell cheaply: which patterns are too big
//! to compile, found once, so that no later hook spends the time to fail again. A cache that
//! cannot be read, from another version, or for other bytes is ignored; one that cannot be
//! written costs only speed. Outside a git repository there is no cache: every hook reads.

use super::block::Block;
use super::config::{Rewrite, RewriteRule, Rules};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

/// The layout of the file: a change makes older files be ignored and replaced.
const FORMAT: u32 = 2;
/// The file, in the history cache's folder.
pub const FILE: &str = "enforce.rules";

/// The second line of the file: everything but the block rules.
#[derive(Debug, Serialize, Deserialize)]
struct Head {
    rewrites: Vec<SavedRewrite>,
    env: Vec<(String, String)>,
    /// The first problem reading found, for the debug log.
    problem: Option<String>,
    /// How many block rules follow, one a line: a file cut short is not used.
    blocks: usize,
}

#[derive(Debug, Serialize, Deserialize)]
struct SavedRewrite {
    from: String,
    to: String,
    reason: Option<String>,
    number: usize,
    words: Vec<String>,
}

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
    let first = first_line(&key(&text));
    let file = folder.map(|f| f.join(FILE));
    if let Some(saved) = file.as_deref().and_then(|f| load(f, &first)) {
        return saved;
    }
    let (rules, problems) = super::read::rules_of(&text);
    let problem = problems.first().map(ToString::to_string);
    if let (Some(folder), Some(file)) = (folder, file) {
        save(folder, &file, &first, &rules, problem.clone());
    }
    (rules, problem)
}

/// A hash of the configuration's bytes, eight at a time (FNV's multiplier): reading the rules
/// from the cache must cost far less than reading them, and a collision needs a second file
/// the project wrote itself.
fn key(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325 ^ bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        hash = (hash ^ word).wrapping_mul(0x0100_0000_01b3).rotate_left(29);
    }
    for &b in chunks.remainder() {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The first line of the file: the layout, the build (another may read rules differently) and
/// the key of the configuration the rules were read from.
fn first_line(key: &u64) -> String {
    format!(
        "learnings enforce rules {FORMAT} {} {key:016x}",
        env!("CARGO_PKG_VERSION")
    )
}

/// The rules kept in `file` for the configuration whose first line is `first`. The file is
/// lines: `first`, the [`Head`] as JSON, then a line per block rule, `C LITERALS\tRULE`: `C` is
/// `1` when the pattern compiles and `0` when it does not, `LITERALS` its literals in hex,
/// comma-separated (`-` when unknown), and `RULE` the rule as JSON, read only when a command
/// holds one of its literals: a thousand rules cost a hook one pass over the file.
fn load(file: &Path, first: &str) -> Option<(Rules, Option<String>)> {
    // A regular file, bounded like learnings.toml itself: never a link or a FIFO.
    let text: Arc<str> = crate::base::fs::read_config(file).ok()?.into();
    let (top, rest) = text.split_once('\n')?;
    if top != first {
        return None;
    }
    let (head, _) = rest.split_once('\n')?;
    let head: Head = serde_json::from_str(head).ok()?;
    let mut blocks = Vec::with_capacity(head.blocks);
    let mut at = top.len() + 1 + head_len(rest)?;
    while at < text.len() {
        let end = memchr::memchr(b'\n', &text.as_bytes()[at..]).map_or(text.len(), |n| at + n);
        let compiles = match text.as_bytes().get(at..at + 2)? {
            b"1 " => true,
            b"0 " => false,
            _ => return None,
        };
        blocks.push(Block::cached(&text, at..end, compiles)?);
        at = end + 1;
    }
    if blocks.len() != head.blocks {
        return None;
    }
    let rewrites = head
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
    let rules = Rules {
        rewrites,
        blocks,
        env: head.env,
    };
    Some((rules, head.problem))
}

/// The length of the head line of `rest`, with its newline.
fn head_len(rest: &str) -> Option<usize> {
    rest.find('\n').map(|n| n + 1)
}

/// Keeps `rules` under `first`; which patterns compile is settled now, once.
fn save(folder: &Path, file: &Path, first: &str, rules: &Rules, problem: Option<String>) {
    let head = Head {
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
        env: rules.env.clone(),
        problem,
        blocks: rules.blocks.len(),
    };
    let Ok(head) = serde_json::to_string(&head) else {
        return;
    };
    let mut text = format!("{first}\n{head}\n");
    for block in &rules.blocks {
        text.push(if block.compiles() { '1' } else { '0' });
        text.push(' ');
        match block.literals() {
            None => text.push('-'),
            Some(literals) => {
                for (i, literal) in literals.iter().enumerate() {
                    if i > 0 {
                        text.push(',');
                    }
                    for b in literal {
                        let _ = write!(text, "{b:02x}");
                    }
                }
            }
        }
        text.push('\t');
        text.push_str(&block.saved());
        text.push('\n');
    }
    // Only into the history cache's folder, where git keeps it: a repository cannot commit it;
    // made through store::fs, which refuses a link on the way.
    if crate::store::fs::folder(folder).is_ok() {
        let _ = crate::base::fs::write_atomic(file, text.as_bytes());
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
                b.rule().number,
                b.rule().pattern,
                b.rule().suggest,
                b.literals(),
                b.rule().reason,
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
        let kept = std::fs::read_to_string(folder.join(FILE)).expect("kept");
        let cut = kept.rsplit_once('\n').map_or("", |(head, _)| head).to_owned();
        for damaged in ["{not json".to_owned(), cut.clone(), kept.replace("\t", " ")] {
            std::fs::write(folder.join(FILE), damaged).expect("damage");
            let (again, _) = load_rules(dir.path(), Some(&folder));
            assert_eq!(summary(&again), summary(&rules));
        }
        let (again, _) = load_rules(dir.path(), Some(&folder));
        assert_eq!(summary(&again), summary(&rules));
        // Without a folder (not a git repository), every call reads the file.
        let (plain, _) = load_rules(dir.path(), None);
        assert_eq!(summary(&plain), summary(&rules));
        let none = tempfile::tempdir().expect("temp");
        assert!(load_rules(none.path(), Some(&folder)).0.is_empty());
    }
}
