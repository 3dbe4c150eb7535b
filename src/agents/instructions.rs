//! `agent instructions`: what a LearningAgent knows, assembled when the agent starts.
//!
//! Core knowledge goes in whole; topics only as an index (file and `name` from the frontmatter)
//! and learnings only as a folder, so the prompt stays focused and the agent reads the details
//! it needs. One binary call replaces the shell loops of the original design, which needed a
//! POSIX shell, `awk`, and a working directory at the project root.

use super::{AGENTS_DIR, Error, Result, existing_agent_dir};
use std::fmt::Write as _;
use std::path::Path;

/// The three steps of the learning cycle that read a per-agent guideline file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guideline {
    /// `issue_identification.md`, for the `identify` step.
    Identification,
    /// `issue_investigation.md`, for the `investigate-issues` step.
    Investigation,
    /// `learning_from_issues.md`, for the `incorporate-learnings` step.
    Learning,
}

impl Guideline {
    /// The guideline's file name.
    pub fn file_name(self) -> &'static str {
        match self {
            Guideline::Identification => "issue_identification.md",
            Guideline::Investigation => "issue_investigation.md",
            Guideline::Learning => "learning_from_issues.md",
        }
    }
}

/// The agent's prompt: core knowledge, topic index, learnings pointer.
pub fn render(root: &Path, name: &str) -> Result<String> {
    let dir = existing_agent_dir(root, name)?;
    let rel = format!("{AGENTS_DIR}/{name}");
    let core_path = dir.join("core-knowledge.md");
    let core = std::fs::read(&core_path).map_err(Error::io(&core_path))?;
    let mut text = String::from("# Core Knowledge\n\n");
    text.push_str(String::from_utf8_lossy(&core).trim_end());
    text.push_str("\n\n# Topics\n\n");
    let _ = writeln!(text, "Located in `{rel}/topics/`.\n");
    let topics = topic_index(&dir.join("topics"))?;
    if topics.is_empty() {
        text.push_str("No topics yet.\n");
    }
    // Writing to a String cannot fail.
    for (file, title) in topics {
        let _ = match title {
            Some(title) => writeln!(text, "- {file}: {title}"),
            None => writeln!(text, "- {file}"),
        };
    }
    let _ = write!(
        text,
        "\n# Learnings\n\nLearnings are post-mortems of past sessions of this agent: a mistake, its root \
         cause, and the insight that avoids it. Review the ones relevant to your task before you start, \
         so you do not repeat them. Located in `{rel}/learnings/`.\n"
    );
    Ok(text)
}

/// The agent's guideline for one step of the cycle (empty when the file is empty or missing).
pub fn guideline(root: &Path, name: &str, which: Guideline) -> Result<String> {
    let path = existing_agent_dir(root, name)?
        .join("additional_learning_guidelines")
        .join(which.file_name());
    match std::fs::read(&path) {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(String::new()),
        Err(e) => Err(Error::io(path)(e)),
    }
}

/// `(file name, frontmatter name)` of each `*.md` topic, by file name.
fn topic_index(dir: &Path) -> Result<Vec<(String, Option<String>)>> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::io(dir)(e)),
    };
    let mut topics = Vec::new();
    for entry in entries {
        let entry = entry.map_err(Error::io(dir))?;
        let file = entry.file_name().to_string_lossy().into_owned();
        if !file.ends_with(".md") || !entry.path().is_file() {
            continue;
        }
        let text = std::fs::read(entry.path()).map_err(Error::io(entry.path()))?;
        topics.push((file, frontmatter_name(&String::from_utf8_lossy(&text))));
    }
    topics.sort();
    Ok(topics)
}

/// The `name:` of a `---` frontmatter block at the top of `text`, quotes removed.
pub fn frontmatter_name(text: &str) -> Option<String> {
    let mut lines = text.lines();
    if lines.next()?.trim_end() != "---" {
        return None;
    }
    for line in lines {
        if line.trim_end() == "---" {
            return None;
        }
        if let Some(value) = line.strip_prefix("name:") {
            let value = value.trim();
            let unquoted = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .or_else(|| value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
                .unwrap_or(value);
            return (!unquoted.is_empty()).then(|| unquoted.to_owned());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::frontmatter_name;

    #[test]
    fn frontmatter_names() {
        assert_eq!(
            frontmatter_name("---\nname: Retries\n---\nbody"),
            Some("Retries".into())
        );
        assert_eq!(
            frontmatter_name("---\nx: 1\nname: \"Quoted\"\n---\n"),
            Some("Quoted".into())
        );
        assert_eq!(frontmatter_name("---\nx: 1\n---\nname: body\n"), None);
        assert_eq!(frontmatter_name("name: no frontmatter\n"), None);
        assert_eq!(frontmatter_name(""), None);
    }
}
