//! Git history, read in-process with gix. The only room that imports gix; it returns owned data.
//!
//! Everything here follows the **first-parent** chain where a single line of history is needed
//! (blame, the last consolidation): a learnings file changes on the main line when branches are
//! merged, and the merge is the moment an entry reached the team. The calendar of active days,
//! by contrast, counts every commit reachable from HEAD, because work on a side branch is work.

mod blame;
mod calendar;
mod changes;
mod copies;
mod damage;
mod first_parent;
mod index;
mod lines;
mod open;
mod retitles;
mod sizes;
mod submodules;
mod versions;
mod walk;
pub mod write;

pub use blame::{HeadingOrigin, Known, Trace};
pub use calendar::Calendar;
pub use changes::ChangedFile;
/// Commit and blob ids, as the rest of the crate holds them without naming gix.
pub use gix::ObjectId;
/// The kind of object ids (this build reads SHA-1 repositories).
pub use gix::hash::Kind as HashKind;
pub use index::Staged;
pub use sizes::Version;
pub use walk::{FileChange, Until, Walked};

use chrono::NaiveDate;
use gix::objs::FindExt;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Bytes of delta bases each handle on the object store keeps decoded.
const PACK_CACHE_BYTES: usize = 64 * 1024 * 1024;

/// Which of a commit's two dates counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DateKind {
    /// When the change was written (git's `%ad`): the default, as in the original tool.
    #[default]
    Author,
    /// When the commit was made (git's `%cd`): what a rebase or cherry-pick resets.
    Committer,
}

/// A commit, reduced to what reports need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommitInfo {
    /// Full hex id.
    pub id: String,
    /// The calendar date in the commit's own recorded offset.
    pub date: NaiveDate,
}

/// What went wrong reading history.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// No repository above the path.
    #[error("{path}: not inside a git repository; run `git init` or pass a file inside one")]
    NotARepository { path: PathBuf },
    /// A repository whose objects are named by SHA-256, which this build does not read.
    #[error("{path}: SHA-256 repositories are not supported yet; use a SHA-1 clone")]
    Sha256 { path: PathBuf },
    /// A repository without a working tree.
    #[error("{path}: is a bare repository; run learnings in a clone with a working tree")]
    Bare { path: PathBuf },
    /// HEAD points to a branch that has no commits yet.
    #[error("{path}: the repository has no commits yet; commit the learnings file first")]
    UnbornHead { path: PathBuf },
    /// A revision that does not name a commit.
    #[error("{path}: `{rev}` is not a commit here; pass a commit, branch or tag (e.g. HEAD~3)")]
    BadRevision { path: PathBuf, rev: String },
    /// A revision that does not resolve in a shallow clone: likely past the boundary.
    #[error(
        "{path}: `{rev}` is not a commit here: this is a shallow clone, and it may lie past the boundary; fetch the full history (`git fetch --unshallow`; in GitHub Actions, `fetch-depth: 0`)"
    )]
    ShallowRevision { path: PathBuf, rev: String },
    /// A partial clone lacks file versions the history needs (`git clone --filter=blob:none`).
    #[error(
        "{path}: partial clone: older versions of the file are not here, so its history cannot be read; fetch them (`git config --unset remote.origin.partialclonefilter && git fetch --refetch`; in GitHub Actions, actions/checkout without `filter`, with `fetch-depth: 0`)"
    )]
    Partial { path: PathBuf },
    /// Objects the history needs are missing or corrupt (`object`: which, where, and how).
    #[error(
        "{path}: the repository is damaged: {object}; run `git fsck`, then restore the objects from a clone or a backup"
    )]
    Damaged { path: PathBuf, object: String },
    /// Any other failure of the object database or references.
    #[error("{path}: cannot read git history: {message}")]
    Git { path: PathBuf, message: String },
}

/// An open repository with a working tree; clones share the object store and are cheap.
#[derive(Debug, Clone)]
pub struct Repository {
    repo: gix::Repository,
    root: PathBuf,
    shallow: HashSet<ObjectId>,
    warnings: Vec<String>,
    /// Bytes of file versions one blame may read before it is cut and resumed (see `blame`).
    blob_budget: usize,
}

