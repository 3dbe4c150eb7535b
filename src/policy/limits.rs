//! Line limits: which rule governs a path, and whether its line count breaks the rule.
//!
//! The **first** rule whose glob matches a path governs it, as in a list of exceptions: put
//! `docs/reference.md` (1000 lines) before `docs/**/*.md` (400 lines) and the reference gets
//! the larger limit. Globs are repository-relative; `*` stays within a folder and `**` crosses
//! folders, so `agents/*.md` does not reach into `agents/decisions/`.

use globset::GlobSet;
use serde::Deserialize;
use std::path::Path;

/// How serious exceeding a limit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Fails the check (exit 1).
    Error,
    /// Reported, does not fail.
    Warning,
}

/// A line limit for files matching a glob.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitRule {
    /// Repository-relative glob (`**` crosses folders).
    pub glob: String,
    /// The most lines a matching file may have.
    pub max_lines: usize,
    /// Error or warning.
    #[serde(default = "default_level")]
    pub level: Level,
    /// Why the limit exists, shown with violations.
    #[serde(default)]
    pub message: Option<String>,
}

fn default_level() -> Level {
    Level::Error
}

/// The limit rules in force, compiled for matching.
#[derive(Debug, Clone)]
pub struct Limits {
    rules: Vec<LimitRule>,
    set: GlobSet,
}

/// A file over its limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// Repository-relative path, `/`-separated.
    pub path: String,
    /// Its line count.
    pub lines: usize,
    /// The rule it breaks.
    pub rule: LimitRule,
}

impl Limits {
    /// Compiles the rules; the error names the bad glob.
    pub fn new(rules: Vec<LimitRule>) -> Result<Limits, String> {
        let set = crate::base::glob::glob_set(rules.iter().map(|r| r.glob.as_str()), "limits")?;
        Ok(Limits { rules, set })
    }

    /// The rule governing `path` (repository-relative), if any.
    pub fn rule_for(&self, path: &Path) -> Option<&LimitRule> {
        // Most paths match no rule: `is_match` answers those without allocating.
        let candidate = globset::Candidate::new(path);
        if !self.set.is_match_candidate(&candidate) {
            return None;
        }
        self.set
            .matches_candidate(&candidate)
            .into_iter()
            .min()
            .and_then(|i| self.rules.get(i))
    }

    /// The violation of `path` with `lines` lines, if its rule allows fewer.
    pub fn judge(&self, path: &Path, lines: usize) -> Option<Violation> {
        let rule = self.rule_for(path)?;
        (lines > rule.max_lines).then(|| Violation {
            path: path.to_string_lossy().replace('\\', "/"),
            lines,
            rule: rule.clone(),
        })
    }
}

impl Violation {
    /// Whether it fails the check.
    pub fn is_error(&self) -> bool {
        self.rule.level == Level::Error
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(glob: &str, max_lines: usize, level: Level) -> LimitRule {
        LimitRule {
            glob: glob.into(),
            max_lines,
            level,
            message: None,
        }
    }

    #[test]
    fn the_limit_itself_passes_and_one_more_fails() {
        let limits = Limits::new(vec![rule("agents/decisions/**/*.md", 400, Level::Error)]).expect("valid");
        let path = Path::new("agents/decisions/testing.md");
        assert_eq!(limits.judge(path, 400), None);
        let violation = limits.judge(path, 401).expect("over");
        assert_eq!(violation.lines, 401);
        assert!(violation.is_error());
    }

    #[test]
    fn double_star_crosses_folders_and_single_star_does_not() {
        let limits = Limits::new(vec![
            rule("agents/decisions/**/*.md", 400, Level::Error),
            rule("agents/*.md", 150, Level::Warning),
        ])
        .expect("valid");
        assert_eq!(
            limits
                .rule_for(Path::new("agents/decisions/a/b/c.md"))
                .map(|r| r.max_lines),
            Some(400)
        );
        assert_eq!(
            limits
                .rule_for(Path::new("agents/decisions/c.md"))
                .map(|r| r.max_lines),
            Some(400)
        );
        assert_eq!(
            limits.rule_for(Path::new("agents/notes.md")).map(|r| r.max_lines),
            Some(150)
        );
        assert_eq!(limits.rule_for(Path::new("agents/other/notes.md")), None);
        assert_eq!(limits.rule_for(Path::new("README.md")), None);
    }

    #[test]
    fn the_first_matching_rule_governs() {
        let limits = Limits::new(vec![
            rule("docs/reference.md", 1000, Level::Warning),
            rule("docs/**/*.md", 400, Level::Error),
        ])
        .expect("valid");
        assert_eq!(limits.judge(Path::new("docs/reference.md"), 500), None);
        assert!(limits.judge(Path::new("docs/guide.md"), 500).is_some());
    }
}
