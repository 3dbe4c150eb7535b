//! Issue 20: the incremental cache never changes an answer. Each scenario warms the cache at the
//! state before a change, makes the change, then runs every command that reads history twice
//! with the cache (the first run reads the old checkpoint and writes one, the second reads that)
//! and once with `--no-cache`: stdout, stderr and exit code must be byte for byte the same.
//!
//! Each command is warmed on a cache of its own (a snapshot of the cache folder restored before
//! it runs), so every command meets the change through its own old checkpoint, not through one
//! an earlier command just wrote; it is also run from the cache plain `ages` left, as a user
//! who runs `ages` and then `plan` would.

mod changes;
mod files;
mod places;
mod rewrites;
mod sequence;

use crate::common::{Repo, Run, When, day, run_env};
use std::path::{Path, PathBuf};

pub const FILE: &str = "agents/learnings.md";
pub const DOC: &str = "docs/x.md";

/// The commands compared: every one that reads the history of the learnings file.
pub const COMMANDS: &[&[&str]] = &[
    &["ages", "--format", "json"],
    &["ages", "--explain", "--format", "json"],
    &["ages", "--explain=all", "--format", "json"],
    &["plan", "--allow-shallow", "--format", "json"],
    &["batch", "--allow-shallow"],
    &["stale", "--allow-shallow", "--format", "json"],
    &["report", "--format", "json"],
    &["ages", "--date", "committer", "--format", "json"],
];

/// A lesson whose words only it has, so the judge can tell where it went.
pub fn lesson(title: &str) -> String {
    let w = title.to_lowercase();
    format!(
        "## {title}\n- Always check {w} first: {w} keeps the {w} build green.\n- Skipping {w} once cost a day of {w} debugging.\n\n"
    )
}

/// The learnings file with `titles`, in order.
pub fn staging(titles: &[&str]) -> String {
    let mut text = String::from("# Learnings\n\nLessons from agent sessions.\n\n---\n\n");
    titles.iter().for_each(|t| text.push_str(&lesson(t)));
    text
}

/// A doc holding `titles`.
pub fn doc(titles: &[&str]) -> String {
    let mut text = String::from("# Decisions\n\n");
    titles.iter().for_each(|t| text.push_str(&lesson(t)));
    text
}

/// The titles in the learnings file at the end of [`base`].
pub const BASE: &[&str] = &["Charlie", "Delta", "Echo", "Foxtrot", "Golf"];

/// Two weeks of history: entries added over days, a consolidation of Alpha and Bravo into
/// docs/x.md on day 5, more entries after it, and commits of other files (one late at night
/// in another time zone). Changes of a scenario come from day 15 on.
pub fn base() -> Repo {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, staging(&["Alpha", "Bravo", "Charlie"]));
    repo.commit_on(
        day(2),
        FILE,
        staging(&["Alpha", "Bravo", "Charlie", "Delta", "Echo"]),
    );
    repo.commit_on(day(3), "src/main.txt", "1");
    repo.write(FILE, staging(&["Charlie", "Delta", "Echo"]));
    repo.write(DOC, doc(&["Alpha", "Bravo"]));
    repo.commit_all(day(5), "Consolidate Alpha and Bravo");
    repo.commit_on(day(7), FILE, staging(&["Charlie", "Delta", "Echo", "Foxtrot"]));
    repo.commit_on(day(9).at(23, 30).offset(-5), "src/main.txt", "2");
    repo.commit_on(day(11), FILE, staging(BASE));
    repo.commit_on(day(13), "src/main.txt", "3");
    repo
}

/// Runs git at `when` (author and committer date); panics on failure.
pub fn git_on(repo: &Repo, when: When, args: &[&str]) {
    let out = repo.git_with_learnings(when, args);
    assert!(
        out.status.success(),
        "git {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The cache folder (the common git dir of a plain repository is `.git`).
pub fn folder(repo: &Repo) -> PathBuf {
    repo.join(".git/learnings")
}

type Files = Vec<(std::ffi::OsString, Vec<u8>)>;

/// The cache folder's ages files, by name.
pub fn snapshot(repo: &Repo) -> Files {
    snapshot_of(&folder(repo))
}

fn snapshot_of(folder: &Path) -> Files {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    // The ages caches only: the freshness line and the rule files' dates are rebuilt by any run.
    let mut files: Files = entries
        .map(|e| e.expect("cache entry"))
        .filter(|e| e.file_name().to_string_lossy().starts_with("ages-"))
        .map(|e| (e.file_name(), std::fs::read(e.path()).expect("read cache file")))
        .collect();
    files.sort();
    files
}

/// Makes the cache folder hold exactly `files` (none: no folder).
pub fn restore(repo: &Repo, files: &Files) {
    let dir = folder(repo);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).expect("remove cache folder");
    }
    if !files.is_empty() {
        std::fs::create_dir_all(&dir).expect("create cache folder");
        for (name, bytes) in files {
            std::fs::write(dir.join(name), bytes).expect("write cache file");
        }
    }
}

