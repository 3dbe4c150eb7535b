//! `learnings batch [FILE]`: the remember-task agent's input for the current decision.

use super::args::Format;
use super::args::PlanInput;
use super::context::{Context, EXIT_OK};
use crate::config::CONSOLIDATION_REPORT;
use crate::error::{Error, Result};
use crate::policy::batch::hints;
use crate::project::consolidations::Explain;
use crate::project::docs;
use crate::report::batch::{self as render, BatchEntry, BatchReport};
use std::io::Write;

/// Arguments of `learnings batch`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: PlanInput,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Markdown)]
    pub format: Format,
    /// Give the batch on a shallow clone anyway (ages are cut at the shallow boundary); without
    /// it, a shallow clone exits with 4.
    #[arg(long)]
    pub allow_shallow: bool,
}

/// Decides, gathers the batch with its hints, renders; prints nothing when there is nothing to do.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let project = ctx.open(args.input.file.as_deref())?;
    super::context::refuse_shallow(&project, args.allow_shallow, "the batch")?;
    let analysis = args.input.analyze(ctx, &project, Explain::Off)?;
    let plan = analysis.plan(&args.input.thresholds.apply(&project.config.consolidation));
    if plan.batch().is_empty() {
        writeln!(ctx.stderr, "learnings: nothing to consolidate ({})", plan.reason)?;
        // A script reading JSON gets a batch all the same: an empty one, with the reason.
        if !args.format.is_json() {
            return Ok(EXIT_OK);
        }
    }
    let entries: Vec<BatchEntry> = plan
        .batch()
        .iter()
        .map(|age| {
            // Entries are in file order: a binary search keeps this linear in the batch.
            let entries = &analysis.file.entries;
            let entry = entries
                .get(entries.partition_point(|e| e.line < age.line))
                .filter(|e| e.line == age.line)
                .ok_or_else(|| {
                    Error::Usage(format!("{}: entry at line {} vanished", analysis.path, age.line))
                })?;
            Ok(BatchEntry {
                age: age.clone(),
                text: entry.text(&analysis.source).to_owned(),
                group: entry.group.clone(),
            })
        })
        .collect::<Result<_>>()?;
    let set = docs::glob_set(&plan.thresholds.docs)?;
    let exclude = [analysis.path.as_str(), CONSOLIDATION_REPORT];
    let mut doc_texts = Vec::new();
    let docs = if entries.is_empty() {
        Vec::new()
    } else {
        docs::find(&analysis.root, &set, &exclude)?
    };
    for path in docs {
        let bytes = std::fs::read(analysis.root.join(&path)).map_err(Error::io(analysis.root.join(&path)))?;
        doc_texts.push((path, String::from_utf8_lossy(&bytes).into_owned()));
    }
    let pairs: Vec<(&str, &str)> = entries
        .iter()
        .map(|e| (e.age.title.as_str(), e.text.as_str()))
        .collect();
    let hints = hints(&pairs, &doc_texts);
    let report = BatchReport {
        file: analysis.path.clone(),
        plan: plan.clone(),
        entries,
        hints,
    };
    match args.format {
        Format::Text | Format::Markdown => render::markdown(&report, out)?,
        Format::Json => render::json(&report, out)?,
    }
    Ok(EXIT_OK)
}
