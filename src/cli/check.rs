//! `learnings check [--staged] [PATHS...]`: line limits of memory files, for pre-commit and
//! plain git hooks.
//!
//! With paths (as pre-commit passes the staged files), only those a rule governs are checked;
//! a folder stands for the tracked files under it. A path that no longer exists was deleted by
//! the commit and is skipped, an untracked one is new and is checked. Without paths, every
//! tracked file a rule governs is checked. A file that is not UTF-8 is counted all the same: a
//! line limit is about size, not about parsing.
//!
//! `--staged` is what a guard needs: it counts what the commit will record, read from the index,
//! not the working copy (which may have been trimmed after `git add`). Without paths it checks
//! every file the commit adds, copies, modifies or renames.

use super::args::Format;
use super::context::{Context, EXIT_FINDINGS, EXIT_OK};
use crate::error::{Error, Result};
use crate::model::count_lines;
use crate::policy::limits::Limits;
use crate::project::Project;
use crate::report::check::{self as render, CheckReport};
use std::io::Write;
use std::path::{Component, Path, PathBuf};

/// Arguments of `learnings check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Files to check; those no rule governs are ignored [default: every tracked file].
    pub paths: Vec<PathBuf>,
    /// Check the staged content (the index), not the working copy; without PATHS, every file
    /// the commit adds, copies, modifies or renames.
    #[arg(long)]
    pub staged: bool,
    /// Output format: `text` (one line per file over its limit, as pre-commit shows it; the
    /// same as `markdown`) or `json`.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Loads the rules, counts, renders; exits 1 when an error-level limit is exceeded.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    // The repository of the working directory; from outside any, the one of the first path.
    let (project, from_cwd) = match (ctx.open(None), args.paths.first()) {
        (Ok(project), _) => (project, true),
        (Err(e), Some(first)) => (ctx.open(Some(first)).map_err(|_| e)?, false),
        (Err(e), None) => return Err(e),
    };
    let report = build(ctx, &project, &args.paths, args.staged)?;
    match args.format {
        Format::Text | Format::Markdown => render::text(&report, out)?,
        Format::Json => render::json(&report, out)?,
    }
    // Lines that steer an agent beyond the project, in the files injected into its context.
    if from_cwd {
        for warning in crate::inject::safety::scan_project(
            project.repo.root(),
            &project.config.learnings,
            &project.config.inject,
        ) {
            ctx.warn(&warning)?;
        }
    }
    let errors = report.errors();
    if errors == 0 {
        return Ok(EXIT_OK);
    }
    // The violations first: pre-commit shows stdout and stderr merged.
    out.flush()?;
    let files = if errors == 1 { "file is" } else { "files are" };
    writeln!(
        ctx.stderr,
        "learnings: {errors} {files} over the line limit (learnings.toml [[limits]]): {}",
        advice(&report, &project.config.learnings)
    )?;
    Ok(EXIT_FINDINGS)
}

/// What to do before committing: a staging file of learnings is consolidated (its entries move to
/// the docs), any other file is split.
fn advice(report: &CheckReport, learnings: &std::path::Path) -> String {
    let staging = learnings.to_string_lossy().replace('\\', "/");
    let (ours, others): (Vec<_>, Vec<_>) = report
        .violations
        .iter()
        .filter(|v| v.is_error())
        .partition(|v| v.path == staging);
    let consolidate = format!(
        "consolidate {staging} before committing: `learnings plan` shows what goes, then run /remember in your agent"
    );
    let split = "split before committing (`learnings split-plan FILE` proposes where)";
    match (ours.is_empty(), others.is_empty()) {
        (false, true) => consolidate,
        (false, false) => {
            format!("{consolidate}; split the others (`learnings split-plan FILE` proposes where)")
        }
        _ => split.to_owned(),
    }
}

