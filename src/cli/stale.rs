//! `learnings stale [FILE]`: the CI report of learnings gone stale and overdue consolidations.
//!
//! A shallow clone is an error unless `--allow-shallow`: CI checks out one commit by default,
//! and ages cut at that boundary would report every entry as fresh, a silent false "all clear".

use super::args::PlanInput;
use super::context::{Context, EXIT_FINDINGS, EXIT_OK};
use crate::error::{Error, Result};
use crate::policy::size::SizePoint;
use crate::project::consolidations::Explain;
use crate::report::plan::PlanReport;
use crate::report::stale::{self, StaleReport};
use clap::ValueEnum;
use std::io::Write;
use std::path::Path;

/// Arguments of `learnings stale`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: PlanInput,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Exit with 1 when stale entries, or an overdue consolidation, are found (comma-separated).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "WHAT")]
    pub fail_on: Vec<FailOn>,
    /// Report on a shallow clone anyway (ages are cut at the shallow boundary).
    #[arg(long)]
    pub allow_shallow: bool,
}

/// Output formats of `stale`.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    /// A table for terminal logs.
    #[value(alias = "human")]
    Text,
    /// The same table: `stale` has one human form.
    Markdown,
    /// GitHub Actions annotations, and a job summary when GITHUB_STEP_SUMMARY is set.
    Github,
    /// Machine-readable, `schema_version` 1.
    Json,
    /// SARIF 2.1.0, for code scanning.
    Sarif,
}

/// What makes `stale` exit with 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// Any entry at or past the freshness age.
    Stale,
    /// `learnings plan` would consolidate.
    Overdue,
}

/// Loads, decides, renders; the exit code follows `--fail-on`.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let project = ctx.open(args.input.file.as_deref())?;
    super::context::refuse_shallow(&project, args.allow_shallow, "entry ages")?;
    let analysis = args.input.analyze(ctx, &project, Explain::Off)?;
    let thresholds = args.input.thresholds.apply(&project.config.consolidation);
    let report = StaleReport::new(PlanReport::new(&analysis, &thresholds), &analysis);
    match args.format {
        Format::Text | Format::Markdown => stale::text::render(&report, out)?,
        Format::Json => stale::json::render(&report, out)?,
        Format::Sarif => stale::sarif::render(&report, out)?,
        Format::Github => {
            stale::github::annotations(&report, out)?;
            if let Some(path) = std::env::var_os("GITHUB_STEP_SUMMARY").filter(|p| !p.is_empty()) {
                let history = crate::project::growth::judged_size_history(
                    &project.repo,
                    &report.file,
                    args.input.date.kind(),
                    &project.config.consolidation,
                )?;
                append_summary(&report, &history, &ctx.resolve(Path::new(&path)))?;
            }
        }
    }
    let failed = args.fail_on.iter().any(|f| match f {
        FailOn::Stale => !report.stale().is_empty(),
        FailOn::Overdue => report.overdue(),
    });
    Ok(if failed { EXIT_FINDINGS } else { EXIT_OK })
}

/// Appends the summary with one write: GitHub owns the file and concatenates what steps append.
fn append_summary(report: &StaleReport, history: &[SizePoint], path: &Path) -> Result<()> {
    let mut text = Vec::new();
    stale::github::summary(report, &mut text)?;
    stale::github::size_chart(&report.file, history, report.plan.thresholds.size, &mut text)?;
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(Error::io(path))?;
    file.write_all(&text).map_err(Error::io(path))?;
    Ok(())
}
