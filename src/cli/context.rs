//! What every command gets: where it runs, where warnings go, and the exit codes it may return.

use crate::base::words::count;
use crate::capture::discover::Discovery;
use crate::error::Result;
use crate::project::Project;
use crate::store::Store;
use crate::store::jsonl::Log;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Success.
pub const EXIT_OK: u8 = 0;
/// Findings: a guard failed, or an audit found lost entries.
pub const EXIT_FINDINGS: u8 = 1;
/// Usage or runtime error.
pub const EXIT_ERROR: u8 = 2;
/// The history here is incomplete (a shallow or partial clone), so no decision can be trusted:
/// on a shallow clone `plan` would say "skip", every entry looking as young as the boundary.
pub const EXIT_INCOMPLETE: u8 = 4;

/// The exit code of a command that failed with `error`.
pub fn exit_code(error: &crate::error::Error) -> u8 {
    use crate::error::Error;
    match error {
        Error::History(
            crate::history::Error::Partial { .. } | crate::history::Error::ShallowRevision { .. },
        )
        | Error::Incomplete(_) => EXIT_INCOMPLETE,
        _ => EXIT_ERROR,
    }
}

/// What every command gets: where it runs and where warnings go.
pub struct Context<'a> {
    /// The directory relative paths start from (`-C` applied).
    pub cwd: PathBuf,
    /// Standard error, for warnings and notes.
    pub stderr: &'a mut dyn Write,
    /// Warnings already printed: a command that opens the repository twice says them once.
    warned: Vec<String>,
    /// The user folder of learned data, instead of the environment's: the demo keeps its own.
    pub data_dir: Option<PathBuf>,
    /// Whether commands that read history use the incremental cache (`--no-cache`).
    pub cache: crate::project::cache::Use,
}

impl std::fmt::Debug for Context<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context").field("cwd", &self.cwd).finish()
    }
}

impl<'a> Context<'a> {
    /// The context of a command run in `cwd`, warning on `stderr`; `data_dir` replaces the
    /// user's data folder (the demo keeps its own).
    pub fn new(cwd: PathBuf, stderr: &'a mut dyn Write, data_dir: Option<PathBuf>) -> Context<'a> {
        Context {
            cwd,
            stderr,
            warned: Vec::new(),
            data_dir,
            cache: crate::project::cache::Use::On,
        }
    }
}

impl Context<'_> {
    /// Finds the repository (from `file`, or the working directory) and its configuration; the
    /// learnings file is `file` or the configured one.
    pub fn open(&mut self, file: Option<&Path>) -> Result<Project> {
        let start = self.resolve(file.unwrap_or(Path::new(".")));
        let project = Project::open(start, file.is_some())?;
        self.warn_config(&project.config_problems)?;
        for warning in project.repo.warnings() {
            if !self.warned.contains(warning) {
                self.warn(warning)?;
                self.warned.push(warning.clone());
            }
        }
        Ok(project)
    }

    /// `learnings.toml` of `root`: an error when one of `sections` (or the file's syntax) has a
    /// problem, a warning for each problem elsewhere, which the command does not read.
    pub fn config(&mut self, root: &Path, sections: &[&str]) -> Result<crate::config::Config> {
        let (config, others) = crate::config::Config::read(root)?.require(sections)?;
        self.warn_config(&others)?;
        Ok(config)
    }

    /// One warning per configuration problem, each said once.
    pub fn warn_config(&mut self, problems: &[crate::base::settings::Problem]) -> Result<()> {
        for problem in problems {
            let line = problem.to_string();
            if !self.warned.contains(&line) {
                self.warn(&line)?;
                self.warned.push(line);
            }
        }
        Ok(())
    }

