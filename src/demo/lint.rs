//! The lint part of `learnings demo`: a repository whose agents' files say things no client
//! does as written. A Cursor rule copied into `.claude/rules` (Claude Code loads it in every
//! session), an instruction copied between `AGENTS.md` and `CLAUDE.md` (Cursor and Copilot load
//! both), and a script that was renamed. `lint --explain` shows the load lists, `lint` the findings.

use crate::error::Result;
use crate::history::write::Writer;
use std::io::Write;
use std::path::Path;

/// The repository, beside the others of the demo (untracked by the demo repository).
const REPO: &str = "tmp/agent-files";
const SHARED: &str = "Run the integration tests against the local database before every push.\n";

/// Commits the files, then runs `lint --explain` and `lint` there.
pub fn show(shell: &mut dyn super::Shell, dir: &Path, out: &mut dyn Write) -> Result<()> {
    let repo_dir = dir.join(REPO);
    let mut repo = Writer::init(&repo_dir)?;
    repo.write("CLAUDE.md", format!("# Web app\n\n{SHARED}"));
    repo.write(
        "AGENTS.md",
        format!("# Web app\n\n{SHARED}\nLint with `npm run lint:all`.\n"),
    );
    repo.write(
        ".claude/rules/react.md",
        "---\nglobs: \"src/**/*.tsx\"\nalwaysApply: false\n---\nComponents are functions; no classes.\n"
            .to_owned(),
    );
    repo.write(
        "package.json",
        "{\"scripts\": {\"lint\": \"eslint .\"}}\n".to_owned(),
    );
    repo.write("src/app.tsx", "export const App = () => null;\n".to_owned());
    // 2026-03-09 11:00 UTC, in the demo's weeks.
    repo.commit("Agents' files", 1_773_054_000, 0)?;
    repo.checkout()?;
    let steps: [&[&str]; 2] = [
        &["lint", "--explain", "src/app.tsx", "--client", "claude,cursor"],
        &["lint"],
    ];
    writeln!(out, "\n$ cd {REPO}")?;
    for args in steps {
        writeln!(out, "$ learnings {}", args.join(" "))?;
        let (printed, code) = shell.run(&repo_dir, args, None)?;
        out.write_all(&printed)?;
        if code != 0 {
            writeln!(out, "[exit code {code}]")?;
        }
        writeln!(out)?;
    }
    Ok(())
}
