use super::*;
use std::ffi::OsString;

fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<OsString> {
    let pairs: Vec<(String, String)> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    move |key| {
        pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| OsString::from(v))
    }
}

#[test]
fn the_override_wins_then_the_platform_dir() {
    assert_eq!(
        user_dir(env(&[(DATA_DIR_ENV, "/data"), ("HOME", "/home/a")])),
        Some(PathBuf::from("/data"))
    );
    if cfg!(target_os = "linux") {
        assert_eq!(
            user_dir(env(&[("HOME", "/home/a")])),
            Some(PathBuf::from("/home/a/.local/share/learnings"))
        );
        assert_eq!(
            user_dir(env(&[("HOME", "/home/a"), ("XDG_DATA_HOME", "/x")])),
            Some(PathBuf::from("/x/learnings"))
        );
        assert_eq!(
            user_dir(env(&[(DATA_DIR_ENV, ""), ("XDG_DATA_HOME", "rel")])),
            None
        );
    }
}

#[test]
fn the_project_folder_ignores_itself() {
    let tmp = tempfile::tempdir().expect("temp");
    let store = Store::at(tmp.path().join("user"), tmp.path());
    store.ensure(true).expect("ensure");
    let ignore = std::fs::read_to_string(tmp.path().join(".learnings/.gitignore")).expect("read");
    assert!(ignore.lines().any(|l| l == "*"));
}

#[test]
fn appends_rotate_and_stay_bounded() {
    let tmp = tempfile::tempdir().expect("temp");
    let log = jsonl::Log::new(tmp.path().join("a/log.jsonl")).with_max_bytes(100);
    for n in 0..80 {
        log.append(&serde_json::json!({ "n": n })).expect("append");
    }
    let (records, skipped): (Vec<serde_json::Value>, usize) = log.records().expect("read");
    assert_eq!(skipped, 0);
    let numbers: Vec<i64> = records.iter().filter_map(|r| r["n"].as_i64()).collect();
    // Oldest first, contiguous, ending with the last append, and bounded.
    assert_eq!(numbers.last(), Some(&79));
    assert!(numbers.windows(2).all(|w| w[1] == w[0] + 1), "{numbers:?}");
    assert!(numbers.len() < 80);
    let total: u64 = std::fs::read_dir(tmp.path().join("a"))
        .expect("dir")
        .map(|e| e.expect("entry").metadata().expect("meta").len())
        .sum();
    assert!(total <= 100 * (jsonl::GENERATIONS as u64 + 1), "{total}");
}

#[test]
fn records_are_redacted_before_writing() {
    let tmp = tempfile::tempdir().expect("temp");
    let log = jsonl::Log::new(tmp.path().join("log.jsonl"));
    log.append(&serde_json::json!({ "prompt": "my key is sk-ant-abcdefghijklmnopqrstuvwxyz" }))
        .expect("append");
    let text = std::fs::read_to_string(log.path()).expect("read");
    assert!(!text.contains("abcdefghijklmnop"), "{text}");
    assert!(text.contains(redact::MARK));
}

#[test]
fn concurrent_appends_lose_nothing() {
    let tmp = tempfile::tempdir().expect("temp");
    let path = tmp.path().join("log.jsonl");
    let threads: Vec<_> = (0..8)
        .map(|t| {
            let log = jsonl::Log::new(path.clone()).with_max_bytes(1 << 20);
            std::thread::spawn(move || {
                for n in 0..50 {
                    log.append(&serde_json::json!({ "t": t, "n": n, "pad": "x".repeat(200) }))
                        .expect("append");
                }
            })
        })
        .collect();
    for t in threads {
        t.join().expect("thread");
    }
    let (records, skipped): (Vec<serde_json::Value>, usize) =
        jsonl::Log::new(path.clone()).records().expect("read");
    assert_eq!((records.len(), skipped), (400, 0));
    assert!(!tmp.path().join("log.jsonl.lock").exists());
}

#[test]
fn a_stale_lock_is_broken() {
    let tmp = tempfile::tempdir().expect("temp");
    let path = tmp.path().join("log.jsonl");
    let lock = tmp.path().join("log.jsonl.lock");
    std::fs::write(&lock, "").expect("lock");
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(60);
    std::fs::File::options()
        .write(true)
        .open(&lock)
        .and_then(|f| f.set_modified(old))
        .expect("age the lock");
    jsonl::Log::new(path)
        .append(&serde_json::json!({}))
        .expect("append");
}

#[test]
fn a_fresh_lock_makes_a_short_wait_give_up_and_write_nothing() {
    let tmp = tempfile::tempdir().expect("temp");
    let path = tmp.path().join("log.jsonl");
    std::fs::write(tmp.path().join("log.jsonl.lock"), "").expect("lock");
    let log = jsonl::Log::new(path.clone()).with_lock_wait(std::time::Duration::ZERO);
    assert!(log.append(&serde_json::json!({})).is_err());
    assert!(!path.exists());
}

