//! The cache file itself in trouble: written by two processes at once, truncated, garbage,
//! from an older format, or impossible to write. None of it may change an answer or fail a
//! command.

use super::{BASE, COMMANDS, FILE, base, cached, compare, compare_all, folder, restore, snapshot, staging};
use crate::common::{Repo, day};

/// Every cache file parses as JSON of the current format.
fn assert_valid(repo: &Repo, what: &str) {
    let files = snapshot(repo);
    assert!(!files.is_empty(), "{what}: no cache file");
    for (name, bytes) in files {
        let json: serde_json::Value =
            serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{what}: {name:?} is not JSON ({e})"));
        assert_eq!(json["format"], 2, "{what}: {name:?}");
        assert!(json["checkpoints"].is_array(), "{what}: {name:?}");
    }
}

#[test]
fn two_processes_on_a_cold_cache() {
    let repo = base();
    let args = ["ages", "--format", "json"];
    let expected = compare(&repo, &args, "cold");
    restore(&repo, &Vec::new());
    let runs: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|_| scope.spawn(|| cached(repo.path(), &args)))
            .collect();
        handles.into_iter().map(|h| h.join().expect("thread")).collect()
    });
    for (i, run) in runs.iter().enumerate() {
        super::assert_same(&expected, run, &format!("concurrent run {i}"));
    }
    assert_valid(&repo, "after two concurrent runs");
    compare(&repo, &args, "a third run after two concurrent ones");
}

/// Warms the cache with `ages`, commits a change, then runs every command on the cache file
/// as `mutate` leaves it; the file is whole again afterwards.
fn damaged(what: &str, mutate: impl Fn(&[u8]) -> Vec<u8>) {
    let repo = base();
    cached(repo.path(), &["ages", "--format", "json"]);
    let warm = snapshot(&repo);
    assert!(!warm.is_empty(), "ages wrote no cache");
    repo.commit_on(day(15), FILE, staging(&[BASE, &["Hotel"]].concat()));
    let bad = warm.iter().map(|(n, b)| (n.clone(), mutate(b))).collect();
    for args in COMMANDS {
        restore(&repo, &bad);
        compare(&repo, args, what);
        // Committer dates have a cache file of their own, and leave the damaged one alone.
        if !args.contains(&"committer") {
            assert_valid(&repo, what);
        }
    }
}

#[test]
fn a_truncated_cache_file() {
    damaged("a cache file cut in half", |b| b[..b.len() / 2].to_vec());
}

#[test]
fn an_empty_cache_file() {
    damaged("an empty cache file", |_| Vec::new());
}

#[test]
fn a_garbage_cache_file() {
    damaged("a garbage cache file", |_| b"\x00\xffnot json {{{\n".to_vec());
    damaged("a JSON array", |_| b"[1, 2, 3]".to_vec());
    damaged("a JSON object of another shape", |_| br#"{"format": 2}"#.to_vec());
}

#[test]
fn a_cache_file_from_an_older_format() {
    damaged("format 1 (an older format)", |b| {
        let text = String::from_utf8(b.to_vec()).expect("UTF-8 cache");
        assert!(text.contains(r#""format":2"#), "{text}");
        text.replace(r#""format":2"#, r#""format":1"#).into_bytes()
    });
}

#[test]
fn checkpoints_of_unknown_commits() {
    damaged("checkpoints of commits that are not in the repository", |b| {
        let mut json: serde_json::Value = serde_json::from_slice(b).expect("JSON cache");
        let checkpoints = json["checkpoints"].as_array_mut().expect("checkpoints");
        let mut odd = checkpoints[0].clone();
        odd["head"] = "not a commit id".into();
        checkpoints.insert(0, odd);
        checkpoints[1]["head"] = "0123456789abcdef0123456789abcdef01234567".into();
        serde_json::to_vec(&json).expect("JSON")
    });
}

#[test]
fn a_cache_location_that_cannot_be_written() {
    let repo = base();
    restore(&repo, &Vec::new());
    std::fs::write(folder(&repo), "a file where the cache folder goes\n").expect("write");
    for args in COMMANDS {
        let expected = compare(&repo, args, "the cache folder is a file");
        assert_eq!(expected.code, 0, "`{}`: {}", args.join(" "), expected.stderr);
    }
    repo.commit_on(day(15), FILE, staging(&[BASE, &["Hotel"]].concat()));
    compare_all(&repo, "a new commit, the cache folder still a file");
    assert!(folder(&repo).is_file(), "the file in the way was replaced");
}
