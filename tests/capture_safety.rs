//! What a new user's review of capture found (issue 11): reverting a patch keeps the user's
//! edits, a bad bundle changes nothing, unreadable lines are kept, a data folder that is a file
//! is one clear error, and the JSON and wording of the capture commands.

use crate::capture::{Env, SESSION_LOG};
use crate::common::run_env;

const AGENT: &str = ".claude/agents/test-runner.md";
const AGENT_TEXT: &str = "---\nname: test-runner\n---\nYou run tests.\n";

fn patched() -> (Env, Vec<serde_json::Value>) {
    let env = Env::new();
    env.repo.write(AGENT, AGENT_TEXT);
    env.seed_log(SESSION_LOG);
    let json = env.run(&["learn", "suggest", "--format", "json"]).code(0).json();
    let patches = json["patches"].as_array().expect("patches").clone();
    (env, patches)
}

fn id(patch: &serde_json::Value) -> String {
    patch["id"].as_str().expect("id").to_owned()
}

/// The one line of stderr, checked to be one line.
fn one_line(stderr: &str) -> &str {
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr.trim_end()
}

#[test]
fn suggest_quotes_the_gist_as_the_rule_to_follow() {
    let (env, patches) = patched();
    let lines: Vec<&str> = patches.iter().filter_map(|p| p["line"].as_str()).collect();
    assert!(
        lines.contains(&"Users corrected this 3 times: use the venv python for the tests."),
        "{lines:?}"
    );
    let human = env.run(&["learn", "suggest"]).code(0).stdout;
    assert!(!human.contains("No, use"), "{human}");
}

#[test]
fn revert_keeps_the_users_edits_and_the_other_patches() {
    let (env, patches) = patched();
    env.run(&["learn", "apply"]).code(0);
    let applied = env.repo.read(AGENT);
    env.repo.write(AGENT, format!("{applied}USER EDIT\n"));
    let first = patches[0]["line"].as_str().expect("line");
    let second = patches[1]["line"].as_str().expect("line");
    let run = env.run(&["learn", "revert", &id(&patches[0])]).code(0);
    assert_eq!(run.stdout, format!("Reverted {} in {AGENT}\n", id(&patches[0])));
    let text = env.repo.read(AGENT);
    assert!(text.contains("USER EDIT\n"), "{text}");
    assert!(!text.contains(first), "{text}");
    assert!(text.contains(second), "the other patch stays: {text}");
    env.run(&["learn", "revert", &id(&patches[1])]).code(0);
    assert_eq!(
        env.repo.read(AGENT),
        format!("{AGENT_TEXT}\n## Learned from feedback\nUSER EDIT\n"),
        "the section keeps the user's line"
    );
}

#[test]
fn revert_refuses_when_the_line_was_edited() {
    let (env, patches) = patched();
    env.run(&["learn", "apply", &id(&patches[0])]).code(0);
    let line = patches[0]["line"].as_str().expect("line");
    let edited = env.repo.read(AGENT).replace(line, "my own words");
    env.repo.write(AGENT, &edited);
    let run = env.run(&["learn", "revert"]).code(2);
    let message = one_line(&run.stderr);
    assert!(
        message.contains(AGENT) && message.contains("edited or removed") && message.contains("by hand"),
        "{message}"
    );
    assert_eq!(env.repo.read(AGENT), edited, "nothing changed");
    // An untouched file comes back byte for byte.
    env.repo.write(AGENT, "no newline at the end");
    env.run(&["learn", "apply", &id(&patches[1])]).code(0);
    env.run(&["learn", "revert", &id(&patches[1])]).code(0);
    assert_eq!(env.repo.read(AGENT), "no newline at the end");
}

#[test]
fn apply_of_an_unknown_patch_is_an_error() {
    let (env, _) = patched();
    let run = env.run(&["learn", "apply", "nope"]).code(2);
    assert_eq!(
        one_line(&run.stderr),
        "learnings: no patch `nope`; `learnings learn suggest` lists them"
    );
    assert_eq!(env.repo.read(AGENT), AGENT_TEXT);
}

