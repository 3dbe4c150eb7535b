//! `learnings plan [FILE]`: is consolidation due, and which entries go.

use super::args::ExplainArg;
use super::args::Format;
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
    /// List the commits that removed a title, back to the last consolidation (or `=all`), each with its
    /// verdict and why: what the staleness clock counts from.
    #[arg(long, value_enum, value_name = "HOW", num_args = 0..=1, default_missing_value = "last")]
    pub explain: Option<ExplainArg>,
    /// Decide on a shallow clone anyway and exit as usual (ages are cut at the shallow boundary);
    /// without it, a shallow clone exits with 4, the fix on stderr and nothing on stdout.
    #[arg(long)]
    pub allow_shallow: bool,
}

/// Loads, decides, renders.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let project = ctx.open(args.input.file.as_deref())?;
    super::context::refuse_shallow(&project, args.allow_shallow, "the decision")?;
    let analysis = args
        .input
        .analyze(ctx, &project, ExplainArg::explain(args.explain))?;
    let thresholds = args.input.thresholds.apply(&project.config.consolidation);
    let mut report = PlanReport::new(&analysis, &thresholds);
    if args.explain.is_some() {
        report.explain = Some(analysis.judged.clone());
    }
    match args.format {
        Format::Text | Format::Markdown => render::markdown(&report, out)?,
        Format::Json => render::json(&report, out)?,
    }
    Ok(match report.plan.decision {
        Decision::Consolidate if args.exit_code => EXIT_CONSOLIDATE,
        _ => EXIT_OK,
    })
}
