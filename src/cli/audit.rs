//! `learnings audit REV | A..B | --since REV`: prove that a consolidation lost nothing.

use super::args::Format;
use super::context::{Context, EXIT_FINDINGS, EXIT_OK};
use crate::config::CONSOLIDATION_REPORT;
use crate::error::{Error, Result};
use crate::project::audit::{self, End};
use crate::report::audit::{self as render, AuditReport};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `learnings audit`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The commit to audit (REV: from its first parent to it), or a range (A..B), then the
    /// learnings file [default: from learnings.toml, else agents/learnings.md]. With --since,
    /// only the file.
    #[arg(value_name = "REV|A..B", num_args = 0..=2)]
    pub targets: Vec<String>,
    /// Audit the working tree against REV, the commit before the consolidation (a hash, branch,
    /// tag or `HEAD~N`).
    #[arg(long, value_name = "REV")]
    pub since: Option<String>,
    /// The remember-task agent's report, relative to the repository root (read from the working
    /// tree with --since, from the audited commit otherwise).
    #[arg(long, value_name = "PATH", default_value = CONSOLIDATION_REPORT)]
    pub report: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Markdown)]
    pub format: Format,
}

/// Audits the span; exit 1 when an entry is unaccounted for.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let (span, file) = match (&args.since, args.targets.as_slice()) {
        (Some(since), []) => (Span::Since(since.clone()), None),
        (Some(since), [file]) => (Span::Since(since.clone()), Some(file.clone())),
        (None, [span]) => (Span::parse(span), None),
        (None, [span, file]) => (Span::parse(span), Some(file.clone())),
        (Some(_), _) => {
            return Err(Error::Usage(
                "with --since, pass at most the learnings file; or audit a commit: `learnings audit REV [FILE]`".into(),
            ));
        }
        (None, _) => {
            return Err(Error::Usage(
                "pass what to audit: a commit (`learnings audit HEAD`), a range (`A..B`), or `--since REV` for the working tree".into(),
            ));
        }
    };
    let project = ctx.open(file.as_deref().map(Path::new))?;
    let repo = &project.repo;
    let (start, end, since, words) = match &span {
        Span::Since(rev) => (
            repo.resolve(rev)?,
            End::WorkingTree,
            rev.clone(),
            format!("since {rev}"),
        ),
        Span::Commit(rev) => {
            let commit = repo.resolve(rev)?;
            let parent = repo.first_parent(commit)?.ok_or_else(|| {
                Error::Usage(format!(
                    "{rev}: has no parent here (the first commit, or a shallow boundary); audit a range A..B instead"
                ))
            })?;
            (
                parent,
                End::Commit(commit),
                format!("{rev}^"),
                format!("in {rev}"),
            )
        }
        Span::Range(a, b) => (
            repo.resolve(a)?,
            End::Commit(repo.resolve(b)?),
            a.clone(),
            format!("in {a}..{b}"),
        ),
    };
    let path = repo
        .relative_path(&project.file)
        .ok_or_else(|| Error::Usage(format!("{}: is outside the repository", project.file.display())))?;
    let report_path = args.report.to_string_lossy().replace('\\', "/");
    let (entries, warnings) = audit::audit(&project, start, end, &report_path)?;
    let report = AuditReport {
        file: path,
        since,
        span: words,
        since_commit: start.to_string(),
        report: report_path,
        entries,
        warnings,
    };
    match args.format {
        Format::Text | Format::Markdown => render::markdown(&report, out)?,
        Format::Json => render::json(&report, out)?,
    }
    Ok(if report.unaccounted() > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    })
}

/// What to audit.
enum Span {
    /// The working tree against a revision.
    Since(String),
    /// One commit, against its first parent.
    Commit(String),
    /// A range of history.
    Range(String, String),
}

impl Span {
    fn parse(text: &str) -> Span {
        match text.split_once("..") {
            Some((a, b)) if !a.is_empty() && !b.is_empty() && !b.starts_with('.') => {
                Span::Range(a.to_owned(), b.to_owned())
            }
            _ => Span::Commit(text.to_owned()),
        }
    }
}
