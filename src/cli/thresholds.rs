//! Threshold flags shared by `plan`, `batch` and `stale`: each overrides learnings.toml.

use crate::config::Thresholds;

/// Consolidation thresholds, each overriding `[consolidation]` in learnings.toml.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ThresholdArgs {
    /// Size trigger in lines [default: 150].
    #[arg(long, value_name = "LINES")]
    pub size: Option<usize>,
    /// Staleness trigger in active days since the last consolidation [default: 14].
    #[arg(long, value_name = "DAYS")]
    pub staleness: Option<usize>,
    /// Age in active days from which an entry is eligible [default: 7].
    #[arg(long, value_name = "DAYS")]
    pub freshness: Option<usize>,
    /// Smallest batch worth consolidating [default: 3].
    #[arg(long, value_name = "N")]
    pub min_batch: Option<usize>,
    /// Most recent entries kept in staging [default: 3].
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
