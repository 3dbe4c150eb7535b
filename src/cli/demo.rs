//! `learnings demo`: build the demo repository with gix alone, then run each command on it.

use super::{Context, EXIT_OK};
use crate::analysis;
use crate::config::Config;
use crate::demo;
use crate::error::{Error, Result};
use crate::history::{DateKind, Repository};
use crate::report::ages::{self, AgesReport};
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
        "A month of learnings history: idle days, a consolidation, a moved entry, one uncommitted entry."
    )?;
    step(out, "learnings ages")?;
    let repo = Repository::discover(&dir)?;
    let config = Config::load(repo.root())?;
    let analysis = analysis::analyze(&repo, &repo.root().join(demo::LEARNINGS), DateKind::Author)?;
    ages::markdown(
        &AgesReport::new(&analysis, config.consolidation.freshness, "author"),
        out,
    )?;
    if args.keep.is_none() {
        writeln!(out)?;
        writeln!(
            out,
            "(Pass --keep DIR to keep the repository and try the commands yourself.)"
        )?;
    }
    Ok(EXIT_OK)
}

fn step(out: &mut dyn Write, command: &str) -> Result<()> {
    writeln!(out)?;
    writeln!(out, "$ {command}")?;
    writeln!(out)?;
    Ok(())
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
