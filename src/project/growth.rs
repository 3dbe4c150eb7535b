//! Loading what the health report shows beyond [`crate::project::analysis`]: the size history of the
//! learnings file, and the permanent docs nearest their line limits.
//!
//! The size history walks the whole first-parent chain, while the analysis walks it only back
//! to the last consolidation; the two read the same object store, so they run side by side.

use crate::error::{Error, Result};
use crate::history::{DateKind, Repository};
use crate::model::count_lines;
use crate::model::lossy;
use crate::policy::limits::Limits;
use crate::policy::size::{self, SizePoint};
use crate::project::analysis::{self, Analysis};
use crate::project::consolidations::{Explain, Judged, Judging, last_consolidation};
use std::path::Path;

/// The line count of `path` (repository-relative) at every first-parent commit from HEAD that
/// changed it, oldest first, with the entries each consolidation removed.
pub fn size_history(
    repo: &Repository,
    path: &str,
    kind: DateKind,
    structure: &crate::model::Structure,
) -> Result<Vec<SizePoint>> {
    let head = repo.head()?;
    let versions = repo.file_versions(head, path, kind, |before, after| {
        size::measure(before, after, structure)
    })?;
    Ok(versions
        .into_iter()
        .map(|v| SizePoint {
            commit: v.commit.id,
            date: v.commit.date,
            lines: v.measure.lines,
            removed: v.measure.removed,
        })
        .collect())
}

/// [`analysis::analyze`] and [`size_history`] of the same file, read in parallel.
pub fn analyze_with_history(
    repo: &Repository,
    file: &Path,
    kind: DateKind,
    judging: &Judging,
    cache: crate::project::cache::Use,
) -> Result<(Analysis, Vec<SizePoint>)> {
    let relative = repo.relative_path(file);
    // The size history reads every version: a file too large is refused before it starts.
    if let Some(relative) = &relative {
        analysis::refuse_too_large(repo, repo.head()?, file, relative)?;
    }
    std::thread::scope(|scope| {
        let side_repo = repo.clone();
        let side = scope.spawn(move || match relative {
            Some(relative) => size_history(&side_repo, &relative, kind, &judging.structure),
            None => Ok(Vec::new()),
        });
        let analysis = analysis::analyze(repo, file, kind, judging, cache);
        let history = side
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        let (analysis, mut history) = (analysis?, history?);
        agree_with_judgements(&mut history, &analysis.judged);
        Ok((analysis, history))
    })
}

/// [`size_history`] with the consolidations the judge finds, as the report marks them: what
/// the job summary of `stale --format github` charts.
pub fn judged_size_history(
    repo: &Repository,
    path: &str,
    kind: DateKind,
    thresholds: &crate::policy::plan::Thresholds,
) -> Result<Vec<SizePoint>> {
    let judging = Judging::new(thresholds, Explain::Verdicts)?;
    let mut history = size_history(repo, path, kind, &judging.structure)?;
    let head = repo.head()?;
    if let Some(text) = repo.file_at(head, path)? {
        let (_, judged) = last_consolidation(repo, head, path, kind, &lossy(&text), &judging)?;
        agree_with_judgements(&mut history, &judged);
    }
    Ok(history)
}

/// Marks as consolidations the versions the judge found to be ones (with the entries that left
/// for good), and no others, so the chart, the job summary and `ages` agree. The judge sees
/// every version that removed a title (its measure of a removal is the wider one), so a version
/// it did not judge removed nothing.
fn agree_with_judgements(history: &mut [SizePoint], judged: &[Judged]) {
    let judged: std::collections::HashMap<&str, &Judged> =
        judged.iter().map(|j| (j.commit.id.as_str(), j)).collect();
    for point in history {
        point.removed = match judged.get(point.commit.as_str()) {
            Some(judged) if judged.judgement.consolidation => judged
                .judgement
                .fates
                .iter()
                .filter(|f| f.went.for_good())
                .map(|f| f.title.clone())
                .collect(),
            _ => Vec::new(),
        };
    }
}

/// A file under a line limit, with its count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocSize {
    /// Repository-relative path, `/`-separated.
    pub path: String,
    /// Its line count in the working tree.
    pub lines: usize,
    /// The limit of the rule that governs it.
    pub max_lines: usize,
}

impl DocSize {
    /// How full the file is, in per mille of its limit (no floats: the order is exact).
    pub fn per_mille(&self) -> usize {
        self.lines.saturating_mul(1000) / self.max_lines.max(1)
    }
}

/// The tracked files a limit governs (except `skip`, the learnings file), fullest first, at
/// most `n`. Files that are gone from the working tree are left out.
pub fn docs_near_limits(repo: &Repository, limits: &Limits, skip: &str, n: usize) -> Result<Vec<DocSize>> {
    let root = repo.root();
    let mut docs = Vec::new();
    for path in repo.tracked_files()? {
        let Some(rule) = limits.rule_for(&path) else {
            continue;
        };
        let name = path.to_string_lossy().replace('\\', "/");
        if name == skip {
            continue;
        }
        let absolute = root.join(&path);
        let bytes = match std::fs::read(&absolute) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound || absolute.is_dir() => continue,
            Err(e) => return Err(Error::io(absolute)(e)),
        };
        let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
        docs.push(DocSize {
            path: name,
            lines: count_lines(text),
            max_lines: rule.max_lines,
        });
    }
    docs.sort_by(|a, b| b.per_mille().cmp(&a.per_mille()).then(a.path.cmp(&b.path)));
    docs.truncate(n);
    Ok(docs)
}
