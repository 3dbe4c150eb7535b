//! The `[inject]` table of `learnings.toml`: the budget, the files every session gets, and the
//! knowledge domains.
//!
//! Values keep their place in the file (`toml::Spanned`), so that every error names the key, the
//! line and the reason: a budget out of range, an empty keyword, a bad regex or glob, a file
//! outside the repository. Whether the files exist is checked against the project root
//! ([`InjectConfig::missing_files`]), because parsing sees text only.

use serde::Deserialize;
use std::path::{Component, Path};
use toml::Spanned;

/// The budget when none is configured, in characters.
pub const DEFAULT_BUDGET: usize = 6000;
/// The smallest budget accepted: room for one short rule file and its framing.
pub const MIN_BUDGET: usize = 500;
/// The largest budget accepted: Claude Code cuts hook text at 10,000 characters.
pub const MAX_BUDGET: usize = 9500;

/// `[inject]`.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct InjectConfig {
    /// Characters per injection.
    pub budget: Option<Spanned<i64>>,
    /// Short files every session gets at start.
    pub always: Vec<Spanned<String>>,
    /// The knowledge domains, in the order they were written.
    pub domains: Vec<DomainConfig>,
}

/// One `[[inject.domains]]`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DomainConfig {
    /// Shown in reasons and logs.
    pub name: Spanned<String>,
    /// Whole words, any case, any script.
    #[serde(default)]
    pub keywords: Vec<Spanned<String>>,
    /// Regular expressions, case-insensitive.
    #[serde(default)]
    pub patterns: Vec<Spanned<String>>,
    /// Globs of files named in the conversation or touched by recent tool calls.
    #[serde(default)]
    pub paths: Vec<Spanned<String>>,
    /// Repository files (or globs) injected when the domain matches.
    #[serde(default)]
    pub files: Vec<Spanned<String>>,
}

impl InjectConfig {
    /// The budget in characters.
    pub fn budget(&self) -> usize {
        self.budget
            .as_ref()
            .and_then(|b| usize::try_from(*b.get_ref()).ok())
            .unwrap_or(DEFAULT_BUDGET)
    }

    /// Checks what parsing cannot: ranges, empty values, regexes, globs and paths. The error is
    /// one line: `line N: `inject.KEY`: reason`.
    pub fn validate(&self, text: &str) -> Result<(), String> {
        let at = |span: std::ops::Range<usize>, key: &str, reason: String| {
            format!("line {}: `inject.{key}`: {reason}", line_of(text, span.start))
        };
        if let Some(budget) = &self.budget {
            let value = *budget.get_ref();
            if !(MIN_BUDGET as i64..=MAX_BUDGET as i64).contains(&value) {
                return Err(at(
                    budget.span(),
                    "budget",
                    format!(
                        "{value} is out of range: use {MIN_BUDGET} to {MAX_BUDGET} characters (Claude Code cuts hook text at 10,000)"
                    ),
                ));
            }
        }
        for file in &self.always {
            check_file(file.get_ref()).map_err(|r| at(file.span(), "always", r))?;
        }
        let mut names = std::collections::BTreeSet::new();
        for (i, domain) in self.domains.iter().enumerate() {
            let key = |k: &str| format!("domains[{i}].{k}");
            let name = domain.name.get_ref().trim();
            if name.is_empty() {
                return Err(at(domain.name.span(), &key("name"), "empty name".into()));
            }
            if !names.insert(name.to_owned()) {
                return Err(at(
                    domain.name.span(),
                    &key("name"),
                    format!("`{name}` is defined twice"),
                ));
            }
            for keyword in &domain.keywords {
                if keyword.get_ref().trim().is_empty() {
                    return Err(at(keyword.span(), &key("keywords"), "empty keyword".into()));
                }
            }
            for pattern in &domain.patterns {
                if let Err(e) = regex::RegexBuilder::new(pattern.get_ref()).build() {
                    let reason = e.to_string().replace('\n', " ");
                    return Err(at(
                        pattern.span(),
                        &key("patterns"),
                        format!("bad regex: {reason}"),
                    ));
                }
            }
            for glob in &domain.paths {
                if let Err(e) = crate::base::glob::glob_set([glob.get_ref().as_str()], "paths") {
                    return Err(at(glob.span(), &key("paths"), e));
                }
            }
            if domain.files.is_empty() {
                return Err(at(
                    domain.name.span(),
                    &key("files"),
                    format!("domain `{name}` has no files to inject"),
                ));
            }
            for file in &domain.files {
                check_file(file.get_ref()).map_err(|r| at(file.span(), &key("files"), r))?;
                if super::files::is_glob(file.get_ref()) {
                    crate::base::glob::glob_set([file.get_ref().as_str()], "files")
                        .map_err(|e| at(file.span(), &key("files"), e))?;
                }
            }
        }
        Ok(())
    }

