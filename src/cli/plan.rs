//! `learnings plan [FILE]`: is consolidation due, and which entries go.

use super::args::MarkdownFormat as Format;
use super::args::PlanInput;
use super::context::{Context, EXIT_OK};
use crate::error::Result;
use crate::policy::plan::Decision;
use crate::report::plan::{self as render, PlanReport};
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

/// Loads, decides, renders.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let project = ctx.open(args.input.file.as_deref())?;
    let analysis = args.input.analyze(ctx, &project)?;
    let thresholds = args.input.thresholds.apply(&project.config.consolidation);
    let report = PlanReport::new(&analysis, &thresholds);
    match args.format {
        Format::Markdown => render::markdown(&report, out)?,
        Format::Json => render::json(&report, out)?,
    }
    Ok(match report.plan.decision {
        Decision::Consolidate if args.exit_code => EXIT_CONSOLIDATE,
        _ => EXIT_OK,
    })
}
