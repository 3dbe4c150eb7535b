//! The capture store's files: the JSONL logs (feedback, review queue, labels, discoveries), a
//! session's saved window, and the bundle of `learn import`, each holding arbitrary bytes.
#![no_main]

use learnings::capture::discover::Discovery;
use learnings::store::{Store, bundle};
use learnings::capture::{Event, review};
use libfuzzer_sys::fuzz_target;
use std::path::Path;
use std::sync::OnceLock;

fn base() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        // SAFETY: set once, before anything reads the environment, on libFuzzer's one thread.
        unsafe {
            std::env::set_var("LEARNINGS_DATA_DIR", dir.path().join("data"));
            std::env::remove_var("LEARNINGS_CAPTURE");
        }
        dir
    })
    .path()
}

fn write(path: &Path, bytes: &[u8]) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, bytes).expect("write");
}

fuzz_target!(|data: &[u8]| {
    let base = base();
    let root = base.join("project");
    let data_dir = base.join("data");
    let _ = std::fs::remove_dir_all(&root);
    let _ = std::fs::remove_dir_all(&data_dir);
    std::fs::create_dir_all(&root).expect("mkdir");
    let store = Store::locate(&root).expect("store");
    assert_eq!(store.user, data_dir);
    for log in [
        store.feedback(),
        store.review(),
        store.labels(),
        store.discoveries(false),
        store.discoveries(true),
    ] {
        write(log.path(), data);
    }
    write(&data_dir.join("sessions/s1.jsonl"), data);

    let (events, _) = store.feedback().records::<Event>().expect("read feedback");
    let (pending, _) = review::pending(&store).expect("read review");
    let _ = review::export_labels(&store);
    let (discoveries, _) = store.discoveries(true).records::<Discovery>().expect("read");
    for d in &discoveries {
        let _ = d.validate();
    }
    let state: serde_json::Value = store.session_state("s1");
    let _ = state;
    let now = "2026-11-26T12:00:00Z";
    let _ = learnings::hooks::capture::learned_context(&root, Some("s1"), now, 10_000);
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = bundle::parse(text, "<fuzz>");
    }
    // Writes that read the logs first: what a rewrite cannot read it keeps.
    let _ = store.feedback().rewrite(&events);
    if !pending.is_empty() {
        let _ = review::decide(&store, 1, &review::Decision::Reject);
    }
});
