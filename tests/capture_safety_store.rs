//! The capture store under review (issue 11): unreadable lines are kept through every rewrite,
//! files are owner-only whatever the umask, and `discover` says what it kept, ranked and aged out.

use crate::capture::{Env, RECORD, SESSION_LOG};

fn discoveries(env: &Env) -> std::path::PathBuf {
    env.repo.path().join(".learnings/discoveries.jsonl")
}

#[test]
fn a_rewrite_keeps_the_lines_it_cannot_read() {
    let env = Env::new();
    env.run(&RECORD).code(0);
    let path = discoveries(&env);
    let text = std::fs::read_to_string(&path).expect("log");
    std::fs::write(&path, format!("{text}{{torn\n")).expect("write");
    let list = env.run(&["discover", "list"]).code(0);
    assert_eq!(
        list.stderr,
        format!(
            "learnings: warning: 1 unreadable line kept in {}\n",
            path.display()
        )
    );
    let mut other = RECORD;
    other[5] = "sqlite locks on NFS mounts";
    other[7] = "sqlite databases on NFS mounts corrupt under concurrent writers.";
    let run = env.run(&other).code(0);
    assert_eq!(run.stderr.lines().count(), 1, "warned once: {}", run.stderr);
    let first: serde_json::Value = serde_json::from_str(text.lines().next().expect("line")).expect("JSON");
    let id = first["id"].as_str().expect("id").to_owned();
    env.run(&["discover", "useful", &id]).code(0);
    let after = std::fs::read_to_string(&path).expect("log");
    assert_eq!(after.lines().count(), 3, "{after}");
    assert!(after.contains("\n{torn\n"), "kept verbatim: {after}");

    // `forget --project` rewrites the user log: its unreadable lines stay too.
    env.seed_log(&format!("{SESSION_LOG}not json\n"));
    env.run(&["feedback", "always use the venv"]).code(0);
    let run = env.run(&["learn", "forget", "--project"]).code(0);
    assert!(run.stderr.contains("1 unreadable line kept in"), "{}", run.stderr);
    let log = std::fs::read_to_string(env.user().join("feedback.jsonl")).expect("log");
    assert!(log.contains("not json\n"), "{log}");
}

#[cfg(unix)]
#[test]
fn store_files_and_folders_are_owner_only_whatever_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &std::path::Path| std::fs::metadata(p).expect("meta").permissions().mode() & 0o777;
    let env = Env::new();
    env.run(&["feedback", "always use the venv"]).code(0);
    assert_eq!(mode(&env.user().join("feedback.jsonl")), 0o600, "an append");
    let bundle = env.run(&["learn", "export"]).code(0).stdout;
    env.run(&["learn", "forget"]).code(0);
    env.run_stdin(&["learn", "import", "-"], Some(bundle.as_bytes()))
        .code(0);
    assert_eq!(mode(&env.user().join("feedback.jsonl")), 0o600, "an import");
    env.run(&RECORD).code(0);
    assert_eq!(mode(&discoveries(&env)), 0o600, "a rewrite");
    assert_eq!(mode(&env.user()), 0o700);
    assert_eq!(mode(&env.repo.path().join(".learnings")), 0o700);
}

fn discovery(id: &str, summary: &str, last: &str, expires: Option<&str>) -> String {
    let mut d = serde_json::json!({
        "v": 1, "id": id, "at": "2026-01-01T00:00:00Z", "category": "gotcha",
        "summary": summary, "details": "details long enough to pass the check",
        "confidence": 0.8, "scope": "project", "uses": 0, "last": last,
    });
    if let Some(e) = expires {
        d["expires"] = serde_json::json!(e);
    }
    d.to_string() + "\n"
}

#[test]
fn list_ranks_json_like_text_and_tells_expired_from_aged_out() {
    let env = Env::new();
    let lines = [
        discovery("aaaa0001", "aged out long ago", "2026-01-01T00:00:00Z", None),
        discovery(
            "aaaa0002",
            "past its expiry",
            "2026-06-01T00:00:00Z",
            Some("2026-05-01"),
        ),
        discovery("aaaa0003", "fresh but older", "2026-05-20T00:00:00Z", None),
        discovery("aaaa0004", "the freshest one", "2026-06-01T00:00:00Z", None),
    ];
    env.repo.write(".learnings/discoveries.jsonl", lines.concat());
    let human = env.run(&["discover", "list"]).code(0).stdout;
    let ids: Vec<&str> = human
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(ids, ["aaaa0004", "aaaa0003", "aaaa0001", "aaaa0002"], "{human}");
    assert!(human.contains("aaaa0001  aged out  [gotcha]"), "{human}");
    assert!(human.contains("aaaa0002  expired  [gotcha]"), "{human}");
    let json = env.run(&["discover", "list", "--format", "json"]).code(0).json();
    let list = json["discoveries"].as_array().expect("list");
    let json_ids: Vec<&str> = list.iter().filter_map(|d| d["id"].as_str()).collect();
    assert_eq!(json_ids, ids);
    assert_eq!(list[0]["score"], 0.8);
    assert_eq!(
        (list[2]["state"].as_str(), list[3]["state"].as_str()),
        (Some("aged out"), Some("expired"))
    );
}

#[test]
fn record_refuses_a_past_expiry_and_says_what_a_merge_kept() {
    let env = Env::new();
    let mut past = RECORD.to_vec();
    past.extend(["--expires", "2020-01-01"]);
    let run = env.run(&past).code(2);
    assert_eq!(
        run.stderr,
        "learnings: discover: --expires 2020-01-01 is already past; give a later date or leave it out\n"
    );
    let added = env.run(&RECORD).code(0).stdout;
    let id = added.split_whitespace().nth(2).expect("id").to_owned();
    let mut other = RECORD;
    other[3] = "workaround";
    other[7] = "Without first-parent, merged lines are blamed on side branches!!";
    let merged = env.run(&other).code(0).stdout;
    assert!(
        merged.contains(&format!("Merged into discovery {id} in "))
            && merged.contains("; it kept its category gotcha (not workaround) and its details"),
        "{merged}"
    );
    let json = env
        .run(&[&other[..], &["--format", "json"]].concat())
        .code(0)
        .json();
    assert_eq!(json["kept"], serde_json::json!(["category", "details"]));
    let used = env.run(&["discover", "useful", &id[..4]]).code(0).stdout;
    assert_eq!(used, format!("Counted a use of discovery {id} (uses 1)\n"));
    let json = env
        .run(&["discover", "useful", &id[..4], "--format", "json"])
        .code(0)
        .json();
    assert_eq!(
        (json["id"].as_str(), json["uses"].as_u64()),
        (Some(id.as_str()), Some(2))
    );
}
