//! `learn forget|export|import`: the learned data as a whole.

use crate::base::words::count;
use crate::capture::Event;
use crate::cli::args::Format;
use crate::cli::context::Context;
use crate::error::{Error, Result};
use crate::store::{Store, bundle, jsonl::Log};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Deletes the learned data: both levels, or with `project` this project's folder and its
/// events in the user log (lines that cannot be read are kept).
pub fn forget(
    ctx: &mut Context<'_>,
    store: &Store,
    root: &Path,
    project: bool,
    format: Format,
    out: &mut dyn Write,
) -> Result<()> {
    let mut removed = store.forget(!project)?;
    if project {
        removed.extend(store.forget_sessions_of(&root.display().to_string())?);
    }
    let mut events_removed = 0;
    let log = store.feedback();
    if project && log.exists() {
        let here = root.display().to_string();
        // Filtered under the log's lock: a hook capturing meanwhile loses nothing.
        let unreadable = log.update(|events: &mut Vec<Event>, unreadable| {
            let before = events.len();
            events.retain(|e| e.project.as_deref() != Some(&here));
            events_removed = before - events.len();
            Ok(unreadable)
        })?;
        ctx.warn_unreadable(&log, unreadable)?;
    }
    if format == Format::Json {
        let files: Vec<String> = removed.iter().map(|p| p.display().to_string()).collect();
        let json = serde_json::json!({
            "schema_version": 1,
            "removed_files": files,
            "removed_events": events_removed,
            "events_file": log.path().display().to_string(),
        });
        writeln!(out, "{json}")?;
        return Ok(());
    }
    if removed.is_empty() && events_removed == 0 {
        writeln!(out, "Nothing to forget.")?;
    }
    for path in &removed {
        writeln!(out, "Removed {}", path.display())?;
    }
    if events_removed > 0 {
        writeln!(
            out,
            "Removed {} of this project from {}",
            count(events_removed, "event"),
            log.path().display()
        )?;
    }
    Ok(())
}

/// Every log as one JSON bundle.
pub fn export(store: &Store, out: &mut dyn Write) -> Result<()> {
    let mut files: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for name in bundle::FILES {
        files.insert(name, log_of(store, name).lines()?);
    }
    let json = serde_json::json!({ "schema_version": bundle::SCHEMA_VERSION, "files": files });
    writeln!(out, "{}", serde_json::to_string_pretty(&json).unwrap_or_default())?;
    Ok(())
}

/// Replaces the logs a bundle holds; the bundle is checked whole first, and logs it does not
/// mention are left alone.
pub fn import(
    ctx: &Context<'_>,
    store: &Store,
    file: &Path,
    format: Format,
    out: &mut dyn Write,
) -> Result<()> {
    let (text, source) = if file.as_os_str() == "-" {
        (std::io::read_to_string(std::io::stdin())?, "<stdin>".to_owned())
    } else {
        let path = ctx.resolve(file);
        let text = std::fs::read_to_string(&path).map_err(Error::io(&path))?;
        (text, file.display().to_string())
    };
    let files = bundle::parse(&text, &source)?;
    let mut imported: Vec<(&str, PathBuf, usize)> = Vec::new();
    for (name, lines) in files {
        let log = log_of(store, name);
        if lines.is_empty() && !log.path().exists() {
            continue;
        }
        store.ensure(name.starts_with("project/"))?;
        log.rewrite_lines(&lines)?;
        imported.push((name, log.path().to_path_buf(), lines.len()));
    }
    if format == Format::Json {
        let list: Vec<serde_json::Value> = imported
            .iter()
            .map(|(name, path, n)| {
                serde_json::json!({ "file": name, "path": path.display().to_string(), "lines": n })
            })
            .collect();
        writeln!(
            out,
            "{}",
            serde_json::json!({ "schema_version": 1, "imported": list })
        )?;
        return Ok(());
    }
    if imported.is_empty() {
        writeln!(out, "Nothing to import.")?;
    }
    for (_, path, n) in imported {
        writeln!(out, "Imported {} into {}", count(n, "line"), path.display())?;
    }
    Ok(())
}

fn log_of(store: &Store, name: &str) -> Log {
    match name {
        "user/feedback.jsonl" => store.feedback(),
        "user/review.jsonl" => store.review(),
        "user/labels.jsonl" => store.labels(),
        "user/discoveries.jsonl" => store.discoveries(false),
        _ => store.discoveries(true),
    }
}
