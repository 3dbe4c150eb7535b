//! `learnings.toml` at the repository root, assembled from the sections the rooms own:
//! `[consolidation]` and `[[limits]]` (`policy`), `[learning]` (`capture`), `[enforce]` and
//! `[inject]` (their rooms, which also validate them). This module reads the file, names the
//! key of an error in one line, and decides nothing of its own.
//!
//! Every key is optional; an unknown key is an error, with the nearest known key suggested (a
//! typo must not silently fall back to a default). Each section, rule and key is read on its
//! own ([`crate::base::settings`]): a problem turns off only what it touches, and a command
//! stops only on problems in the sections it reads ([`Loaded::require`]). Flags override the
//! file.
//!
//! ```toml
//! learnings = "agents/learnings.md"
//!
//! [consolidation]
//! size = 150       # lines: the size trigger
//! staleness = 14   # active days since the last consolidation: the staleness trigger
//! freshness = 7    # active days before an entry is proven and may leave staging
//! min_batch = 3    # fewer eligible entries than this: skip
//! retention = 3    # the most recent entries stay in staging even when eligible
//! docs = ["agents/**/*.md", "docs/**/*.md", "CLAUDE.md"]  # where consolidated knowledge lives
//!
//! [learning]
//! enabled = true       # false: capture nothing from conversations in this project
//! context_tokens = 500 # the budget of the learned context at session start
//! promote_uses = 2     # uses before `learn promote` turns a discovery into an entry
//!
//! [[limits]]
//! glob = "agents/decisions/**/*.md"
//! max_lines = 400
//! level = "error"  # or "warning"
//! ```

use crate::base::settings::{self, Node, Problem, Reader, Source, messages};
use crate::capture::Learning;
use crate::error::{Error, Result};
use crate::policy::limits::{Level, LimitRule};
use crate::policy::plan::Thresholds;
use std::path::{Path, PathBuf};
use toml::de::DeValue;

/// Where the remember-task agent writes its report (seed 003, NFR-3).
pub const CONSOLIDATION_REPORT: &str = "tmp/consolidation-report.md";

/// The top-level keys.
const KEYS: [&str; 7] = [
    "learnings",
    "consolidation",
    "limits",
    "learning",
    "enforce",
    "inject",
    "lint",
];

/// The whole configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// The learnings staging file, relative to the repository root.
    pub learnings: PathBuf,
    /// When to consolidate and what.
    pub consolidation: Thresholds,
    /// Line limits for `check` and `split-plan`. Empty means the defaults.
    pub limits: Vec<LimitRule>,
    /// Capture of feedback and discoveries (`[learning]`).
    pub learning: Learning,
    /// Bash commands to rewrite or block, variables to set (`[enforce]`).
    pub enforce: crate::enforce::EnforceConfig,
    /// `[inject]`: knowledge domains and their budget (see [`crate::inject::config`]).
    pub inject: crate::inject::config::InjectConfig,
    /// `[lint]`: the rules, clients and budgets of `learnings lint`.
    pub lint: crate::lint::LintConfig,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            learnings: PathBuf::from("agents/learnings.md"),
            consolidation: Thresholds::default(),
            limits: Vec::new(),
            learning: Learning::default(),
            enforce: crate::enforce::EnforceConfig::default(),
            inject: Default::default(),
            lint: Default::default(),
        }
    }
}

/// `learnings.toml` as read: the valid part, and what is wrong with the rest.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// Everything that could be read; the defaults stand in for the rest.
    pub config: Config,
    /// Every problem, by line.
    pub problems: Vec<Problem>,
    /// Whether the file exists (no file: the defaults are in use).
    pub exists: bool,
    /// The file's text (empty without a file).
    pub text: String,
}

impl Loaded {
    /// The configuration, unless a problem lies in one of `sections` or in the file's syntax:
    /// a command stops on what it reads and is only warned of the rest.
    pub fn require(self, sections: &[&str]) -> Result<(Config, Vec<Problem>)> {
        let (fatal, other): (Vec<Problem>, Vec<Problem>) = self
            .problems
            .into_iter()
            .partition(|p| p.section == "syntax" || sections.contains(&p.section));
        match fatal.first() {
            None => Ok((self.config, other)),
            Some(first) => Err(Error::ConfigProblem {
                problem: first.clone(),
                more: with_more("", fatal.len() + other.len()),
            }),
        }
    }
}

/// `first`, and how many more problems `learnings doctor` lists.
fn with_more(first: &str, total: usize) -> String {
    match total {
        0 | 1 => first.to_owned(),
        n => format!("{first} (and {} more: run `learnings doctor`)", n - 1),
    }
}

