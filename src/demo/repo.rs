//! The demo repository: a few weeks of a team's learnings history, written with gix alone.
//!
//! It holds what the analyzer must get right: idle days, several commits on one day, a commit
//! near midnight in another offset, an earlier consolidation, an entry moved within the file,
//! and one entry that is not committed yet.

use crate::error::Result;
use crate::history::write::Writer;
use std::path::Path;

/// The learnings file of the demo.
pub const LEARNINGS: &str = "agents/learnings.md";

const PREAMBLE: &str = "# Learnings\n\nStaging area for lessons learned while working with agents.\nNew entries go at the bottom; proven ones move to `agents/decisions/`.\n\n---\n\n";

/// One demo entry: its title and body.
struct Lesson(&'static str, &'static str);

const LESSONS: [Lesson; 13] = [
    Lesson(
        "Run the tests before committing",
        "- Anti-pattern: trusting that a small change cannot break anything.\n- Correct pattern: run `cargo test` before every commit, even for docs.\n",
    ),
    Lesson(
        "Prefer first-parent history",
        "- Merges carry the date an entry reached the team.\n- Use `--first-parent` when asking git when something landed.\n",
    ),
    Lesson(
        "Fixtures must pin dates",
        "- Tests that build repositories set GIT_AUTHOR_DATE and GIT_COMMITTER_DATE.\n- Otherwise ages drift with the wall clock.\n",
    ),
    Lesson(
        "Hooks must never block a session",
        "- A hook that exits non-zero on bad input breaks the user's turn.\n- Always print valid JSON and exit 0.\n",
    ),
    Lesson(
        "Ask before deleting memory files",
        "- Agents consolidating memory once deleted a file the user still needed.\n- Every removal must be accounted for in a report.\n",
    ),
    Lesson(
        "Keep skills short",
        "- Long skills get skimmed; put the rules first and examples after.\n",
    ),
    Lesson(
        "Batch tool calls",
        "- Independent reads go in one batch; sequential calls waste turns.\n",
    ),
    Lesson(
        "Name files after their topic",
        "- `testing-fixtures.md` is found; `notes-3.md` is not.\n",
    ),
    Lesson(
        "Check line limits in pre-commit",
        "- Decision docs over 400 lines stop being read in full.\n- A pre-commit check catches growth early.\n",
    ),
    Lesson(
        "Summaries beat transcripts",
        "- Hand the next session a summary, not the whole log.\n",
    ),
    Lesson(
        "Quote commands exactly",
        "- Skills that paraphrase a command drift from the tool; quote it verbatim.\n",
    ),
    Lesson(
        "Prefer JSON for agents",
        "- Parse `--format json`, never the human report.\n",
    ),
    Lesson(
        "Record why, not what",
        "- The diff says what changed; the entry must say why.\n",
    ),
];

/// A commit of the scenario: day of March 2026, time, offset in hours, message, and the entries
/// (indexes into [`LESSONS`]) the file holds afterwards. `None` leaves the file alone.
type Step = (u32, (u32, u32), i32, &'static str, Option<&'static [usize]>);

const STEPS: &[Step] = &[
    (2, (9, 30), 1, "Start a learnings file", Some(&[0, 1, 2])),
    (
        3,
        (10, 0),
        1,
        "Learning: hooks must never block",
        Some(&[0, 1, 2, 3]),
    ),
    (3, (16, 45), 1, "Refactor the parser", None),
    (4, (11, 0), 1, "Fix flaky test", None),
    (
        6,
        (14, 0),
        1,
        "Learnings from the memory incident",
        Some(&[0, 1, 2, 3, 4, 5]),
    ),
    // Idle weekend and Monday.
    (
        10,
        (23, 50),
        -5,
        "Learning: batch tool calls (late, from New York)",
        Some(&[0, 1, 2, 3, 4, 5, 6]),
    ),
    (
        12,
        (9, 15),
        1,
        "Consolidate: testing lessons into agents/decisions/testing.md",
        Some(&[3, 4, 5, 6]),
    ),
    (
        13,
        (10, 0),
        1,
        "Learning: name files after their topic",
        Some(&[3, 4, 5, 6, 7]),
    ),
    (
        16,
        (15, 30),
        1,
        "Reorder: memory lessons first",
        Some(&[4, 3, 5, 6, 7]),
    ),
    (17, (9, 0), 1, "Learning: line limits", Some(&[4, 3, 5, 6, 7, 8])),
    (19, (12, 0), 1, "Update dependencies", None),
    (
        23,
        (10, 30),
        1,
        "Learnings: summaries, exact commands",
        Some(&[4, 3, 5, 6, 7, 8, 9, 10]),
    ),
    (25, (17, 0), 1, "Release 0.3", None),
    (
        30,
        (9, 45),
        1,
        "Learning: JSON for agents",
        Some(&[4, 3, 5, 6, 7, 8, 9, 10, 11]),
    ),
    (31, (11, 0), 1, "Tidy docs", None),
    // April: steady work, no consolidation: the staleness trigger fires on the 14th active day.
    (32, (10, 0), 2, "Fix release notes", None),
    (33, (14, 0), 2, "Speed up CI", None),
    (37, (9, 30), 2, "Refactor hooks", None),
    (38, (16, 0), 2, "Docs for plugins", None),
    (39, (11, 15), 2, "Bump version", None),
    (40, (10, 0), 2, "Release 0.4", None),
];

