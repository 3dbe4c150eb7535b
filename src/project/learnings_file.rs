//! The learnings file a project names: whether it is there, and how its headings read. A
//! misspelt `learnings =` path, or no file at the default path, used to leave `doctor` content
//! and SessionStart silent: both now say it, naming the key to set.

use crate::config::Config;
use crate::project::input::{MAX_LEARNINGS_BYTES, refusal_words, refuse_too_large, refuse_too_many_headings};
use std::path::Path;

/// What `doctor` says of the learnings file `config` names under `root`: the structure its
/// headings were read as, or what is wrong with it and what to do.
pub fn status(root: &Path, config: &Config) -> Result<String, String> {
    let path = root.join(&config.learnings);
    let shown = config.learnings.display().to_string();
    let bytes = match crate::base::fs::read_regular(&path, MAX_LEARNINGS_BYTES + 1) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(missing(config)),
        Err(e) => return Err(format!("{shown}: {e}; `learnings =` in learnings.toml names it")),
    };
    let too_large = refuse_too_large(&path, bytes.len() as u64, None)
        .and_then(|()| refuse_too_many_headings(&path, &bytes));
    if let Err(e) = too_large {
        return Err(format!(
            "{shown}: {}",
            refusal_words(&e).unwrap_or_else(|| e.to_string())
        ));
    }
    let text = String::from_utf8_lossy(&bytes);
    let file = crate::model::parse_with(&text, &config.consolidation.structure());
    Ok(format!("{shown}: {}", file.shape.describe()))
}

/// The learnings file is not there: said with the key that names it.
pub fn missing(config: &Config) -> String {
    let shown = config.learnings.display();
    if config.learnings == Config::default().learnings {
        format!(
            "{shown} (the default) does not exist: create it, or set `learnings = \"PATH\"` in learnings.toml to the file your team keeps"
        )
    } else {
        format!(
            "{shown} does not exist, and learnings.toml names it (`learnings = \"{shown}\"`): fix the path (relative to the repository root) or create the file"
        )
    }
}