/// Checks `paths` (relative to the working directory) of `opened`, or every tracked file if there
/// are none; from the index when `staged`.
fn build(ctx: &mut Context<'_>, opened: &Project, paths: &[PathBuf], staged: bool) -> Result<CheckReport> {
    let root = opened.repo.root().to_path_buf();
    let limits = Limits::new(opened.config.limit_rules()).map_err(|message| Error::Config {
        path: root.join(crate::base::paths::CONFIG_FILE),
        message,
    })?;
    let mut given = Vec::with_capacity(paths.len());
    for path in paths {
        match inside(&root, &ctx.resolve(path)) {
            Some(path) => given.push(path),
            None => ctx.warn(&format!(
                "{}: outside the repository at {}; skipped",
                path.display(),
                root.display()
            ))?,
        }
    }
    let mut files = if staged {
        from_index(opened, &limits, &given)?
    } else {
        from_working_tree(opened, &given)?
    };
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files.dedup_by(|a, b| a.0 == b.0);
    let mut report = CheckReport::default();
    for (path, source) in files {
        if limits.rule_for(&path).is_none() {
            continue;
        }
        let bytes = match source {
            Source::Index(file) => opened.repo.staged_content(&file)?,
            Source::WorkingTree => {
                let absolute = root.join(&path);
                // Opening a FIFO would wait for a writer forever.
                if !absolute.is_dir() {
                    crate::project::input::refuse_special(&absolute)?;
                }
                match std::fs::read(&absolute) {
                    Ok(bytes) => bytes,
                    // Deleted by the commit being made, or a folder: nothing to count.
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound || absolute.is_dir() => continue,
                    Err(e) => return Err(Error::io(absolute)(e)),
                }
            }
        };
        // A byte-order mark is not text: counted as `learnings ages` counts the decoded file.
        let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
        report.checked += 1;
        report.violations.extend(limits.judge(&path, count_lines(text)));
    }
    Ok(report)
}

/// Where a checked file's content comes from.
enum Source {
    WorkingTree,
    Index(crate::history::Staged),
}

/// The staged files to check: those the commit changes, or those under the given paths (a
/// path names a file or the files under a folder). Only governed files are read from the index.
fn from_index(opened: &Project, limits: &Limits, given: &[PathBuf]) -> Result<Vec<(PathBuf, Source)>> {
    let staged = opened.repo.staged_files(|path| limits.rule_for(path).is_some())?;
    Ok(staged
        .into_iter()
        .filter(|file| match given {
            [] => file.changed,
            given => given.iter().any(|g| file.path.starts_with(g)),
        })
        .map(|file| (file.path.clone(), Source::Index(file)))
        .collect())
}

/// The working-tree files to check: every tracked one, or the given paths, a folder standing
/// for the tracked files under it.
fn from_working_tree(opened: &Project, given: &[PathBuf]) -> Result<Vec<(PathBuf, Source)>> {
    let root = opened.repo.root();
    let (folders, files): (Vec<&PathBuf>, Vec<&PathBuf>) =
        given.iter().partition(|path| root.join(path).is_dir());
    let mut out: Vec<(PathBuf, Source)> = files
        .into_iter()
        .map(|path| (path.clone(), Source::WorkingTree))
        .collect();
    if given.is_empty() || !folders.is_empty() {
        let tracked = opened.repo.tracked_files()?;
        out.extend(
            tracked
                .into_iter()
                .filter(|path| given.is_empty() || folders.iter().any(|f| path.starts_with(f)))
                .map(|path| (path, Source::WorkingTree)),
        );
    }
    Ok(out)
}

/// `path` relative to `root`, or `None` outside it. The file need not exist (pre-commit passes
/// deleted paths too), so the nearest folder above it that exists is resolved through symlinks,
/// as the root was.
fn inside(root: &Path, path: &Path) -> Option<PathBuf> {
    let path = lexical(path);
    let resolved = path
        .ancestors()
        .skip(1)
        .find_map(|dir| {
            let real = dir.canonicalize().ok()?;
            Some(real.join(path.strip_prefix(dir).ok()?))
        })
        .unwrap_or(path);
    resolved.strip_prefix(root).ok().map(Path::to_path_buf)
}

/// Removes `.` and resolves `..` without touching the file system.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}
