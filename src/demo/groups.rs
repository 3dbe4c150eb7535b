//! The structure part of `learnings demo`: a team that keeps its lessons as `### ` entries under
//! `## ` groups. The lessons are the entries; the groups are never dated, batched or counted.

use crate::error::Result;
use crate::history::write::Writer;
use std::io::Write;
use std::path::Path;

/// The team's repository, beside the report of step 9 (untracked by the demo repository).
const REPO: &str = "tmp/grouped";
const FILE: &str = "agents/learnings.md";

const TEXT: &str = "# Team lessons\n\nOne `### ` per lesson, under the theme it belongs to.\n\n\
## Rendering\n\n\
### Preview at low quality\n- Render previews with -ql; keep -qh for the final cut.\n\n\
### Pin the font cache\n- Warm the font cache once per machine, or the first render stalls.\n\n\
## Workflow\n\n\
### Ask before deleting memory files\n- Memory files hold other agents' context: ask first.\n";

/// Commits the grouped file in a repository of its own, then reads it as `ages --explain` does.
pub fn show(shell: &mut dyn super::Shell, dir: &Path, out: &mut dyn Write) -> Result<()> {
    let repo_dir = dir.join(REPO);
    let mut repo = Writer::init(&repo_dir)?;
    repo.write(FILE, TEXT.to_owned());
    // 2026-03-02 10:00 UTC, in the demo's weeks.
    repo.commit("Lessons by theme", 1_772_445_600, 0)?;
    repo.checkout()?;
    writeln!(out, "\n$ cd {REPO} && cat {FILE}\n")?;
    out.write_all(TEXT.as_bytes())?;
    writeln!(out, "\n$ learnings ages --explain")?;
    let (printed, _) = shell.run(&repo_dir, &["ages", "--explain"], None)?;
    out.write_all(&printed)?;
    Ok(())
}
