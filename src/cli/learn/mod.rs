//! `learnings learn show|analyze|suggest|apply|revert|promote|review|export-labels|forget|export|
//! import|off|on`: what was captured from conversations, distilled, and sent through git.

mod data;
mod patch;
mod review;

use crate::capture::analyze::{self, Analysis};
use crate::capture::{Event, context, promote};
use crate::cli::args::Format;
use crate::cli::context::{Context, EXIT_OK};
use crate::error::{Error, Result};
use crate::report::learn as render;
use crate::store::Store;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `learnings learn`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

/// What to do with the learned data.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Where the data lives, what it holds, and the context the next session would get.
    Show {
        /// Output format: `text` or `markdown` (the same human form), or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// As of this time (RFC 3339, or a date), as SessionStart measures from the session's
        /// start. Default: the newest event.
        #[arg(long, value_parser = now_arg)]
        now: Option<String>,
    },
    /// Recurring corrections, explicit rules, inferred preferences and per-agent figures.
    Analyze {
        /// Output format: `text` or `markdown` (the same human form), or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Analyse as of this time (RFC 3339, or a date): decay is measured from it and later
        /// events are left out. Default: the newest event.
        #[arg(long, value_parser = now_arg)]
        now: Option<String>,
    },
    /// Propose additions to the agents' prompts from recurring failures and explicit rules.
    Suggest {
        /// Output format: `text` or `markdown` (the same human form), or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Apply the suggested patches (all, or those given by id), keeping a backup of each file.
    Apply { ids: Vec<String> },
    /// Take an applied patch out of its file (default: the last one); edits and other patches stay.
    Revert { id: Option<String> },
    /// Append recurring corrections, rules and proven discoveries to the learnings file.
    Promote {
        /// Show the diff without writing.
        #[arg(long)]
        dry_run: bool,
        /// Output format: `text` or `markdown` (the same human form), or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Delete the learned data: this project's and the user's, or with --project only this project's.
    Forget {
        /// Only this project: its folder and its events in the user log.
        #[arg(long)]
        project: bool,
        /// Output format: `text` or `markdown` (the same human form), or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// The captures the classifier was unsure of, one by one: accept, reject, edit the gist,
    /// skip (answers read from standard input); `--format json` lists them for an agent.
    Review(review::ReviewArgs),
    /// The decisions of `review`, as labelled prompts (JSON lines) for training the classifier.
    ExportLabels {
        /// Write them to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Print every log as one JSON bundle (for `import`).
    Export,
    /// Replace the logs a bundle from `export` holds (`-` reads stdin); others are left alone.
    Import {
        file: PathBuf,
        /// Output format: `text` or `markdown` (the same human form), or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Capture nothing in one Claude Code session.
    Off {
        #[arg(long)]
        session: String,
    },
    /// Capture again in a session switched off.
    On {
        #[arg(long)]
        session: String,
    },
}

/// Runs one action.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let (store, root) = ctx.open_store()?;
    match args.action {
        Action::Show { format, now } => {
            let config = ctx.config(&root, &["learning"])?;
            let analysis = analysis(ctx, &store, &root, now.as_deref())?;
            let discoveries = ctx.discoveries(&store)?;
            // The block as SessionStart makes it: from the newest events alone.
            let newest = context::newest_events(&store.feedback().lines()?, &root.display().to_string());
            let recent = analyze::analyze(&newest, now.as_deref());
            let block = context::render(&recent, &discoveries, config.learning.context_tokens);
            render::show(
                &store,
                &analysis,
                discoveries.len(),
                block.as_deref(),
                format == Format::Json,
                out,
            )?;
        }
        Action::Analyze { format, now } => {
            let analysis = analysis(ctx, &store, &root, now.as_deref())?;
            render::analysis(&analysis, format == Format::Json, out)?;
        }
        Action::Suggest { format } => {
            let analysis = analysis(ctx, &store, &root, None)?;
            patch::suggest(&store, &root, &analysis, format, out)?;
        }
        Action::Apply { ids } => {
            let analysis = analysis(ctx, &store, &root, None)?;
            patch::apply(&store, &root, &analysis, &ids, out)?;
        }
        Action::Revert { id } => patch::revert(&store, &root, id.as_deref(), out)?,
        Action::Promote { dry_run, format } => return promote(ctx, &store, &root, dry_run, format, out),
        Action::Forget { project, format } => {
            data::forget(ctx, &store, &root, project, format, out)?;
        }
        Action::Review(args) => return review::review(ctx, &store, args, out),
        Action::ExportLabels { out: file } => return review::export_labels(ctx, &store, file, out),
        Action::Export => data::export(&store, out)?,
        Action::Import { file, format } => data::import(ctx, &store, &file, format, out)?,
        Action::Off { session } => {
            store.set_session_off(&session, true)?;
            writeln!(out, "Capture is off for session {session}.")?;
        }
        Action::On { session } => {
            store.set_session_off(&session, false)?;
            writeln!(out, "Capture is on for session {session}.")?;
        }
    }
    Ok(EXIT_OK)
}

fn promote(
    ctx: &mut Context<'_>,
    store: &Store,
    root: &Path,
    dry_run: bool,
    format: Format,
    out: &mut dyn Write,
) -> Result<u8> {
    let opened = ctx.open(None)?;
    let repo_root = opened.repo.root().to_path_buf();
    let text = match std::fs::read_to_string(&opened.file) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(Error::io(&opened.file)(e)),
    };
    let relative = opened
        .file
        .strip_prefix(&repo_root)
        .unwrap_or(&opened.file)
        .to_string_lossy()
        .replace('\\', "/");
    let globs = crate::project::docs::glob_set(&opened.config.consolidation.docs)?;
    let mut docs = Vec::new();
    for path in crate::project::docs::find(&repo_root, &globs, &[relative.as_str()])? {
        if let Ok(text) = std::fs::read_to_string(repo_root.join(&path)) {
            docs.push((path, text));
        }
    }
    let analysis = analysis(ctx, store, root, None)?;
    let discoveries = ctx.discoveries(store)?;
    let promotion = promote::plan(
        &analysis,
        &discoveries,
        opened.config.learning.promote_uses,
        &text,
        &docs,
        &opened.config.consolidation.structure(),
    );
    let diff = similar::TextDiff::from_lines(&text, &promotion.new_text)
        .unified_diff()
        .header(&format!("a/{relative}"), &format!("b/{relative}"))
        .to_string();
    if !dry_run && !promotion.added.is_empty() {
        crate::base::fs::write_atomic(&opened.file, promotion.new_text.as_bytes())?;
    }
    render::promotion(&promotion, &relative, &diff, dry_run, format == Format::Json, out)?;
    Ok(EXIT_OK)
}

/// The analysis of this project's events (and those recorded outside any project).
fn analysis(ctx: &mut Context<'_>, store: &Store, root: &Path, now: Option<&str>) -> Result<Analysis> {
    // A broken learnings.toml is an error here too, as for every command that reads it.
    ctx.config(root, &["learning"])?;
    let log = store.feedback();
    let (events, skipped) = log.records::<Event>()?;
    ctx.warn_unreadable(&log, skipped)?;
    let here = root.display().to_string();
    let events: Vec<Event> = events
        .into_iter()
        .filter(|e| e.project.as_deref().is_none_or(|p| p == here))
        .collect();
    Ok(analyze::analyze(&events, now))
}

/// `--now`: RFC 3339 or a date, as RFC 3339 in UTC.
fn now_arg(text: &str) -> std::result::Result<String, String> {
    crate::capture::analyze::parse_now(text)
        .ok_or_else(|| "expected a time like 2026-03-02T10:00:00Z or a date like 2026-03-02".to_owned())
}
