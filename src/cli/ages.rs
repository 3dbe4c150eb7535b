//! `learnings ages [FILE]`: when each entry was added and how old it is in active days.

use super::args::DateArg;
use super::context::{Context, EXIT_OK};
use crate::error::Result;
use crate::project::analysis;
use crate::report::ages::{self, AgesReport};
use clap::ValueEnum;
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
    /// Which commit date counts for ages and the calendar.
    #[arg(long, value_enum, default_value_t = DateArg::Author)]
    pub date: DateArg,
}

/// Output formats of `ages`.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    /// The original report.
    Markdown,
    /// Machine-readable, `schema_version` 1.
    Json,
}

/// Loads, analyses and renders.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let opened = ctx.open(args.file.as_deref())?;
    let analysis = analysis::analyze(&opened.repo, &opened.file, args.date.kind())?;
    for warning in &analysis.warnings {
        ctx.warn(warning)?;
    }
    let freshness = opened.config.consolidation.freshness;
    let report = AgesReport::new(&analysis, freshness, args.date.name());
    if args.summary {
        ages::summary(&report, out)?;
    } else {
        match args.format {
            Format::Markdown => ages::markdown(&report, out)?,
            Format::Json => ages::json(&report, out)?,
        }
    }
    Ok(EXIT_OK)
}
