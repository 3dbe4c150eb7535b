//! `learnings inject explain "PROMPT"`: which domains match, on which word in which message,
//! what would be injected, its size, and what the budget cuts. `--tool NAME --path PATH` does
//! the same for the file-tool hook (PreToolUse on Read, Edit, Write, MultiEdit, NotebookEdit).
//! It reads the session state but never writes it.

use super::args::Format;
use super::context::{Context, EXIT_OK};
use crate::error::{Error, Result};
use crate::inject::tools::{self, Call};
use crate::inject::{self, Selection, budget, matcher::Matcher};
use crate::store::claims::Session;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `learnings inject`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

/// What to do.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Show which domains a prompt (or a file tool's path) matches and what the hook would inject.
    Explain {
        /// The prompt, as the user would type it.
        #[arg(required_unless_present = "tool", conflicts_with = "tool")]
        prompt: Option<String>,
        /// A Claude Code transcript (JSONL): its last 3 messages are matched too.
        #[arg(long, value_name = "FILE", conflicts_with = "tool")]
        transcript: Option<PathBuf>,
        /// Explain the file-tool hook instead: the tool (Read, Edit, Write, MultiEdit,
        /// NotebookEdit) about to work on `--path`.
        #[arg(long, value_name = "NAME", requires = "path")]
        tool: Option<String>,
        /// The file the tool works on, absolute or relative to the current folder.
        #[arg(long, value_name = "PATH", requires = "tool")]
        path: Option<String>,
        /// A session id: files already injected in that session are shown as such.
        #[arg(long, value_name = "ID")]
        session: Option<String>,
        /// Print the text that would be injected, too.
        #[arg(long)]
        text: bool,
        /// Output format: `text` (`markdown` is the same) or `json`.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

/// What was read and what it brings, for either hook.
struct Explained {
    /// `Read: …` lines.
    read: Vec<String>,
    /// The tool and the path as the hook sees it (repository-relative, or as given outside).
    call: Option<(String, String)>,
    /// The path is outside the project.
    outside: bool,
    selection: Selection,
    head: &'static str,
}

/// Runs the action.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let Action::Explain {
        prompt,
        transcript,
        tool,
        path,
        session,
        text,
        format,
    } = args.action;
    let root = crate::base::paths::enclosing_project(&ctx.cwd);
    // The hook's own reading: the valid domains work, the problems are warnings.
    let config = ctx.config(&root, &[])?;
    if config.inject.domains.is_empty() {
        return Err(Error::Usage(format!(
            "{}: no [[inject.domains]]; add one (see the book: guide/injection.md)",
            crate::base::paths::CONFIG_FILE
        )));
    }
    let session = session.map(|id| Session::new(&root, &id));
    let mut explained = match (tool, path) {
        (Some(tool), Some(path)) => {
            if !tools::is_file_tool(&tool) {
                return Err(Error::Usage(format!(
                    "--tool {tool}: not a file tool; use one of {}",
                    tools::FILE_TOOLS.join(", ")
                )));
            }
            let read = vec![format!("Read: {} on {path}", tools::label(&tool))];
            match tools::at_call(&config.inject, &root, &ctx.cwd, &tool, &path) {
                Call::Outside => Explained {
                    read,
                    call: Some((tool, path)),
                    outside: true,
                    selection: Selection::default(),
                    head: budget::TOOL_HEADER,
                },
                Call::Inside(relative, matches) => Explained {
                    read,
                    call: Some((tool, relative)),
                    outside: false,
                    selection: inject::select(&root, &config.inject, matches, session.as_ref()),
                    head: budget::TOOL_HEADER,
                },
            }
        }
        _ => {
            let tail = match &transcript {
                Some(path) => {
                    let path = ctx.resolve(path);
                    if !path.is_file() {
                        return Err(Error::Missing {
                            path,
                            hint: "pass a Claude Code transcript (…/<session id>.jsonl)".into(),
                        });
                    }
                    crate::transcript::tail(&path, inject::RECENT_MESSAGES)
                }
                None => Default::default(),
            };
            let matcher = Matcher::new(&config.inject);
            let prompt = prompt.unwrap_or_default();
            let matches = inject::match_conversation(&matcher, &root, Some(&prompt), &tail);
            let mut read = vec!["Read: the prompt".to_owned()];
            for (label, message) in inject::labels(&tail.messages).iter().zip(&tail.messages) {
                read.push(format!("Read: {label}: {}", preview(&message.text)));
            }
            Explained {
                read,
                call: None,
                outside: false,
                selection: inject::select(&root, &config.inject, matches, session.as_ref()),
                head: budget::HEADER,
            }
        }
    };
    crate::hooks::freshness::date_files(&root, &mut explained.selection);
    let names: Vec<String> = config
        .inject
        .domains
        .iter()
        .map(|d| d.name.get_ref().trim().to_owned())
        .collect();
    render(&explained, &names, config.inject.budget(), text, format, out)
}

