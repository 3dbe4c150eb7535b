//! `learnings cache info|clear|warm`: the incremental cache of what history says of the
//! learnings file (in the repository's common git dir), shown, removed, or brought up to date.

use super::args::Format;
use super::context::{Context, EXIT_OK};
use crate::error::{Error, Result};
use crate::history::{DateKind, Repository};
use crate::project::cache::{self, files};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `learnings cache`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

/// What to do with the cache.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Where the cache is, its files, their size and the commits they hold.
    Info {
        /// Only the cache of this learnings file (the others are listed without it).
        file: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Remove the cache (the next command reads the whole history and builds it again).
    Clear,
    /// Bring the cache up to date for HEAD: the learnings file, its freshness line and the
    /// dates of the rule files injection uses (run by the git hooks of `install-hook --cache`).
    Warm {
        /// The learnings file [default: `learnings` in learnings.toml, else agents/learnings.md].
        file: Option<PathBuf>,
    },
}

/// Dispatches.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    match args.action {
        Action::Info { file, format } => info(ctx, file, format, out),
        Action::Clear => {
            let repo = Repository::discover(&ctx.cwd)?;
            let folder = cache::folder(&repo);
            let n = cache::clear(&repo).map_err(Error::io(&folder))?;
            writeln!(
                out,
                "Removed {} from {}",
                crate::base::words::count(n, "cache file"),
                folder.display()
            )?;
            Ok(EXIT_OK)
        }
        Action::Warm { file } => warm(ctx, file, out),
    }
}

fn info(ctx: &mut Context<'_>, file: Option<PathBuf>, format: Format, out: &mut dyn Write) -> Result<u8> {
    // A named learnings file narrows the list to its own cache, opened as every command opens it.
    let (repo, only) = match file {
        Some(file) => {
            let project = ctx.open(Some(&file))?;
            if !project.file.exists() {
                return Err(Error::Missing {
                    path: crate::base::paths::tidy(&project.file),
                    hint: "pass the learnings file".into(),
                });
            }
            let path = project.repo.relative_path(&project.file);
            (project.repo, Some(path.unwrap_or_default()))
        }
        None => (Repository::discover(&ctx.cwd)?, None),
    };
    let folder = cache::folder(&repo);
    let mut files = cache::info(&repo).map_err(Error::io(&folder))?;
    if let Some(only) = &only {
        files.retain(|f| f.path.as_deref() == Some(only.as_str()));
    }
    if format == Format::Json {
        let files: Vec<serde_json::Value> = files
            .iter()
            .map(|f| {
                serde_json::json!({
                    "file": f.file.display().to_string(),
                    "bytes": f.bytes,
                    "learnings": f.path,
                    "checkpoints": f.heads,
                    "problem": f.problem,
                })
            })
            .collect();
        let value = serde_json::json!({
            "schema_version": 1,
            "folder": folder.display().to_string(),
            "format": cache::FORMAT,
            "files": files,
        });
        writeln!(out, "{value}")?;
        return Ok(EXIT_OK);
    }
    writeln!(out, "Cache folder: {}", folder.display())?;
    match (&only, files.is_empty()) {
        (Some(only), true) => writeln!(
            out,
            "No cache for {only} yet: `learnings cache warm {only}` builds it (so does any command that reads its history)."
        )?,
        (None, true) => writeln!(
            out,
            "No cache files: the next command that reads history builds them."
        )?,
        _ => {}
    }
    for f in &files {
        let name = f
            .file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let what = f.path.as_deref().map(|p| format!(" for {p}")).unwrap_or_default();
        writeln!(out, "- {name}{what}: {} bytes", f.bytes)?;
        for head in &f.heads {
            writeln!(out, "  - checkpoint at {head}")?;
        }
        if let Some(problem) = &f.problem {
            writeln!(out, "  - {problem}")?;
        }
    }
    Ok(EXIT_OK)
}

fn warm(ctx: &mut Context<'_>, file: Option<PathBuf>, out: &mut dyn Write) -> Result<u8> {
    let project = ctx.open(file.as_deref())?;
    if project.repo.is_shallow() {
        writeln!(
            out,
            "Not cached: this is a shallow clone (the cache keeps full histories only)."
        )?;
        return Ok(EXIT_OK);
    }
    // The count SessionStart says in one line; a lint that fails only means it says nothing.
    if ctx.cache == cache::Use::On {
        let _ = super::lint::count(&project);
    }
    let analysis = ctx.analyse_default(&project)?;
    if ctx.cache == cache::Use::On {
        let head = project.repo.head()?;
        let root = project.repo.root().to_path_buf();
        let mut paths: Vec<String> = Vec::new();
        let inject = &project.config.inject;
        let specs = inject
            .always
            .iter()
            .chain(inject.domains.iter().flat_map(|d| d.files.iter()));
        for spec in specs {
            for path in crate::inject::files::resolve(&root, spec.get_ref()) {
                if !paths.contains(&path) {
                    paths.push(path);
                }
            }
        }
        let dates = files::update(&project.repo, head, &paths, &analysis.calendar, DateKind::Author)?;
        files::save(&project.repo, &dates);
        crate::hooks::freshness::warmed(&cache::folder(&project.repo));
    }
    writeln!(
        out,
        "Cache up to date at {}: {}",
        &analysis.head[..analysis.head.len().min(12)],
        crate::project::cache::freshness::Freshness::of(&analysis, &project.config.consolidation).line()
    )?;
    Ok(EXIT_OK)
}
