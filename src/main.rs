//! The `learnings` binary: parse arguments, run, map the outcome to an exit code.
//!
//! Exit codes: 0 success, 1 findings (for pre-commit and CI), 2 usage or runtime error,
//! 3 from `split-plan` when a doc cannot be split, 4 when the history here is incomplete (a
//! shallow clone for `plan` and `stale`, a partial clone without the file's older versions for
//! every command that reads history), 10 from `plan --exit-code` when consolidation is due. `learnings hook …` always exits 0, even on arguments it does not know: exit 2 would
//! block the user's turn in Claude Code.

use clap::Parser;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match learnings::cli::Cli::try_parse() {
        Ok(cli) => cli,
        // A plugin newer than the binary may pass a hook name or flag this build does not know.
        Err(e) if e.use_stderr() && learnings::cli::is_hook(std::env::args_os().skip(1)) => {
            let rendered = e.render().to_string();
            let reason = match e.kind() {
                clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => "no hook name given",
                _ => rendered.lines().next().unwrap_or_default(),
            };
            let reason = reason.strip_prefix("error: ").unwrap_or(reason);
            // Nothing more can be done if stdout or stderr is gone; the exit code stays 0.
            let _ = writeln!(
                io::stderr(),
                "learnings: hook: {reason}; answering {{}} (is the binary older than the plugin?)"
            );
            let _ = writeln!(io::stdout(), "{{}}");
            return ExitCode::SUCCESS;
        }
        Err(e) => e.exit(),
    };
    // Progress only where a person watches, never for a hook: Claude Code reads its stderr.
    let watched = io::stderr().is_terminal() && !cli.quiet;
    learnings::cli::progress::install(watched && !matches!(cli.command, learnings::cli::Command::Hook(_)));
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    for note in learnings::cli::deprecated_notes(&args) {
        let _ = writeln!(io::stderr(), "learnings: {note}");
    }
    let mut out = io::BufWriter::new(ClosedPipeIsFine::new(io::stdout().lock()));
    // Warnings too: a closed stderr must not turn findings into a runtime error.
    // Not locked for the whole run: the progress bars write to stderr from their own threads.
    let mut err = ClosedPipeIsFine::new(io::stderr());
    let result = learnings::cli::run(cli, &mut out, &mut err).and_then(|code| {
        out.flush()?;
        Ok(code)
    });
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            // Nothing more can be done if stderr itself is gone.
            let _ = writeln!(err, "learnings: {e}");
            ExitCode::from(learnings::cli::exit_code(&e))
        }
    }
}

/// An output stream whose reader may stop reading (`learnings stale --fail-on stale | head -1`).
///
/// Once the pipe is closed, the rest of the output is dropped and the command runs to its end,
/// so its exit code (findings: 1) is the same whether the reader left before or after the
/// output filled the pipe. Failing at the first write instead would turn a finding into 0 or 2
/// depending on how much was printed.
struct ClosedPipeIsFine<W> {
    inner: W,
    closed: bool,
}

impl<W: Write> ClosedPipeIsFine<W> {
    fn new(inner: W) -> Self {
        ClosedPipeIsFine { inner, closed: false }
    }

    fn absorb<T>(&mut self, result: io::Result<T>, done: T) -> io::Result<T> {
        match result {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(done)
            }
            other => other,
        }
    }
}

impl<W: Write> Write for ClosedPipeIsFine<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        let result = self.inner.write(buf);
        self.absorb(result, buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let result = self.inner.flush();
        self.absorb(result, ())
    }
}