impl Repository {
    /// Discovers the repository that holds `start` (a file or directory), walking upward like git.
    pub fn discover(start: &Path) -> Result<Self, Error> {
        let dir = if start.is_dir() {
            start
        } else {
            start.parent().unwrap_or(Path::new("."))
        };
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        // As git does: `GIT_DIR` names the repository outright (the dotfiles layout, `git
        // --git-dir`, every hook git runs), `GIT_WORK_TREE` and `GIT_INDEX_FILE` override the
        // working tree and the index (a partial commit's temporary index), and the ceiling
        // variables bound the upward search; a ceiling that does not apply is ignored, as git
        // ignores it, rather than an error.
        let options = gix::discover::upwards::Options {
            match_ceiling_dir_or_error: false,
            ..Default::default()
        };
        let mut repo: gix::Repository = gix::ThreadSafeRepository::discover_with_environment_overrides_opts(
            dir,
            options,
            Default::default(),
        )
        .map_err(|_| open::diagnose(dir, start))?
        .to_thread_local();
        let warnings = open::tolerate_unreadable_attributes(&mut repo)
            .into_iter()
            .collect();
        // Blame and the walk read the same trees again and again.
        repo.object_cache_size_if_unset(16 * 1024 * 1024);
        // Each handle (blame, and the walk beside it) has its own cache of delta bases; gix's
        // default of 96 MB each was too much on a 200,000-commit history, and 24 MB cost a
        // sixth more time in decoding the file's versions.
        repo.objects.set_pack_cache(|| {
            Box::new(gix::odb::pack::cache::lru::StaticLinkedList::<64>::new(
                PACK_CACHE_BYTES,
            ))
        });
        let Some(root) = repo.workdir().map(Path::to_path_buf) else {
            return Err(Error::Bare {
                path: repo.git_dir().to_path_buf(),
            });
        };
        let root = root.canonicalize().unwrap_or(root);
        let shallow = match repo.shallow_commits() {
            Ok(Some(commits)) => commits.iter().copied().collect(),
            Ok(None) => HashSet::new(),
            Err(e) => return Err(git_error(&root)(e)),
        };
        Ok(Repository {
            repo,
            root,
            shallow,
            warnings,
            blob_budget: blame::BLOB_BUDGET,
        })
    }

    /// The git dir shared by all worktrees (`git rev-parse --git-common-dir`).
    pub fn common_dir(&self) -> PathBuf {
        self.repo.common_dir().to_path_buf()
    }

    /// The blob id git gives `bytes` (`git hash-object`): whether a file is as committed.
    pub fn blob_id_of(bytes: &[u8]) -> Option<ObjectId> {
        gix::objs::compute_hash(gix::hash::Kind::Sha1, gix::objs::Kind::Blob, bytes).ok()
    }

    /// The root of the working tree.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// What the user should know about how the repository was opened (an unreadable global
    /// attributes file), as git would warn.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Whether history is cut at a shallow boundary.
    pub fn is_shallow(&self) -> bool {
        !self.shallow.is_empty()
    }

    /// Whether `commit` (full hex) is a shallow boundary: lines blamed on it may be older.
    pub fn is_boundary(&self, commit: &str) -> bool {
        ObjectId::from_hex(commit.as_bytes()).is_ok_and(|id| self.shallow.contains(&id))
    }

    /// Whether objects may be missing by design: a partial clone (`extensions.partialClone`,
    /// or a promisor remote), whose filtered blobs gix does not fetch.
    pub fn is_partial(&self) -> bool {
        let config = self.repo.config_snapshot();
        if config.string("extensions.partialClone").is_some() {
            return true;
        }
        config
            .plumbing()
            .sections_by_name("remote")
            .is_some_and(|mut remotes| {
                remotes.any(|remote| {
                    remote.value("promisor").is_some_and(|v| v.as_slice() == b"true")
                        || remote.value("partialclonefilter").is_some()
                })
            })
    }

    /// `error` as said of this repository: of a partial clone, where missing objects are the
    /// likely cause; of a damaged one, naming the broken object; else as it is.
    pub fn explain(&self, error: Error) -> Error {
        match error {
            Error::Git { .. } if self.is_partial() => Error::Partial {
                path: self.root.clone(),
            },
            other => self.damaged(other),
        }
    }

    /// `path` relative to the working tree root, with `/` separators, as git names it.
    ///
    /// The path need not exist (a deleted file still has a name): the nearest existing ancestor
    /// is resolved (symlinks included), the rest is appended as given.
    pub fn relative_path(&self, path: &Path) -> Option<String> {
        let absolute = if path.is_absolute() {
            path.to_path_buf()
        } else {
            std::env::current_dir().ok()?.join(path)
        };
        let mut existing = absolute.as_path();
        let mut rest = Vec::new();
        let resolved = loop {
            match existing.canonicalize() {
                Ok(resolved) => break resolved,
                Err(_) => {
                    rest.push(existing.file_name()?);
                    existing = existing.parent()?;
                }
            }
        };
        let full = rest.iter().rev().fold(resolved, |acc, part| acc.join(part));
        let relative = full.strip_prefix(&self.root).ok()?;
        let parts: Option<Vec<&str>> = relative.components().map(|c| c.as_os_str().to_str()).collect();
        Some(parts?.join("/"))
    }