/// Writes the explanation as text or JSON.
fn render(
    explained: &Explained,
    names: &[String],
    budget_chars: usize,
    text: bool,
    format: Format,
    out: &mut dyn Write,
) -> Result<u8> {
    let selection = &explained.selection;
    let fresh = selection.fresh();
    let pieces: Vec<budget::Piece> = fresh.iter().map(|(_, p)| p.clone()).collect();
    let assembled = budget::assemble(explained.head, &[], &pieces, budget_chars);
    let files: Vec<(String, usize, String, String)> = selection
        .candidates
        .iter()
        .enumerate()
        .map(|(i, candidate)| {
            let status = if candidate.seen {
                "already injected in this session: skipped".to_owned()
            } else {
                let piece = fresh.iter().position(|(c, _)| *c == i);
                match piece.and_then(|p| assembled.placed.iter().find(|x| x.piece == p)) {
                    Some(p) if p.lines == p.total => "injected whole".to_owned(),
                    Some(p) => format!("cut by the budget after line {} of {}", p.lines, p.total),
                    None => "left out by the budget".to_owned(),
                }
            };
            let chars = candidate.text.chars().count();
            (
                candidate.path.clone(),
                chars,
                candidate.domains.join(", "),
                status,
            )
        })
        .collect();
    if format.is_json() {
        let mut json = serde_json::json!({
            "schema_version": 1,
            "matches": selection.matches.iter().map(|m| serde_json::json!({
                "domain": names[m.domain], "score": m.score, "why": m.reason() })).collect::<Vec<_>>(),
            "files": files.iter().map(|(path, chars, domains, status)| serde_json::json!({
                "path": path, "chars": chars, "domains": domains, "status": status })).collect::<Vec<_>>(),
            "unreadable": selection.unreadable,
            "chars": assembled.chars(),
            "budget": budget_chars,
            "text": (!assembled.placed.is_empty()).then_some(&assembled.text),
        });
        if let (Some((tool, path)), Some(map)) = (&explained.call, json.as_object_mut()) {
            map.insert("tool".into(), tool.clone().into());
            map.insert("path".into(), path.clone().into());
            map.insert("outside".into(), explained.outside.into());
        }
        writeln!(out, "{}", serde_json::to_string(&json).unwrap_or_default())?;
        return Ok(EXIT_OK);
    }
    for line in &explained.read {
        writeln!(out, "{line}")?;
    }
    if explained.outside {
        writeln!(
            out,
            "\nThe file is outside the project: nothing is injected (the hook answers {{}})."
        )?;
        return Ok(EXIT_OK);
    }
    if selection.matches.is_empty() {
        let none = match explained.call {
            Some(_) => "No domain has this path in its `paths`",
            None => "No domain matches",
        };
        writeln!(out, "\n{none}: nothing is injected (the hook answers {{}}).")?;
        return Ok(EXIT_OK);
    }
    writeln!(out, "\nMatched domains, strongest first:")?;
    for found in &selection.matches {
        writeln!(
            out,
            "  {} (score {}): {}",
            names[found.domain],
            found.score,
            found.reason()
        )?;
    }
    writeln!(out, "\nFiles:")?;
    for (path, chars, domains, status) in &files {
        writeln!(out, "  {path} ({chars} chars, {domains}): {status}")?;
    }
    for path in &selection.unreadable {
        writeln!(
            out,
            "  {path}: not injected: missing, unreadable or outside the repository"
        )?;
    }
    if assembled.placed.is_empty() {
        writeln!(out, "\nNothing new to inject: the hook answers {{}}.")?;
    } else {
        writeln!(
            out,
            "\nInjection: {} of a {budget_chars}-character budget.",
            assembled.chars()
        )?;
    }
    if text && !assembled.placed.is_empty() {
        writeln!(out, "\n{}", assembled.text)?;
    }
    Ok(EXIT_OK)
}

fn preview(text: &str) -> String {
    let line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let short: String = line.chars().take(70).collect();
    if short.len() < line.len() {
        format!("{short}…")
    } else {
        short
    }
}
