//! `learnings feedback "always …"`: tell the agents something explicitly; `--history` lists what
//! was captured; `--classify` and `--eval` run the prompt classifier (for `bench/capture.sh`).

use super::args::Format;
use super::context::now;
use super::context::{Context, EXIT_OK};
use crate::capture::{self, Event, Kind, eval};
use crate::error::{Error, Result};
use std::io::{Read, Write};
use std::path::PathBuf;

/// Arguments of `learnings feedback`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to remember, e.g. "always use the venv". Recorded as an explicit rule.
    #[arg(required_unless_present_any = ["history", "classify", "eval"])]
    pub text: Option<String>,
    /// Record TEXT for every project (a rule of yours), not only this one.
    #[arg(long, conflicts_with_all = ["history", "classify", "eval"])]
    pub global: bool,
    /// List the captured feedback, oldest first.
    #[arg(long, conflicts_with_all = ["classify", "eval"])]
    pub history: bool,
    /// Classify TEXT (or stdin) as a prompt hook would, without recording anything.
    #[arg(long, conflicts_with = "eval")]
    pub classify: bool,
    /// With `--classify`: the assistant message the prompt answers, as the hook reads it.
    #[arg(long, value_name = "TEXT", requires = "classify")]
    pub answered: Option<String>,
    /// Precision and recall of the classifier on a labelled JSONL set.
    #[arg(long, value_name = "FILE")]
    pub eval: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Records, lists or classifies.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    if let Some(file) = &args.eval {
        let path = ctx.resolve(file);
        let text = std::fs::read_to_string(&path).map_err(Error::io(&path))?;
        let samples = eval::parse(&text).map_err(|m| Error::Config { path, message: m })?;
        let evaluation = eval::evaluate(&samples);
        crate::report::learn::evaluation(&evaluation, args.format == Format::Json, out)?;
        return Ok(EXIT_OK);
    }
    if args.classify {
        let text = match args.text {
            Some(text) => text,
            None => {
                let mut text = String::new();
                std::io::stdin().read_to_string(&mut text)?;
                text
            }
        };
        let answered = args.answered.as_deref();
        let decision = capture::model::decide_in(&text, answered);
        let signal = decision.captured();
        let lesson = signal.map(|s| capture::model::is_lesson(s.category, &text, answered));
        match (args.format, signal) {
            (Format::Json, _) => {
                let json = serde_json::json!({ "schema_version": 1, "signal": signal, "lesson": lesson });
                writeln!(out, "{}", serde_json::to_string(&json).unwrap_or_default())?
            }
            (Format::Text | Format::Markdown, Some(s)) => {
                let kept = if lesson == Some(false) {
                    "transient"
                } else {
                    "lesson"
                };
                writeln!(out, "{} {:.2} ({kept})", s.category.name(), s.confidence)?
            }
            (Format::Text | Format::Markdown, None) => match decision.unsure() {
                Some(u) => writeln!(
                    out,
                    "none (unsure: {} {:.2}, for review)",
                    u.category.name(),
                    u.confidence
                )?,
                None => writeln!(out, "none")?,
            },
        }
        return Ok(EXIT_OK);
    }
    let (store, root) = ctx.open_store()?;
    if args.history {
        let (events, skipped) = store.feedback().records::<Event>()?;
        ctx.warn_unreadable(&store.feedback(), skipped)?;
        crate::report::learn::history(&events, args.format == Format::Json, out)?;
        return Ok(EXIT_OK);
    }
    let text = args.text.unwrap_or_default();
    if text.trim().is_empty() {
        return Err(Error::Usage(
            "feedback: say what to remember, e.g. `learnings feedback \"always use the venv\"`".into(),
        ));
    }
    let kind = capture::classify(&text).map_or(Kind::Preference, |s| s.category.into());
    let mut event = Event::new(&now(), kind, 1.0, &crate::store::redact::text(text.trim()));
    event.project = (!args.global).then(|| root.display().to_string());
    store.feedback().append(&event)?;
    if args.format == Format::Json {
        let json = serde_json::json!({ "schema_version": 1, "event": event });
        writeln!(out, "{json}")?;
    } else {
        writeln!(
            out,
            "Recorded {} in {}",
            kind.name(),
            store.feedback().path().display()
        )?;
    }
    Ok(EXIT_OK)
}
