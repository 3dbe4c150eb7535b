//! Opening a repository the way git would: say why one cannot be opened, and go on without
//! global attribute files that cannot be read.
//!
//! git warns about an unreadable `~/.config/git/attributes` (or `core.attributesFile`) and
//! carries on; gix stops every diff with "an attribute file could not be read". An unreadable
//! `$HOME` must not stop `ages`, so the repository is checked once when opened and, if needed,
//! pointed at no global attribute file, with a warning naming the file.

use super::Error;
use std::path::{Path, PathBuf};

/// Why no repository could be opened at or above `dir`: none there, a SHA-256 repository this
/// build does not read, or a repository gix refuses for another reason.
pub(super) fn diagnose(dir: &Path, start: &Path) -> Error {
    let path = crate::base::paths::tidy(start);
    let Ok((found, _)) = gix::discover::upwards(dir) else {
        return Error::NotARepository { path };
    };
    let (git_dir, _) = found.into_repository_and_work_tree_directories();
    let config = gix::config::File::from_path_no_includes(git_dir.join("config"), gix::config::Source::Local);
    let format = config
        .ok()
        .and_then(|c| c.string("extensions.objectFormat").map(|v| v.to_string()));
    match format {
        Some(format) if format.eq_ignore_ascii_case("sha256") => Error::Sha256 { path },
        _ => Error::Git {
            path,
            message: format!(
                "{} is a git folder that cannot be opened",
                crate::base::paths::tidy(&git_dir).display()
            ),
        },
    }
}

/// Checks that the global attribute files can be read; if not, stops reading them and returns a
/// warning that names them.
pub(super) fn tolerate_unreadable_attributes(repo: &mut gix::Repository) -> Option<String> {
    let empty = gix::index::State::new(repo.object_hash());
    let source = gix::worktree::stack::state::attributes::Source::IdMapping;
    if repo.attributes_only(&empty, source).is_ok() {
        return None;
    }
    let unreadable: Vec<String> = candidates(repo)
        .into_iter()
        .filter_map(|path| match std::fs::File::open(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Some(format!("{}: {e}", path.display())),
            _ => None,
        })
        .collect();
    // A file that does not exist is no attribute file: that is what git does without one.
    let none = repo.git_dir().join("learnings-no-global-attributes");
    let mut snapshot = repo.config_snapshot_mut();
    snapshot
        .set_value(
            &gix::config::tree::Core::ATTRIBUTES_FILE,
            &*none.to_string_lossy(),
        )
        .ok()?;
    snapshot.commit().ok()?;
    repo.attributes_only(&empty, source).ok()?;
    let which = if unreadable.is_empty() {
        "a global git attributes file".to_owned()
    } else {
        unreadable.join(", ")
    };
    Some(format!(
        "cannot read {which}; going on without global git attributes, as git does"
    ))
}

/// Where git looks for global attributes: `core.attributesFile`, else the XDG location.
fn candidates(repo: &gix::Repository) -> Vec<PathBuf> {
    let configured = repo
        .config_snapshot()
        .trusted_path("core.attributesFile")
        .ok()
        .flatten();
    let xdg = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".config")))
        .map(|base| base.join("git").join("attributes"));
    configured.or(xdg).into_iter().collect()
}
