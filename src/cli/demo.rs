//! `learnings demo`: build the demo repository with gix alone, then run each command on it,
//! exactly as a user would type them (the tour is [`crate::demo::tour`]).

use super::Cli;
use super::context::{Context, EXIT_OK};
use crate::error::{Error, Result};
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
    crate::demo::tour(&dir, args.keep.is_some(), out, &mut InProcess { ctx })?;
    Ok(EXIT_OK)
}

/// The tour's commands, parsed and run in this process, their warnings on our stderr.
struct InProcess<'c, 'a> {
    ctx: &'c mut Context<'a>,
}

impl crate::demo::Shell for InProcess<'_, '_> {
    fn run(&mut self, dir: &Path, args: &[&str], data: Option<&Path>) -> Result<(Vec<u8>, u8)> {
        let dir = dir.to_string_lossy();
        let argv = ["learnings", "-C", dir.as_ref()]
            .into_iter()
            .chain(args.iter().copied());
        let cli = Cli::try_parse_from(argv).map_err(|e| Error::Usage(e.to_string()))?;
        let mut printed = Vec::new();
        let code = super::run_with_data(cli, &mut printed, self.ctx.stderr, data.map(Path::to_path_buf))?;
        Ok((printed, code))
    }
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
