//! `learn suggest|apply|revert`: prompt patches with backups in `.learnings/patches/`.

use super::learn::{Format, now};
use crate::error::{Error, Result};
use crate::feedback::analyze::Analysis;
use crate::feedback::patch::{self, Patch, Target};
use crate::store::Store;
use crate::store::jsonl::Log;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// A patch as applied: what `revert` needs.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Applied {
    #[serde(flatten)]
    patch: Patch,
    at: String,
}

fn applied_log(store: &Store) -> Log {
    Log::new(store.project.join(crate::store::PATCHES).join("applied.jsonl"))
}

fn backup(store: &Store, id: &str) -> PathBuf {
    store
        .project
        .join(crate::store::PATCHES)
        .join(format!("{id}.orig"))
}

/// The agent prompts of the project: `.claude/agents/*.md` and LearningAgents' core knowledge.
fn targets(root: &Path) -> Result<Vec<Target>> {
    let mut found = Vec::new();
    let agents = root.join(".claude/agents");
    for (dir, nested) in [(agents, false), (root.join(crate::agents::AGENTS_DIR), true)] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let (agent, path) = if nested {
                (name.clone(), entry.path().join("core-knowledge.md"))
            } else if let Some(stem) = name.strip_suffix(".md") {
                (stem.to_owned(), entry.path())
            } else {
                continue;
            };
            if let Ok(text) = std::fs::read_to_string(&path) {
                let relative = path
                    .strip_prefix(root)
                    .unwrap_or(&path)
                    .to_string_lossy()
                    .replace('\\', "/");
                found.push(Target {
                    agent,
                    path: relative,
                    text,
                });
            }
        }
    }
    found.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(found)
}

/// Proposes patches.
pub fn suggest(
    store: &Store,
    root: &Path,
    analysis: &Analysis,
    format: Format,
    out: &mut dyn Write,
) -> Result<()> {
    let applied: Vec<String> = applied_log(store)
        .records::<Applied>()?
        .0
        .into_iter()
        .map(|a| a.patch.id)
        .collect();
    let patches: Vec<Patch> = patch::suggest(analysis, &targets(root)?)
        .into_iter()
        .filter(|p| !applied.contains(&p.id))
        .collect();
    if format == Format::Json {
        writeln!(
            out,
            "{}",
            serde_json::to_string(&serde_json::json!({ "schema_version": 1, "patches": patches }))
                .unwrap_or_default()
        )?;
        return Ok(());
    }
    if patches.is_empty() {
        writeln!(out, "No patches to suggest.")?;
    }
    for p in &patches {
        writeln!(out, "{}  {}  ({})\n  + - {}", p.id, p.target, p.reason, p.line)?;
    }
    Ok(())
}

/// Applies the suggested patches (all, or those whose id starts with one of `ids`).
pub fn apply(
    store: &Store,
    root: &Path,
    analysis: &Analysis,
    ids: &[String],
    out: &mut dyn Write,
) -> Result<()> {
    let log = applied_log(store);
    let applied: Vec<String> = log
        .records::<Applied>()?
        .0
        .into_iter()
        .map(|a| a.patch.id)
        .collect();
    let chosen: Vec<Patch> = patch::suggest(analysis, &targets(root)?)
        .into_iter()
        .filter(|p| !applied.contains(&p.id))
        .filter(|p| ids.is_empty() || ids.iter().any(|id| p.id.starts_with(id.as_str())))
        .collect();
    if chosen.is_empty() {
        writeln!(out, "Nothing to apply.")?;
        return Ok(());
    }
    store.ensure(true)?;
    crate::store::create_private_dir(&store.project.join(crate::store::PATCHES))?;
    for p in chosen {
        let path = root.join(&p.target);
        // Re-read: an earlier patch of this run may have changed the same file.
        let text = std::fs::read_to_string(&path).map_err(Error::io(&path))?;
        if text.contains(&format!("- {}", p.line)) {
            continue;
        }
        let saved = backup(store, &p.id);
        std::fs::write(&saved, &text).map_err(Error::io(&saved))?;
        crate::agents::fs::write_atomic(&path, patch::apply(&text, &p.line).as_bytes())?;
        log.append(&Applied {
            patch: p.clone(),
            at: now(),
        })?;
        writeln!(
            out,
            "applied {} to {} (backup {})",
            p.id,
            p.target,
            saved.display()
        )?;
    }
    Ok(())
}

/// Restores the backup of patch `id` (default: the last applied); later patches of the same
/// file go with it, since the backup predates them.
pub fn revert(store: &Store, root: &Path, id: Option<&str>, out: &mut dyn Write) -> Result<()> {
    let log = applied_log(store);
    let all = log.records::<Applied>()?.0;
    let position = match id {
        Some(id) => all.iter().rposition(|a| a.patch.id.starts_with(id)),
        None => all.len().checked_sub(1),
    }
    .ok_or_else(|| Error::Usage("revert: no such applied patch; `learnings learn suggest` lists patches, applied ones are in .learnings/patches/applied.jsonl".into()))?;
    let target = all[position].patch.target.clone();
    let saved = backup(store, &all[position].patch.id);
    let text = std::fs::read(&saved).map_err(Error::io(&saved))?;
    crate::agents::fs::write_atomic(&root.join(&target), &text)?;
    let mut kept = Vec::new();
    for (i, a) in all.iter().enumerate() {
        if i >= position && a.patch.target == target {
            let _ = std::fs::remove_file(backup(store, &a.patch.id));
            writeln!(out, "reverted {} in {}", a.patch.id, a.patch.target)?;
        } else {
            kept.push(a);
        }
    }
    log.rewrite(&kept)?;
    Ok(())
}
