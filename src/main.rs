//! The `learnings` binary: parse arguments, run, map the outcome to an exit code.
//!
//! Exit codes: 0 success, 1 findings (for pre-commit and CI), 2 usage or runtime error,
//! 10 from `plan --exit-code` when consolidation is due.

use clap::Parser;
use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = learnings::cli::Cli::parse();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut err = io::stderr().lock();
    let result = learnings::cli::run(cli, &mut out, &mut err).and_then(|code| {
        out.flush()?;
        Ok(code)
    });
    match result {
        Ok(code) => ExitCode::from(code),
        Err(learnings::Error::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            // Nothing more can be done if stderr itself is gone.
            let _ = writeln!(err, "learnings: {e}");
            ExitCode::from(learnings::cli::EXIT_ERROR)
        }
    }
}
