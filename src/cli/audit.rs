//! `learnings audit --since REV`: prove that a consolidation lost nothing.

use super::args::MarkdownFormat as Format;
use super::context::{Context, EXIT_FINDINGS, EXIT_OK};
use crate::config::CONSOLIDATION_REPORT;
use crate::error::{Error, Result};
use crate::policy::audit::{self, ChangedDoc, Removed};
use crate::policy::consolidation::removed_entries;
use crate::project::analysis::read_text;
use crate::project::docs;
use crate::report::audit::{self as render, AuditReport};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `learnings audit`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The commit before the consolidation (a hash, branch, tag or `HEAD~N`).
    #[arg(long, value_name = "REV")]
    pub since: String,
    /// The learnings file [default: from learnings.toml, else agents/learnings.md].
    pub file: Option<PathBuf>,
    /// The remember-task agent's report, relative to the repository root.
    #[arg(long, value_name = "PATH", default_value = CONSOLIDATION_REPORT)]
    pub report: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Markdown)]
    pub format: Format,
}

/// Compares REV with the working tree; exit 1 when an entry is unaccounted for.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let opened = ctx.open(args.file.as_deref())?;
    let repo = &opened.repo;
    let since = repo.resolve(&args.since)?;
    let path = repo
        .relative_path(&opened.file)
        .ok_or_else(|| Error::Usage(format!("{}: is outside the repository", opened.file.display())))?;
    let before = repo.file_at(since, &path)?.ok_or_else(|| {
        Error::Usage(format!(
            "{path}: not in {}; pass a --since where the file exists",
            args.since
        ))
    })?;
    let before = text_of(&before);
    let after = match read_text(&opened.file, "") {
        Ok((_, document)) => document.text,
        Err(Error::Missing { .. }) => String::new(),
        Err(e) => return Err(e),
    };
    let removed: Vec<Removed> = removed_entries(&before, &after)
        .into_iter()
        .map(|e| Removed {
            title: e.title.clone(),
            text: e.text(&before).to_owned(),
            body: e.body_text(&before).to_owned(),
        })
        .collect();

    let set = docs::glob_set(&opened.config.consolidation.docs)?;
    let report_path = args.report.to_string_lossy().replace('\\', "/");
    let mut changed = Vec::new();
    for doc in docs::find(repo.root(), &set, &[path.as_str(), report_path.as_str()])? {
        let now = std::fs::read(repo.root().join(&doc)).map_err(Error::io(repo.root().join(&doc)))?;
        let then = repo.file_at(since, &doc)?.unwrap_or_default();
        if now != then {
            changed.push(ChangedDoc {
                added: audit::added_lines(&text_of(&then), &text_of(&now)),
                path: doc,
            });
        }
    }
    let report_file = repo.root().join(&args.report);
    crate::project::input::refuse_special(&report_file)?;
    let dropped = match std::fs::read(&report_file) {
        Ok(bytes) => audit::dropped_in_report(&text_of(&bytes)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(Error::io(report_file)(e)),
    };
    let verdicts = audit::audit(&removed, &changed, &dropped);
    let report = AuditReport {
        file: path,
        since: args.since,
        since_commit: since.to_string(),
        entries: removed.into_iter().zip(verdicts).collect(),
    };
    match args.format {
        Format::Markdown => render::markdown(&report, out)?,
        Format::Json => render::json(&report, out)?,
    }
    Ok(if report.unaccounted() > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    })
}

fn text_of(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.strip_prefix('\u{feff}').unwrap_or(&text).to_owned()
}
