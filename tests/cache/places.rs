//! Where the cache is read from: linked worktrees share it through the common git dir, a run
//! from a subfolder uses the same file; and a check that the tests above really read it.

use super::{BASE, FILE, Warm, base, cached, compare, compare_in, folder, snapshot, staging};
use crate::common::day;

#[test]
fn linked_worktrees_share_the_cache() {
    let repo = base();
    let other = tempfile::tempdir().expect("temp dir");
    let path = other.path().join("wt");
    let wt = path.to_str().expect("UTF-8 path");
    repo.git(&["worktree", "add", "-q", "-b", "other", wt, "HEAD~2"]);
    let cache = folder(&repo);
    let warm = Warm::new(&repo);
    for args in super::COMMANDS {
        compare_in(&path, &cache, args, "a linked worktree on an older commit");
    }
    assert!(
        !snapshot(&repo).is_empty(),
        "the worktree wrote no cache in the common dir"
    );
    std::fs::write(
        path.join(FILE),
        staging(&["Charlie", "Delta", "Echo", "Foxtrot", "Lima"]),
    )
    .expect("write");
    let run = |args: &[&str]| {
        let out = repo.git_with_learnings(day(15), &[&["-C", wt], args].concat());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    run(&["commit", "-q", "-am", "Lima in the worktree"]);
    for args in super::COMMANDS {
        compare_in(&path, &cache, args, "a commit in the linked worktree");
        compare(&repo, args, "the main worktree after one in the linked worktree");
    }
    repo.commit_on(day(16), FILE, staging(&[BASE, &["Mike"]].concat()));
    warm.check(&repo, "the main worktree moved after the linked one ran");
}

#[test]
fn a_run_from_a_subfolder() {
    let repo = base();
    let warm = Warm::new(&repo);
    repo.commit_on(day(15), FILE, staging(&[BASE, &["Hotel"]].concat()));
    let sub = repo.join("agents");
    for args in super::COMMANDS {
        compare_in(&sub, &folder(&repo), args, "a run from a subfolder");
    }
    warm.check(&repo, "from the root after a run from a subfolder");
}

/// The cache is trusted: a checkpoint with a wrong calendar changes the answer. This proves
/// the comparisons above start from the warm checkpoints rather than reading history anew.
#[test]
fn the_checkpoints_are_really_read() {
    let repo = base();
    let args = ["ages", "--format", "json"];
    cached(repo.path(), &args);
    repo.commit_on(day(15), FILE, staging(&[BASE, &["Hotel"]].concat()));
    let files = snapshot(&repo);
    assert_eq!(files.len(), 1, "one cache file");
    let file = folder(&repo).join(&files[0].0);
    let mut json: serde_json::Value = serde_json::from_slice(&files[0].1).expect("JSON");
    json["checkpoints"][0]["calendar"] = serde_json::json!([]);
    std::fs::write(&file, serde_json::to_vec(&json).expect("JSON")).expect("write");
    let expected = super::uncached(repo.path(), &args);
    let got = cached(repo.path(), &args);
    assert_eq!(got.code, 0, "{}", got.stderr);
    assert_ne!(expected.stdout, got.stdout, "a tampered checkpoint was not read");
}
