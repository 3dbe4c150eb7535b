//! Entries that came from another file: a split, a move out of an archive, a renamed backup.
//!
//! `git blame -C -C` looks for the origin of a line in the other files the commit changed, and,
//! in the commit that created the file, in every file of the parent. We do the same for headings,
//! by title rather than by line content: an entry whose heading was copied is the same entry
//! even when its body was reworded on the way.

use super::versions::{Source, Versions};
use super::{Error, Repository, git_error};
use crate::model;
use gix::ObjectId;
use gix::object::tree::diff::ChangeDetached;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

impl Repository {
    /// Where the heading `title_key`, written into `path` by `commit`, was copied from: another
    /// file of `parent` holding a heading with that title, and its 1-based line there.
    ///
    /// The files searched are those `commit` changed, renamed or deleted; when `commit` created
    /// `path`, every markdown file of `parent` after them. The first in that order (then by path)
    /// wins, so the answer does not depend on anything but the two trees.
    ///
    /// A file holding the title counts only where the entry's body matches the section there
    /// (`line` is the heading's line in `commit`'s version): a generic title such as `GitHub`
    /// must not take the date of an unrelated section of another doc.
    pub(super) fn copy_source(
        &self,
        commit: ObjectId,
        parent: ObjectId,
        path: &str,
        line: u32,
        title_key: &str,
        versions: &mut Versions,
    ) -> Result<Option<(String, u32)>, Error> {
        let mut body: Option<String> = None;
        let key = (commit, path.to_owned());
        let facts = match versions.changed.get(&key) {
            Some(facts) => Rc::clone(facts),
            None => {
                let facts = Rc::new(self.changed_sources(parent, commit, path)?);
                versions.changed.insert(key, Rc::clone(&facts));
                facts
            }
        };
        let (changed, created) = (&facts.0, facts.1);
        let mut searched = Vec::new();
        for source in changed.iter().filter(|s| s.path != path) {
            searched.push(source.path.clone());
            if let Some(at) = self.title_in(parent, source, title_key, versions)?
                && self.same_body(commit, path, line, parent, source, at, &mut body, versions)?
            {
                return Ok(Some((source.path.clone(), at)));
            }
        }
        if !created {
            return Ok(None);
        }
        let markdown = match versions.markdown.get(&parent) {
            Some(files) => Rc::clone(files),
            None => {
                let files = Rc::new(self.markdown_files(parent)?);
                versions.markdown.insert(parent, Rc::clone(&files));
                files
            }
        };
        for source in markdown.iter() {
            if searched.contains(&source.path) {
                continue;
            }
            if let Some(at) = self.title_in(parent, source, title_key, versions)?
                && self.same_body(commit, path, line, parent, source, at, &mut body, versions)?
            {
                return Ok(Some((source.path.clone(), at)));
            }
        }
        Ok(None)
    }

    /// Whether the section at `at` of `source` in `parent` has the body of the entry at `line`
    /// of `path` in `commit` (read once per search, into `body`).
    #[allow(clippy::too_many_arguments)]
    fn same_body(
        &self,
        commit: ObjectId,
        path: &str,
        line: u32,
        parent: ObjectId,
        source: &Source,
        at: u32,
        body: &mut Option<String>,
        versions: &mut Versions,
    ) -> Result<bool, Error> {
        if body.is_none() {
            *body = Some(
                self.section_body(commit, path, None, line, versions)?
                    .unwrap_or_default(),
            );
        }
        let theirs = self.section_body(parent, &source.path, Some(source.blob), at, versions)?;
        Ok(theirs.is_some_and(|theirs| model::bodies_match(body.as_deref().unwrap_or(""), &theirs)))
    }

    /// The body of the section whose heading is at `line` of `path` in `commit` (its blob when
    /// known), from a parse kept for every heading of that version.
    fn section_body(
        &self,
        commit: ObjectId,
        path: &str,
        blob: Option<ObjectId>,
        line: u32,
        versions: &mut Versions,
    ) -> Result<Option<String>, Error> {
        let key = (commit, path.to_owned());
        if !versions.sections.contains_key(&key) {
            let bytes = match blob {
                Some(id) => Some(self.blob_data(id)?),
                None => self.file_at(commit, path)?,
            };
            let text = bytes.map(|b| model::lossy(&b)).unwrap_or_default();
            let text = text.as_str();
            let sections: HashMap<u32, String> = model::parse_with(text, &versions.structure)
                .entries
                .iter()
                .map(|e| {
                    (
                        u32::try_from(e.line).unwrap_or(u32::MAX),
                        e.body_text(text).to_owned(),
                    )
                })
                .collect();
            versions.sections.insert(key.clone(), Rc::new(sections));
        }
        Ok(versions.sections.get(&key).and_then(|s| s.get(&line).cloned()))
    }