#[test]
fn a_bad_bundle_changes_nothing_and_says_why() {
    let env = Env::new();
    env.seed_log(SESSION_LOG);
    let log = env.user().join("feedback.jsonl");
    for (bundle, message) in [
        (
            r#"{"schema_version":1,"files":{"../../etc/x":["a"]}}"#,
            "b.json: unknown file `../../etc/x` in the bundle",
        ),
        (
            r#"{"schema_version":1,"files":{},"extra":1}"#,
            "b.json: unknown key `extra`",
        ),
        (
            r#"{"schema_version":2,"files":{}}"#,
            "b.json: schema_version 2 is not 1",
        ),
        (
            r#"{"schema_version":1,"files":{"user/feedback.jsonl":["{}","oops"]}}"#,
            "b.json: `user/feedback.jsonl` line 2: not a JSON object: oops",
        ),
    ] {
        env.repo.write("b.json", bundle);
        let run = env.run(&["learn", "import", "b.json"]).code(2);
        assert!(
            one_line(&run.stderr).contains(message),
            "{bundle}: {}",
            run.stderr
        );
        assert_eq!(std::fs::read_to_string(&log).expect("log"), SESSION_LOG);
    }
}

#[test]
fn import_leaves_the_logs_a_bundle_does_not_mention() {
    let env = Env::new();
    env.seed_log(SESSION_LOG);
    let line = r#"{\"v\":1,\"id\":\"x\"}"#;
    let bundle = format!(r#"{{"schema_version":1,"files":{{"user/discoveries.jsonl":["{line}"]}}}}"#);
    env.repo.write("b.json", bundle);
    let run = env.run(&["learn", "import", "b.json"]).code(0);
    assert!(run.stdout.starts_with("Imported 1 line into "), "{}", run.stdout);
    let log = std::fs::read_to_string(env.user().join("feedback.jsonl")).expect("log");
    assert_eq!(log, SESSION_LOG, "feedback was not in the bundle");
    let json = env
        .run(&["learn", "import", "b.json", "--format", "json"])
        .code(0)
        .json();
    assert_eq!(json["schema_version"], 1);
    assert_eq!(json["imported"][0]["file"], "user/discoveries.jsonl");
    assert_eq!(json["imported"][0]["lines"], 1);
}

#[test]
fn a_data_folder_that_is_a_file_is_one_clear_error() {
    let env = Env::new();
    let file = env.data.path().join("plain");
    std::fs::write(&file, "").expect("file");
    let path = file.to_str().expect("UTF-8");
    for args in [
        &["feedback", "always x"][..],
        &["feedback", "--history"],
        &["learn", "show"],
        &["learn", "forget"],
        &["learn", "import", "-"],
        &["discover", "list"],
    ] {
        let run = run_env(
            env.repo.path(),
            args,
            Some(b"{}"),
            &[("LEARNINGS_DATA_DIR", path)],
        );
        assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
        assert_eq!(
            one_line(&run.stderr),
            format!("learnings: {path}: not a folder; point LEARNINGS_DATA_DIR at a folder"),
            "{args:?}"
        );
    }
    let below = format!("{path}/below");
    let run = run_env(
        env.repo.path(),
        &["learn", "forget"],
        None,
        &[("LEARNINGS_DATA_DIR", &below)],
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("not a folder"), "{}", run.stderr);
}

#[test]
fn capture_json_carries_the_schema_version() {
    let env = Env::new();
    let json = env
        .run(&["feedback", "always x", "--format", "json"])
        .code(0)
        .json();
    assert_eq!(json["schema_version"], 1);
    assert_eq!(json["event"]["kind"], "preference");
    let json = env
        .run(&["learn", "forget", "--project", "--format", "json"])
        .code(0)
        .json();
    assert_eq!(
        (json["schema_version"].as_u64(), json["removed_events"].as_u64()),
        (Some(1), Some(1))
    );
    let json = env.run(&["learn", "forget", "--format", "json"]).code(0).json();
    assert!(
        json["removed_files"].as_array().is_some_and(|f| !f.is_empty()),
        "{json}"
    );
}
