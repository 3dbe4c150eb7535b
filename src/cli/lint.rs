//! `learnings lint [FILES...]`: what each agent client loads, and what is wrong with it:
//! instructions loaded twice, conflicts, silent cuts, rules that never load, rot, and rule files
//! that never fired. `--explain PATH` prints what each client would load.

use super::context::{Context, EXIT_FINDINGS, EXIT_OK};
use crate::error::{Error, Result};
use crate::lint::{self, Client, LintConfig, Severity, Tree};
use crate::project::Project;
use crate::report::lint::{self as render, ExplainReport, LintReport};
use clap::ValueEnum;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `learnings lint`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Report only findings in these files (as pre-commit passes them) [default: all].
    pub files: Vec<PathBuf>,
    /// Print what each client loads for a session in this folder, or for this file read and
    /// edited from the repository root, in order, with sizes, tokens and cuts.
    #[arg(long, value_name = "PATH")]
    pub explain: Option<PathBuf>,
    /// Only these clients (comma-separated) [default: `clients` of [lint], else all six].
    #[arg(long, value_parser = client_parser(), value_delimiter = ',', value_name = "CLIENT")]
    pub client: Vec<Client>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Exit with 1 when a finding is at or above this severity.
    #[arg(long, value_enum, default_value_t = FailOn::Warning)]
    pub fail_on: FailOn,
}

/// `--client NAME[,NAME…]`: the clients lint models, by the names `[lint] clients` takes.
fn client_parser() -> impl clap::builder::TypedValueParser<Value = Client> {
    use clap::builder::TypedValueParser;
    let names: Vec<&'static str> = Client::ALL.iter().map(|c| c.name()).collect();
    // Only these names pass the parser, so the fallback is never taken.
    clap::builder::PossibleValuesParser::new(names)
        .map(|name: String| Client::parse(&name).unwrap_or(Client::Claude))
}

/// Output formats of `lint`.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    /// One finding per two lines, for terminals and pre-commit.
    Text,
    /// Tables by kind, for a pull request comment or a job summary.
    Markdown,
    /// Machine-readable, `schema_version` 1.
    Json,
    /// SARIF 2.1.0, for code scanning.
    Sarif,
    /// GitHub Actions annotations.
    Github,
}

/// The severity that fails the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// Errors only.
    Error,
    /// Warnings and errors.
    Warning,
    /// Any finding.
    Note,
    /// Never: always exit 0.
    Never,
}

/// Lints, renders; the exit code follows `--fail-on`.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    // A mistake in [lint] stops lint (it would lint with rules the user turned off), said once.
    let root = crate::history::Repository::discover(&ctx.cwd)?
        .root()
        .to_path_buf();
    let mut config = ctx.config(&root, &["lint"])?.lint;
    let project = ctx.open(None)?;
    if !args.client.is_empty() {
        config.clients = args.client.clone();
    }
    let tree = tree(&project, &config)?;
    if let Some(path) = &args.explain {
        return explain(ctx, &project, &tree, &config, path, args.format, out);
    }
    let never_fired = never_fired(ctx, &project, &config);
    let outcome = lint::lint(&tree, &config, &never_fired);
    if args.client.is_empty() {
        save_count(&project, &outcome);
    }
    let mut wanted: Vec<String> = Vec::new();
    for file in &args.files {
        match project.repo.relative_path(&ctx.resolve(file)) {
            Some(path) if tree.files.contains(&path) || tree.links.contains_key(&path) => wanted.push(path),
            // lint reads what git tracks: an untracked file has no findings yet, and saying
            // nothing would read as "clean".
            _ => ctx.warn(&format!(
                "{}: not a file git tracks here; lint reads the tracked tree (`git add` it first)",
                file.display()
            ))?,
        }
    }
    let findings = outcome
        .findings
        .into_iter()
        .filter(|f| args.files.is_empty() || wanted.contains(&f.path))
        .collect();
    let report = LintReport {
        schema_version: 1,
        files: outcome.surfaces.len(),
        clients: config.clients.clone(),
        findings,
        suppressed: outcome.suppressed,
    };
    match args.format {
        Format::Text => render::text(&report, out)?,
        Format::Markdown => render::markdown(&report, out)?,
        Format::Json => render::json(&report, out)?,
        Format::Sarif => render::sarif(&report, out)?,
        Format::Github => render::github(&report, out)?,
    }
    let floor = match args.fail_on {
        FailOn::Error => Some(Severity::Error),
        FailOn::Warning => Some(Severity::Warning),
        FailOn::Note => Some(Severity::Note),
        FailOn::Never => None,
    };
    let fails = floor.is_some_and(|floor| report.findings.iter().any(|f| f.severity >= floor));
    Ok(if fails { EXIT_FINDINGS } else { EXIT_OK })
}

