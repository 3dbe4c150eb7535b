//! Agents' discoveries: gotchas, workarounds, patterns and the like, recorded with
//! `learnings discover record`, counted when useful, ranked for the learned context.
//!
//! A near-duplicate (word overlap over [`MERGE_OVERLAP`]) merges into the existing discovery
//! instead of adding a line: agents rediscover the same gotcha often, and one entry with a
//! count says more than ten copies.

use crate::policy::overlap;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Word overlap (Jaccard of content words) above which two discoveries are one.
pub const MERGE_OVERLAP: f64 = 0.8;
/// Discoveries older than this (days) no longer rank.
pub const RECENCY_DAYS: f64 = 90.0;
/// The lowest confidence accepted.
pub const MIN_CONFIDENCE: f64 = 0.5;

/// What kind of knowledge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    /// How something really works.
    TechnicalInsight,
    /// A way around a problem.
    Workaround,
    /// A recurring shape in the code.
    Pattern,
    /// A trap.
    Gotcha,
    /// Something slow or fast.
    Performance,
    /// A library or tool fact.
    Dependency,
    /// A setting.
    Configuration,
}

impl Category {
    /// Every category.
    pub const ALL: [Category; 7] = [
        Category::TechnicalInsight,
        Category::Workaround,
        Category::Pattern,
        Category::Gotcha,
        Category::Performance,
        Category::Dependency,
        Category::Configuration,
    ];

    /// The name in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Category::TechnicalInsight => "technical-insight",
            Category::Workaround => "workaround",
            Category::Pattern => "pattern",
            Category::Gotcha => "gotcha",
            Category::Performance => "performance",
            Category::Dependency => "dependency",
            Category::Configuration => "configuration",
        }
    }

    /// The category of a name (`technical insight` and `technical_insight` too).
    pub fn parse(name: &str) -> Option<Category> {
        let name = name.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        Category::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// One discovery.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Discovery {
    /// Schema version.
    #[serde(default)]
    pub v: u32,
    /// A short id, derived from the summary.
    pub id: String,
    /// When first recorded.
    pub at: String,
    /// What kind.
    pub category: Category,
    /// 10 to 100 characters.
    pub summary: String,
    /// At least 20 characters.
    pub details: String,
    /// 0.5 to 1.
    pub confidence: f64,
    /// `project` or `global`.
    pub scope: String,
    /// Files involved.
    #[serde(default)]
    pub files: Vec<String>,
    /// After this date (`YYYY-MM-DD`) it is no longer injected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires: Option<String>,
    /// Times an agent found it useful.
    #[serde(default)]
    pub uses: u32,
    /// When last recorded again, merged or found useful.
    #[serde(default)]
    pub last: String,
    /// Near-duplicates merged into it.
    #[serde(default)]
    pub merged: u32,
}

impl Discovery {
    /// Checks the fields; the error says which one and why.
    pub fn validate(&self) -> Result<(), String> {
        let summary = self.summary.trim().chars().count();
        if !(10..=100).contains(&summary) {
            return Err(format!(
                "the summary must have 10 to 100 characters (it has {summary})"
            ));
        }
        if self.details.trim().chars().count() < 20 {
            return Err("the details must have at least 20 characters".into());
        }
        if !(MIN_CONFIDENCE..=1.0).contains(&self.confidence) {
            return Err(format!("the confidence must be between {MIN_CONFIDENCE} and 1"));
        }
        if !matches!(self.scope.as_str(), "project" | "global") {
            return Err("the scope must be `project` or `global`".into());
        }
        if let Some(expires) = &self.expires {
            chrono::NaiveDate::parse_from_str(expires, "%Y-%m-%d")
                .map_err(|_| format!("the expiry `{expires}` is not a date (YYYY-MM-DD)"))?;
        }
        Ok(())
    }

    fn words(&self) -> BTreeSet<String> {
        overlap::content_words(&format!("{} {}", self.summary, self.details))
    }
}

/// A short, stable id: FNV-1a of the summary's words, 8 hex digits.
pub fn id_for(summary: &str) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in overlap::words(summary).join(" ").bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    format!("{hash:08x}")
}

/// What [`record`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recorded {
    /// A new discovery, with its id.
    Added(String),
    /// Merged into an existing discovery, which keeps its own category and details.
    Merged {
        /// The existing discovery's id.
        id: String,
        /// Its category, when the new one differed (the new one was dropped).
        kept_category: Option<Category>,
        /// Whether its details were kept over different new ones.
        kept_details: bool,
    },
}

/// Adds `new` to `all`, or merges it into a near-duplicate (keeping the higher confidence and
/// the union of files).
pub fn record(all: &mut Vec<Discovery>, mut new: Discovery) -> Recorded {
    let words = new.words();
    let duplicate = all
        .iter_mut()
        .find(|d| crate::capture::cluster::jaccard(&d.words(), &words) > MERGE_OVERLAP || d.id == new.id);
    if let Some(existing) = duplicate {
        let kept_category = (existing.category != new.category).then_some(existing.category);
        let kept_details = existing.details.trim() != new.details.trim();
        existing.merged += 1;
        existing.confidence = existing.confidence.max(new.confidence);
        existing.last = new.at.clone();
        for file in new.files {
            if !existing.files.contains(&file) {
                existing.files.push(file);
            }
        }
        return Recorded::Merged {
            id: existing.id.clone(),
            kept_category,
            kept_details,
        };
    }
    new.last = new.at.clone();
    let id = new.id.clone();
    all.push(new);
    Recorded::Added(id)
}

/// Counts a use of the discovery with `id` (or an unambiguous prefix) and returns it; `None`
/// when no single discovery matches.
pub fn mark_useful<'a>(all: &'a mut [Discovery], id: &str, at: &str) -> Option<&'a Discovery> {
    let matching: Vec<usize> = (0..all.len()).filter(|&i| all[i].id.starts_with(id)).collect();
    let [only] = matching[..] else {
        return None;
    };
    all[only].uses += 1;
    all[only].last = at.to_owned();
    Some(&all[only])
}

/// Whether `d` is past its `expires` date on the day of `now` (RFC 3339).
pub fn expired(d: &Discovery, now: &str) -> bool {
    d.expires
        .as_deref()
        .is_some_and(|e| now.get(..10).is_some_and(|today| today > e))
}

/// The injection score: (uses + 1) × recency over 90 days × confidence; 0 once expired.
pub fn score(d: &Discovery, now: &str) -> f64 {
    if expired(d, now) {
        return 0.0;
    }
    let last = if d.last.is_empty() { &d.at } else { &d.last };
    let age = crate::capture::analyze::days_between(last, now).max(0) as f64;
    let recency = (1.0 - age / RECENCY_DAYS).max(0.0);
    f64::from(d.uses + 1) * recency * d.confidence
}

/// Discoveries by score, best first (ties: older id first), without those scoring 0.
pub fn ranked<'a>(all: &'a [Discovery], now: &str) -> Vec<(&'a Discovery, f64)> {
    let mut scored: Vec<(&Discovery, f64)> = all
        .iter()
        .map(|d| (d, score(d, now)))
        .filter(|(_, s)| *s > 0.0)
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.id.cmp(&b.0.id)));
    scored
}

#[cfg(test)]
mod tests;
