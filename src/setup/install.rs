//! `learnings install --client`: the change to one client's project file, planned, then
//! written. Planning reads; only [`write`] touches the disk, so `--dry-run` is the plan shown.
//!
//! A cloned repository can carry `.codex` or `.gemini` as a link to a folder of the user's
//! (`~/.ssh`): nothing is written through a link, at any depth below the project root.

use super::clients;
use crate::error::{Error, Result};
use crate::hooks::clients::Client;
use std::path::{Path, PathBuf};

/// What installing does to the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The file is new.
    Created,
    /// The file was there; our hooks are added or brought up to date, the rest kept.
    Updated,
    /// The file already holds exactly this.
    Unchanged,
}

/// One client's planned change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The client.
    pub client: Client,
    /// The file, relative to the project root.
    pub path: PathBuf,
    /// Its text now, if it exists.
    pub before: Option<String>,
    /// Its text after.
    pub after: String,
    /// What this does.
    pub outcome: Outcome,
    /// What the user must still do by hand, and why.
    pub by_hand: Vec<String>,
}

impl Change {
    /// The change as a unified diff (empty when unchanged).
    pub fn diff(&self) -> String {
        let before = self.before.as_deref().unwrap_or("");
        if before == self.after {
            return String::new();
        }
        let name = self.path.display().to_string();
        similar::TextDiff::from_lines(before, &self.after)
            .unified_diff()
            .header(&format!("a/{name}"), &format!("b/{name}"))
            .to_string()
    }
}

/// The change that installs `client`'s hooks in the project at `root`.
pub fn plan(root: &Path, client: Client) -> Result<Change> {
    let path = clients::file(client);
    let full = root.join(&path);
    refuse_links(root, &path)?;
    let before = match std::fs::read_to_string(&full) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(source) => return Err(Error::Io { path: full, source }),
    };
    let after = clients::merged(client, before.as_deref()).map_err(|message| Error::Config {
        path: full.clone(),
        message,
    })?;
    let outcome = match &before {
        None => Outcome::Created,
        Some(text) if *text == after => Outcome::Unchanged,
        Some(_) => Outcome::Updated,
    };
    Ok(Change {
        client,
        path,
        before,
        after,
        outcome,
        by_hand: clients::by_hand(client, root),
    })
}

/// Writes a planned change (nothing when unchanged).
pub fn write(root: &Path, change: &Change) -> Result<()> {
    if change.outcome == Outcome::Unchanged {
        return Ok(());
    }
    // Again: a link could have appeared since the plan.
    refuse_links(root, &change.path)?;
    let full = root.join(&change.path);
    if let Some(dir) = full.parent() {
        std::fs::create_dir_all(dir).map_err(|source| Error::Io {
            path: dir.to_owned(),
            source,
        })?;
    }
    refuse_links(root, &change.path)?;
    crate::base::fs::write_atomic(&full, change.after.as_bytes()).map_err(|e| Error::Io {
        path: e.path,
        source: e.source,
    })
}

/// An error when any part of `relative` below `root` is a link.
fn refuse_links(root: &Path, relative: &Path) -> Result<()> {
    let mut at = root.to_path_buf();
    for part in relative.components() {
        at.push(part);
        if std::fs::symlink_metadata(&at).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(Error::Config {
                path: at,
                message: "is a link, and learnings never writes through one (a cloned repository can point it anywhere); remove the link, then install again".into(),
            });
        }
    }
    Ok(())
}