/// Renders the learnings file holding the given lessons.
fn learnings_text(lessons: &[usize]) -> String {
    let mut text = PREAMBLE.to_owned();
    for &i in lessons {
        let Lesson(title, body) = &LESSONS[i];
        text.push_str(&format!("## {title}\n{body}\n"));
    }
    text
}

/// Seconds since the epoch of 2026-03-`day` (days past 31 run into April) `hour:minute` in an offset of `offset_hours`.
fn timestamp(day: u32, (hour, minute): (u32, u32), offset_hours: i32) -> i64 {
    // 2026-03-01T00:00:00Z
    const MARCH_1_2026: i64 = 1_772_323_200;
    MARCH_1_2026 + i64::from(day - 1) * 86_400 + i64::from(hour * 3600 + minute * 60)
        - i64::from(offset_hours) * 3600
}

/// Writes the demo repository into `dir` (which must be empty or not exist).
pub fn build(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(crate::error::Error::io(dir))?;
    let mut repo = Writer::init(dir)?;
    repo.write(
        "README.md",
        "# Demo project\n\nA project whose agents keep learnings.\n",
    );
    repo.write(
        "agents/decisions/README.md",
        "# Decisions\n\nPermanent, proven knowledge.\n",
    );
    let mut code = String::from("fn main() {}\n");
    for (i, &(day, time, offset, message, lessons)) in STEPS.iter().enumerate() {
        match lessons {
            Some(lessons) => repo.write(LEARNINGS, learnings_text(lessons)),
            None => {
                code.push_str(&format!("// change {i}\n"));
                repo.write("src/main.rs", code.clone());
            }
        }
        if message.starts_with("Consolidate") {
            repo.write(
                "agents/decisions/testing.md",
                "# Testing\n\n## Run the tests before committing\nRun `cargo test` before every commit, even for docs.\n\n## Prefer first-parent history\nMerges carry the date an entry reached the team; use `--first-parent`.\n\n## Fixtures must pin dates\nTests that build repositories set GIT_AUTHOR_DATE and GIT_COMMITTER_DATE, or ages drift with the wall clock.\n",
            );
        }
        repo.commit(message, timestamp(day, time, offset), offset * 3600)?;
    }
    repo.checkout()?;
    // One lesson written during today's session, not committed yet.
    let committed = learnings_text(&[4, 3, 5, 6, 7, 8, 9, 10, 11]);
    let Lesson(title, body) = &LESSONS[12];
    write(dir, LEARNINGS, &format!("{committed}## {title}\n{body}"))
}

/// Where the simulated remember-task agent moves entries.
pub const WORKFLOW_DOC: &str = "agents/decisions/agent-workflow.md";

/// Plays the remember-task agent on the working tree: moves `batch` (title, exact text) into
/// [`WORKFLOW_DOC`] except the last entry, which it drops as redundant in its report, then
/// removes them all from the learnings file.
pub fn consolidate(dir: &Path, batch: &[(String, String)]) -> Result<()> {
    let Some(((dropped, _), moved)) = batch.split_last() else {
        return Ok(());
    };
    let mut doc = String::from("# Agent workflow\n\nProven lessons about working with agents.\n");
    for (_, text) in moved {
        doc.push('\n');
        doc.push_str(text.trim_end());
        doc.push('\n');
    }
    write(dir, WORKFLOW_DOC, &doc)?;
    let report = format!(
        "# Consolidation Report\n\n## Summary\n- Processed {}, consolidated {}, dropped 1, escalated 0.\n\n## Supersession decisions\n- none\n\n## Redundancy decisions\n- **{dropped}**: already covered by the skills guide.\n\n## Contradictions\n- none\n\n## File limits\n- none\n\n## Discovery updates\n- none\n",
        batch.len(),
        moved.len()
    );
    write(dir, crate::config::CONSOLIDATION_REPORT, &report)?;
    let path = dir.join(LEARNINGS);
    let mut learnings = std::fs::read_to_string(&path).map_err(crate::error::Error::io(&path))?;
    for (_, text) in batch {
        learnings = learnings.replacen(text.as_str(), "", 1);
    }
    write(dir, LEARNINGS, &learnings)
}

/// Removes an entry from the learnings file without moving it anywhere: a careless agent.
pub fn lose_entry(dir: &Path, text: &str) -> Result<()> {
    let path = dir.join(LEARNINGS);
    let learnings = std::fs::read_to_string(&path).map_err(crate::error::Error::io(&path))?;
    write(dir, LEARNINGS, &learnings.replacen(text, "", 1))
}

/// Undoes [`consolidate`] and [`lose_entry`]: the learnings file as it was (`learnings`), the
/// moved entries' doc and the consolidation report gone. A kept demo repository is then where
/// the README's walkthrough starts.
pub fn undo_consolidation(dir: &Path, learnings: &str) -> Result<()> {
    write(dir, LEARNINGS, learnings)?;
    for relative in [WORKFLOW_DOC, crate::config::CONSOLIDATION_REPORT] {
        let path = dir.join(relative);
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(crate::error::Error::io(&path)(e));
            }
            _ => {}
        }
        // The folders were made for these files; a folder with anything else in it stays.
        if let Some(parent) = path.parent() {
            let _ = std::fs::remove_dir(parent);
        }
    }
    Ok(())
}

fn write(dir: &Path, relative: &str, contents: &str) -> Result<()> {
    let path = dir.join(relative);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(crate::error::Error::io(parent))?;
    }
    // As an agent would: the reader sees the old file or the new one, never half of one.
    Ok(crate::base::fs::write_atomic(&path, contents.as_bytes())?)
}
