//! The `ages` report: the original `learning-ages.py` markdown, its one-line summary, and JSON.

use super::{DatedJson, FileHeader, short, write_json};
use crate::base::words::count;
use crate::policy::{self, EntryAge};
use crate::project::analysis::{Analysis, Dated};
use crate::project::consolidations::Judged;
use serde::Serialize;
use std::io::{self, Write};

/// What `learnings ages` reports.
#[derive(Debug, Clone)]
pub struct AgesReport {
    /// Repository-relative path.
    pub file: String,
    /// Line count of the file.
    pub lines: usize,
    /// History cut at a shallow boundary.
    pub shallow: bool,
    /// Which date of a commit counts: "author" or "committer".
    pub date_kind: &'static str,
    /// The age from which an entry counts as proven.
    pub freshness: usize,
    /// The newest consolidation.
    pub last_consolidation: Option<Dated>,
    /// The commit that created the file, when no consolidation was found.
    pub created: Option<Dated>,
    /// Entries in file order.
    pub entries: Vec<EntryAge>,
    /// With `--explain`: the commits that removed a title, judged.
    pub explain: Option<Vec<Judged>>,
    /// Which headings were read as entries, in words.
    pub structure: String,
}

impl AgesReport {
    /// Builds the report from an analysis.
    pub fn new(analysis: &Analysis, freshness: usize, date_kind: &'static str) -> Self {
        AgesReport {
            file: analysis.path.clone(),
            lines: analysis.file.lines,
            shallow: analysis.shallow,
            date_kind,
            freshness,
            last_consolidation: analysis.last_consolidation.clone(),
            created: analysis.created.clone(),
            entries: analysis.entries.clone(),
            explain: None,
            structure: analysis.file.shape.describe(),
        }
    }

    fn proven(&self) -> usize {
        self.entries.iter().filter(|e| e.age >= self.freshness).count()
    }
}

/// The original markdown report (seed 003, D-2), oldest entries first.
pub fn markdown(report: &AgesReport, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "# Learning Ages Report")?;
    writeln!(out)?;
    writeln!(out, "**File lines:** {}", report.lines)?;
    match (&report.last_consolidation, &report.created) {
        (Some(c), _) => writeln!(out, "**Last consolidation:** {} ago", count(c.age, "active day"))?,
        (None, created) => {
            writeln!(
                out,
                "**Last consolidation:** N/A (no prior consolidation detected)"
            )?;
            if let Some(c) = created {
                writeln!(
                    out,
                    "**File created:** {} ago ({}, {})",
                    count(c.age, "active day"),
                    c.date,
                    short(&c.commit)
                )?;
            }
        }
    }
    writeln!(out, "**Total entries:** {}", report.entries.len())?;
    writeln!(
        out,
        "**Entries ≥{}:** {}",
        count(report.freshness, "active day"),
        report.proven()
    )?;
    writeln!(out)?;
    writeln!(out, "## Entries by Age")?;
    writeln!(out)?;
    for entry in policy::oldest_first(&report.entries) {
        match entry.added {
            // Added at a shallow boundary: the entry may be older than the clone can tell.
            Some(date) if entry.at_least => writeln!(
                out,
                "- **≥{}**: {} (added on or before {date})",
                count(entry.age, "day"),
                entry.title
            )?,
            Some(date) => writeln!(
                out,
                "- **{}**: {} (added {date})",
                count(entry.age, "day"),
                entry.title
            )?,
            None => writeln!(out, "- **0 days**: {} (uncommitted)", entry.title)?,
        }
    }
    if let Some(judged) = &report.explain {
        let entries: Vec<&crate::policy::EntryAge> = report.entries.iter().collect();
        super::explain::markdown(&report.structure, judged, &entries, out)?;
    }
    Ok(())
}

/// The original one-line summary, for hooks.
pub fn summary(report: &AgesReport, out: &mut dyn Write) -> io::Result<()> {
    let consolidation = match &report.last_consolidation {
        Some(c) => format!("consolidation {}d ago", c.age),
        None => "no prior consolidation".to_owned(),
    };
    writeln!(
        out,
        "{} ({} ≥{}, {consolidation})",
        count(report.entries.len(), "entry"),
        report.proven(),
        count(report.freshness, "day")
    )
}

#[derive(Serialize)]
struct Json<'a> {
    #[serde(flatten)]
    header: FileHeader<'a>,
    date_kind: &'a str,
    last_consolidation: Option<DatedJson>,
    created: Option<DatedJson>,
    entries: Vec<EntryJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<Vec<super::explain::JudgedJson<'a>>>,
}

/// One entry as JSON shows it (also used by other reports).
#[derive(Debug, Serialize)]
pub struct EntryJson<'a> {
    /// Heading title.
    pub title: &'a str,
    /// 1-based heading line.
    pub line: usize,
    /// 1-based last line.
    pub end_line: usize,
    /// `YYYY-MM-DD` or null.
    pub added: Option<String>,
    /// Full hex id or null.
    pub commit: Option<&'a str>,
    /// Active days.
    pub age: usize,
    /// Only in the working tree.
    pub uncommitted: bool,
    /// Added at a shallow boundary: `added` and `age` are minimums (present only then).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub at_least: bool,
}

impl<'a> From<&'a EntryAge> for EntryJson<'a> {
    fn from(e: &'a EntryAge) -> Self {
        EntryJson {
            title: &e.title,
            line: e.line,
            end_line: e.end_line,
            added: e.added.map(|d| d.to_string()),
            commit: e.commit.as_deref(),
            age: e.age,
            uncommitted: e.uncommitted(),
            at_least: e.at_least,
        }
    }
}

/// JSON, `schema_version` 1, entries in file order.
pub fn json(report: &AgesReport, out: &mut dyn Write) -> io::Result<()> {
    write_json(
        out,
        &Json {
            header: FileHeader::v1(&report.file, report.lines, report.shallow),
            date_kind: report.date_kind,
            last_consolidation: report.last_consolidation.as_ref().map(DatedJson::from),
            created: report.created.as_ref().map(DatedJson::from),
            entries: report.entries.iter().map(EntryJson::from).collect(),
            explain: report.explain.as_deref().map(super::explain::json),
        },
    )
}