impl Config {
    /// Reads `learnings.toml` from `root`: every valid part, and the problems of the rest. A
    /// missing file gives the defaults; only a file that cannot be read is an error.
    pub fn read(root: &Path) -> Result<Loaded> {
        let path = root.join(crate::base::paths::CONFIG_FILE);
        // A committed link may point anywhere: it is read only when it stays in the repository.
        if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()) {
            let inside = match (std::fs::canonicalize(&path), std::fs::canonicalize(root)) {
                (Ok(target), Ok(root)) => target.starts_with(root),
                _ => false,
            };
            if !inside {
                return Err(Error::Config {
                    path,
                    message: "a link to outside the repository, which is never read; replace it with a file"
                        .into(),
                });
            }
        }
        let text = match crate::base::fs::read_config(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Loaded {
                    config: Config::default(),
                    problems: Vec::new(),
                    exists: false,
                    text: String::new(),
                });
            }
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                return Err(Error::Config {
                    path,
                    message: "not valid UTF-8; re-save it as UTF-8".into(),
                });
            }
            Err(e) => return Err(Error::io(path)(e)),
        };
        let (config, problems) = Config::read_text(&text);
        Ok(Loaded {
            config,
            problems,
            exists: true,
            text,
        })
    }

    /// Reads `learnings.toml` from `root`, failing on any problem; a missing file gives the
    /// defaults.
    pub fn load(root: &Path) -> Result<Config> {
        Config::read(root)?.require(&KEYS).map(|(config, _)| config)
    }

    /// Parses the text of a configuration file strictly: the first problem, in one line.
    pub fn parse(text: &str) -> std::result::Result<Config, String> {
        let (config, problems) = Config::read_text(text);
        match problems.first() {
            None => Ok(config),
            Some(p) => Err(with_more(
                &format!("line {}: {}", p.line, p.message),
                problems.len(),
            )),
        }
    }

    /// Every part of `text` read on its own: the valid configuration, and the problems by line.
    pub fn read_text(text: &str) -> (Config, Vec<Problem>) {
        let source = Source::new(text);
        let (mut reader, root) = Reader::parse(&source, &KEYS);
        let mut config = Config::default();
        for (key, node) in root.iter() {
            match key.get_ref().as_ref() {
                "learnings" => learnings(&mut reader, node, &mut config),
                "consolidation" => {
                    config.consolidation = reader.keyed("consolidation", "[consolidation]", node);
                    config.consolidation.docs = globs(&mut reader, node, config.consolidation.docs);
                    if let Some(level) = config.consolidation.entry_level.filter(|l| !(2..=3).contains(l)) {
                        let at = key_start(node, "entry_level");
                        let why = format!(
                            "`entry_level = {level}`: entries are `## ` (2) or `### ` (3); left unset, the file's structure is read heading by heading"
                        );
                        reader.report("consolidation", at, why);
                        config.consolidation.entry_level = None;
                    }
                }
                "limits" => {
                    for item in reader.array("limits", "limits", node) {
                        if let Some(rule) = limit(&mut reader, item) {
                            config.limits.push(rule);
                        }
                    }
                }
                "learning" => config.learning = reader.keyed("learning", "[learning]", node),
                "enforce" => merge_enforce(&mut config, crate::enforce::read::read(&mut reader, node)),
                "inject" => config.inject = crate::inject::config::read(&mut reader, node),
                "lint" => {
                    let section: crate::lint::config::LintSection = reader.keyed("lint", "[lint]", node);
                    match crate::lint::LintConfig::from_section(section) {
                        Ok(lint) => config.lint = lint,
                        Err(why) => reader.report("lint", node.span().start, format!("[lint] {why}")),
                    }
                }
                other => {
                    // A misspelt section is a problem of the section meant: a `[learnig]` that
                    // says `enabled = false` must turn capture off, not leave it on.
                    let near = messages::nearest(other, KEYS.iter().copied());
                    let section = near.unwrap_or("file");
                    reader.report(section, key.span().start, messages::unknown_key(other, "", &KEYS));
                    // A misspelt `[enforce]` still blocks: blocks fail closed.
                    if near == Some("enforce") {
                        merge_enforce(&mut config, crate::enforce::read::read(&mut reader, node));
                    }
                }
            }
        }
        crate::enforce::read::lost_blocks(&mut reader);
        let mut problems = reader.problems;
        problems.sort();
        (config, problems)
    }

    /// The limit rules in force: the configured ones, or the defaults (decision docs at 400
    /// lines, error; the learnings file at the size trigger, warning).
    pub fn limit_rules(&self) -> Vec<LimitRule> {
        if !self.limits.is_empty() {
            return self.limits.clone();
        }
        vec![
            LimitRule {
                glob: "agents/decisions/**/*.md".into(),
                max_lines: 400,
                level: Level::Error,
                message: None,
            },
            LimitRule {
                glob: self.learnings.to_string_lossy().replace('\\', "/"),
                max_lines: self.consolidation.size,
                level: Level::Warning,
                message: Some(CONSOLIDATION_DUE.into()),
            },
        ]
    }
}

