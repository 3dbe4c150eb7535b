//! What a client loads, in order, for a session started in a folder, and what a file read or
//! edited there adds: the rules of `clients`, played over the surfaces of a tree.

mod play;

use super::clients::Client;
use super::config::LintConfig;
use super::surface::{Kind, Surface};
use super::tree::{Tree, chain, parent};
use globset::GlobSet;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

/// When a file reaches the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Trigger {
    /// When the session starts.
    Start,
    /// When the file is read.
    Read,
    /// When the file is written or edited.
    Edit,
}

/// What a client cut of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase", tag = "cut")]
pub enum Cut {
    /// Only the first `kept` bytes reach the model.
    Truncated {
        /// Bytes kept.
        kept: usize,
    },
    /// Nothing reaches the model: the budget was spent before it.
    Dropped,
    /// Skipped whole for its size.
    Skipped,
}

/// One file in a load list.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Loaded {
    /// Repository-relative path.
    pub path: String,
    /// The loading rule that brings it (an id of `clients::RULES`).
    pub rule: &'static str,
    /// When it arrives.
    pub trigger: Trigger,
    /// The file whose `@` import brought it.
    pub imported_from: Option<String>,
    /// Its size in bytes.
    pub bytes: usize,
    /// What the client cuts of it.
    pub cut: Option<Cut>,
}

impl Loaded {
    /// Its size in tokens (four bytes a token), of what reaches the model.
    pub fn tokens(&self) -> usize {
        match self.cut {
            Some(Cut::Truncated { kept }) => kept.div_ceil(4),
            Some(Cut::Dropped | Cut::Skipped) => 0,
            None => self.bytes.div_ceil(4),
        }
    }
}

/// The surfaces of a tree, indexed for loading.
#[allow(missing_debug_implementations)]
pub struct Index<'a> {
    tree: &'a Tree,
    surfaces: &'a [Surface],
    config: &'a LintConfig,
    by_home: BTreeMap<&'a str, Vec<usize>>,
    by_path: BTreeMap<&'a str, usize>,
    scoped: Scoped,
    imported: RefCell<BTreeMap<String, Option<Imported>>>,
    scan: std::cell::OnceCell<Scan>,
    /// Cursor's `alwaysApply` rules, found once: every Cursor load lists them.
    cursor_always: Vec<usize>,
}

/// A file brought by an import: its size and its own imports.
type Imported = (usize, Vec<(usize, String)>);

/// Every scoping glob of every surface in one set: one match per file says which apply.
struct Scoped {
    set: GlobSet,
    /// The surface of each compiled glob.
    owner: Vec<usize>,
    /// Each compiled glob as its file wrote it.
    written: Vec<String>,
}

/// One pass of the scoping globs over the tracked files: which surfaces each file matches,
/// and which globs matched any file.
#[derive(Debug, Default)]
pub struct Scan {
    /// Each tracked file (and link) with the surfaces whose scope it matches.
    pub files: Vec<(String, BTreeSet<usize>)>,
    /// For each written glob of each surface, `(surface, glob)`: whether it matched a file.
    pub hit: BTreeMap<(usize, String), bool>,
}

impl<'a> Index<'a> {
    /// Indexes `surfaces` of `tree`.
    pub fn new(tree: &'a Tree, surfaces: &'a [Surface], config: &'a LintConfig) -> Index<'a> {
        let mut by_home: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        let mut by_path = BTreeMap::new();
        let (mut globs, mut owner, mut written) = (Vec::new(), Vec::new(), Vec::new());
        for (i, s) in surfaces.iter().enumerate() {
            by_home.entry(s.home.as_str()).or_default().push(i);
            by_path.insert(s.path.as_str(), i);
            for glob in scope_globs(s) {
                for full in anchored(&s.home, glob) {
                    if crate::base::glob::check(&full, "").is_ok() {
                        globs.push(full);
                        owner.push(i);
                        written.push(glob.clone());
                    }
                }
            }
        }
        let set = crate::base::glob::glob_set(globs.iter().map(String::as_str), "")
            .unwrap_or_else(|_| GlobSet::empty());
        Index {
            tree,
            surfaces,
            config,
            by_home,
            by_path,
            scoped: Scoped { set, owner, written },
            imported: RefCell::new(BTreeMap::new()),
            scan: std::cell::OnceCell::new(),
            cursor_always: surfaces
                .iter()
                .enumerate()
                .filter(|(_, s)| s.kind == Kind::CursorRule && s.scope.always)
                .map(|(i, _)| i)
                .collect(),
        }
    }

    /// The one pass of the scoping globs over the tracked files, made when first asked.
    pub fn scan(&self) -> &Scan {
        self.scan.get_or_init(|| {
            let mut scan = Scan::default();
            for (i, s) in self.surfaces.iter().enumerate() {
                for glob in scope_globs(s) {
                    scan.hit.insert((i, glob.clone()), false);
                }
            }
            let mut matches = Vec::new();
            for file in self.tree.files.iter().chain(self.tree.links.keys()) {
                self.scoped.set.matches_into(file, &mut matches);
                let mut owners = BTreeSet::new();
                for &g in &matches {
                    owners.insert(self.scoped.owner[g]);
                    scan.hit
                        .insert((self.scoped.owner[g], self.scoped.written[g].clone()), true);
                }
                scan.files.push((file.clone(), owners));
            }
            scan
        })
    }

    /// The surfaces whose scope matches `file`, by index.
    pub fn matching(&self, file: &str) -> BTreeSet<usize> {
        self.scoped
            .set
            .matches(file)
            .into_iter()
            .map(|g| self.scoped.owner[g])
            .collect()
    }

    /// The surfaces of `kind` that belong to the folder `dir`.
    fn at(&self, dir: &str, kinds: &[Kind]) -> Vec<&'a Surface> {
        let mut out: Vec<&Surface> = self
            .by_home
            .get(dir)
            .into_iter()
            .flatten()
            .map(|&i| &self.surfaces[i])
            .filter(|s| kinds.contains(&s.kind))
            .collect();
        // Within a folder: the order of `kinds`, then the path.
        out.sort_by_key(|s| (kinds.iter().position(|k| *k == s.kind), s.path.clone()));
        out
    }