#[test]
fn rewrite_replaces_every_generation() {
    let tmp = tempfile::tempdir().expect("temp");
    let log = jsonl::Log::new(tmp.path().join("log.jsonl")).with_max_bytes(30);
    for n in 0..10 {
        log.append(&serde_json::json!({ "n": n })).expect("append");
    }
    log.rewrite(&[serde_json::json!({ "n": 99 })]).expect("rewrite");
    assert_eq!(log.lines().expect("lines"), vec![r#"{"n":99}"#.to_owned()]);
}

#[test]
fn session_switch_and_forget() {
    let tmp = tempfile::tempdir().expect("temp");
    let store = Store::at(tmp.path().join("user"), &tmp.path().join("proj"));
    std::fs::create_dir(tmp.path().join("proj")).expect("the project");
    assert!(!store.session_off("abc-1"));
    store.set_session_off("abc-1", true).expect("off");
    assert!(store.session_off("abc-1"));
    assert!(store.set_session_off("../x", true).is_err());
    store.set_session_off("abc-1", false).expect("on");
    assert!(!store.session_off("abc-1"));

    store.feedback().append(&serde_json::json!({})).expect("append");
    store
        .discoveries(true)
        .append(&serde_json::json!({}))
        .expect("append");
    store.ensure(true).expect("ensure");
    let project_only = store.forget(false).expect("forget project");
    assert_eq!(project_only.len(), 2, "{project_only:?}");
    assert!(!store.project.exists() && store.user.exists());
    std::fs::write(store.user.join("mine.txt"), "").expect("a file of the user's");
    let all = store.forget(true).expect("forget");
    assert!(store.user.join("mine.txt").exists(), "only our files go");
    std::fs::remove_file(store.user.join("mine.txt")).expect("remove");
    assert!(store.forget(true).expect("forget").is_empty());
    assert!(!store.user.exists());
    assert!(all.iter().any(|p| p.ends_with(FEEDBACK)), "{all:?}");
}

#[test]
fn the_environment_switch() {
    assert!(capture_env_off(Some(std::ffi::OsStr::new("off"))));
    assert!(capture_env_off(Some(std::ffi::OsStr::new(" FALSE "))));
    assert!(!capture_env_off(Some(std::ffi::OsStr::new("on"))));
    assert!(!capture_env_off(None));
}

#[test]
fn session_state_round_trips_redacted() {
    let tmp = tempfile::tempdir().expect("temp");
    let store = Store::at(tmp.path().join("user"), tmp.path());
    let empty: Vec<String> = store.session_state("s1");
    assert!(empty.is_empty());
    store
        .save_session_state(
            "s1",
            &vec!["venv".to_owned(), "ghp_abcdefghijklmnopqrstuvwxyz0123".to_owned()],
        )
        .expect("save");
    let back: Vec<String> = store.session_state("s1");
    assert_eq!(back, vec!["venv".to_owned(), redact::MARK.to_owned()]);
    for n in 0..3000 {
        store
            .save_session_state("s1", &vec![format!("word {n}")])
            .expect("save");
    }
    let last: Vec<String> = store.session_state("s1");
    assert_eq!(last, vec!["word 2999".to_owned()]);
    let size = std::fs::metadata(store.user.join("sessions/s1.jsonl"))
        .expect("meta")
        .len();
    assert!(size <= SESSION_BYTES, "{size}");
    assert!(store.save_session_state("a/b", &1).is_err());
    let removed = store.forget(true).expect("forget");
    assert!(
        removed.iter().any(|p| p.ends_with("sessions/s1.jsonl")),
        "{removed:?}"
    );
}

#[test]
fn forget_keeps_the_ignore_file_while_injection_state_remains() {
    let tmp = tempfile::tempdir().expect("temp");
    let store = Store::at(tmp.path().join("user"), tmp.path());
    store.ensure(true).expect("ensure");
    store
        .discoveries(true)
        .append(&serde_json::json!({}))
        .expect("append");
    std::fs::create_dir_all(store.project.join("inject/s1")).expect("inject state");
    let removed = store.forget(false).expect("forget");
    assert_eq!(removed.len(), 1, "{removed:?}");
    assert!(store.project.join(".gitignore").is_file());
    std::fs::remove_dir_all(store.project.join("inject")).expect("rm");
    let removed = store.forget(false).expect("forget");
    assert!(removed.iter().any(|p| p.ends_with(".gitignore")), "{removed:?}");
    assert!(!store.project.exists());
}

#[test]
fn a_rewrite_keeps_unreadable_lines_verbatim() {
    let tmp = tempfile::tempdir().expect("temp");
    let path = tmp.path().join("log.jsonl");
    std::fs::write(&path, "{\"n\":1}\n{torn\n{\"other\":true}\n").expect("write");
    #[derive(serde::Serialize, serde::Deserialize)]
    struct N {
        n: u32,
    }
    let log = jsonl::Log::new(path.clone());
    let (records, skipped) = log.records::<N>().expect("read");
    assert_eq!((records.len(), skipped), (1, 2));
    assert_eq!(log.rewrite(&[N { n: 2 }]).expect("rewrite"), 2);
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        "{\"n\":2}\n{torn\n{\"other\":true}\n"
    );
}

#[test]
fn a_level_that_is_a_file_is_refused() {
    let tmp = tempfile::tempdir().expect("temp");
    let file = tmp.path().join("file");
    std::fs::write(&file, "").expect("write");
    assert!(Store::at(tmp.path().join("new/user"), tmp.path()).check().is_ok());
    let message = Store::at(file.clone(), tmp.path())
        .check()
        .expect_err("a file")
        .to_string();
    assert!(
        message.ends_with("not a folder; point LEARNINGS_DATA_DIR at a folder"),
        "{message}"
    );
    assert!(Store::at(file.join("below"), tmp.path()).check().is_err());
    std::fs::write(tmp.path().join(PROJECT_DIR), "").expect("write");
    assert!(Store::at(tmp.path().join("u"), tmp.path()).check().is_err());
}

#[test]
fn quick_appends_are_whole_redacted_and_still_rotate() {
    let tmp = tempfile::tempdir().expect("temp");
    let log = jsonl::Log::new(tmp.path().join("q/log.jsonl")).with_max_bytes(200);
    let record =
        |i: usize| serde_json::json!({"i": i, "text": "token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB"});
    for i in 0..20 {
        log.append_quick(&[record(i)]).expect("append");
    }
    let lines = log.lines().expect("lines");
    assert!(lines.iter().all(|l| jsonl::object(l).is_some()), "{lines:?}");
    assert!(
        lines.iter().all(|l| !l.contains("ghp_0123")),
        "not redacted: {lines:?}"
    );
    // Bounded: the generations hold the newest, the current file stays under its bound.
    let size = std::fs::metadata(log.path()).expect("file").len();
    assert!(size <= 200, "{size}");
    assert!(lines.last().is_some_and(|l| l.contains("\"i\":19")), "{lines:?}");
}

#[test]
fn a_rewrite_keeps_the_bound_of_the_appends() {
    let tmp = tempfile::tempdir().expect("temp");
    let log = jsonl::Log::new(tmp.path().join("log.jsonl")).with_max_bytes(100);
    let records: Vec<serde_json::Value> = (0..100).map(|i| serde_json::json!({"i": i})).collect();
    log.update(|all: &mut Vec<serde_json::Value>, _| {
        all.extend(records);
        Ok(())
    })
    .expect("update");
    let lines = log.lines().expect("lines");
    let bytes: usize = lines.iter().map(|l| l.len() + 1).sum();
    assert!(bytes <= 100 * (jsonl::GENERATIONS + 1), "{bytes}");
    assert!(
        lines.iter().all(|l| jsonl::object(l).is_some()),
        "whole lines: {lines:?}"
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some(r#"{"i":99}"#),
        "the newest kept"
    );
}

#[cfg(unix)]
#[test]
fn records_hold_nothing_a_shell_expands() {
    let tmp = tempfile::tempdir().expect("temp");
    let log = jsonl::Log::new(tmp.path().join("log.jsonl"));
    let name = "x`touch a`$(touch b)${HOME}";
    log.append(&serde_json::json!({ "name": name })).expect("append");
    let text = std::fs::read_to_string(log.path()).expect("read");
    assert!(!text.contains(['`', '$']), "{text}");
    let (records, _) = log.records::<serde_json::Value>().expect("records");
    assert_eq!(records[0]["name"], name, "the same JSON");
}

#[test]
fn a_queue_joined_unless_present_keeps_its_newest_and_each_record_once() {
    let tmp = tempfile::tempdir().expect("temp");
    let store = Store::at(tmp.path().join("user"), tmp.path());
    let queue = store.review();
    for n in 0..8u32 {
        assert!(queue.append_unless(&n, |q: &u32| *q == n, 5).expect("join"));
        assert!(
            !queue.append_unless(&n, |q: &u32| *q == n, 5).expect("again"),
            "{n} twice"
        );
    }
    let (kept, skipped) = queue.records::<u32>().expect("read");
    assert_eq!((kept, skipped), (vec![3, 4, 5, 6, 7], 0));
}
