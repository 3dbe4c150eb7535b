//! File versions read while tracing moves, each read and parsed at most once.

use crate::model;
use gix::ObjectId;
use std::collections::HashMap;
use std::rc::Rc;

/// A file of the parent where a copy may come from.
#[derive(Debug, Clone)]
pub(super) struct Source {
    pub path: String,
    pub blob: ObjectId,
}

/// The versions read so far, by commit and path, and what was learned of each blamed commit.
///
/// Many headings are often blamed to one commit (a file created with all its entries, a big
/// split): each fact about that commit is worked out once, not once per heading, or `ages`
/// grows with entries times file size.
#[derive(Debug, Default)]
pub(super) struct Versions {
    versions: HashMap<(ObjectId, String), Version>,
    /// Per blamed commit and path: whether the commit did more than insert lines there.
    pub(super) rewrote: HashMap<(ObjectId, String), bool>,
    /// Per blamed commit and path: the files it changed or removed, and whether it created path.
    pub(super) changed: HashMap<(ObjectId, String), Changed>,
    /// Per commit: its markdown files.
    pub(super) markdown: HashMap<ObjectId, Rc<Vec<Source>>>,
    /// Per commit and path: each section's body by its heading's 1-based line, for the copies
    /// checked against the entry's body.
    pub(super) sections: HashMap<(ObjectId, String), Rc<HashMap<u32, String>>>,
    /// How the learnings file's headings are read.
    pub(super) structure: model::Structure,
    /// Per commit and path: each entry's line, title key and body, for the retitles a
    /// rewriting commit made (parsed once, however many headings it wrote).
    pub(super) entries: HashMap<(ObjectId, String), Entries>,
    /// Per commit and path: the commits of the file's versions before it (restores).
    pub(super) before: HashMap<(ObjectId, String), Rc<Vec<ObjectId>>>,
}

impl Versions {
    /// No version read yet; headings read with `structure`.
    pub(super) fn new(structure: model::Structure) -> Versions {
        Versions {
            structure,
            ..Versions::default()
        }
    }
}

/// A version's entries: each one's 1-based line, title key and body.
pub(super) type Entries = Rc<Vec<(u32, String, String)>>;

/// The files a commit changed or removed, and whether it created the blamed path.
pub(super) type Changed = Rc<(Vec<Source>, bool)>;

/// Title look-ups by substring before a version is parsed: one or two are cheaper than a parse,
/// many are not.
const SUBSTRING_LOOKUPS: u32 = 4;

#[derive(Debug, Default)]
struct Version {
    /// The text, lower-cased: a title that is not even a substring needs no parse.
    lower: String,
    /// Title key to 1-based heading line, once parsed.
    titles: Option<HashMap<String, u32>>,
    /// Look-ups answered by substring search so far.
    lookups: u32,
    /// The text as it is, kept until parsed.
    text: String,
}

impl Versions {
    /// Whether the version of `path` at `commit` was read already (then `line_of_title` needs
    /// no bytes).
    pub(super) fn has(&self, commit: ObjectId, path: &str) -> bool {
        self.versions.contains_key(&(commit, path.to_owned()))
    }

    /// Keeps `bytes` as the version of `path` at `commit`, for later look-ups.
    pub(super) fn remember(&mut self, commit: ObjectId, path: &str, bytes: &[u8]) {
        self.versions.entry((commit, path.to_owned())).or_insert_with(|| {
            let text = String::from_utf8_lossy(bytes).into_owned();
            Version {
                lower: text.to_lowercase(),
                titles: None,
                lookups: 0,
                text,
            }
        });
    }

    /// The 1-based line of the heading with `title_key` in `path` at `commit`, whose content is
    /// `bytes` (already read by the caller; kept the first time this version is seen).
    ///
    /// Most blamed commits wrote their entry rather than moved it, so the parent's text is
    /// searched for the title first; only a hit pays for parsing the whole file.
    pub(super) fn line_of_title(
        &mut self,
        commit: ObjectId,
        path: &str,
        bytes: Vec<u8>,
        title_key: &str,
    ) -> Option<u32> {
        self.remember(commit, path, &bytes);
        let version = self.versions.get_mut(&(commit, path.to_owned()))?;
        if version.titles.is_none() && version.lookups < SUBSTRING_LOOKUPS {
            version.lookups += 1;
            if !version.lower.contains(title_key) {
                return None;
            }
        }
        let titles = version.titles.get_or_insert_with(|| {
            let text = std::mem::take(&mut version.text);
            let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
            let mut titles = HashMap::new();
            for entry in model::parse_with(text, &self.structure).entries {
                let line = u32::try_from(entry.line).unwrap_or(u32::MAX);
                titles.entry(entry.title_key()).or_insert(line);
            }
            titles
        });
        titles.get(title_key).copied()
    }
}
