//! Which folders `agent create --template` may copy.
//!
//! The copy lands in a folder the README says to commit, so the template must be what the
//! option promises, a LearningAgent folder, and nothing more: `--template /etc` would otherwise
//! publish whatever it can read, and `--template .` would copy the project into itself until
//! paths grow too long.

use super::{Error, Result};
use std::path::{Path, PathBuf};

/// The file that makes a folder a LearningAgent.
const MARKER: &str = "core-knowledge.md";

/// The template to copy, resolved: `template` must be a LearningAgent folder (with a regular
/// `core-knowledge.md`), and neither hold `destination` (the new agent's folder) nor lie inside it.
pub fn check(template: &Path, destination: &Path) -> Result<PathBuf> {
    let refuse = |reason: String| Error::BadPath {
        path: template.to_path_buf(),
        reason,
    };
    // The folder named on the command line may be a link; what is inside it is never followed.
    let resolved = template.canonicalize().map_err(|e| {
        refuse(format!(
            "cannot open the template ({e}); pass a LearningAgent folder, such as .deepwork/learning-agents/NAME"
        ))
    })?;
    if !resolved.is_dir() {
        return Err(refuse(
            "the template is not a folder; pass a LearningAgent folder, such as .deepwork/learning-agents/NAME".into(),
        ));
    }
    let marker = resolved.join(MARKER);
    if !marker.symlink_metadata().is_ok_and(|m| m.is_file()) {
        return Err(refuse(format!(
            "the template is not a LearningAgent folder (no {MARKER}); pass an agent folder, \
             such as .deepwork/learning-agents/NAME"
        )));
    }
    let destination = resolve_missing(destination);
    if destination.starts_with(&resolved) || resolved.starts_with(&destination) {
        return Err(refuse(format!(
            "the template holds or lies inside the new agent's folder {}; pass another agent's folder",
            destination.display()
        )));
    }
    Ok(resolved)
}

/// `path` with its nearest existing ancestor resolved through links, the rest appended as is.
fn resolve_missing(path: &Path) -> PathBuf {
    for dir in path.ancestors() {
        if let Ok(real) = dir.canonicalize() {
            let rest = path.strip_prefix(dir).unwrap_or(Path::new(""));
            return if rest.as_os_str().is_empty() {
                real
            } else {
                real.join(rest)
            };
        }
    }
    path.to_path_buf()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_agent_folder_outside_the_destination_is_accepted() {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path();
        let agent = root.join("agents/reviewer");
        std::fs::create_dir_all(&agent).expect("mkdir");
        let destination = root.join(".deepwork/learning-agents/new");
        assert!(check(&agent, &destination).is_err(), "no core-knowledge.md");
        std::fs::write(agent.join(MARKER), "You review.\n").expect("write");
        assert!(check(&agent, &destination).is_ok());
        std::fs::write(root.join(MARKER), "root\n").expect("write");
        assert!(
            check(root, &destination).is_err(),
            "an ancestor of the destination"
        );
        assert!(check(&root.join("missing"), &destination).is_err());
        assert!(check(&agent.join(MARKER), &destination).is_err(), "a file");
    }
}
