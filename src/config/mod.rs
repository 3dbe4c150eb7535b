//! `learnings.toml` at the repository root, assembled from the sections the rooms own:
//! `[consolidation]` and `[[limits]]` (`policy`), `[learning]` (`capture`), `[enforce]` and
//! `[inject]` (their rooms, which also validate them). This module reads the file, names the
//! key of an error in one line, and decides nothing of its own.
//!
//! Every key is optional; an unknown key is an error (a typo must not silently fall back to a
//! default). Flags override the file.
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

use crate::capture::Learning;
use crate::error::{Error, Result};
use crate::policy::limits::{Level, LimitRule};
use crate::policy::plan::Thresholds;
use serde::Deserialize;
use std::path::{Path, PathBuf};

mod messages;

/// Where the remember-task agent writes its report (seed 003, NFR-3).
pub const CONSOLIDATION_REPORT: &str = "tmp/consolidation-report.md";

/// The whole configuration.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
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
        }
    }
}

impl Config {
    /// Reads `learnings.toml` from `root`; a missing file gives the defaults.
    pub fn load(root: &Path) -> Result<Config> {
        let path = root.join(crate::base::paths::CONFIG_FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Config::default()),
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                return Err(Error::Config {
                    path,
                    message: "not valid UTF-8; re-save it as UTF-8".into(),
                });
            }
            Err(e) => return Err(Error::io(path)(e)),
        };
        Config::parse(&text).map_err(|message| Error::Config { path, message })
    }

    /// Parses the text of a configuration file; the error is one line naming the key.
    pub fn parse(text: &str) -> std::result::Result<Config, String> {
        let config: Config = toml::from_str(text).map_err(|e| one_line(&e, text))?;
        if config.learnings.as_os_str().is_empty() {
            return Err("`learnings`: is empty; name the learnings file (e.g. \"agents/learnings.md\") or remove the key".into());
        }
        crate::base::glob::glob_set(config.limits.iter().map(|r| r.glob.as_str()), "limits")?;
        crate::base::glob::glob_set(
            config.consolidation.docs.iter().map(String::as_str),
            "consolidation.docs",
        )?;
        config
            .enforce
            .compile()
            .map_err(|e| crate::enforce::config::with_line(text, &e))?;
        config.inject.validate(text)?;
        Ok(config)
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
                message: Some("consolidation due".into()),
            },
        ]
    }
}

/// toml's errors span several lines with a source excerpt, and a type error does not name its
/// key: say the line and the key (with its table) in one line.
fn one_line(error: &toml::de::Error, text: &str) -> String {
    let message = messages::user_words(&error.message().trim().replace('\n', " "));
    let Some(span) = error.span() else {
        return message;
    };
    let start = span.start.min(text.len());
    let line_no = text[..start].matches('\n').count() + 1;
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line = text[line_start..].lines().next().unwrap_or("");
    let table = text[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('['))
        .map(|l| l.trim_matches(|c| c == '[' || c == ']').trim());
    let key = line
        .split_once('=')
        .map(|(k, _)| crate::base::words::cut(k.trim(), 40))
        .filter(|k| !k.is_empty());
    let table = table.map(|t| crate::base::words::cut(t, 40));
    match (table, key) {
        (Some(table), Some(key)) => format!("line {line_no}: `{table}.{key}`: {message}"),
        (None, Some(key)) => format!("line {line_no}: `{key}`: {message}"),
        _ => format!("line {line_no}: {message}"),
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
