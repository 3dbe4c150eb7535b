//! Capture as a process: `feedback`, `learn show|analyze|forget|export|import|off|on`,
//! `discover record|useful|list`. The user-level folder is sealed in a temp dir
//! (LEARNINGS_DATA_DIR); the project folder is `.learnings/` of a real repository.

use crate::common::{Repo, Run, run_env};
use std::path::Path;

/// A scripted session's log: three corrections about the same thing, an explicit rule, a
/// praise and an interruption, by one sub-agent.
pub const SESSION_LOG: &str = concat!(
    r#"{"v":1,"at":"2026-03-02T10:00:00Z","kind":"correction","confidence":0.85,"text":"No, use the venv python for the tests","agent":"test-runner"}"#,
    "\n",
    r#"{"v":1,"at":"2026-03-02T10:05:00Z","kind":"correction","confidence":0.9,"text":"wrong again: use the venv python for the tests","agent":"test-runner"}"#,
    "\n",
    r#"{"v":1,"at":"2026-03-02T10:10:00Z","kind":"preference","confidence":0.95,"text":"Always run cargo fmt before committing."}"#,
    "\n",
    r#"{"v":1,"at":"2026-03-02T10:15:00Z","kind":"correction","confidence":0.9,"text":"I told you: use the venv python for the tests!","agent":"test-runner"}"#,
    "\n",
    r#"{"v":1,"at":"2026-03-02T10:20:00Z","kind":"praise","confidence":0.9,"text":"perfect, thanks","agent":"test-runner"}"#,
    "\n",
    r#"{"v":1,"at":"2026-03-02T10:25:00Z","kind":"cancellation","confidence":0.6,"text":"[Request interrupted by user]","agent":"test-runner"}"#,
    "\n",
);

/// `discover record` of one gotcha, as an agent would call it.
pub const RECORD: [&str; 8] = [
    "discover",
    "record",
    "--category",
    "gotcha",
    "--summary",
    "gix blame needs first-parent",
    "--details",
    "Without first-parent, merged lines are blamed on side branches.",
];

/// A repository and a sealed user folder.
pub struct Env {
    pub repo: Repo,
    pub data: tempfile::TempDir,
}

impl Env {
    pub fn new() -> Env {
        Env {
            repo: Repo::new(),
            data: tempfile::tempdir().expect("temp data dir"),
        }
    }

    pub fn run(&self, args: &[&str]) -> Run {
        self.run_stdin(args, None)
    }

    pub fn run_stdin(&self, args: &[&str], stdin: Option<&[u8]>) -> Run {
        let data = self.data.path().join("learnings");
        run_env(
            self.repo.path(),
            args,
            stdin,
            &[("LEARNINGS_DATA_DIR", data.to_str().expect("UTF-8"))],
        )
    }

    pub fn user(&self) -> std::path::PathBuf {
        self.data.path().join("learnings")
    }

    pub fn seed_log(&self, text: &str) {
        std::fs::create_dir_all(self.user()).expect("mkdir");
        std::fs::write(self.user().join("feedback.jsonl"), text).expect("write log");
    }
}

fn files_under(dir: &Path) -> usize {
    if !dir.exists() {
        return 0;
    }
    std::fs::read_dir(dir)
        .expect("read dir")
        .map(|e| {
            let e = e.expect("entry");
            if e.file_type().expect("type").is_dir() {
                files_under(&e.path())
            } else {
                1
            }
        })
        .sum()
}

#[test]
fn feedback_records_redacted_and_lists() {
    let env = Env::new();
    let run = env.run(&["feedback", "always use the venv"]).code(0);
    assert!(
        run.stdout.starts_with("Recorded preference in "),
        "{}",
        run.stdout
    );
    env.run(&[
        "feedback",
        "never paste keys like sk-ant-abcdefghijklmnopqrstuvwx",
    ])
    .code(0);
    let history = env
        .run(&["feedback", "--history", "--format", "json"])
        .code(0)
        .json();
    let events = history["events"].as_array().expect("events");
    assert_eq!(events.len(), 2);
    assert_eq!(events[0]["kind"], "preference");
    let raw = std::fs::read_to_string(env.user().join("feedback.jsonl")).expect("log");
    assert!(
        !raw.contains("abcdefghijklmnop") && raw.contains("[REDACTED]"),
        "{raw}"
    );
    let human = env.run(&["feedback", "--history"]).code(0);
    assert!(
        human.stdout.contains("preference") && human.stdout.contains("always use the venv"),
        "{}",
        human.stdout
    );
}

