//! When each rule file that injection may put before the model last changed, and how old that
//! is in active days: worked out by `learnings cache warm` (from the git hooks, or SessionStart
//! in the background) and read by the hooks, which show it only for a file whose bytes are
//! still the ones dated.

use crate::history::{Calendar, DateKind, ObjectId, Repository};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::path::Path;

/// The dates file, in the cache folder.
const FILE: &str = "files.json";

/// The saved dates.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FileDates {
    /// [`super::FORMAT`].
    pub format: u32,
    /// HEAD when they were worked out.
    pub head: String,
    /// By repository-relative path.
    pub files: BTreeMap<String, FileDate>,
}

/// One file's last change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileDate {
    /// The blob of the file in HEAD then.
    pub blob: String,
    /// The commit that last changed it.
    pub commit: String,
    /// That commit's date.
    pub date: String,
    /// Active days strictly after it.
    pub age: usize,
}

impl FileDate {
    /// `last changed 2026-10-02, 12 active days ago`
    pub fn describe(&self) -> String {
        let ago = match self.age {
            0 => "on the latest active day".to_owned(),
            1 => "1 active day ago".to_owned(),
            n => format!("{n} active days ago"),
        };
        format!("last changed {}, {ago}", self.date)
    }
}

/// Works out the dates of `paths` at `head`, from the saved ones where HEAD moved on since.
pub fn update(
    repo: &Repository,
    head: ObjectId,
    paths: &[String],
    calendar: &Calendar,
    kind: DateKind,
) -> Result<FileDates, crate::history::Error> {
    let folder = super::folder(repo);
    let previous = load(&folder).filter(|p| p.format == super::FORMAT);
    let base = previous
        .as_ref()
        .and_then(|p| ObjectId::from_hex(p.head.as_bytes()).ok())
        .map(|id| repo.first_parent_to(head, &HashSet::from([id]), super::SEARCH_LIMIT))
        .transpose()?
        .flatten();
    // Paths the saved dates cover can stop at the saved HEAD; the rest read back further.
    let (known, unknown): (Vec<String>, Vec<String>) = paths
        .iter()
        .cloned()
        .partition(|p| base.is_some() && previous.as_ref().is_some_and(|prev| prev.files.contains_key(p)));
    let mut changes: Vec<(String, Option<ObjectId>)> = Vec::new();
    if !known.is_empty() {
        changes.extend(known.iter().cloned().zip(repo.last_changes(head, &known, base)?));
    }
    if !unknown.is_empty() {
        changes.extend(
            unknown
                .iter()
                .cloned()
                .zip(repo.last_changes(head, &unknown, None)?),
        );
    }
    let mut dates = FileDates {
        format: super::FORMAT,
        head: head.to_string(),
        files: BTreeMap::new(),
    };
    for (path, change) in changes {
        let Some(blob) = repo.blob_id(head, &path)? else {
            continue;
        };
        let (commit, date) = match change {
            Some(commit) => {
                let info = repo.commit_info(commit, kind)?;
                (info.id, info.date)
            }
            // Not changed since the saved HEAD: the saved date holds.
            None => match previous.as_ref().and_then(|p| p.files.get(&path)) {
                Some(saved) => match saved.date.parse() {
                    Ok(date) => (saved.commit.clone(), date),
                    Err(_) => continue,
                },
                None => continue,
            },
        };
        dates.files.insert(
            path,
            FileDate {
                blob: blob.to_string(),
                commit,
                age: calendar.days_after(date),
                date: date.to_string(),
            },
        );
    }
    Ok(dates)
}

/// Saves `dates`; a failure only means the hooks show no dates.
pub fn save(repo: &Repository, dates: &FileDates) {
    super::write_small(&super::folder(repo).join(FILE), dates);
}

/// The saved dates in the cache folder `folder`.
pub fn load(folder: &Path) -> Option<FileDates> {
    let bytes = std::fs::read(folder.join(FILE)).ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// The saved date of `path`, if its bytes `text` are the ones dated.
pub fn date_of<'a>(dates: &'a FileDates, path: &str, text: &[u8]) -> Option<&'a FileDate> {
    let saved = dates.files.get(path)?;
    let blob = Repository::blob_id_of(text)?.to_string();
    (saved.blob == blob).then_some(saved)
}