    /// One line per configured file that matches nothing under `root`, naming the key and line.
    pub fn missing_files(&self, root: &Path, text: &str) -> Vec<String> {
        let mut missing = Vec::new();
        let mut check = |file: &Spanned<String>, key: String| {
            if super::files::resolve(root, file.get_ref()).is_empty() {
                let what = if super::files::is_glob(file.get_ref()) {
                    "matches no file"
                } else {
                    "no such file"
                };
                missing.push(format!(
                    "line {}: `inject.{key}`: `{}`: {what}",
                    line_of(text, file.span().start),
                    file.get_ref()
                ));
            }
        };
        for file in &self.always {
            check(file, "always".into());
        }
        for (i, domain) in self.domains.iter().enumerate() {
            for file in &domain.files {
                check(file, format!("domains[{i}].files"));
            }
        }
        missing
    }
}

/// Injected text comes only from the repository: relative paths that stay inside it.
fn check_file(path: &str) -> Result<(), String> {
    if path.trim().is_empty() {
        return Err("empty path".into());
    }
    let p = Path::new(path);
    let escapes = p.components().any(|c| {
        matches!(
            c,
            Component::ParentDir | Component::RootDir | Component::Prefix(_)
        )
    });
    if escapes || path.starts_with('/') || path.starts_with('\\') {
        return Err(format!(
            "`{path}` is outside the repository: use a path relative to the repository root"
        ));
    }
    Ok(())
}

/// The 1-based line of byte offset `at` in `text`.
fn line_of(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    text.as_bytes()[..at].iter().filter(|b| **b == b'\n').count() + 1
}

#[cfg(test)]
mod tests {
    use crate::config::Config;

    fn error(text: &str) -> String {
        Config::parse(text).expect_err("invalid")
    }

    #[test]
    fn errors_name_key_line_and_reason() {
        let e = error("[inject]\nbudget = 20000\n");
        assert!(
            e.starts_with("line 2: `inject.budget`: 20000 is out of range"),
            "{e}"
        );
        let e = error("[[inject.domains]]\nname = \"r\"\nkeywords = [\"a\", \" \"]\nfiles = [\"a.md\"]\n");
        assert!(
            e.starts_with("line 3: `inject.domains[0].keywords`: empty keyword"),
            "{e}"
        );
        let e = error("[[inject.domains]]\nname = \"r\"\npatterns = [\"(\"]\nfiles = [\"a.md\"]\n");
        assert!(
            e.starts_with("line 3: `inject.domains[0].patterns`: bad regex"),
            "{e}"
        );
        assert!(!e.contains('\n'), "{e}");
        let e = error("[[inject.domains]]\nname = \"r\"\nfiles = [\"../x.md\"]\n");
        assert!(e.contains("outside the repository"), "{e}");
        let e = error("[[inject.domains]]\nname = \"r\"\n");
        assert!(e.contains("has no files"), "{e}");
    }

    #[test]
    fn defaults() {
        let config = Config::parse("").expect("valid");
        assert_eq!(config.inject.budget(), super::DEFAULT_BUDGET);
        assert!(config.inject.domains.is_empty());
    }
}
