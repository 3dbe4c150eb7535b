//! `learnings split-plan DOC`: where to split a doc at its line limit, for memory-refactor.

use super::args::Format;
use super::context::{Context, EXIT_OK};
use crate::config::Config;
use crate::error::{Error, Result};
use crate::history::Repository;
use crate::policy::limits::Limits;
use crate::policy::split;
use crate::project::analysis::read_text;
use crate::report::split::{self as render, SplitReport};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The exit code of a doc at its limit that no split on section boundaries can fix.
pub const EXIT_CANNOT_SPLIT: u8 = 3;

/// The limit of a doc no rule covers (seed 003: "the 400-line limit").
pub const DEFAULT_DOC_LIMIT: usize = 400;

/// Arguments of `learnings split-plan`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The doc to split.
    pub doc: PathBuf,
    /// Override the limit in lines, at least 1 [default: the matching rule of learnings.toml,
    /// else 400].
    #[arg(long, value_name = "LINES", value_parser = at_least_one)]
    pub limit: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Markdown)]
    pub format: Format,
}

/// Reads the doc, finds its limit, proposes parts.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let path = ctx.resolve(&args.doc);
    crate::project::input::expect_file(&path)?;
    let (_, document) = read_text(&path, "pass the doc to split")?;
    // A doc outside any repository still gets a plan, with the default limits.
    let (relative, config) = match Repository::discover(&path) {
        Ok(repo) => (repo.relative_path(&path), ctx.config(repo.root(), &["limits"])?),
        Err(_) => (None, Config::default()),
    };
    let doc = relative.unwrap_or_else(|| args.doc.to_string_lossy().replace('\\', "/"));
    let limits = Limits::new(config.limit_rules()).map_err(|message| Error::Config {
        path: PathBuf::from(crate::base::paths::CONFIG_FILE),
        message,
    })?;
    let rule = limits.rule_for(Path::new(&doc)).cloned();
    let limit = args
        .limit
        .or(rule.as_ref().map(|r| r.max_lines))
        .unwrap_or(DEFAULT_DOC_LIMIT);
    let report = SplitReport {
        plan: split::plan(&doc, &document.text, limit),
        rule: rule.map(|r| r.glob),
        doc,
    };
    match args.format {
        Format::Text | Format::Markdown => render::markdown(&report, out)?,
        Format::Json => render::json(&report, out)?,
    }
    // The report says why; the exit code lets a script or an agent tell it from a plan.
    if report.plan.cannot_split.is_some() {
        return Ok(EXIT_CANNOT_SPLIT);
    }
    Ok(EXIT_OK)
}

/// A line limit: a whole number of at least 1 (a limit of 0 lines would split every doc).
fn at_least_one(value: &str) -> std::result::Result<usize, String> {
    match value.parse::<usize>() {
        Ok(0) => Err("a limit of 0 lines leaves no room for any part; pass at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err("not a whole number of lines".into()),
    }
}
