//! Arguments that several commands share.
//!
//! What `plan`, `batch`, `stale` and `report` share: the learnings file, the threshold flags (each
//! overriding learnings.toml) and the date kind. Their help names learnings.toml beside each
//! default: a bare `[default: 150]` would claim to apply where the file says otherwise.

use super::context::Context;
use crate::error::Result;
use crate::hooks::clients::Client;
use crate::policy::plan::Thresholds;
use crate::project::Project;
use crate::project::analysis::{self, Analysis};
use crate::project::consolidations::{Explain, Judging};
use clap::ValueEnum;
use std::path::PathBuf;

/// The input of a consolidation decision.
#[derive(Debug, Clone, clap::Args)]
pub struct PlanInput {
    /// The learnings file [default: from learnings.toml, else agents/learnings.md].
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub thresholds: ThresholdArgs,
    /// Which commit date counts.
    #[arg(long, value_enum, default_value_t = DateArg::Author)]
    pub date: DateArg,
}

/// Consolidation thresholds, each overriding `[consolidation]` in learnings.toml.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ThresholdArgs {
    /// Size trigger in lines [default: from learnings.toml, else 150].
    #[arg(long, value_name = "LINES")]
    pub size: Option<usize>,
    /// Staleness trigger in active days since the last consolidation [default: from learnings.toml, else 14].
    #[arg(long, value_name = "DAYS")]
    pub staleness: Option<usize>,
    /// Age in active days from which an entry is eligible [default: from learnings.toml, else 7].
    #[arg(long, value_name = "DAYS")]
    pub freshness: Option<usize>,
    /// Smallest batch worth consolidating [default: from learnings.toml, else 3].
    #[arg(long, value_name = "N")]
    pub min_batch: Option<usize>,
    /// Most recent entries kept in staging [default: from learnings.toml, else 3].
    #[arg(long, value_name = "N")]
    pub retention: Option<usize>,
}

impl PlanInput {
    /// The learnings file of `project` analysed, its warnings said once on stderr; with
    /// `explain`, every commit that removed a title back to the last consolidation is judged.
    pub fn analyze(&self, ctx: &mut Context<'_>, project: &Project, explain: Explain) -> Result<Analysis> {
        let judging = Judging::new(&project.config.consolidation, explain)?;
        let analysis = analysis::analyze(
            &project.repo,
            &project.file,
            self.date.kind(),
            &judging,
            ctx.cache,
        )?;
        for warning in &analysis.warnings {
            ctx.warn(warning)?;
        }
        ctx.analysed(project, &analysis, self.date.kind())?;
        Ok(analysis)
    }
}

impl ThresholdArgs {
    /// The configured thresholds with the flags applied.
    pub fn apply(&self, config: &Thresholds) -> Thresholds {
        Thresholds {
            size: self.size.unwrap_or(config.size),
            staleness: self.staleness.unwrap_or(config.staleness),
            freshness: self.freshness.unwrap_or(config.freshness),
            min_batch: self.min_batch.unwrap_or(config.min_batch),
            retention: self.retention.unwrap_or(config.retention),
            ..config.clone()
        }
    }
}

/// Which date of a commit counts.
#[derive(Debug, Clone, Copy, Default, ValueEnum)]
pub enum DateArg {
    /// The author date (`%ad`), as the original tool.
    #[default]
    Author,
    /// The committer date (`%cd`).
    Committer,
}

impl DateArg {
    pub fn kind(self) -> crate::history::DateKind {
        match self {
            DateArg::Author => crate::history::DateKind::Author,
            DateArg::Committer => crate::history::DateKind::Committer,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DateArg::Author => "author",
            DateArg::Committer => "committer",
        }
    }
}

/// The one output vocabulary of every command that reports. Where a command has one human
/// form, `text` and `markdown` both give it; `json` is one object with a `schema_version`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people: the command's human form.
    #[value(alias = "human")]
    Text,
    /// For people and agents: the same human form, in Markdown where it differs.
    Markdown,
    /// For tools: one JSON object with a `schema_version`.
    Json,
}

impl Format {
    /// True for `json`.
    pub fn is_json(self) -> bool {
        self == Format::Json
    }
}

/// Notes for old names of values given on the command line (`--format human`): they still work
/// for one release, and each use says its new name once on stderr.
pub fn deprecated_notes(args: &[String]) -> Vec<String> {
    let mut notes = Vec::new();
    let mut previous = "";
    for arg in args {
        let value = match arg.strip_prefix("--format=") {
            Some(value) => value,
            None if previous == "--format" => arg.as_str(),
            None => "",
        };
        if value == "human" {
            notes.push(
                "note: `--format human` is now `--format text`; the old name goes in the next release"
                    .to_owned(),
            );
        }
        previous = arg;
    }
    notes
}

/// `--explain`: which commits that removed a title to list with their verdicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExplainArg {
    /// Back to the last consolidation (what the staleness clock counts from).
    Last,
    /// Every one in the history.
    All,
}

impl ExplainArg {
    /// The judging that `--explain` (or its absence) asks for.
    pub fn explain(arg: Option<ExplainArg>) -> Explain {
        match arg {
            None => Explain::Off,
            Some(ExplainArg::Last) => Explain::Last,
            Some(ExplainArg::All) => Explain::All,
        }
    }
}

/// `--client NAME`: one of the agent clients by its name (`claude`, `codex`, …).
pub fn client_parser() -> impl clap::builder::TypedValueParser<Value = Client> {
    use clap::builder::TypedValueParser;
    // Only the names below pass the parser, so the fallback is never taken.
    names(false).map(|name: String| Client::from_name(&name).unwrap_or(Client::Claude))
}

/// `--client NAME|all`: a client, or `None` for `all`.
pub fn client_or_all_parser() -> impl clap::builder::TypedValueParser<Value = Option<Client>> {
    use clap::builder::TypedValueParser;
    names(true).map(|name: String| Client::from_name(&name))
}

fn names(all: bool) -> clap::builder::PossibleValuesParser {
    let mut names: Vec<&'static str> = Client::ALL.iter().map(|c| c.name()).collect();
    if all {
        names.push("all");
    }
    clap::builder::PossibleValuesParser::new(names)
}
