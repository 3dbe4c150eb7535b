//! `learn review` and `learn export-labels`: the captures the classifier was unsure of, decided
//! by the user one by one (or by an agent through `--accept` / `--reject`), and the decisions as
//! training data.

use crate::capture::Category;
use crate::capture::review::{self, Decision};
use crate::cli::args::Format;
use crate::cli::context::{Context, EXIT_OK};
use crate::error::{Error, Result};
use crate::store::Store;
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// Arguments of `learn review`.
#[derive(Debug, clap::Args)]
pub struct ReviewArgs {
    /// Accept capture ID (as `--format json` numbers them) without asking.
    #[arg(long, value_name = "ID", conflicts_with = "reject")]
    pub accept: Option<usize>,
    /// Reject capture ID without asking: it said nothing about the previous answer.
    #[arg(long, value_name = "ID")]
    pub reject: Option<usize>,
    /// With --accept: its category, when not the classifier's guess.
    #[arg(long = "as", value_name = "CATEGORY", requires = "accept")]
    pub category: Option<String>,
    /// With --accept: the gist to keep instead of the prompt as typed.
    #[arg(long, requires = "accept")]
    pub gist: Option<String>,
    /// Output format: `text` or `markdown` (the same human form), or `json`.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Lists, decides one, or asks about each in turn (reading answers from standard input).
pub fn review(ctx: &mut Context<'_>, store: &Store, args: ReviewArgs, out: &mut dyn Write) -> Result<u8> {
    let category = args.category.as_deref().map(parse_category).transpose()?;
    if let Some(id) = args.accept {
        let logged = review::decide(
            store,
            id,
            &Decision::Accept {
                category,
                gist: args.gist,
            },
        )?;
        if let Some(event) = logged {
            writeln!(out, "accepted {id}: {} \"{}\"", event.kind.name(), event.text)?;
        }
        return Ok(EXIT_OK);
    }
    if let Some(id) = args.reject {
        review::decide(store, id, &Decision::Reject)?;
        writeln!(out, "rejected {id}")?;
        return Ok(EXIT_OK);
    }
    let (queue, skipped) = review::pending(store)?;
    ctx.warn_unreadable(&store.review(), skipped)?;
    if args.format == Format::Json {
        let items: Vec<serde_json::Value> = queue
            .iter()
            .enumerate()
            .map(|(i, e)| {
                serde_json::json!({ "id": i + 1, "at": e.at, "category": e.kind.name(),
                    "confidence": e.confidence, "text": e.text, "answered": e.answered,
                    "session": e.session, "project": e.project })
            })
            .collect();
        let json = serde_json::json!({ "schema_version": 1, "pending": items });
        writeln!(out, "{}", serde_json::to_string_pretty(&json).unwrap_or_default())?;
        return Ok(EXIT_OK);
    }
    if queue.is_empty() {
        writeln!(out, "Nothing waits for review.")?;
        return Ok(EXIT_OK);
    }
    let stdin = std::io::stdin();
    let mut answers = stdin.lock().lines();
    let (total, mut decided) = (queue.len(), 0);
    for (i, item) in queue.iter().enumerate() {
        writeln!(
            out,
            "[{}/{total}] {}? {:.2}  ({})",
            i + 1,
            item.kind.name(),
            item.confidence,
            item.at
        )?;
        if let Some(answered) = &item.answered {
            writeln!(out, "  after: {answered}")?;
        }
        writeln!(out, "  user: {}", item.text)?;
        write!(
            out,
            "[a]ccept, a <category>, [e]dit the gist, [r]eject, [s]kip, [q]uit: "
        )?;
        out.flush()?;
        let Some(Ok(answer)) = answers.next() else { break };
        let id = i + 1 - decided;
        let mut words = answer.split_whitespace();
        let decision = match (words.next(), words.next()) {
            (Some("a"), as_category) => Decision::Accept {
                category: as_category.map(parse_category).transpose()?,
                gist: None,
            },
            (Some("e"), _) => {
                write!(out, "gist: ")?;
                out.flush()?;
                let gist = answers.next().and_then(std::result::Result::ok);
                Decision::Accept { category: None, gist }
            }
            (Some("r"), _) => Decision::Reject,
            (Some("q"), _) => break,
            _ => {
                writeln!(out, "skipped")?;
                continue;
            }
        };
        review::decide(store, id, &decision)?;
        decided += 1;
        writeln!(
            out,
            "{}",
            if decision == Decision::Reject {
                "rejected"
            } else {
                "accepted"
            }
        )?;
    }
    writeln!(out, "{decided} decided, {} waiting.", total - decided)?;
    Ok(EXIT_OK)
}

/// Writes the review decisions as labelled prompts, to `file` or to `out`.
pub fn export_labels(
    ctx: &mut Context<'_>,
    store: &Store,
    file: Option<PathBuf>,
    out: &mut dyn Write,
) -> Result<u8> {
    let text = review::export_labels(store)?;
    match file {
        Some(file) => {
            let path = ctx.resolve(&file);
            crate::base::fs::write_atomic(&path, text.as_bytes()).map_err(Error::from)?;
        }
        None => out.write_all(text.as_bytes())?,
    }
    Ok(EXIT_OK)
}

fn parse_category(name: &str) -> Result<Category> {
    Category::parse(name).ok_or_else(|| {
        Error::Usage(format!(
            "review: `{name}` is no category; use correction, rejection, clarification, enhancement, preference or praise"
        ))
    })
}
