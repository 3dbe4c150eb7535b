//! The first-hour part of `learnings demo`: a team whose lessons live in `docs/LESSONS.md`, not
//! in the default `agents/learnings.md`. One line of `learnings.toml` points every command at
//! it, and the report goes into `.learnings/`, which ignores itself: no untracked file appears.

use crate::error::Result;
use crate::history::write::Writer;
use std::io::Write;
use std::path::Path;

/// The team's repository, beside the others of the demo (untracked by the demo repository).
const REPO: &str = "tmp/own-file";
const CONFIG: &str = "learnings = \"docs/LESSONS.md\"\n";
const TEXT: &str = "# Lessons\n\n\
## Run the linter before pushing\n- CI rejects unformatted code; `make lint` fixes most of it.\n\n\
## Keep fixtures small\n- A fixture over 1 MB slows every test run; generate big inputs instead.\n";

/// Commits the file and the configuration, then runs `ages` and `report` there.
pub fn show(shell: &mut dyn super::Shell, dir: &Path, out: &mut dyn Write) -> Result<()> {
    let repo_dir = dir.join(REPO);
    let mut repo = Writer::init(&repo_dir)?;
    repo.write("learnings.toml", CONFIG.to_owned());
    repo.write("docs/LESSONS.md", TEXT.to_owned());
    // 2026-03-09 10:00 UTC, in the demo's weeks.
    repo.commit("Our lessons", 1_773_050_400, 0)?;
    repo.checkout()?;
    writeln!(out, "\n$ cd {REPO} && cat learnings.toml\n{CONFIG}")?;
    for args in [&["ages"][..], &["report"][..]] {
        writeln!(out, "$ learnings {}", args.join(" "))?;
        let (printed, code) = shell.run(&repo_dir, args, None)?;
        let shown = String::from_utf8_lossy(&printed).replace(&format!("{}/", repo_dir.display()), "");
        out.write_all(shown.as_bytes())?;
        if code != 0 {
            writeln!(out, "[exit code {code}]")?;
        }
        writeln!(out)?;
    }
    writeln!(
        out,
        "The page is in .learnings/, which holds a .gitignore of `*`: `git status` shows nothing new."
    )?;
    Ok(())
}
