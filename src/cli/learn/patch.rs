//! `learn suggest|apply|revert`: prompt patches with backups in `.learnings/patches/`.

use crate::capture::analyze::Analysis;
use crate::capture::patch::{self, Patch, Target};
use crate::cli::args::Format;
use crate::cli::context::now;
use crate::error::{Error, Result};
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
    /// Whether this patch created the `## Learned from feedback` section (or inherited that
    /// from a reverted one): the section goes with the last of them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    section: bool,
}

fn applied_log(store: &Store) -> Log {
    Log::under(
        store.project.clone(),
        store.project.join(crate::store::PATCHES).join("applied.jsonl"),
    )
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
    let open: Vec<Patch> = patch::suggest(analysis, &targets(root)?)
        .into_iter()
        .filter(|p| !applied.contains(&p.id))
        .collect();
    if let Some(unknown) = ids
        .iter()
        .find(|id| !open.iter().any(|p| p.id.starts_with(id.as_str())))
    {
        return Err(Error::Usage(format!(
            "no patch `{unknown}`; `learnings learn suggest` lists them"
        )));
    }
    let chosen: Vec<Patch> = open
        .into_iter()
        .filter(|p| ids.is_empty() || ids.iter().any(|id| p.id.starts_with(id.as_str())))
        .collect();
    if chosen.is_empty() {
        writeln!(out, "Nothing to apply.")?;
        return Ok(());
    }
    store.ensure(true)?;
    store.make_dir(true, crate::store::PATCHES)?;
    for p in chosen {
        let path = root.join(&p.target);
        // Re-read: an earlier patch of this run may have changed the same file.
        let text = std::fs::read_to_string(&path).map_err(Error::io(&path))?;
        if text.contains(&format!("- {}", p.line)) {
            continue;
        }
        let saved = backup(store, &p.id);
        crate::store::fs::write(&saved, text.as_bytes()).map_err(Error::io(&saved))?;
        crate::base::fs::write_atomic(&path, patch::apply(&text, &p.line).as_bytes())?;
        log.append(&Applied {
            patch: p.clone(),
            at: now(),
            section: !patch::has_section(&text),
        })?;
        writeln!(
            out,
            "Applied {} to {} (backup {})",
            p.id,
            p.target,
            saved.display()
        )?;
    }
    Ok(())
}

/// Takes patch `id` (default: the last applied) out of its file, and only it: the user's edits
/// and other patches stay. When the file is exactly as the patch left it, the backup comes
/// back byte for byte; otherwise its bullet is removed if it is still there unchanged, and the
/// revert is refused if it is not.
pub fn revert(store: &Store, root: &Path, id: Option<&str>, out: &mut dyn Write) -> Result<()> {
    let log = applied_log(store);
    let mut all = log.records::<Applied>()?.0;
    let position = match id {
        Some(id) => all.iter().rposition(|a| a.patch.id.starts_with(id)),
        None => all.len().checked_sub(1),
    }
    .ok_or_else(|| Error::Usage("revert: no such applied patch; `learnings learn suggest` lists patches, applied ones are in .learnings/patches/applied.jsonl".into()))?;
    let reverted = all.remove(position);
    let Patch { id, target, line, .. } = &reverted.patch;
    let path = root.join(target);
    let text = std::fs::read_to_string(&path).map_err(Error::io(&path))?;
    let saved = backup(store, id);
    let before = crate::store::fs::read(&saved)
        .ok()
        .flatten()
        .map(|b| String::from_utf8_lossy(&b).into_owned());
    let ours = reverted.section || before.as_deref().is_some_and(|b| !patch::has_section(b));
    let restored = match &before {
        Some(before) if patch::apply(before, line) == text => before.clone(),
        _ => match patch::unapply(&text, line, ours) {
            Ok((restored, section_gone)) => {
                if ours && !section_gone {
                    // The section outlives this patch: the next patch of the file takes it.
                    if let Some(next) = all.iter_mut().find(|a| &a.patch.target == target) {
                        next.section = true;
                    }
                }
                restored
            }
            Err(patch::Unapply::Missing) => {
                return Err(Error::Usage(format!(
                    "{}: the line patch {id} added was edited or removed; nothing was changed, edit the file by hand",
                    path.display()
                )));
            }
            Err(patch::Unapply::Repeated(n)) => {
                return Err(Error::Usage(format!(
                    "{}: the line patch {id} added is there {n} times; nothing was changed, remove the copy you do not want by hand",
                    path.display()
                )));
            }
        },
    };
    crate::base::fs::write_atomic(&path, restored.as_bytes())?;
    log.rewrite(&all)?;
    let _ = std::fs::remove_file(&saved);
    writeln!(out, "Reverted {id} in {target}")?;
    Ok(())
}
