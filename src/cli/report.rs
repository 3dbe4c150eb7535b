//! `learnings report [FILE]`: the health of a learnings file as one HTML page, or one chart as
//! SVG.
//!
//! The page goes to a file by default, because it is meant to be opened in a browser or attached
//! to a review: `.learnings/report.html` at the project root, the folder that ignores itself, so
//! no untracked file appears beside the user's own. `--out -` writes it to stdout instead.

use super::args::PlanInput;
use super::context::{Context, EXIT_OK};
use crate::error::{Error, Result};
use crate::policy::limits::Limits;
use crate::project::consolidations::{Explain, Judging};
use crate::project::growth;
use crate::report::health::{HealthReport, ages, chart, html, summary};
use clap::ValueEnum;
use std::io::Write;
use std::path::PathBuf;

/// How many docs the page lists.
const DOCS_SHOWN: usize = 10;

/// Arguments of `learnings report`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: PlanInput,
    /// Where to write [default: .learnings/report.html, or .learnings/CHART.svg]; `-` for stdout.
    #[arg(long, visible_alias = "output", value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Html)]
    pub format: Format,
    /// The chart `--format svg` writes.
    #[arg(long, value_enum, required_if_eq("format", "svg"))]
    pub chart: Option<Chart>,
}

/// Output formats of `report`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One self-contained page: charts, staleness, entries, docs.
    Html,
    /// One chart alone (`--chart`), for a README or a wiki.
    Svg,
    /// A short summary, on stdout unless `--out` is given.
    #[value(alias = "human")]
    Text,
    /// The same summary: `report` has one human form besides the page.
    Markdown,
    /// The report's facts as one JSON object (`schema_version` 1), on stdout unless `--out`.
    Json,
}

/// The charts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Chart {
    /// Line count at each first-parent commit, the size trigger, the consolidations.
    Size,
    /// Entries by age in active days, the freshness threshold.
    Ages,
}

impl Chart {
    fn name(self) -> &'static str {
        match self {
            Chart::Size => "size",
            Chart::Ages => "ages",
        }
    }
}

/// Loads, analyses, renders, writes.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    if args.format == Format::Html && args.chart.is_some() {
        return Err(Error::Usage(
            "--chart picks the chart of --format svg; the HTML page shows every chart".into(),
        ));
    }
    let report = build(ctx, &args.input)?;
    let mut bytes = Vec::new();
    match (args.format, args.chart) {
        (Format::Html, _) => html::render(&report, &mut bytes)?,
        (Format::Svg, Some(Chart::Size)) => bytes.extend(chart::size_svg(&report)?.into_bytes()),
        (Format::Svg, Some(Chart::Ages)) => bytes.extend(ages::ages_svg(&report)?.into_bytes()),
        (Format::Svg, None) => return Err(Error::Usage("--format svg needs --chart size|ages".into())),
        (Format::Text | Format::Markdown, _) => summary::markdown(&report, &mut bytes)?,
        (Format::Json, _) => summary::json(&report, &mut bytes)?,
    }
    // The page and the chart are files to open or embed; the summaries are read where they print.
    let args_out = match args.format {
        Format::Html | Format::Svg => args.out,
        _ => Some(args.out.unwrap_or_else(|| PathBuf::from("-"))),
    };
    let path = match args_out {
        Some(target) if target.as_os_str() == "-" => {
            out.write_all(&bytes)?;
            return Ok(EXIT_OK);
        }
        Some(target) => ctx.resolve(&target),
        None => {
            let name = match args.chart {
                Some(chart) if args.format == Format::Svg => format!("{}.svg", chart.name()),
                _ => "report.html".to_owned(),
            };
            // The project folder of the learnings file (or of the working directory): made
            // private and self-ignoring, and refused if a cloned repository put a link there.
            let start = ctx.resolve(args.input.file.as_deref().unwrap_or(std::path::Path::new(".")));
            let store = crate::store::Store::project_only(&start);
            store.ensure(true)?;
            store.project.join(name)
        }
    };
    crate::base::fs::write_atomic(&path, &bytes)?;
    writeln!(out, "Wrote {}", path.display())?;
    Ok(EXIT_OK)
}

/// The analysis, the plan, the size history and the docs, as one report.
pub fn build(ctx: &mut Context<'_>, input: &PlanInput) -> Result<HealthReport> {
    let opened = ctx.open(input.file.as_deref())?;
    let judging = Judging::new(&opened.config.consolidation, Explain::Verdicts)?;
    let (analysis, history) =
        growth::analyze_with_history(&opened.repo, &opened.file, input.date.kind(), &judging, ctx.cache)?;
    for warning in &analysis.warnings {
        ctx.warn(warning)?;
    }
    ctx.analysed(&opened, &analysis, input.date.kind())?;
    let thresholds = input.thresholds.apply(&opened.config.consolidation);
    let plan = analysis.plan(&thresholds);
    let limits = Limits::new(opened.config.limit_rules()).map_err(|message| Error::Config {
        path: opened.repo.root().join(crate::base::paths::CONFIG_FILE),
        message,
    })?;
    let docs = growth::docs_near_limits(&opened.repo, &limits, &analysis.path, DOCS_SHOWN)?;
    let mut report = HealthReport::new(&analysis, plan, history, docs);
    // The effect section is extra: a store that cannot be read leaves it out, not the report.
    report.effect = super::effect::weigh(ctx, &opened, &analysis, None, super::effect::WINDOW)
        .ok()
        .filter(|e| e.sessions > 0 || e.corrections > 0);
    Ok(report)
}
