//! `learnings effect`: did each rule work? Rules weighed against the effect ledger (what the
//! hooks injected and enforced) and the corrections captured, dated by git.

use super::args::Format;
use super::context::{Context, EXIT_OK};
use crate::capture::Event;
use crate::error::{Error, Result};
use crate::report::effect::{self, EffectReport};
use crate::store::ledger::Record;
use std::io::Write;

/// The latest sessions a rule file must have fired in, by default.
pub const WINDOW: usize = 20;

/// Arguments of `learnings effect`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The learnings file [default: `learnings` in learnings.toml, else agents/learnings.md].
    pub file: Option<std::path::PathBuf>,
    /// Read the ledger and the corrections from this day on (YYYY-MM-DD).
    #[arg(long, value_name = "DATE")]
    pub since: Option<String>,
    /// How many of the latest sessions a rule file must have fired in, or it is dead weight.
    #[arg(long, value_name = "N", default_value_t = WINDOW)]
    pub sessions: usize,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The effect of the rules of `project` (its learnings file analysed as `analysis`), from the
/// ledger and the capture log of `since` on; `window` sessions for "never fired".
pub fn weigh(
    ctx: &mut Context<'_>,
    project: &crate::project::Project,
    analysis: &crate::project::analysis::Analysis,
    since: Option<chrono::NaiveDate>,
    window: usize,
) -> Result<crate::effect::Effect> {
    let rules = crate::effect::load::rules(project, analysis)?;
    let (store, root) = ctx.open_store()?;
    let log = store.ledger();
    let (records, skipped) = log.records::<Record>()?;
    ctx.warn_unreadable(&log, skipped)?;
    let feedback = store.feedback();
    let (events, skipped) = feedback.records::<Event>()?;
    ctx.warn_unreadable(&feedback, skipped)?;
    let ledger = crate::effect::load::ledger(&records, since);
    let corrections = crate::effect::load::corrections(&events, &root.display().to_string(), since);
    Ok(crate::effect::weigh(rules, &ledger, &corrections, window.max(1)))
}

/// Loads, weighs and renders.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let since = match &args.since {
        Some(text) => Some(
            text.parse::<chrono::NaiveDate>()
                .map_err(|_| Error::Usage(format!("--since {text}: not a date; write it as YYYY-MM-DD")))?,
        ),
        None => None,
    };
    let project = ctx.open(args.file.as_deref())?;
    let analysis = ctx.analyse_default(&project)?;
    let report = EffectReport {
        effect: weigh(ctx, &project, &analysis, since, args.sessions)?,
        since: since.map(|d| d.to_string()),
    };
    match args.format {
        Format::Text | Format::Markdown => effect::text(&report, out)?,
        Format::Json => effect::json(&report, out)?,
    }
    Ok(EXIT_OK)
}