    /// The surface at `path`.
    pub fn surface(&self, path: &str) -> Option<&'a Surface> {
        self.by_path.get(path).map(|&i| &self.surfaces[i])
    }
}

/// The globs that scope `s` for its own client.
pub fn scope_globs(s: &Surface) -> &[String] {
    match s.kind {
        Kind::ClaudeRule => &s.scope.paths,
        Kind::CursorRule => &s.scope.globs,
        Kind::CopilotPath => &s.scope.apply_to,
        _ => &[],
    }
}

/// `glob` of a file that belongs to `home`, as repository-relative globs: as written under
/// `home`, and, when it names no folder, at any depth too (clients differ on `*.ts`); a nested
/// rule's glob also as written from the root (clients differ on that too).
pub fn anchored(home: &str, glob: &str) -> Vec<String> {
    let glob = glob.trim_start_matches("./").trim_start_matches('/');
    let base = if home.is_empty() {
        String::new()
    } else {
        format!("{home}/")
    };
    let mut out = vec![format!("{base}{glob}")];
    if !glob.contains('/') {
        out.push(format!("{base}**/{glob}"));
    }
    // A nested rule's glob written from the repository root (`apps/web/src/**`).
    if !home.is_empty() {
        out.push(glob.to_owned());
    }
    out
}

/// A session: where it started, and the file it reads or edits, if any.
#[derive(Debug, Clone, Copy)]
pub struct Session<'s> {
    /// The session's folder, repository-relative (`""`: the root).
    pub cwd: &'s str,
    /// The file read or edited.
    pub file: Option<(&'s str, Trigger)>,
}

/// What `client` loads in `session`, in order: what the start loads, then what the file adds.
pub fn load(index: &Index<'_>, client: Client, session: Session<'_>) -> Vec<Loaded> {
    let mut list = play::List::default();
    let cwd_chain = chain(session.cwd);
    match client {
        Client::Claude => play::claude(index, &cwd_chain, session, &mut list),
        Client::Codex => play::codex(index, &cwd_chain, &mut list),
        Client::Gemini => play::gemini(index, &cwd_chain, session, &mut list),
        Client::Cursor => play::cursor(index, session, &mut list),
        Client::Copilot => play::copilot(index, &cwd_chain, session, &mut list),
        Client::Opencode => play::opencode(index, &cwd_chain, session, &mut list),
    }
    list.items
}

/// Every distinct set of surfaces some client loads together, for the findings that compare
/// files: sessions at the root and at each surface's folder, and each tracked file read and
/// edited from the root. Sets are keyed by their paths, so a repository of many files costs
/// one load per folder and scope, not per file.
pub fn load_sets(index: &Index<'_>) -> Vec<(Client, Vec<String>)> {
    let (surfaces, config) = (index.surfaces, index.config);
    let mut sets: BTreeSet<(Client, Vec<String>)> = BTreeSet::new();
    let homes: BTreeSet<&str> = surfaces.iter().map(|s| s.home.as_str()).collect();
    // A file's load depends only on the folders of its chain that hold surfaces and on the
    // scoped rules it matches: one file stands for all that share both.
    let mut shapes: BTreeSet<(Vec<&str>, Vec<usize>)> = BTreeSet::new();
    let mut files: Vec<&str> = Vec::new();
    let mut homes_of: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (file, matched) in &index.scan().files {
        if !index.tree.files.contains(file) {
            continue;
        }
        let dir = parent(file);
        let homes = homes_of
            .entry(dir)
            .or_insert_with(|| {
                chain(dir)
                    .iter()
                    .filter_map(|d| index.by_home.get_key_value(d.as_str()).map(|(k, _)| *k))
                    .collect()
            })
            .clone();
        let shape = (homes, matched.iter().copied().collect());
        if shapes.insert(shape) {
            files.push(file);
        }
    }
    for client in config.clients.iter().copied() {
        let mut add = |session: Session<'_>| {
            let mut paths: Vec<String> = load(index, client, session)
                .into_iter()
                .filter(|l| l.cut != Some(Cut::Dropped) && l.cut != Some(Cut::Skipped))
                .map(|l| l.path)
                .filter(|p| index.surface(p).is_some())
                .collect();
            paths.sort();
            if paths.len() > 1 {
                sets.insert((client, paths));
            }
        };
        for home in &homes {
            add(Session {
                cwd: home,
                file: None,
            });
        }
        for file in &files {
            add(Session {
                cwd: "",
                file: Some((file, Trigger::Read)),
            });
            add(Session {
                cwd: "",
                file: Some((file, Trigger::Edit)),
            });
        }
    }
    sets.into_iter().collect()
}