/// The default rule's message for the learnings file: a staging file is consolidated, not split.
pub const CONSOLIDATION_DUE: &str =
    "consolidation due: `learnings plan` shows what goes, then run /remember in your agent";

fn merge_enforce(config: &mut Config, part: crate::enforce::EnforceConfig) {
    config.enforce.rewrite.extend(part.rewrite);
    config.enforce.block.extend(part.block);
    config.enforce.env.extend(part.env);
}

/// `learnings = "…"`: a non-empty string, else the default stays.
fn learnings(reader: &mut Reader<'_>, node: &Node<'_>, config: &mut Config) {
    match node.get_ref().as_str() {
        Some(path) if !path.trim().is_empty() => config.learnings = PathBuf::from(path),
        Some(_) => reader.report(
            "learnings",
            node.span().start,
            "`learnings`: is empty; name the learnings file (e.g. \"agents/learnings.md\") or remove the key"
                .into(),
        ),
        None => reader.report(
            "learnings",
            node.span().start,
            "`learnings`: expected a string in quotes, like \"agents/learnings.md\"".into(),
        ),
    }
}

/// Where `key` of the table `node` starts (the table's start without it).
fn key_start(node: &Node<'_>, key: &str) -> usize {
    match node.get_ref() {
        DeValue::Table(table) => settings::get(table, key).map_or(node.span().start, |d| d.span().start),
        _ => node.span().start,
    }
}

/// The `docs` globs of `[consolidation]` that compile; the defaults when none was written.
fn globs(reader: &mut Reader<'_>, node: &Node<'_>, docs: Vec<String>) -> Vec<String> {
    let at = key_start(node, "docs");
    docs.into_iter()
        .filter(
            |glob| match crate::base::glob::glob_set([glob.as_str()], "consolidation.docs") {
                Ok(_) => true,
                Err(why) => {
                    reader.report("consolidation", at, why);
                    false
                }
            },
        )
        .collect()
}

/// One `[[limits]]` rule whose glob compiles.
fn limit(reader: &mut Reader<'_>, node: &Node<'_>) -> Option<LimitRule> {
    let rule = reader.rule::<LimitRule>("limits", "[[limits]]", node)?;
    match crate::base::glob::glob_set([rule.glob.as_str()], "[[limits]] `glob`") {
        Ok(_) => Some(rule),
        Err(why) => {
            let at = match node.get_ref() {
                DeValue::Table(table) => {
                    settings::get(table, "glob").map_or(node.span().start, |g| g.span().start)
                }
                _ => node.span().start,
            };
            reader.report("limits", at, format!("{why}; the rule is off"));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_seed_thresholds() {
        let config = Config::parse("").expect("empty is fine");
        assert_eq!(config.consolidation.size, 150);
        assert_eq!(config.consolidation.staleness, 14);
        assert_eq!(config.consolidation.freshness, 7);
        assert_eq!(config.consolidation.min_batch, 3);
        assert_eq!(config.consolidation.retention, 3);
        assert_eq!(config.limit_rules().len(), 2);
    }

    #[test]
    fn values_override_defaults() {
        let config = Config::parse(
            "learnings = \"docs/learned.md\"\n[consolidation]\nsize = 80\n[[limits]]\nglob = \"docs/*.md\"\nmax_lines = 10\nlevel = \"warning\"\n",
        )
        .expect("valid");
        assert_eq!(config.consolidation.size, 80);
        assert_eq!(config.consolidation.staleness, 14);
        assert_eq!(config.learnings, PathBuf::from("docs/learned.md"));
        assert_eq!(config.limit_rules()[0].level, Level::Warning);
    }

    #[test]
    fn learning_switch_and_budget() {
        let config = Config::parse("[learning]\nenabled = false\ncontext_tokens = 200\n").expect("valid");
        assert!(!config.learning.enabled);
        assert_eq!(
            (config.learning.context_tokens, config.learning.promote_uses),
            (200, 2)
        );
        assert!(Config::parse("").expect("empty").learning.enabled);
        assert!(Config::parse("[learning]\nenable = false\n").is_err());
    }

    #[test]
    fn errors_name_the_key() {
        let unknown = Config::parse("[consolidation]\nsise = 3\n").expect_err("unknown key");
        assert!(unknown.contains("sise"), "{unknown}");
        let wrong = Config::parse("[consolidation]\nsize = \"big\"\n").expect_err("wrong type");
        assert!(wrong.contains("size") || wrong.contains("integer"), "{wrong}");
        assert!(!wrong.contains('\n'));
        let glob = Config::parse("[[limits]]\nglob = \"a[\"\nmax_lines = 1\n").expect_err("bad glob");
        assert!(glob.contains("a["), "{glob}");
    }
}
