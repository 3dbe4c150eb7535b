//! The effect part of `learnings demo`: three weeks of sessions as the hooks would have logged
//! them (fixed times), and the corrections captured in them, then `learnings effect`. One rule
//! works (an entry: its correction stopped once it was written), one does not (a section of a
//! rule file: its correction came back in sessions it was injected into), and one rule file
//! never fired.

use super::Shell;
use crate::capture::Event;
use crate::capture::event::Kind;
use crate::error::Result;
use crate::store::Store;
use crate::store::ledger::{Act, Record};
use std::io::Write;
use std::path::Path;

/// The demo's user-level data folder for this step, relative to the repository.
pub const DATA_DIR: &str = ".learnings/demo-effect";

/// Corrections: (session number, text). Session N starts on 2026-03-14 plus N days; "Prefer
/// JSON for agents" was written on 2026-03-30, the testing rules on 2026-03-12.
const CORRECTIONS: [(u32, &str); 6] = [
    (1, "No, parse the JSON format, never the human report"),
    (3, "again: parse the JSON format, not the human report"),
    (5, "I said parse the JSON format instead of the human report"),
    (7, "wrong, parse the JSON format and never the human report"),
    (13, "You committed without running cargo test first"),
    (19, "Wrong again: run cargo test before every commit"),
];

/// Sessions in which the testing rules were injected.
const TESTING_SESSIONS: [u32; 3] = [6, 13, 19];

/// The start of session `n`, `YYYY-MM-DDT09:00:00Z`.
fn start(n: u32) -> String {
    let first = chrono::NaiveDate::from_ymd_opt(2026, 3, 14).unwrap_or_default();
    format!("{}T09:00:00Z", first + chrono::Days::new(u64::from(n)))
}

/// Writes the ledger and the corrections, then runs `learnings effect`.
pub fn show(shell: &mut dyn Shell, dir: &Path, out: &mut dyn Write) -> Result<()> {
    let data = dir.join(DATA_DIR);
    let store = Store::at(data.clone(), dir);
    store.ensure(true)?;
    let ledger = store.ledger();
    for i in 1..=20u32 {
        let session = format!("s{i:02}");
        let at = start(i);
        ledger.append(&Record::new(&at, &session, Act::Session))?;
        if TESTING_SESSIONS.contains(&i) {
            ledger.append(&Record {
                hook: Some("prompt".into()),
                path: Some("agents/decisions/testing.md".into()),
                domains: vec!["testing".into()],
                why: Some("domain `testing` matched \"tests\" in the prompt".into()),
                ..Record::new(&at, &session, Act::Inject)
            })?;
        }
    }
    let feedback = store.feedback();
    for (n, text) in CORRECTIONS {
        let mut event = Event::new(&start(n).replace("T09:", "T10:"), Kind::Correction, 0.9, text);
        event.session = Some(format!("s{n:02}"));
        feedback.append(&event)?;
    }
    writeln!(
        out,
        "Twenty sessions in the ledger; six corrections captured in them. `effect` dates each rule by git blame:"
    )?;
    super::command_with_data(shell, dir, out, &["effect"], &data)?;
    writeln!(out, "\nThe report shows the same as a section with a chart:")?;
    super::command_with_data(
        shell,
        dir,
        out,
        &["report", "--out", "tmp/learnings-report.html"],
        &data,
    )?;
    super::command_with_data(shell, dir, out, &["learn", "forget"], &data)?;
    Ok(())
}
