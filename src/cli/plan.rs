//! `learnings plan [FILE]`: is consolidation due, and which entries go.

use super::thresholds::PlanInput;
use super::{Context, EXIT_OK};
use crate::analysis;
use crate::error::Result;
use crate::policy::plan::{Decision, plan};
use crate::report::plan::{self as render, PlanReport};
use clap::ValueEnum;
use std::io::Write;

/// Exit code of `plan --exit-code` when consolidation is due.
pub const EXIT_CONSOLIDATE: u8 = 10;

/// Arguments of `learnings plan`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: PlanInput,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Markdown)]
    pub format: Format,
    /// Exit with 10 when the decision is "consolidate" (0 otherwise), for shell scripts.
    #[arg(long)]
    pub exit_code: bool,
}

/// Output formats of `plan`.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    /// For people and agents.
    Markdown,
    /// Machine-readable, `schema_version` 1.
    Json,
}

/// Builds the plan report for a file (shared with `batch` and `stale`).
pub fn build(
    ctx: &mut Context<'_>,
    input: &PlanInput,
) -> Result<(PlanReport, analysis::Analysis, crate::config::Config)> {
    let opened = ctx.open(input.file.as_deref())?;
    let analysis = analysis::analyze(&opened.repo, &opened.file, input.date.kind())?;
    for warning in &analysis.warnings {
        ctx.warn(warning)?;
    }
    let thresholds = input.thresholds.apply(&opened.config.consolidation);
    let plan = plan(
        analysis.file.lines,
        analysis.staleness(),
        analysis.staleness_since(),
        &analysis.entries,
        &thresholds,
    );
    let report = PlanReport {
        file: analysis.path.clone(),
        shallow: analysis.shallow,
        plan,
    };
    Ok((report, analysis, opened.config))
}

/// Loads, decides, renders.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let (report, _, _) = build(ctx, &args.input)?;
    match args.format {
        Format::Markdown => render::markdown(&report, out)?,
        Format::Json => render::json(&report, out)?,
    }
    Ok(match report.plan.decision {
        Decision::Consolidate if args.exit_code => EXIT_CONSOLIDATE,
        _ => EXIT_OK,
    })
}