#[test]
fn feedback_usage_errors() {
    let env = Env::new();
    env.run(&["feedback"]).code(2);
    let run = env.run(&["feedback", "  "]).code(2);
    assert!(run.stderr.contains("say what to remember"), "{}", run.stderr);
    let run = env.run(&["feedback", "--eval", "missing.jsonl"]).code(2);
    assert!(run.stderr.contains("missing.jsonl"), "{}", run.stderr);
}

#[test]
fn classify_and_eval() {
    let env = Env::new();
    let run = env.run(&["feedback", "--classify", "No, that's wrong."]).code(0);
    assert!(run.stdout.starts_with("correction 0."), "{}", run.stdout);
    let run = env
        .run_stdin(&["feedback", "--classify"], Some(b"```\nno\n```\nwhy?"))
        .code(0);
    assert_eq!(run.stdout, "none\n");
    let json = env
        .run(&["feedback", "--classify", "--format", "json", "perfect"])
        .code(0)
        .json();
    assert_eq!(json["schema_version"], 1);
    assert_eq!(json["signal"]["category"], "praise");
    let labelled = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/feedback/labelled.jsonl");
    let run = env
        .run(&["feedback", "--eval", labelled.to_str().expect("UTF-8")])
        .code(0);
    for category in ["preference", "correction"] {
        let line = run.stdout.lines().find(|l| l.starts_with(category));
        assert!(line.is_some_and(|l| l.ends_with(" met")), "{}", run.stdout);
    }
}

#[test]
fn analyze_reports_the_pattern_the_rule_and_the_agent() {
    let env = Env::new();
    env.seed_log(SESSION_LOG);
    let json = env.run(&["learn", "analyze", "--format", "json"]).code(0).json();
    assert_eq!(json["schema_version"], 1);
    assert_eq!(json["patterns"][0]["count"], 3);
    assert_eq!(json["rules"][0]["text"], "Always run cargo fmt before committing");
    let agent = &json["agents"][0];
    assert_eq!(
        (agent["agent"].as_str(), agent["invocations"].as_u64()),
        (Some("test-runner"), Some(5))
    );
    assert_eq!(
        (agent["successes"].as_u64(), agent["cancellations"].as_u64()),
        (Some(1), Some(1))
    );
    let human = env.run(&["learn", "analyze"]).code(0);
    assert!(human.stdout.contains("correction ×3"), "{}", human.stdout);
    let again = env.run(&["learn", "analyze", "--format", "json"]).code(0);
    assert_eq!(
        again.stdout,
        env.run(&["learn", "analyze", "--format", "json"]).stdout
    );
}

#[test]
fn show_prints_the_context_of_the_next_session() {
    let env = Env::new();
    let empty = env.run(&["learn", "show"]).code(0);
    assert!(
        empty.stdout.contains("Nothing to inject: nothing learned yet"),
        "{}",
        empty.stdout
    );
    env.seed_log(SESSION_LOG);
    let json = env.run(&["learn", "show", "--format", "json"]).code(0).json();
    let context = json["context"].as_str().expect("context");
    assert!(
        context.starts_with("<learned-context>") && context.contains("venv python"),
        "{context}"
    );
    assert!(
        context.contains("Always run cargo fmt before committing"),
        "{context}"
    );
}

#[test]
fn export_then_import_round_trips_byte_for_byte() {
    let env = Env::new();
    env.seed_log(SESSION_LOG);
    env.run(&[
        "discover",
        "record",
        "--category",
        "gotcha",
        "--summary",
        "The CI runner has no network",
        "--details",
        "Tests that download fixtures fail on CI; vendor them in fixtures/.",
    ])
    .code(0);
    let first = env.run(&["learn", "export"]).code(0).stdout;
    env.repo.write("bundle.json", &first);
    env.run(&["learn", "forget"]).code(0);
    env.run(&["learn", "import", "bundle.json"]).code(0);
    assert_eq!(env.run(&["learn", "export"]).code(0).stdout, first);
    let from_stdin = env
        .run_stdin(&["learn", "import", "-"], Some(first.as_bytes()))
        .code(0);
    assert!(
        from_stdin.stdout.contains("Imported 6 lines"),
        "{}",
        from_stdin.stdout
    );
    env.run_stdin(&["learn", "import", "-"], Some(b"[1]")).code(2);
}

#[test]
fn forget_leaves_no_file_behind_and_says_what_it_removed() {
    let env = Env::new();
    env.run(&["feedback", "always use the venv"]).code(0);
    env.run(&[
        "discover",
        "record",
        "--category",
        "workaround",
        "--summary",
        "Restart the dev server after env changes",
        "--details",
        "The server reads .env once at start; edits need a restart.",
    ])
    .code(0);
    assert!(files_under(&env.repo.path().join(".learnings")) >= 2);
    let run = env.run(&["learn", "forget"]).code(0);
    assert!(
        run.stdout.contains("feedback.jsonl") && run.stdout.contains("discoveries.jsonl"),
        "{}",
        run.stdout
    );
    assert!(!env.user().exists() && !env.repo.path().join(".learnings").exists());
    assert_eq!(
        env.run(&["learn", "forget"]).code(0).stdout,
        "Nothing to forget.\n"
    );
}

