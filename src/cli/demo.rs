//! `learnings demo`: build the demo repository with gix alone, then run each command on it,
//! exactly as a user would type them.

use super::Cli;
use super::context::{Context, EXIT_OK};
use crate::config::Config;
use crate::demo;
use crate::error::{Error, Result};
use crate::history::{DateKind, Repository};
use crate::policy::plan::plan;
use crate::project::analysis;
use clap::Parser;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `learnings demo`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Leave the demo repository in DIR (new or empty) instead of a temporary directory.
    #[arg(long, value_name = "DIR")]
    pub keep: Option<PathBuf>,
}

/// Builds the repository, then shows each step of the learning cycle on it.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let temp;
    let dir = match &args.keep {
        Some(dir) => {
            let dir = ctx.resolve(dir);
            refuse_non_empty(&dir)?;
            dir
        }
        None => {
            temp = tempfile::Builder::new()
                .prefix("learnings-demo-")
                .tempdir()
                .map_err(Error::io(std::env::temp_dir()))?;
            temp.path().to_path_buf()
        }
    };
    demo::build(&dir)?;
    writeln!(out, "Demo repository: {}", dir.display())?;
    writeln!(
        out,
        "Six weeks of a team's learnings: idle days, a consolidation, a moved entry, one entry not committed yet."
    )?;

    section(
        out,
        "1. How old is each entry? (git blame along the first-parent chain, in active days)",
    )?;
    command(ctx, &dir, out, &["ages"])?;
    command(ctx, &dir, out, &["ages", "--summary"])?;

    section(
        out,
        "2. The guards: line limits for pre-commit, stale learnings for CI",
    )?;
    command(ctx, &dir, out, &["check"])?;
    command(ctx, &dir, out, &["stale"])?;
    command(ctx, &dir, out, &["stale", "--format", "github"])?;

    section(
        out,
        "3. Is consolidation due, and what goes? (the handoff skill asks this)",
    )?;
    command(ctx, &dir, out, &["plan"])?;

    section(
        out,
        "4. The remember-task agent's input: each entry exactly as in the file",
    )?;
    command(ctx, &dir, out, &["batch"])?;

    section(
        out,
        "5. The agent consolidates (simulated here): moves entries, drops one with a reason",
    )?;
    let learnings_path = dir.join(demo::LEARNINGS);
    let start = std::fs::read_to_string(&learnings_path).map_err(Error::io(&learnings_path))?;
    let batch = current_batch(&dir)?;
    demo::consolidate(&dir, &batch)?;
    writeln!(
        out,
        "Moved into {}; report in {}.",
        demo::WORKFLOW_DOC,
        crate::config::CONSOLIDATION_REPORT
    )?;
    command(ctx, &dir, out, &["audit", "--since", "HEAD"])?;

    section(
        out,
        "6. A careless agent that silently deletes an entry is caught",
    )?;
    let survivor = survivor(&dir)?;
    demo::lose_entry(&dir, &survivor)?;
    command(ctx, &dir, out, &["audit", "--since", "HEAD"])?;
    // Back to step 1, so a kept repository is where the README's walkthrough starts.
    demo::undo_consolidation(&dir, &start)?;

    section(
        out,
        "7. LearningAgents: a tracked sub-agent session, then the stop suggestion",
    )?;
    super::demo_hooks::show(&dir, out)?;

    section(
        out,
        "8. Knowledge at the moment it matters: one session across phases",
    )?;
    super::demo_inject::show(&dir, out)?;

    section(
        out,
        "9. The health at a glance: the size history's sawtooth, ages and staleness as one page",
    )?;
    let pages = dir.join("tmp");
    std::fs::create_dir_all(&pages).map_err(Error::io(pages))?;
    command(ctx, &dir, out, &["report", "--out", "tmp/learnings-report.html"])?;

    section(
        out,
        "10. Enforcement: a Bash command rewritten, a look-alike left alone, one blocked",
    )?;
    super::demo_enforce::show(out)?;

    section(
        out,
        "11. Learning from the user: corrections, a rule, a praise, an interruption, a declined command",
    )?;
    super::demo_capture::show(ctx, &dir, out)?;

    writeln!(out)?;
    match &args.keep {
        None => writeln!(
            out,
            "(Pass --keep DIR to keep the repository and try the commands yourself.)"
        )?,
        Some(_) => writeln!(
            out,
            "The repository is kept as step 1 found it (consolidation and deletion undone): `learnings -C {} plan` starts the cycle.",
            dir.display()
        )?,
    }
    Ok(EXIT_OK)
}

/// Runs `learnings -C dir ARGS` in-process and prints it as a shell session would.
fn command(ctx: &mut Context<'_>, dir: &Path, out: &mut dyn Write, args: &[&str]) -> Result<()> {
    run_command(ctx, dir, out, args, None)
}

/// [`command`] with learned data in `data` (shown as `LEARNINGS_DATA_DIR`, relative to `dir`).
pub fn command_with_data(
    ctx: &mut Context<'_>,
    dir: &Path,
    out: &mut dyn Write,
    args: &[&str],
    data: &Path,
) -> Result<()> {
    run_command(ctx, dir, out, args, Some(data))
}

fn run_command(
    ctx: &mut Context<'_>,
    dir: &Path,
    out: &mut dyn Write,
    args: &[&str],
    data: Option<&Path>,
) -> Result<()> {
    writeln!(out)?;
    match data {
        Some(data) => writeln!(
            out,
            "$ LEARNINGS_DATA_DIR={} learnings {}",
            data.strip_prefix(dir).unwrap_or(data).display(),
            args.join(" ")
        )?,
        None => writeln!(out, "$ learnings {}", args.join(" "))?,
    }
    let dir = dir.to_string_lossy();
    let argv = ["learnings", "-C", dir.as_ref()]
        .into_iter()
        .chain(args.iter().copied());
    let cli = Cli::try_parse_from(argv).map_err(|e| Error::Usage(e.to_string()))?;
    let mut printed = Vec::new();
    let code = super::run_with_data(cli, &mut printed, ctx.stderr, data.map(Path::to_path_buf))?;
    out.write_all(&printed)?;
    if printed.is_empty() {
        writeln!(out, "(no output)")?;
    }
    if code != EXIT_OK {
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
    let plan = plan(
        analysis.file.lines,
        analysis.staleness(),
        analysis.staleness_since(),
        &analysis.entries,
        &config.consolidation,
    );
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

fn analyse(dir: &Path) -> Result<(analysis::Analysis, Config)> {
    let repo = Repository::discover(dir)?;
    let config = Config::load(repo.root())?;
    let analysis = analysis::analyze(&repo, &repo.root().join(demo::LEARNINGS), DateKind::Author)?;
    Ok((analysis, config))
}

fn refuse_non_empty(dir: &Path) -> Result<()> {
    let occupied = std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_some());
    if occupied {
        return Err(Error::Usage(format!(
            "{}: is not empty; pass a new or empty directory to --keep",
            dir.display()
        )));
    }
    Ok(())
}
