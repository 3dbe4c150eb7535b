//! `learnings ages [FILE]`: when each entry was added and how old it is in active days.

use super::args::ExplainArg;
use super::args::{DateArg, Format};
use super::context::{Context, EXIT_OK};
use crate::error::Result;
use crate::project::analysis;
use crate::project::consolidations::Judging;
use crate::report::ages::{self, AgesReport};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `learnings ages`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The learnings file [default: `learnings` in learnings.toml, else agents/learnings.md].
    pub file: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Markdown)]
    pub format: Format,
    /// One line, for hooks: `N entries (M ≥7 days, consolidation Xd ago)`.
    #[arg(long, conflicts_with = "format")]
    pub summary: bool,
    /// List the commits that removed a title, back to the last consolidation (or `=all`), each with its
    /// verdict and why (consolidation, or not: retitled, moved, restored, grew).
    #[arg(long, value_enum, value_name = "HOW", num_args = 0..=1, default_missing_value = "last")]
    pub explain: Option<ExplainArg>,
    /// Which commit date counts for ages and the calendar.
    #[arg(long, value_enum, default_value_t = DateArg::Author)]
    pub date: DateArg,
}

/// Loads, analyses and renders.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let opened = ctx.open(args.file.as_deref())?;
    let judging = Judging::new(&opened.config.consolidation, ExplainArg::explain(args.explain))?;
    let analysis = analysis::analyze(&opened.repo, &opened.file, args.date.kind(), &judging, ctx.cache)?;
    for warning in &analysis.warnings {
        ctx.warn(warning)?;
    }
    ctx.analysed(&opened, &analysis, args.date.kind())?;
    let freshness = opened.config.consolidation.freshness;
    let mut report = AgesReport::new(&analysis, freshness, args.date.name());
    if args.explain.is_some() {
        report.explain = Some(analysis.judged.clone());
    }
    if args.summary {
        ages::summary(&report, out)?;
    } else {
        match args.format {
            Format::Text | Format::Markdown => ages::markdown(&report, out)?,
            Format::Json => ages::json(&report, out)?,
        }
    }
    // The process ends here: freeing a large file's analysis entry by entry only costs time.
    std::mem::forget(analysis);
    Ok(EXIT_OK)
}
