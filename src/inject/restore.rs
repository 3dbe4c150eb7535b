//! After a compaction: the files the conversation had and still needs.
//!
//! A compaction replaces the conversation with a summary, so the rule files injected before it
//! are gone from the model's context while the once-per-session claims still say it has them.
//! SessionStart (source `compact`) puts back the files that were injected before AND whose
//! domains the last turns still match; a file injected long ago for a finished task stays out.

use super::config::InjectConfig;
use super::matcher::Matcher;
use super::{Selection, match_conversation, select};
use crate::transcript::Tail;
use std::path::Path;

/// The files of `before` (paths injected earlier in the session) that the domains matched by
/// the last turns of `tail` bring again, not marked seen.
pub fn after_compaction(root: &Path, config: &InjectConfig, before: &[String], tail: &Tail) -> Selection {
    if before.is_empty() || config.domains.is_empty() {
        return Selection::default();
    }
    let matches = match_conversation(&Matcher::new(config), root, None, tail);
    let mut selection = select(root, config, matches, None);
    selection.candidates.retain(|c| before.contains(&c.path));
    selection.unreadable.clear();
    for candidate in &mut selection.candidates {
        candidate.why = format!("given before the compaction, still in play: {}", candidate.why);
    }
    selection
}
