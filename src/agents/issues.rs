//! Issue files of the learning cycle: `<kebab-name>.issue.yml` in a session log folder.
//!
//! The skills change them only through `learnings issue`, never by editing YAML: a model that
//! hand-edits YAML breaks indentation, drops fields or moves a status backwards. Statuses only
//! move forward (identified → investigated → learned), and an issue cannot count as understood
//! without its investigation report. Unknown fields a person added are kept on rewrite.

use super::{Error, Result};
use crate::base::fs;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The file name ending of issue files.
pub const SUFFIX: &str = ".issue.yml";

/// Where an issue stands in the cycle; the order is the only allowed direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Observed, not researched yet.
    Identified,
    /// Root cause understood and written down.
    Investigated,
    /// Folded back into the agent's knowledge.
    Learned,
}

impl Status {
    /// The status as written in the file.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Identified => "identified",
            Status::Investigated => "investigated",
            Status::Learned => "learned",
        }
    }
}

/// One issue file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Issue {
    /// Where the issue stands.
    pub status: Status,
    /// When the problem showed in the transcript (ISO 8601), not where its cause lies.
    #[serde(default)]
    pub seen_at_timestamps: Vec<String>,
    /// What went wrong, not why.
    #[serde(default)]
    pub issue_description: String,
    /// Why it went wrong, with transcript evidence; absent until investigated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub investigation_report: Option<String>,
    /// Fields this tool does not know, kept as they were.
    #[serde(flatten)]
    pub other: BTreeMap<String, serde_norway::Value>,
}

/// An issue file found in a folder; a file that does not parse is listed with the reason.
#[derive(Debug)]
pub struct Listed {
    /// The file.
    pub path: PathBuf,
    /// Its content, or why it could not be read.
    pub issue: Result<Issue, String>,
}

/// Checks an issue name: 1 to 8 dash-separated words of lower-case letters and digits.
pub fn validate_name(name: &str) -> Result<()> {
    let words: Vec<&str> = name.split('-').collect();
    let word_ok = |w: &&str| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if name.len() <= 100 && words.len() <= 8 && words.iter().all(word_ok) {
        return Ok(());
    }
    Err(Error::InvalidName {
        what: "issue name",
        name: name.to_owned(),
        reason: "use a few dash-separated lower-case words, e.g. `wrong-retry-strategy`".into(),
    })
}

/// Checks an ISO 8601 / RFC 3339 timestamp such as `2025-01-15T14:32:00Z`.
pub fn validate_timestamp(timestamp: &str) -> Result<()> {
    chrono::DateTime::parse_from_rfc3339(timestamp)
        .map(|_| ())
        .map_err(|e| Error::InvalidName {
            what: "timestamp",
            name: timestamp.to_owned(),
            reason: format!("{e}; write it like 2025-01-15T14:32:00Z"),
        })
}

/// Creates `<name>.issue.yml` in the session log `dir` with status `identified`; returns its path.
pub fn report(dir: &Path, name: &str, description: &str, seen_at: &[String]) -> Result<PathBuf> {
    validate_name(name)?;
    for timestamp in seen_at {
        validate_timestamp(timestamp)?;
    }
    if description.trim().is_empty() {
        return Err(Error::InvalidName {
            what: "issue description",
            name: String::new(),
            reason: "it is empty; say what went wrong".into(),
        });
    }
    let path = dir.join(format!("{name}{SUFFIX}"));
    let issue = Issue {
        status: Status::Identified,
        seen_at_timestamps: seen_at.to_vec(),
        issue_description: ensure_newline(description),
        investigation_report: None,
        other: BTreeMap::new(),
    };
    if !fs::write_new(&path, to_yaml(&path, &issue)?.as_bytes())? {
        return Err(Error::Issue {
            path,
            message: "already exists; pick another name, or add to that issue".into(),
        });
    }
    Ok(path)
}

/// Reads an issue file.
pub fn load(path: &Path) -> Result<Issue> {
    let text = std::fs::read_to_string(path).map_err(Error::io(path))?;
    serde_norway::from_str(&text).map_err(|e| Error::Issue {
        path: path.to_path_buf(),
        message: format!("not a valid issue file: {e}"),
    })
}

/// The issue files of one session log folder, by file name.
pub fn list(dir: &Path) -> Result<Vec<Listed>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(Error::io(dir))?
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().ends_with(SUFFIX))
        .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_file()))
        .map(|entry| entry.path())
        .collect();
    paths.sort();
    Ok(paths
        .into_iter()
        .map(|path| {
            let issue = load(&path).map_err(|e| e.to_string());
            Listed { path, issue }
        })
        .collect())
}

/// Moves the issue at `path` to `to`, setting its investigation report if one is given.
/// Returns the status it had. Refuses to move backwards, and to reach `investigated` or
/// `learned` without a report.
pub fn set_status(path: &Path, to: Status, report: Option<&str>) -> Result<Status> {
    let mut issue = load(path)?;
    let from = issue.status;
    let refuse = |message: String| Error::Issue {
        path: path.to_path_buf(),
        message,
    };
    if to < from {
        return Err(refuse(format!(
            "cannot move back from `{}` to `{}`: statuses only move forward (identified → investigated → learned)",
            from.as_str(),
            to.as_str()
        )));
    }
    if let Some(report) = report {
        if report.trim().is_empty() {
            return Err(refuse("the investigation report is empty".into()));
        }
        issue.investigation_report = Some(ensure_newline(report));
    }
    let has_report = issue
        .investigation_report
        .as_deref()
        .is_some_and(|r| !r.trim().is_empty());
    if to >= Status::Investigated && !has_report {
        return Err(refuse(format!(
            "cannot move to `{}` without an investigation report; pass --report",
            to.as_str()
        )));
    }
    issue.status = to;
    fs::write_atomic(path, to_yaml(path, &issue)?.as_bytes())?;
    Ok(from)
}

fn to_yaml(path: &Path, issue: &Issue) -> Result<String> {
    serde_norway::to_string(issue).map_err(|e| Error::Issue {
        path: path.to_path_buf(),
        message: format!("cannot write YAML: {e}"),
    })
}

/// Multi-line text with a final newline, so YAML keeps it as a clean `|` block.
fn ensure_newline(text: &str) -> String {
    let trimmed = text.trim_end();
    format!("{trimmed}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_timestamps() {
        assert!(validate_name("wrong-retry-strategy").is_ok());
        for bad in ["", "Wrong", "a--b", "-a", "a/b", "a.b", "a_b"] {
            assert!(validate_name(bad).is_err(), "{bad}");
        }
        assert!(validate_timestamp("2025-01-15T14:32:00Z").is_ok());
        assert!(validate_timestamp("2025-01-15T14:32:00.123+02:00").is_ok());
        assert!(validate_timestamp("yesterday").is_err());
    }

    #[test]
    fn yaml_round_trip_keeps_unknown_fields() {
        let text = "status: investigated\nseen_at_timestamps:\n- '2025-01-15T14:32:00Z'\n\
                    issue_description: |\n  It retried forever.\n  Twice.\ninvestigation_report: x\nowner: ana\n";
        let issue: Issue = serde_norway::from_str(text).expect("parse");
        assert_eq!(issue.status, Status::Investigated);
        assert_eq!(issue.issue_description, "It retried forever.\nTwice.\n");
        let again: Issue =
            serde_norway::from_str(&serde_norway::to_string(&issue).expect("write")).expect("parse");
        assert_eq!(again, issue);
        assert!(again.other.contains_key("owner"));
    }
}