    /// After an analysis: what the cache did (under `LEARNINGS_DEBUG`), and the file's
    /// freshness saved for SessionStart.
    pub fn analysed(
        &mut self,
        project: &Project,
        analysis: &crate::project::analysis::Analysis,
        kind: crate::history::DateKind,
    ) -> Result<()> {
        if crate::hooks::debug::enabled() {
            for note in &analysis.cache_notes {
                writeln!(self.stderr, "learnings: debug: cache: {note}")?;
            }
        }
        // SessionStart speaks of author dates, the default.
        if self.cache == crate::project::cache::Use::On
            && !analysis.shallow
            && kind == crate::history::DateKind::Author
        {
            let freshness =
                crate::project::cache::freshness::Freshness::of(analysis, &project.config.consolidation);
            crate::project::cache::freshness::save(&project.repo, &analysis.path, &freshness);
        }
        Ok(())
    }

    /// The learnings file of `project` analysed as `ages` does by default (author dates, no
    /// `--explain`), its warnings said and its freshness saved.
    pub fn analyse_default(&mut self, project: &Project) -> Result<crate::project::analysis::Analysis> {
        use crate::history::DateKind;
        use crate::project::consolidations::{Explain, Judging};
        let judging = Judging::new(&project.config.consolidation, Explain::Off)?;
        let analysis = crate::project::analysis::analyze(
            &project.repo,
            &project.file,
            DateKind::Author,
            &judging,
            self.cache,
        )?;
        for warning in &analysis.warnings {
            self.warn(warning)?;
        }
        self.analysed(project, &analysis, DateKind::Author)?;
        Ok(analysis)
    }

    /// `path` resolved against the working directory, without `.` components.
    pub fn resolve(&self, path: &Path) -> PathBuf {
        crate::base::paths::tidy(&self.cwd.join(path))
    }

    /// Prints a warning line on stderr.
    pub fn warn(&mut self, message: &str) -> Result<()> {
        writeln!(self.stderr, "learnings: warning: {message}")?;
        Ok(())
    }

    /// Global and project discoveries; unreadable lines are reported once per file.
    pub fn discoveries(&mut self, store: &Store) -> Result<Vec<Discovery>> {
        let mut all = Vec::new();
        for project in [false, true] {
            let log = store.discoveries(project);
            let (records, skipped) = log.records::<Discovery>()?;
            self.warn_unreadable(&log, skipped)?;
            all.extend(records);
        }
        Ok(all)
    }

    /// The store of the project around the working directory (the nearest folder with `.git`).
    pub fn open_store(&self) -> Result<(Store, PathBuf)> {
        let root = crate::store::project_of(&self.cwd);
        let store = match &self.data_dir {
            Some(user) => Store::at(user.clone(), &root),
            None => Store::locate(&root)?,
        };
        store.check()?;
        Ok((store, root))
    }

    /// The one warning about lines a command could not read: they stay in the file.
    pub fn warn_unreadable(&mut self, log: &Log, n: usize) -> Result<()> {
        if n > 0 {
            self.warn(&format!(
                "{} kept in {}",
                count(n, "unreadable line"),
                log.path().display()
            ))?;
        }
        Ok(())
    }
}

/// Stops a command whose answer a shallow clone would make wrong (every entry looks as young as
/// the boundary: `plan` would say "skip"), unless `allowed`: exit 4, the fix in one line, and
/// nothing on stdout for a script to take as the answer.
pub fn refuse_shallow(project: &Project, allowed: bool, what: &str) -> Result<()> {
    if allowed || !project.repo.is_shallow() {
        return Ok(());
    }
    Err(crate::error::Error::Incomplete(format!(
        "{}: shallow clone: {what} would be cut at the shallow boundary. Fetch the full history \
         (`git fetch --unshallow`; in GitHub Actions, `fetch-depth: 0` on actions/checkout), \
         or pass --allow-shallow to answer anyway",
        project.repo.root().display()
    )))
}

/// The current UTC time as events store it: the one clock read of capture.
pub fn now() -> String {
    crate::base::time::timestamp(std::time::SystemTime::now().into())
}