/// A run with the cache; `LEARNINGS_DEBUG` on, so any note it prints is seen (and ignored).
pub fn cached(dir: &Path, args: &[&str]) -> Run {
    run_env(dir, args, None, &[("LEARNINGS_DEBUG", "1")])
}

/// A run with `--no-cache`.
pub fn uncached(dir: &Path, args: &[&str]) -> Run {
    let mut all = vec!["--no-cache"];
    all.extend_from_slice(args);
    run_env(dir, &all, None, &[])
}

/// Asserts `got` is `expected` in exit code, stdout and stderr (less debug lines).
pub fn assert_same(expected: &Run, got: &Run, what: &str) {
    let quiet = |s: &str| -> String {
        s.lines()
            .filter(|l| !l.starts_with("learnings: debug:"))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    for (name, want, have) in [
        ("stdout", expected.stdout.clone(), got.stdout.clone()),
        ("stderr", quiet(&expected.stderr), quiet(&got.stderr)),
    ] {
        if want != have {
            let line = want.lines().zip(have.lines()).position(|(a, b)| a != b);
            let at = line.unwrap_or_else(|| want.lines().count().min(have.lines().count()));
            panic!(
                "{what}: {name} differs from --no-cache at line {}\n--- no-cache: {:?}\n+++ cached:   {:?}\n=== no-cache {name}:\n{want}\n=== cached {name}:\n{have}",
                at + 1,
                want.lines().nth(at),
                have.lines().nth(at),
            );
        }
    }
    assert_eq!(expected.code, got.code, "{what}: exit code");
}

/// `args` with `--no-cache` (leaving the cache folder as it was), then twice with the cache:
/// all three the same. The `--no-cache` run is returned.
pub fn compare(repo: &Repo, args: &[&str], what: &str) -> Run {
    compare_in(repo.path(), &folder(repo), args, what)
}

/// [`compare`] in `dir`, whose cache folder is `cache`.
pub fn compare_in(dir: &Path, cache: &Path, args: &[&str], what: &str) -> Run {
    let before = snapshot_of(cache);
    let expected = uncached(dir, args);
    assert!(
        snapshot_of(cache) == before,
        "{what}: --no-cache touched the cache"
    );
    for round in ["first", "second"] {
        let got = cached(dir, args);
        assert_same(
            &expected,
            &got,
            &format!("{what}: `{}`, {round} cached run", args.join(" ")),
        );
    }
    expected
}

/// Cache folders, one per command of [`COMMANDS`], warmed before a change.
pub struct Warm {
    states: Vec<Files>,
}

impl Warm {
    /// Every command run with the cache on the current state, each on its own cache.
    pub fn new(repo: &Repo) -> Warm {
        let mut warm = Warm {
            states: vec![Vec::new(); COMMANDS.len()],
        };
        warm.at(repo);
        warm
    }

    /// Warms again on the current state, each command adding to its own cache.
    pub fn at(&mut self, repo: &Repo) -> &mut Warm {
        let shallow = repo.join(".git/shallow").exists();
        for (args, state) in COMMANDS.iter().zip(&mut self.states) {
            restore(repo, state);
            cached(repo.path(), args);
            *state = snapshot(repo);
            assert!(
                shallow || !state.is_empty(),
                "`{}` wrote no cache",
                args.join(" ")
            );
        }
        restore(repo, &Vec::new());
        self
    }

    /// After a change: every command, from its own warm cache and from the one `ages` left,
    /// gives what `--no-cache` gives.
    pub fn check(&self, repo: &Repo, what: &str) {
        for (i, args) in COMMANDS.iter().enumerate() {
            let mut from = vec![(i, "its own warm cache")];
            if i != 0 {
                from.push((0, "the warm cache of `ages`"));
            }
            for (state, label) in from {
                restore(repo, &self.states[state]);
                compare(repo, args, &format!("{what} (from {label})"));
            }
        }
        restore(repo, &Vec::new());
    }
}

/// Every command compared on the cache as it is (no snapshots).
pub fn compare_all(repo: &Repo, what: &str) {
    for args in COMMANDS {
        compare(repo, args, what);
    }
}

#[test]
fn no_change_gives_the_same_answers() {
    let repo = base();
    Warm::new(&repo).check(&repo, "no change");
}
