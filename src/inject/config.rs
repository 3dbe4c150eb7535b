//! The `[inject]` table of `learnings.toml`: the budget, the files every session gets, and the
//! knowledge domains.
//!
//! Values keep their place in the file (`toml::Spanned`), so that every error names the key, the
//! line and the reason: a budget out of range, an empty keyword, a bad regex or glob, a file
//! outside the repository. Whether the files exist is checked against the project root
//! ([`InjectConfig::missing_files`]), because parsing sees text only.

use crate::base::settings::{Node, Reader, Source, messages};
use serde::Deserialize;
use std::path::{Component, Path};
use toml::Spanned;
use toml::de::DeValue;

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

/// The valid part of `[inject]` (`node`): a bad value is left out, a domain that cannot work
/// (no name, a name used twice, no files) is left out whole; each is reported to `reader` as
/// `` `inject.KEY`: reason ``.
pub fn read(reader: &mut Reader<'_>, node: &Node<'_>) -> InjectConfig {
    let mut config = InjectConfig::default();
    let DeValue::Table(table) = node.get_ref() else {
        reader.report(SECTION, node.span().start, "[inject]: expected a table".into());
        return config;
    };
    for (key, value) in table.iter() {
        match key.get_ref().as_ref() {
            "budget" => config.budget = budget(reader, value),
            "always" => {
                let files = reader.rule::<Vec<Spanned<String>>>(SECTION, "`inject.always`", value);
                for file in files.unwrap_or_default() {
                    match check_file(file.get_ref()) {
                        Ok(()) => config.always.push(file),
                        Err(why) => {
                            reader.report(SECTION, file.span().start, format!("`inject.always`: {why}"))
                        }
                    }
                }
            }
            "domains" => {
                let mut names = std::collections::BTreeSet::new();
                for (i, item) in reader
                    .array(SECTION, "inject.domains", value)
                    .into_iter()
                    .enumerate()
                {
                    let Some(domain) = reader.rule::<DomainConfig>(SECTION, "[[inject.domains]]", item)
                    else {
                        continue;
                    };
                    if let Some(domain) = domain_checked(reader, i, domain, &mut names) {
                        config.domains.push(domain);
                    }
                }
            }
            other => {
                let message = messages::unknown_key(other, "[inject]", &["budget", "always", "domains"]);
                reader.report(SECTION, key.span().start, message);
            }
        }
    }
    config
}

const SECTION: &str = "inject";

/// The valid part of `[inject]` in `learnings.toml` at `root` (the default when there is none
/// or it cannot be read), for the file-tool hook: only `[inject]` is read, so the `[enforce]`
/// rules' regexes cost a file read nothing. The problems are SessionStart's to tell.
pub fn load(root: &Path) -> InjectConfig {
    let Ok(text) = crate::base::fs::read_config(&root.join(crate::base::paths::CONFIG_FILE)) else {
        return InjectConfig::default();
    };
    let source = Source::new(&text);
    let (mut reader, table) = Reader::parse(&source, &[SECTION]);
    match table.iter().find(|(key, _)| key.get_ref().as_ref() == SECTION) {
        Some((_, node)) => read(&mut reader, node),
        None => InjectConfig::default(),
    }
}

/// The budget if it is a number in range.
fn budget(reader: &mut Reader<'_>, node: &Node<'_>) -> Option<Spanned<i64>> {
    let budget = reader.rule::<Spanned<i64>>(SECTION, "`inject.budget`", node)?;
    let value = *budget.get_ref();
    if (MIN_BUDGET as i64..=MAX_BUDGET as i64).contains(&value) {
        return Some(budget);
    }
    reader.report(
        SECTION,
        budget.span().start,
        format!(
            "`inject.budget`: {value} is out of range: use {MIN_BUDGET} to {MAX_BUDGET} characters (Claude Code cuts hook text at 10,000); {DEFAULT_BUDGET} is used"
        ),
    );
    None
}

/// `domain` (the `i`th) without its bad values, or nothing when it cannot work.
fn domain_checked(
    reader: &mut Reader<'_>,
    i: usize,
    mut domain: DomainConfig,
    names: &mut std::collections::BTreeSet<String>,
) -> Option<DomainConfig> {
    let key = |k: &str| format!("`inject.domains[{i}].{k}`");
    let report = |reader: &mut Reader<'_>, at: usize, k: &str, why: String| {
        reader.report(SECTION, at, format!("{}: {why}", key(k)));
    };
    let name = domain.name.get_ref().trim().to_owned();
    if name.is_empty() {
        report(
            reader,
            domain.name.span().start,
            "name",
            "empty name; the domain is off".into(),
        );
        return None;
    }
    if !names.insert(name.clone()) {
        let why = format!("`{name}` is defined twice; the second is off");
        report(reader, domain.name.span().start, "name", why);
        return None;
    }
    domain.keywords.retain(|k| {
        let ok = !k.get_ref().trim().is_empty();
        if !ok {
            report(reader, k.span().start, "keywords", "empty keyword".into());
        }
        ok
    });
    domain
        .patterns
        .retain(|p| match regex::RegexBuilder::new(p.get_ref()).build() {
            Ok(_) => true,
            Err(e) => {
                let why = format!("bad regex: {}", e.to_string().replace('\n', " "));
                report(reader, p.span().start, "patterns", why);
                false
            }
        });
    domain
        .paths
        .retain(|g| match crate::base::glob::check(g.get_ref(), "paths") {
            Ok(_) => true,
            Err(why) => {
                report(reader, g.span().start, "paths", why);
                false
            }
        });
    domain.files.retain(|f| {
        let checked = check_file(f.get_ref()).and_then(|()| match super::files::is_glob(f.get_ref()) {
            true => crate::base::glob::check(f.get_ref(), "files"),
            false => Ok(()),
        });
        match checked {
            Ok(()) => true,
            Err(why) => {
                report(reader, f.span().start, "files", why);
                false
            }
        }
    });
    if domain.files.is_empty() {
        let why = format!("domain `{name}` has no files to inject; it is off");
        report(reader, domain.name.span().start, "files", why);
        return None;
    }
    Some(domain)
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
        let (_, problems) = Config::read_text("[[inject.domains]]\nname = \"r\"\nfiles = [\"../x.md\"]\n");
        assert!(
            problems[1].message.contains("outside the repository"),
            "{problems:?}"
        );
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
