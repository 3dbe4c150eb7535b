//! Writing a small repository with gix alone, for `learnings demo` (no `git` program needed).

use super::Error;
use gix::ObjectId;
use gix::objs::tree::EntryKind;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Builds a linear history commit by commit, then checks the last tree out.
#[derive(Debug)]
pub struct Writer {
    repo: gix::Repository,
    dir: PathBuf,
    files: BTreeMap<String, Vec<u8>>,
    head: Option<ObjectId>,
}

impl Writer {
    /// Creates an empty repository in `dir`.
    pub fn init(dir: &Path) -> Result<Self, Error> {
        let repo = gix::init(dir).map_err(err(dir))?;
        Ok(Writer {
            repo,
            dir: dir.to_path_buf(),
            files: BTreeMap::new(),
            head: None,
        })
    }

    /// Sets the content of `path` for the next commit.
    pub fn write(&mut self, path: &str, contents: impl Into<Vec<u8>>) {
        self.files.insert(path.to_owned(), contents.into());
    }

    /// The content `path` has for the next commit.
    pub fn read(&self, path: &str) -> Option<&[u8]> {
        self.files.get(path).map(Vec::as_slice)
    }

    /// Commits every file set so far, authored and committed at `seconds` in `offset` seconds east of UTC.
    pub fn commit(&mut self, message: &str, seconds: i64, offset: i32) -> Result<ObjectId, Error> {
        let mut editor = self
            .repo
            .edit_tree(self.repo.empty_tree().id)
            .map_err(err(&self.dir))?;
        for (path, contents) in &self.files {
            let blob = self.repo.write_blob(contents).map_err(err(&self.dir))?;
            editor
                .upsert(path.as_str(), EntryKind::Blob, blob)
                .map_err(err(&self.dir))?;
        }
        let tree = editor.write().map_err(err(&self.dir))?.detach();
        let sign = if offset < 0 { '-' } else { '+' };
        let minutes = offset.unsigned_abs() / 60;
        let time = format!("{seconds} {sign}{:02}{:02}", minutes / 60, minutes % 60);
        let who = gix::actor::SignatureRef {
            name: "Demo Dev".into(),
            email: "dev@example.com".into(),
            time: &time,
        };
        let id = self
            .repo
            .commit_as(who, who, "HEAD", message, tree, self.head)
            .map_err(err(&self.dir))?
            .detach();
        self.head = Some(id);
        Ok(id)
    }

    /// Writes the committed files into the working tree and the index, like a fresh clone.
    pub fn checkout(&self) -> Result<(), Error> {
        for (path, contents) in &self.files {
            let target = self.dir.join(path);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent).map_err(err(&self.dir))?;
            }
            std::fs::write(&target, contents).map_err(err(&self.dir))?;
        }
        if let Some(head) = self.head {
            let tree = self
                .repo
                .find_commit(head)
                .map_err(err(&self.dir))?
                .tree_id()
                .map_err(err(&self.dir))?;
            let mut index = self.repo.index_from_tree(&tree).map_err(err(&self.dir))?;
            index.write(Default::default()).map_err(err(&self.dir))?;
        }
        Ok(())
    }
}

fn err<E: std::fmt::Display>(dir: &Path) -> impl Fn(E) -> Error + '_ {
    move |e| Error::Git {
        path: dir.to_path_buf(),
        message: e.to_string(),
    }
}