    /// The file of `parent` that `commit` split into `path` (which `commit` created, holding
    /// `contents`): of the files `commit` changed or removed, the one that shares the most entry
    /// titles with `contents`; failing those, of every markdown file of `parent`. It must hold at
    /// least half of the new file's titles: one title in common ("Configuration", found in a
    /// plan doc of a real repository) made an unrelated doc the file's past, and its headings a
    /// consolidation that never happened.
    pub(super) fn split_source(
        &self,
        parent: ObjectId,
        commit: ObjectId,
        path: &str,
        contents: &[u8],
    ) -> Result<Option<Source>, Error> {
        let titles = title_keys(contents);
        if titles.is_empty() {
            return Ok(None);
        }
        let (changed, _) = self.changed_sources(parent, commit, path)?;
        if let Some(best) = self.most_shared(changed, &titles)? {
            return Ok(Some(best));
        }
        let all = self.markdown_files(parent)?;
        self.most_shared(all, &titles)
    }

    fn most_shared(&self, sources: Vec<Source>, titles: &HashSet<String>) -> Result<Option<Source>, Error> {
        let mut best: Option<(usize, Source)> = None;
        for source in sources {
            let shared = title_keys(&self.blob_data(source.blob)?)
                .intersection(titles)
                .count();
            if shared > 0
                && shared * 2 >= titles.len()
                && best.as_ref().is_none_or(|(most, _)| shared > *most)
            {
                best = Some((shared, source));
            }
        }
        Ok(best.map(|(_, source)| source))
    }

    /// The files of `parent` that `commit` changed or removed (renames count as removals of the
    /// old name), sorted by path, and whether `commit` created `path`.
    pub(super) fn changed_sources(
        &self,
        parent: ObjectId,
        commit: ObjectId,
        path: &str,
    ) -> Result<(Vec<Source>, bool), Error> {
        let changes = self.tree_changes(parent, commit)?;
        let mut sources = Vec::new();
        let mut created = false;
        for change in changes {
            match change {
                ChangeDetached::Modification {
                    location,
                    previous_id,
                    previous_entry_mode,
                    ..
                } if previous_entry_mode.is_blob() => sources.push(Source {
                    path: location.to_string(),
                    blob: previous_id,
                }),
                ChangeDetached::Deletion {
                    location,
                    id,
                    entry_mode,
                    ..
                } if entry_mode.is_blob() => sources.push(Source {
                    path: location.to_string(),
                    blob: id,
                }),
                ChangeDetached::Addition { location, .. } if location == path => created = true,
                _ => {}
            }
        }
        sources.sort_by(|a, b| a.path.cmp(&b.path));
        Ok((sources, created))
    }

    /// Every markdown file (`.md`, `.markdown`) of `commit`'s tree, sorted by path.
    pub(super) fn markdown_files(&self, commit: ObjectId) -> Result<Vec<Source>, Error> {
        let mut files: Vec<Source> = self
            .tree_files(commit)?
            .into_iter()
            .filter(|e| e.mode.is_blob() && is_markdown(&e.filepath.to_string()))
            .map(|e| Source {
                path: e.filepath.to_string(),
                blob: e.oid,
            })
            .collect();
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(files)
    }

    /// Every entry of `commit`'s tree below its folders (files, links, submodules).
    pub(super) fn tree_files(
        &self,
        commit: ObjectId,
    ) -> Result<Vec<gix::traverse::tree::recorder::Entry>, Error> {
        let err = git_error(&self.root);
        let tree = self
            .repo
            .find_commit(commit)
            .map_err(&err)?
            .tree()
            .map_err(&err)?;
        tree.traverse().breadthfirst.files().map_err(&err)
    }

    fn title_in(
        &self,
        commit: ObjectId,
        source: &Source,
        title_key: &str,
        versions: &mut Versions,
    ) -> Result<Option<u32>, Error> {
        if !versions.has(commit, &source.path) {
            let bytes = self.blob_data(source.blob)?;
            return Ok(versions.line_of_title(commit, &source.path, bytes, title_key));
        }
        Ok(versions.line_of_title(commit, &source.path, Vec::new(), title_key))
    }
}

fn title_keys(contents: &[u8]) -> HashSet<String> {
    let text = String::from_utf8_lossy(contents);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    model::parse(text)
        .entries
        .iter()
        .map(model::Entry::title_key)
        .collect()
}

fn is_markdown(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    lower.ends_with(".md") || lower.ends_with(".markdown")
}
