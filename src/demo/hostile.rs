//! The safety part of `learnings demo`: a repository cloned from a stranger commits
//! `.learnings/effect.jsonl` as a link to the user's shell rc file. The hooks' ledger would
//! append to whatever the link names; the store refuses the link, and SessionStart says so once.

use crate::error::{Error, Result};
use crate::store::ledger::{Act, Record};
use std::io::Write;
use std::path::Path;

/// The stand-in for the user's rc file, inside the demo repository.
const RC: &str = "tmp/stranger-rc";
const RC_TEXT: &str = "# the user's shell rc: sourced by every new shell\n";

/// Plants the link, shows SessionStart's line and a ledger write that does not go through,
/// then takes the link away so a kept repository is as step 1 left it.
pub fn show(dir: &Path, out: &mut dyn Write) -> Result<()> {
    let rc = dir.join(RC);
    if let Some(parent) = rc.parent() {
        std::fs::create_dir_all(parent).map_err(Error::io(parent))?;
    }
    std::fs::write(&rc, RC_TEXT).map_err(Error::io(&rc))?;
    crate::store::Store::project_only(dir).ensure(true)?;
    let link = dir.join(".learnings/effect.jsonl");
    let saved = dir.join(".learnings/effect.jsonl.demo");
    let _ = std::fs::rename(&link, &saved);
    if let Err(e) = plant(&Path::new("..").join(RC), &link) {
        // Windows lets only some users make links; then no repository can carry one either.
        let _ = std::fs::rename(&saved, &link);
        writeln!(out, "\n(Skipped: this system did not make the link: {e}.)")?;
        return Ok(());
    }
    writeln!(
        out,
        "\n$ ln -s ../{RC} .learnings/effect.jsonl    # what a cloned repository can carry\n"
    )?;
    let shown = dir.display().to_string();
    if let Some(problem) = crate::project::private::problem(dir) {
        let problem = problem.replace(&format!("{shown}/"), "");
        writeln!(
            out,
            "SessionStart tells the user and the model, once:\n  learnings: {problem}."
        )?;
    }
    // What the prompt hook does after an injection: one ledger record, with a domain name the
    // repository chose. It is refused, not appended through the link.
    let mut record = Record::new("2026-03-02T10:00:00Z", "demo", Act::Inject);
    record.domains = vec!["`touch pwned`".into()];
    crate::hooks::ledger::record(dir, &[record]);
    let after = std::fs::read_to_string(&rc).map_err(Error::io(&rc))?;
    writeln!(
        out,
        "\nA hook's ledger record went nowhere: {RC} is {} ({} line).",
        if after == RC_TEXT { "unchanged" } else { "CHANGED" },
        after.lines().count()
    )?;
    std::fs::remove_file(&link).map_err(Error::io(&link))?;
    let _ = std::fs::rename(&saved, &link);
    Ok(())
}

#[cfg(unix)]
fn plant(target: &Path, link: &Path) -> Result<()> {
    std::os::unix::fs::symlink(target, link).map_err(Error::io(link))
}

#[cfg(windows)]
fn plant(target: &Path, link: &Path) -> Result<()> {
    std::os::windows::fs::symlink_file(target, link).map_err(Error::io(link))
}

#[cfg(not(any(unix, windows)))]
fn plant(_: &Path, link: &Path) -> Result<()> {
    Err(Error::io(link)(std::io::Error::other("no links on this system")))
}
