//! `learnings discover record|useful|list`: agents record what they found out, and say when a
//! discovery helped. The plugin's agents and skills tell them when.

use super::args::Format;
use super::context::now;
use super::context::{Context, EXIT_OK};
use crate::capture::discover::{self, Category, Discovery, Recorded};
use crate::error::{Error, Result};
use std::io::Write;

/// Arguments of `learnings discover`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

/// What to do.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Record a discovery (a near-duplicate is merged into the existing one).
    Record {
        /// technical-insight, workaround, pattern, gotcha, performance, dependency or configuration.
        #[arg(long)]
        category: String,
        /// 10 to 100 characters.
        #[arg(long)]
        summary: String,
        /// At least 20 characters.
        #[arg(long)]
        details: String,
        /// From 0.5 to 1.
        #[arg(long, default_value_t = 0.8)]
        confidence: f64,
        /// `project` (this repository) or `global` (every project of this user).
        #[arg(long, default_value = "project")]
        scope: String,
        /// Files involved (repeat or separate with commas).
        #[arg(long, value_delimiter = ',')]
        files: Vec<String>,
        /// No longer injected after this date (YYYY-MM-DD).
        #[arg(long)]
        expires: Option<String>,
        /// Output format: `text` or `markdown` (the same human form), or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Count a use of discovery ID (or an unambiguous prefix of it).
    Useful {
        id: String,
        /// Output format: `text` or `markdown` (the same human form), or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// The discoveries, best ranked first.
    List {
        /// Output format: `text` or `markdown` (the same human form), or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

/// Runs one action.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let (store, _) = ctx.open_store()?;
    match args.action {
        Action::Record {
            category,
            summary,
            details,
            confidence,
            scope,
            files,
            expires,
            format,
        } => {
            let category = Category::parse(&category).ok_or_else(|| {
                let names: Vec<&str> = Category::ALL.iter().map(|c| c.name()).collect();
                Error::Usage(format!(
                    "discover: unknown category `{category}`; use one of {}",
                    names.join(", ")
                ))
            })?;
            let at = now();
            if let Some(date) = &expires {
                // Checked against the clock here, not in the domain, which never reads it.
                if at.get(..10).is_some_and(|today| date.as_str() < today) {
                    return Err(Error::Usage(format!(
                        "discover: --expires {date} is already past; give a later date or leave it out"
                    )));
                }
            }
            let discovery = Discovery {
                v: 1,
                id: discover::id_for(&summary),
                at: at.clone(),
                category,
                summary: summary.trim().to_owned(),
                details: details.trim().to_owned(),
                confidence,
                scope,
                files,
                expires,
                uses: 0,
                last: at,
                merged: 0,
            };
            discovery
                .validate()
                .map_err(|m| Error::Usage(format!("discover: {m}")))?;
            let project = discovery.scope == "project";
            store.ensure(project)?;
            let log = store.discoveries(project);
            // Read, merge and write under one lock: parallel sub-agents record at once.
            let (recorded, skipped) = log.update(|all: &mut Vec<Discovery>, skipped| {
                Ok((discover::record(all, discovery), skipped))
            })?;
            ctx.warn_unreadable(&log, skipped)?;
            let path = log.path().display();
            match (&recorded, format) {
                (Recorded::Added(id), Format::Json) => writeln!(
                    out,
                    "{}",
                    serde_json::json!({ "schema_version": 1, "result": "added", "id": id })
                )?,
                (Recorded::Added(id), Format::Text | Format::Markdown) => {
                    writeln!(out, "Added discovery {id} in {path}")?;
                }
                (
                    Recorded::Merged {
                        id,
                        kept_category,
                        kept_details,
                    },
                    Format::Json,
                ) => {
                    let mut kept = Vec::new();
                    if kept_category.is_some() {
                        kept.push("category");
                    }
                    if *kept_details {
                        kept.push("details");
                    }
                    writeln!(
                        out,
                        "{}",
                        serde_json::json!({ "schema_version": 1, "result": "merged", "id": id, "kept": kept })
                    )?;
                }
                (
                    Recorded::Merged {
                        id,
                        kept_category,
                        kept_details,
                    },
                    Format::Text | Format::Markdown,
                ) => {
                    let mut kept = Vec::new();
                    if let Some(c) = kept_category {
                        kept.push(format!("its category {} (not {})", c.name(), category.name()));
                    }
                    if *kept_details {
                        kept.push("its details (yours were dropped)".to_owned());
                    }
                    let note = if kept.is_empty() {
                        String::new()
                    } else {
                        format!("; it kept {}", kept.join(" and "))
                    };
                    writeln!(out, "Merged into discovery {id} in {path}{note}")?;
                }
            }
        }
        Action::Useful { id, format } => {
            let at = now();
            for project in [true, false] {
                let log = store.discoveries(project);
                if !log.exists() {
                    continue;
                }
                let used =
                    log.update(|all: &mut Vec<Discovery>, skipped| {
                        Ok(discover::mark_useful(all, &id, &at)
                            .map(|used| (used.id.clone(), used.uses, skipped)))
                    })?;
                let Some((full, uses, skipped)) = used else {
                    continue;
                };
                ctx.warn_unreadable(&log, skipped)?;
                if format == Format::Json {
                    let json = serde_json::json!({ "schema_version": 1, "id": full, "uses": uses });
                    writeln!(out, "{json}")?;
                } else {
                    writeln!(out, "Counted a use of discovery {full} (uses {uses})")?;
                }
                return Ok(EXIT_OK);
            }
            return Err(Error::Usage(format!(
                "discover: no single discovery has the id `{id}`; see `learnings discover list`"
            )));
        }
        Action::List { format } => {
            let all = ctx.discoveries(&store)?;
            let reference = all.iter().map(|d| d.last.clone()).max().unwrap_or_default();
            let ranked = discover::ranked(&all, &reference);
            crate::report::learn::discoveries(&all, &ranked, &reference, format == Format::Json, out)?;
        }
    }
    Ok(EXIT_OK)
}