/// The tracked tree of `project`, the `ignore` globs of [lint] left out.
pub fn tree(project: &Project, config: &LintConfig) -> Result<Tree> {
    let root = project.repo.root().to_path_buf();
    let ignore = crate::base::glob::glob_set(config.ignore.iter().map(String::as_str), "[lint] ignore")
        .map_err(|message| Error::Config {
            path: root.join(crate::base::paths::CONFIG_FILE),
            message,
        })?;
    let files = project
        .repo
        .tracked_files()?
        .into_iter()
        .map(|p| p.to_string_lossy().replace('\\', "/"))
        .filter(|p| !ignore.is_match(p));
    let links = project
        .repo
        .tracked_links()?
        .into_iter()
        .filter(|(p, _)| !ignore.is_match(p))
        .collect();
    Ok(Tree::new(root, files, links))
}

fn explain(
    ctx: &mut Context<'_>,
    project: &Project,
    tree: &Tree,
    config: &LintConfig,
    path: &Path,
    format: Format,
    out: &mut dyn Write,
) -> Result<u8> {
    let full = ctx.resolve(path);
    let Some(rel) = project.repo.relative_path(&full) else {
        return Err(Error::Usage(format!(
            "--explain {}: outside the repository at {}; name a file or folder inside it",
            path.display(),
            project.repo.root().display()
        )));
    };
    let is_dir = rel.is_empty() || tree.dirs.contains(&rel) || full.is_dir();
    let (session, file) = if is_dir {
        (rel.clone(), None)
    } else {
        (String::new(), Some(rel.clone()))
    };
    let report = ExplainReport {
        schema_version: 1,
        clients: lint::explain(tree, config, &session, file.as_deref()),
        path: rel,
        session,
        file,
    };
    match format {
        Format::Json | Format::Sarif => render::explain_json(&report, out)?,
        _ => render::explain_text(&report, out)?,
    }
    Ok(EXIT_OK)
}

/// Rule files the effect ledger says no recent session was given; none without a ledger.
fn never_fired(ctx: &mut Context<'_>, project: &Project, config: &LintConfig) -> lint::NeverFired {
    if !config.is_on(lint::Rule::NeverFired) || !project.repo.root().join(".learnings").is_dir() {
        return Vec::new();
    }
    let Ok(analysis) = ctx.analyse_default(project) else {
        return Vec::new();
    };
    let window = super::effect::WINDOW;
    let Ok(effect) = super::effect::weigh(ctx, project, &analysis, None, window) else {
        return Vec::new();
    };
    if effect.sessions == 0 {
        return Vec::new();
    }
    effect
        .rules
        .iter()
        .filter(|r| r.verdict == crate::effect::Verdict::NeverFired && r.rule.title.is_none())
        .map(|r| (r.rule.path.clone(), window.min(effect.sessions)))
        .collect()
}

/// Lints `project` whole and keeps the count for SessionStart (what `cache warm` runs).
pub fn count(project: &Project) -> Result<()> {
    let config = &project.config.lint;
    let outcome = lint::lint(&tree(project, config)?, config, &Vec::new());
    save_count(project, &outcome);
    Ok(())
}

/// Keeps the count for SessionStart's one line; a failure only means SessionStart says less.
fn save_count(project: &Project, outcome: &lint::Outcome) {
    let count = |s: Severity| outcome.findings.iter().filter(|f| f.severity == s).count();
    crate::project::cache::lint::save(
        &project.repo,
        &crate::project::cache::lint::Count {
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
            notes: count(Severity::Note),
        },
    );
}