    /// The commit HEAD points to; an unborn HEAD is an error.
    pub fn head(&self) -> Result<ObjectId, Error> {
        match self.repo.head_id() {
            Ok(id) => Ok(id.detach()),
            Err(_) if self.head_is_unborn() => Err(Error::UnbornHead {
                path: self.root.clone(),
            }),
            Err(e) => Err(git_error(&self.root)(e)),
        }
    }

    /// The commit `rev` names (`HEAD~2`, a branch, a tag, a hex id).
    pub fn resolve(&self, rev: &str) -> Result<ObjectId, Error> {
        // In a shallow clone, `HEAD~3` past the boundary is missing history, not a typo.
        let bad = || match self.is_shallow() {
            true => Error::ShallowRevision {
                path: self.root.clone(),
                rev: crate::base::words::cut(rev, 60),
            },
            false => Error::BadRevision {
                path: self.root.clone(),
                rev: crate::base::words::cut(rev, 60),
            },
        };
        // A revision that fails to resolve in a damaged repository is the damage, not a typo.
        let bad = |e: &dyn std::error::Error| match self.explain(git_error(&self.root)(e)) {
            damaged @ Error::Damaged { .. } => damaged,
            _ => self.damaged_commits().unwrap_or_else(bad),
        };
        let id = self.repo.rev_parse_single(rev).map_err(|e| bad(&e))?;
        let commit = id
            .object()
            .map_err(|e| bad(&e))?
            .peel_to_commit()
            .map_err(|e| bad(&e))?;
        Ok(commit.id)
    }

    fn head_is_unborn(&self) -> bool {
        self.repo.head().map(|h| h.is_unborn()).unwrap_or(false)
    }

    /// The blob of `path` in `commit`, if the file is there.
    pub fn file_at(&self, commit: ObjectId, path: &str) -> Result<Option<Vec<u8>>, Error> {
        match self.blob_id(commit, path)? {
            Some(id) => self.blob_data(id).map(Some),
            None => Ok(None),
        }
    }

    /// The date and id of `commit`.
    pub fn commit_info(&self, commit: ObjectId, kind: DateKind) -> Result<CommitInfo, Error> {
        let err = git_error(&self.root);
        let mut buf = Vec::new();
        let data = self.repo.objects.find_commit(&commit, &mut buf).map_err(&err)?;
        let signature = match kind {
            DateKind::Author => data.author(),
            DateKind::Committer => data.committer(),
        }
        .map_err(&err)?;
        let time = signature.time().map_err(&err)?;
        Ok(CommitInfo {
            id: commit.to_string(),
            date: local_date(time.seconds, time.offset),
        })
    }
}

/// The calendar date of a timestamp in its own offset: what `git log --date=short` prints.
pub fn local_date(seconds: i64, offset: i32) -> NaiveDate {
    let local = seconds.saturating_add(i64::from(offset));
    let days = local.div_euclid(86_400);
    NaiveDate::from_num_days_from_ce_opt(i32::try_from(days + 719_163).unwrap_or(i32::MAX))
        .unwrap_or(NaiveDate::MIN)
}

fn git_error<E: std::error::Error>(root: &Path) -> impl Fn(E) -> Error + '_ {
    move |e| Error::Git {
        path: root.to_path_buf(),
        message: chain(&e),
    }
}

/// An error and its causes, joined by `: `, each said once: gix's own message often names
/// neither the object nor what went wrong with it ("Failed to convert old resource at …").
fn chain(error: &dyn std::error::Error) -> String {
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let text = cause.to_string();
        if !message.contains(&text) {
            message.push_str(": ");
            message.push_str(&text);
        }
        source = cause.source();
    }
    message
}

#[cfg(test)]
mod blame_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_dates_use_the_recorded_offset() {
        // 2024-03-01T23:30:00Z is already March 2nd in +01:00 and still March 1st in -05:00.
        let t = 1_709_335_800;
        assert_eq!(local_date(t, 0).to_string(), "2024-03-01");
        assert_eq!(local_date(t, 3600).to_string(), "2024-03-02");
        assert_eq!(local_date(t, -5 * 3600).to_string(), "2024-03-01");
        assert_eq!(local_date(0, 0).to_string(), "1970-01-01");
        assert_eq!(local_date(-1, 0).to_string(), "1969-12-31");
    }
}
