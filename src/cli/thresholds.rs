//! What `plan`, `batch` and `stale` share: the learnings file, the threshold flags (each
//! overriding learnings.toml) and the date kind. Their help names learnings.toml beside each
//! default: a bare `[default: 150]` would claim to apply where the file says otherwise.

use super::DateArg;
use crate::policy::plan::Thresholds;
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

impl ThresholdArgs {
    /// The configured thresholds with the flags applied.
    pub fn apply(&self, config: &Thresholds) -> Thresholds {
        Thresholds {
            size: self.size.unwrap_or(config.size),
            staleness: self.staleness.unwrap_or(config.staleness),
            freshness: self.freshness.unwrap_or(config.freshness),
            min_batch: self.min_batch.unwrap_or(config.min_batch),
            retention: self.retention.unwrap_or(config.retention),
            docs: config.docs.clone(),
        }
    }
}
