//! `learnings demo`: a generated repository and a tour of the whole learning cycle on it, each
//! step as a user would type it. The demo lives here in one room: the repository ([`repo`]) and
//! the steps that run hooks in-process ([`hooks`], [`inject`], [`enforce`], [`capture`]).
//!
//! The tour runs `learnings` commands through a [`Shell`] that the command line provides, so
//! this room never imports the command line.

pub mod capture;
mod clients;
pub mod effect;
pub mod enforce;
pub mod groups;
pub mod hooks;
pub mod hostile;
pub mod inject;
mod lint;
mod own_file;
pub mod repo;

use crate::config::Config;
use crate::error::{Error, Result};
use crate::history::{DateKind, Repository};
use crate::project::analysis::{self, Analysis};
use crate::project::consolidations::{Explain, Judging};
use std::io::Write;
use std::path::Path;

/// Runs `learnings -C DIR ARGS…` and gives back what it printed and its exit code; `data`
/// replaces the user's data folder.
pub trait Shell {
    /// Runs one command line.
    fn run(&mut self, dir: &Path, args: &[&str], data: Option<&Path>) -> Result<(Vec<u8>, u8)>;
}

/// Builds the demo repository in `dir` (new or empty), then shows each step of the learning
/// cycle on it; `kept` says whether `dir` stays after the tour.
pub fn tour(dir: &Path, kept: bool, out: &mut dyn Write, shell: &mut dyn Shell) -> Result<()> {
    repo::build(dir)?;
    writeln!(out, "Demo repository: {}", dir.display())?;
    writeln!(
        out,
        "Six weeks of a team's learnings: idle days, a consolidation, a moved entry, one entry not committed yet."
    )?;

    section(
        out,
        "1. How old is each entry? (git blame along the first-parent chain, in active days)",
    )?;
    command(shell, dir, out, &["ages"])?;
    command(shell, dir, out, &["ages", "--summary"])?;

    section(
        out,
        "1b. Why is that the last consolidation? (every commit that removed a title, judged)",
    )?;
    command(shell, dir, out, &["ages", "--explain"])?;
    // The consolidation it found, audited after the fact.
    if let Some(last) = analyse(dir)?.0.last_consolidation {
        command(shell, dir, out, &["audit", &last.commit[..12]])?;
    }

    section(
        out,
        "1c. The next run reads only what changed since: the history cache (and the line SessionStart gives the model)",
    )?;
    command(shell, dir, out, &["cache", "info"])?;
    command(shell, dir, out, &["cache", "warm"])?;

    section(
        out,
        "2. The guards: line limits for pre-commit, stale learnings for CI",
    )?;
    command(shell, dir, out, &["check"])?;
    command(shell, dir, out, &["stale"])?;
    command(shell, dir, out, &["stale", "--format", "github"])?;

    section(
        out,
        "3. Is consolidation due, and what goes? (the handoff skill asks this)",
    )?;
    command(shell, dir, out, &["plan"])?;

    section(
        out,
        "4. The remember-task agent's input: each entry exactly as in the file",
    )?;
    command(shell, dir, out, &["batch"])?;

    section(
        out,
        "5. The agent consolidates (simulated here): moves entries, drops one with a reason",
    )?;
    let learnings_path = dir.join(repo::LEARNINGS);
    let start = std::fs::read_to_string(&learnings_path).map_err(Error::io(&learnings_path))?;
    let batch = current_batch(dir)?;
    repo::consolidate(dir, &batch)?;
    writeln!(
        out,
        "Moved into {}; report in {}.",
        repo::WORKFLOW_DOC,
        crate::config::CONSOLIDATION_REPORT
    )?;
    command(shell, dir, out, &["audit", "--since", "HEAD"])?;

    section(
        out,
        "6. A careless agent that silently deletes an entry is caught",
    )?;
    let survivor = survivor(dir)?;
    repo::lose_entry(dir, &survivor)?;
    command(shell, dir, out, &["audit", "--since", "HEAD"])?;
    // Back to step 1, so a kept repository is where the README's walkthrough starts.
    repo::undo_consolidation(dir, &start)?;

    section(
        out,
        "7. LearningAgents: a tracked sub-agent session, then the stop suggestion",
    )?;
    hooks::show(dir, out)?;

    section(
        out,
        "8. Knowledge at the moment it matters: one session across phases",
    )?;
    inject::show(dir, out)?;

    section(
        out,
        "9. The health at a glance: the size history's sawtooth, ages and staleness as one page",
    )?;
    let pages = dir.join("tmp");
    std::fs::create_dir_all(&pages).map_err(Error::io(pages))?;
    command(shell, dir, out, &["report", "--out", "tmp/learnings-report.html"])?;

    section(
        out,
        "10. Enforcement: a Bash command rewritten, a look-alike left alone, one blocked",
    )?;
    enforce::show(out)?;

    section(
        out,
        "11. Learning from the user: corrections, a rule, a praise, an interruption, a declined command",
    )?;
    capture::show(shell, dir, out)?;

    section(
        out,
        "12. Did it work? Each rule weighed against the corrections captured after it",
    )?;
    effect::show(shell, dir, out)?;

    section(
        out,
        "13. A repository from a stranger: a committed link in .learnings/ is never written through",
    )?;
    hostile::show(dir, out)?;

    section(
        out,
        "14. Lessons kept under themes: `### ` entries under `## ` groups are read at their own level",
    )?;
    groups::show(shell, dir, out)?;

    section(
        out,
        "15. Every agent client: the same block rule in Codex, Gemini CLI, opencode, Cursor and Copilot CLI",
    )?;
    clients::show(shell, dir, out)?;

    section(
        out,
        "16. Your own file: one line of learnings.toml points every command at it",
    )?;
    own_file::show(shell, dir, out)?;

    section(
        out,
        "17. What each agent loads: `learnings lint` finds what no client does as written",
    )?;
    lint::show(shell, dir, out)?;

    writeln!(out)?;
    match kept {
        false => writeln!(
            out,
            "(Pass --keep DIR to keep the repository and try the commands yourself.)"
        )?,
        true => writeln!(
            out,
            "The repository is kept as step 1 found it (consolidation and deletion undone): `learnings -C {} plan` starts the cycle.",
            dir.display()
        )?,
    }
    Ok(())
}

