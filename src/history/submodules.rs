//! Files inside submodules. A consolidation may move an entry into a submodule's docs (a shared
//! `agent-core`), and the superproject's objects do not hold them. When the submodule's own
//! repository is here (checked out, or initialised under `.git/modules`), its files are read at
//! the commit the superproject records; otherwise the caller says the content is out of reach.

use super::{Error, Repository};
use gix::ObjectId;

/// A submodule's text files at one commit, paths as the superproject sees them.
pub type Texts = Vec<(String, String)>;

impl Repository {
    /// The submodules of `commit`'s tree: their paths and the commits recorded for them.
    pub fn gitlinks_at(&self, commit: ObjectId) -> Result<Vec<(String, ObjectId)>, Error> {
        let mut links: Vec<(String, ObjectId)> = self
            .tree_files(commit)?
            .into_iter()
            .filter(|e| e.mode.is_commit())
            .map(|e| (e.filepath.to_string(), e.oid))
            .collect();
        links.sort();
        Ok(links)
    }

    /// The text files of the submodule at `path` as of its commit `at`, named `path/…`, that
    /// `wanted` accepts (sorted by path); `None` when its repository or that commit is not here.
    pub fn submodule_texts(&self, path: &str, at: ObjectId, wanted: impl Fn(&str) -> bool) -> Option<Texts> {
        let sub = self.open_submodule(path)?;
        let tree = sub.find_commit(at).ok()?.tree().ok()?;
        let files = tree.traverse().breadthfirst.files().ok()?;
        let mut texts = Vec::new();
        for entry in files.into_iter().filter(|e| e.mode.is_blob()) {
            let name = format!("{path}/{}", entry.filepath);
            if !wanted(&name) {
                continue;
            }
            // A blob the submodule lacks (a partial clone) is no text to look in.
            if let Some(text) = sub
                .find_blob(entry.oid)
                .ok()
                .and_then(|b| super::changes::text_of(&b.data))
            {
                texts.push((name, text));
            }
        }
        texts.sort();
        Some(texts)
    }

    /// The submodule's repository: its checkout, else its git folder under `.git/modules`. Read
    /// in isolation: its objects are all this needs.
    fn open_submodule(&self, path: &str) -> Option<gix::Repository> {
        let open = |dir: std::path::PathBuf| {
            gix::open_opts(&dir, gix::open::Options::isolated())
                .ok()
                .filter(|sub| sub.git_dir() != self.repo.git_dir())
        };
        let checkout = self.root.join(path);
        (checkout.join(".git").exists())
            .then(|| open(checkout))
            .flatten()
            .or_else(|| open(self.repo.common_dir().join("modules").join(path)))
    }
}
