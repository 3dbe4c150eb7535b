//! One report struct per command; renderers turn a report into markdown, JSON, GitHub or SARIF.
//!
//! Renderers write to any `io::Write` and never decide anything: what to say is settled when the
//! report is built. JSON goes through wire types of its own with a `schema_version`, so the
//! output stays stable while the internals change.

pub mod ages;
pub mod audit;
pub mod batch;
pub mod check;
pub mod effect;
pub mod explain;
pub mod health;
pub mod learn;
pub mod lint;
pub mod plan;
pub mod split;
pub mod stale;

use serde::Serialize;

/// A commit reference as JSON shows it.
#[derive(Debug, Clone, Serialize)]
pub struct DatedJson {
    /// Full hex id.
    pub commit: String,
    /// `YYYY-MM-DD` in the commit's own offset.
    pub date: String,
    /// Active days since.
    pub age: usize,
}

impl From<&crate::project::analysis::Dated> for DatedJson {
    fn from(d: &crate::project::analysis::Dated) -> Self {
        DatedJson {
            commit: d.commit.clone(),
            date: d.date.to_string(),
            age: d.age,
        }
    }
}

/// The first fields of every JSON report about a learnings file.
#[derive(Debug, Clone, Serialize)]
pub struct FileHeader<'a> {
    /// Bumped when a field changes meaning or goes away.
    pub schema_version: u32,
    /// Repository-relative path.
    pub file: &'a str,
    /// Line count.
    pub lines: usize,
    /// History cut at a shallow boundary.
    pub shallow: bool,
}

impl<'a> FileHeader<'a> {
    /// Schema version 1 for `file`.
    pub fn v1(file: &'a str, lines: usize, shallow: bool) -> Self {
        FileHeader {
            schema_version: 1,
            file,
            lines,
            shallow,
        }
    }
}

/// The consolidation thresholds as JSON shows them (plan, batch).
#[derive(Debug, Clone, Serialize)]
pub struct ThresholdsJson {
    /// Size trigger in lines.
    pub size: usize,
    /// Staleness trigger in active days.
    pub staleness: usize,
    /// Eligible age in active days.
    pub freshness: usize,
    /// Smallest batch.
    pub min_batch: usize,
    /// Most recent entries kept.
    pub retention: usize,
}

impl From<&crate::policy::plan::Thresholds> for ThresholdsJson {
    fn from(t: &crate::policy::plan::Thresholds) -> Self {
        ThresholdsJson {
            size: t.size,
            staleness: t.staleness,
            freshness: t.freshness,
            min_batch: t.min_batch,
            retention: t.retention,
        }
    }
}

/// Writes `value` as one line of JSON.
pub fn write_json(out: &mut dyn std::io::Write, value: &impl Serialize) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out)
}

/// A code fence longer than any backtick run in `text`, so quoting it never ends early.
pub fn fence_for(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    "`".repeat(longest.max(2) + 1)
}

/// The first 8 characters of a commit id.
pub fn short(commit: &str) -> &str {
    commit.get(..8).unwrap_or(commit)
}