#[test]
fn forget_project_keeps_other_projects() {
    let env = Env::new();
    env.run(&["feedback", "always use the venv"]).code(0);
    let mut other = SESSION_LOG.lines().next().expect("line").to_owned();
    other = other.replace("\"v\":1,", "\"v\":1,\"project\":\"/elsewhere\",");
    let log = env.user().join("feedback.jsonl");
    let text = std::fs::read_to_string(&log).expect("log") + &other + "\n";
    std::fs::write(&log, text).expect("write");
    let run = env.run(&["learn", "forget", "--project"]).code(0);
    assert!(
        run.stdout.contains("Removed 1 event of this project"),
        "{}",
        run.stdout
    );
    let left = std::fs::read_to_string(&log).expect("log");
    assert_eq!(left.lines().count(), 1);
    assert!(left.contains("/elsewhere"));
}

#[test]
fn session_switch() {
    let env = Env::new();
    env.run(&["learn", "off", "--session", "abc-123"]).code(0);
    assert!(env.user().join("off/abc-123").exists());
    env.run(&["learn", "on", "--session", "abc-123"]).code(0);
    assert!(!env.user().join("off/abc-123").exists());
    let run = env.run(&["learn", "off", "--session", "../../etc"]).code(2);
    assert!(run.stderr.contains("not a session id"), "{}", run.stderr);
}

#[test]
fn discoveries_record_merge_count_and_stay_out_of_git() {
    let env = Env::new();
    let args = [&RECORD[..], &["--files", "src/a.rs,src/b.rs"]].concat();
    let added = env.run(&args).code(0);
    assert!(added.stdout.starts_with("Added discovery "), "{}", added.stdout);
    let id = added.stdout.split_whitespace().nth(2).expect("id").to_owned();
    let merged = env.run(&args).code(0);
    assert!(
        merged.stdout.starts_with(&format!("Merged into discovery {id}")),
        "{}",
        merged.stdout
    );
    env.run(&["discover", "useful", &id[..6]]).code(0);
    let run = env.run(&["discover", "useful", "ffffffffff"]).code(2);
    assert!(run.stderr.contains("discover list"), "{}", run.stderr);
    let list = env.run(&["discover", "list", "--format", "json"]).code(0).json();
    let d = &list["discoveries"][0];
    assert_eq!((d["uses"].as_u64(), d["merged"].as_u64()), (Some(1), Some(1)));
    assert_eq!(d["files"].as_array().map(Vec::len), Some(2));
    assert!(
        env.run(&["discover", "list"])
            .code(0)
            .stdout
            .contains("[gotcha] gix blame needs first-parent")
    );
    assert_eq!(
        env.repo.git(&["status", "--porcelain", "--ignored=no"]).trim(),
        ""
    );
    for (flag, value, message) in [
        ("--summary", "short", "summary"),
        ("--details", "too short", "details"),
        ("--confidence", "0.2", "confidence"),
        ("--category", "rumour", "unknown category"),
        ("--scope", "team", "scope"),
        ("--expires", "soon", "expiry"),
    ] {
        let mut bad: Vec<&str> = args.to_vec();
        match bad.iter().position(|a| *a == flag) {
            Some(i) => bad[i + 1] = value,
            None => bad.extend([flag, value]),
        }
        let run = env.run(&bad).code(2);
        assert!(run.stderr.contains(message), "{flag}: {}", run.stderr);
    }
}

#[test]
fn a_global_rule_reaches_every_project_and_survives_forgetting_one() {
    let env = Env::new();
    env.run(&["feedback", "--global", "never add emojis to commit messages"])
        .code(0);
    env.run(&["feedback", "always use the venv"]).code(0);
    let other = Repo::new();
    let data = env.user();
    let in_other = |args: &[&str]| {
        run_env(
            other.path(),
            args,
            None,
            &[("LEARNINGS_DATA_DIR", data.to_str().expect("UTF-8"))],
        )
    };
    let show = in_other(&["learn", "show"]).code(0);
    assert!(
        show.stdout.contains("Never add emojis to commit messages"),
        "{}",
        show.stdout
    );
    assert!(!show.stdout.contains("venv"), "{}", show.stdout);
    env.run(&["learn", "forget", "--project"]).code(0);
    let show = in_other(&["learn", "show"]).code(0);
    assert!(show.stdout.contains("Never add emojis"), "{}", show.stdout);
}
