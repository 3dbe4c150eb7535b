//! A damaged repository (issue 27): a loose object truncated, overwritten or deleted, a bad
//! packfile. Every command that reads history stops with one line that names the broken
//! object, where it sits, and `git fsck`; exit code 2, no panic.

use crate::common::{Repo, Run, day, learnings_md};
use std::path::{Path, PathBuf};

const FILE: &str = "agents/learnings.md";

/// Two versions of the learnings file, and the ids of the commits and blobs.
struct Damaged {
    repo: Repo,
    head: String,
    old_commit: String,
    old_blob: String,
    head_blob: String,
}

fn two_versions() -> Damaged {
    let repo = Repo::new();
    let old_commit = repo.commit_on(day(0), FILE, learnings_md(&["Alpha", "Beta"]));
    let head = repo.commit_on(day(3), FILE, learnings_md(&["Alpha", "Beta", "Gamma"]));
    let blob = |rev: &str| repo.git(&["rev-parse", rev]).trim().to_owned();
    let (old_blob, head_blob) = (blob(&format!("HEAD~1:{FILE}")), blob(&format!("HEAD:{FILE}")));
    Damaged {
        repo,
        head,
        old_commit,
        old_blob,
        head_blob,
    }
}

/// The loose file of object `id`, made writable.
fn loose(repo: &Repo, id: &str) -> PathBuf {
    let path = repo.join(&format!(".git/objects/{}/{}", &id[..2], &id[2..]));
    make_writable(&path);
    path
}

fn make_writable(path: &Path) {
    let mut permissions = std::fs::metadata(path).expect("object file").permissions();
    #[allow(clippy::permissions_set_readonly_false)] // a test's own temp file
    permissions.set_readonly(false);
    std::fs::set_permissions(path, permissions).expect("chmod");
}

/// Runs `args` with no cache (so history is read) and checks the one line it stops with.
fn stops(repo: &Repo, args: &[&str], needles: &[&str]) {
    let mut all = vec!["--no-cache"];
    all.extend_from_slice(args);
    let run: Run = repo.run(&all);
    assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
    assert_eq!(
        run.stderr.lines().count(),
        1,
        "{args:?}: one line: {}",
        run.stderr
    );
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    for needle in needles
        .iter()
        .chain(&["the repository is damaged: ", "run `git fsck`"])
    {
        assert!(
            run.stderr.contains(needle),
            "{args:?}: {needle:?} in {}",
            run.stderr
        );
    }
}

/// Every command that reads the history of the learnings file.
const COMMANDS: [&[&str]; 3] = [
    &["ages"],
    &["report", "--format", "json"],
    &["audit", "HEAD~1..HEAD"],
];

#[test]
fn a_truncated_loose_blob_is_named_with_its_path_and_commit() {
    let d = two_versions();
    let path = loose(&d.repo, &d.old_blob);
    let bytes = std::fs::read(&path).expect("read");
    std::fs::write(&path, &bytes[..10]).expect("truncate");
    let place = format!("blob {} ({FILE} in commit {})", d.old_blob, &d.old_commit[..7]);
    for args in COMMANDS {
        stops(&d.repo, args, &[&place, "cannot be read"]);
    }
}

#[test]
fn a_loose_blob_overwritten_with_garbage_is_named() {
    let d = two_versions();
    std::fs::write(loose(&d.repo, &d.head_blob), "garbage\n").expect("overwrite");
    let place = format!("blob {} ({FILE} in commit {})", d.head_blob, &d.head[..7]);
    for args in COMMANDS {
        stops(&d.repo, args, &[&place, "cannot be read"]);
    }
}

#[test]
fn a_missing_tree_and_a_missing_blob_are_named() {
    let d = two_versions();
    let folder = d.repo.git(&["rev-parse", "HEAD:agents"]).trim().to_owned();
    std::fs::remove_file(loose(&d.repo, &folder)).expect("remove");
    let place = format!("tree {folder} (agents in commit {}) is missing", &d.head[..7]);
    stops(&d.repo, &["ages"], &[&place]);

    let d = two_versions();
    std::fs::remove_file(loose(&d.repo, &d.old_blob)).expect("remove");
    let place = format!(
        "blob {} ({FILE} in commit {}) is missing",
        d.old_blob,
        &d.old_commit[..7]
    );
    stops(&d.repo, &["ages"], &[&place]);
}

#[test]
fn a_broken_commit_is_named_even_where_a_revision_is_asked_for() {
    let d = two_versions();
    std::fs::write(loose(&d.repo, &d.old_commit), "garbage\n").expect("overwrite");
    let place = format!("commit {} cannot be read", d.old_commit);
    // Not "`HEAD~1` is not a commit here": the commit is there, and broken.
    for args in COMMANDS {
        stops(&d.repo, args, &[&place]);
    }
}

#[test]
fn a_bad_packfile_names_the_object_it_breaks() {
    let d = two_versions();
    d.repo.git(&["gc", "-q"]);
    let pack_dir = d.repo.join(".git/objects/pack");
    let file = |ext: &str| {
        std::fs::read_dir(&pack_dir)
            .expect("pack folder")
            .flatten()
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|e| e == ext))
            .expect("a pack")
    };
    let (pack, index) = (file("pack"), file("idx"));
    // `SHA type size size-in-pack offset`: spoil the middle of the newest version's entry.
    let listing = d.repo.git(&["verify-pack", "-v", &index.to_string_lossy()]);
    let entry: Vec<&str> = listing
        .lines()
        .find(|l| l.starts_with(&d.head_blob))
        .expect("the blob is packed")
        .split_whitespace()
        .collect();
    let (size, offset): (usize, usize) = (entry[3].parse().expect("size"), entry[4].parse().expect("offset"));
    make_writable(&pack);
    let mut bytes = std::fs::read(&pack).expect("read pack");
    for byte in &mut bytes[offset + size / 2..offset + size / 2 + 8] {
        *byte ^= 0xff;
    }
    std::fs::write(&pack, bytes).expect("spoil the pack");
    let place = format!("blob {} ({FILE} in commit {})", d.head_blob, &d.head[..7]);
    for args in COMMANDS {
        stops(&d.repo, args, &[&place, "cannot be read"]);
    }
}
