//! The turns a compaction just summarised: read back past the transcript's last
//! `compact_boundary` line, for SessionStart (source `compact`) to know what was in play.

use super::{Entry, Tail, scan};
use std::ops::ControlFlow;
use std::path::Path;

/// How many messages after a compaction boundary are looked through for it: the summary and
/// the `/compact` command's lines are a handful.
const AFTER_BOUNDARY: usize = 12;

/// The last `count` messages before the transcript's last compaction, and the tool calls among
/// them: the turns a compaction just summarised. Without a compaction near the end, the plain
/// [`tail`].
pub fn before_compaction(path: &Path, count: usize) -> Tail {
    let mut plain = Tail::default();
    let mut before: Option<Tail> = None;
    let mut after = 0;
    scan(path, |entry| match &mut before {
        Some(found) => {
            found.push(entry);
            if found.messages.len() >= count {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
        None if entry == Entry::Compacted => {
            before = Some(Tail::default());
            ControlFlow::Continue(())
        }
        None => {
            after += usize::from(matches!(entry, Entry::Message(_)));
            if plain.messages.len() < count {
                plain.push(entry);
            }
            if after > AFTER_BOUNDARY {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    });
    before.unwrap_or(plain)
}