/// Runs `learnings -C dir ARGS` in-process and prints it as a shell session would.
fn command(shell: &mut dyn Shell, dir: &Path, out: &mut dyn Write, args: &[&str]) -> Result<()> {
    run_command(shell, dir, out, args, None)
}

/// [`command`] with learned data in `data` (shown as `LEARNINGS_DATA_DIR`, relative to `dir`).
pub fn command_with_data(
    shell: &mut dyn Shell,
    dir: &Path,
    out: &mut dyn Write,
    args: &[&str],
    data: &Path,
) -> Result<()> {
    run_command(shell, dir, out, args, Some(data))
}

fn run_command(
    shell: &mut dyn Shell,
    dir: &Path,
    out: &mut dyn Write,
    args: &[&str],
    data: Option<&Path>,
) -> Result<()> {
    writeln!(out)?;
    // As a reader would type it: an argument with spaces is quoted.
    let typed: Vec<String> = args
        .iter()
        .map(|a| match a.contains([' ', '"', '\'']) {
            true => format!("'{}'", a.replace('\'', "'\\''")),
            false => (*a).to_owned(),
        })
        .collect();
    let typed = typed.join(" ");
    match data {
        Some(data) => writeln!(
            out,
            "$ LEARNINGS_DATA_DIR={} learnings {typed}",
            data.strip_prefix(dir).unwrap_or(data).display(),
        )?,
        None => writeln!(out, "$ learnings {typed}")?,
    }
    let (printed, code) = shell.run(dir, args, data)?;
    out.write_all(&printed)?;
    if printed.is_empty() {
        writeln!(out, "(no output)")?;
    }
    if code != 0 {
        writeln!(out, "[exit code {code}]")?;
    }
    Ok(())
}

fn section(out: &mut dyn Write, title: &str) -> Result<()> {
    writeln!(out)?;
    writeln!(out, "## {title}")?;
    Ok(())
}

/// The batch `plan` selects now, as (title, exact text).
fn current_batch(dir: &Path) -> Result<Vec<(String, String)>> {
    let (analysis, config) = analyse(dir)?;
    let plan = analysis.plan(&config.consolidation);
    Ok(plan
        .batch()
        .iter()
        .filter_map(|age| analysis.file.entries.iter().find(|e| e.line == age.line))
        .map(|e| (e.title.clone(), e.text(&analysis.source).to_owned()))
        .collect())
}

/// The text of the oldest committed entry still in staging.
fn survivor(dir: &Path) -> Result<String> {
    let (analysis, _) = analyse(dir)?;
    let entry = analysis
        .entries
        .iter()
        .zip(&analysis.file.entries)
        .find(|(age, _)| !age.uncommitted())
        .map(|(_, e)| e.text(&analysis.source).to_owned());
    entry.ok_or_else(|| Error::Usage("the demo has no committed entry left".into()))
}

fn analyse(dir: &Path) -> Result<(Analysis, Config)> {
    let repo = Repository::discover(dir)?;
    let config = Config::load(repo.root())?;
    let judging = Judging::new(&config.consolidation, Explain::Off)?;
    let analysis = analysis::analyze(
        &repo,
        &repo.root().join(repo::LEARNINGS),
        DateKind::Author,
        &judging,
        crate::project::cache::Use::On,
    )?;
    Ok((analysis, config))
}
