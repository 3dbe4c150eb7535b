//! `learnings issue report|list|set-status`: the issue files of the learning cycle, so that the
//! skills never edit YAML by hand.

use super::context::{Context, EXIT_OK};
use crate::agents::{self, issues, sessions};
use crate::error::Result;
use serde::Serialize;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Arguments of `learnings issue`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

/// What to do with issues.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Create `NAME.issue.yml` in a session log folder, with status `identified`.
    Report {
        /// The session log folder, or the agent id of the session.
        session: String,
        /// A few dash-separated words naming the issue, e.g. `wrong-retry-strategy`.
        name: String,
        /// What went wrong (not why); `-` reads it from stdin.
        #[arg(long)]
        description: String,
        /// When the problem showed (ISO 8601, e.g. 2025-01-15T14:32:00Z, or `now`); repeatable.
        #[arg(long = "seen-at", value_name = "TIMESTAMP", required = true)]
        seen_at: Vec<String>,
    },
    /// List the issues of one session log folder, or of all of them.
    List {
        /// The session log folder, or the agent id of the session.
        session: Option<String>,
        /// Only the issues with this status.
        #[arg(long, value_enum)]
        status: Option<StatusArg>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = super::args::Format::Text)]
        format: super::args::Format,
    },
    /// Move an issue forward (identified → investigated → learned); never backwards.
    SetStatus {
        /// The issue file.
        issue: PathBuf,
        /// The new status.
        #[arg(value_enum)]
        status: StatusArg,
        /// The investigation report (root cause and transcript evidence); `-` reads stdin.
        #[arg(long)]
        report: Option<String>,
    },
}

/// Issue statuses on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StatusArg {
    /// Observed, not researched yet.
    Identified,
    /// Root cause written down.
    Investigated,
    /// Folded into the agent.
    Learned,
}

impl From<StatusArg> for issues::Status {
    fn from(arg: StatusArg) -> Self {
        match arg {
            StatusArg::Identified => issues::Status::Identified,
            StatusArg::Investigated => issues::Status::Investigated,
            StatusArg::Learned => issues::Status::Learned,
        }
    }
}

#[derive(Serialize)]
struct IssueJson<'a> {
    path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    issue: Option<&'a issues::Issue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

/// Runs the action.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let root = agents::find_root(&ctx.cwd);
    match args.action {
        Action::Report {
            session,
            name,
            description,
            seen_at,
        } => {
            let dir = sessions::resolve(&root, &ctx.cwd, &session)?;
            let seen_at: Vec<String> = seen_at.into_iter().map(now_if_asked).collect();
            let path = issues::report(&dir, &name, &text_arg(description)?, &seen_at)?;
            writeln!(out, "reported {}", shown(&root, &path))?;
        }
        Action::List {
            session,
            status,
            format,
        } => {
            let dirs = match session {
                Some(session) => vec![sessions::resolve(&root, &ctx.cwd, &session)?],
                None => sessions::list(&root, false)
                    .into_iter()
                    .map(|log| root.join(log.path))
                    .collect(),
            };
            let mut listed = Vec::new();
            for dir in dirs {
                listed.extend(issues::list(&dir)?);
            }
            let wanted = status.map(issues::Status::from);
            listed.retain(|l| wanted.is_none() || l.issue.as_ref().is_ok_and(|i| Some(i.status) == wanted));
            list(ctx, &root, &listed, format, out)?;
        }
        Action::SetStatus {
            issue,
            status,
            report,
        } => {
            let path = ctx.resolve(&issue);
            crate::project::input::refuse_special(&path)?;
            let report = report.map(text_arg).transpose()?;
            let from = issues::set_status(&path, status.into(), report.as_deref())?;
            let to = issues::Status::from(status);
            writeln!(
                out,
                "{}: {} → {}",
                shown(&root, &path),
                from.as_str(),
                to.as_str()
            )?;
        }
    }
    Ok(EXIT_OK)
}

fn list(
    ctx: &mut Context<'_>,
    root: &Path,
    listed: &[issues::Listed],
    format: super::args::Format,
    out: &mut dyn Write,
) -> Result<()> {
    for bad in listed.iter().filter_map(|l| l.issue.as_ref().err()) {
        ctx.warn(bad)?;
    }
    match format {
        super::args::Format::Json => {
            let json: Vec<IssueJson<'_>> = listed
                .iter()
                .map(|l| IssueJson {
                    path: shown(root, &l.path),
                    issue: l.issue.as_ref().ok(),
                    error: l.issue.as_ref().err().map(String::as_str),
                })
                .collect();
            let wrapped = serde_json::json!({ "schema_version": 1, "issues": json });
            crate::report::write_json(out, &wrapped)?;
        }
        super::args::Format::Text | super::args::Format::Markdown => {
            if listed.is_empty() {
                writeln!(out, "No issues.")?;
            }
            for l in listed {
                match &l.issue {
                    Ok(issue) => {
                        let summary = issue.issue_description.lines().next().unwrap_or_default();
                        writeln!(
                            out,
                            "- {} ({}): {summary}",
                            shown(root, &l.path),
                            issue.status.as_str()
                        )?;
                    }
                    Err(_) => writeln!(out, "- {} (invalid)", shown(root, &l.path))?,
                }
            }
        }
    }
    Ok(())
}

/// A text argument; `-` reads stdin.
fn text_arg(value: String) -> Result<String> {
    if value != "-" {
        return Ok(value);
    }
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(crate::error::Error::io("<stdin>"))?;
    Ok(text)
}

/// `now` stands for the current UTC time, for issues reported while they happen.
fn now_if_asked(timestamp: String) -> String {
    if timestamp == "now" {
        crate::base::time::timestamp(std::time::SystemTime::now().into())
    } else {
        timestamp
    }
}

/// `path` relative to the project root when inside it, with `/` separators.
fn shown(root: &Path, path: &Path) -> String {
    let canonical_root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    match path
        .strip_prefix(&canonical_root)
        .or_else(|_| path.strip_prefix(root))
    {
        Ok(relative) => crate::base::paths::slash(relative),
        Err(_) => path.display().to_string(),
    }
}
