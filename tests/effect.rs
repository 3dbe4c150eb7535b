//! `learnings effect` through the binary (issue 21): a rule whose correction comes back in a
//! session it was injected into, a rule file no session was given, and a rule whose correction
//! stopped once it was written.

use crate::capture::Env;
use crate::capture_hooks::Session;
use crate::common::{day, learnings_md};
use serde_json::{Value, json};

const CONFIG: &str = "[[inject.domains]]\nname = \"export\"\nkeywords = [\"export\"]\npaths = [\"src/export/**\"]\nfiles = [\"docs/rules/export.md\"]\n\n[[inject.domains]]\nname = \"legacy\"\nkeywords = [\"legacy\"]\nfiles = [\"docs/rules/legacy.md\"]\n";

fn project() -> Env {
    let env = Env::new();
    env.repo.write("learnings.toml", CONFIG);
    env.repo.write(
        "docs/rules/legacy.md",
        "# Legacy\n\nUse the legacy build for releases.\n",
    );
    env.repo.commit_on(
        day(1),
        "docs/rules/export.md",
        "# Export\n\n## Exported dates stay in UTC\nExported dates must stay in UTC.\n",
    );
    env.repo.commit_on(
        day(10),
        "agents/learnings.md",
        learnings_md(&["Quote commands exactly"]),
    );
    env
}

fn effect(env: &Env) -> Value {
    env.run(&["effect", "--format", "json"]).code(0).json()
}

fn rule<'a>(report: &'a Value, path: &str, title: Option<&str>) -> &'a Value {
    report["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .find(|r| r["path"] == path && r["title"].as_str() == title)
        .unwrap_or_else(|| panic!("no rule {path} {title:?} in {report}"))
}

fn ledger(env: &Env, records: &[Value]) {
    let dir = env.repo.join(".learnings");
    std::fs::create_dir_all(&dir).expect("dir");
    let text: String = records.iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(dir.join("effect.jsonl"), text).expect("write ledger");
}

fn corrections(env: &Env, dated: &[(&str, &str)]) {
    std::fs::create_dir_all(env.user()).expect("dir");
    let text: String = dated
        .iter()
        .map(|(at, text)| {
            format!(
                "{}\n",
                json!({"v": 1, "at": at, "kind": "correction", "confidence": 0.9, "text": text})
            )
        })
        .collect();
    std::fs::write(env.user().join("feedback.jsonl"), text).expect("write feedback");
}

#[test]
fn a_correction_that_comes_back_after_its_rule_was_injected_is_a_recurrence() {
    let env = project();
    let mut session = Session::new(&env, "s1");
    let start = json!({"session_id": "s1", "source": "startup", "hook_event_name": "SessionStart", "cwd": env.repo.path()});
    env.run_stdin(&["hook", "session-start"], Some(start.to_string().as_bytes()))
        .code(0);
    let injected = session.turn("Hello.", "Let us work on the export now");
    assert!(injected.contains("Exported dates must stay in UTC"), "{injected}");
    session.turn(
        "Done: the export now writes dates in the machine's time zone.",
        "No, that's wrong: exported dates must stay in UTC.",
    );
    let report = effect(&env);
    let export = rule(
        &report,
        "docs/rules/export.md",
        Some("Exported dates stay in UTC"),
    );
    assert_eq!(export["verdict"], "recurs", "{report}");
    assert_eq!(export["recurred"], 1);
    assert_eq!(export["injected_sessions"], 1);
    assert_eq!(
        report["rules"][0]["verdict"], "recurs",
        "a rule that does not work comes first"
    );
    let text = env.run(&["effect"]).code(0).stdout;
    assert!(text.contains("## Not working"), "{text}");
    // `learn forget` removes the ledger with the rest.
    env.run(&["learn", "forget"]).code(0);
    assert!(!env.repo.join(".learnings/effect.jsonl").exists());
}

#[test]
fn a_rule_file_no_session_was_given_never_fired_with_its_cost() {
    let env = project();
    let records: Vec<Value> = (1..=20)
        .map(|i| json!({"v": 1, "at": format!("2024-02-{i:02}T09:00:00Z"), "session": format!("s{i}"), "act": "session"}))
        .collect();
    ledger(&env, &records);
    let report = effect(&env);
    assert_eq!(report["sessions"], 20);
    let legacy = rule(&report, "docs/rules/legacy.md", None);
    assert_eq!(legacy["verdict"], "never-fired", "{report}");
    assert_eq!(legacy["fired_recently"], false);
    assert!(legacy["tokens"].as_u64().is_some_and(|t| t > 5), "{legacy}");
    let text = env.run(&["effect"]).code(0).stdout;
    assert!(
        text.contains("docs/rules/legacy.md: not injected in the last 20 sessions; about"),
        "{text}"
    );
    // A learnings file elsewhere is named as every command names it.
    let named = env
        .run(&["effect", "agents/learnings.md", "--format", "json"])
        .code(0)
        .json();
    assert_eq!(named, report);
    // `lint` says the same, as a note: a rule file dead weight in every session it is not given.
    let lint = env.run(&["lint", "--format", "json"]).code(0).json();
    let never: Vec<&Value> = lint["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["rule"] == "never-fired")
        .collect();
    // No session of the 20 was given either rule file.
    let paths: Vec<&str> = never.iter().filter_map(|f| f["path"].as_str()).collect();
    assert_eq!(paths, ["docs/rules/export.md", "docs/rules/legacy.md"], "{lint}");
    assert_eq!(never[0]["severity"], "note");
}

#[test]
fn a_rule_written_on_day_10_with_five_corrections_before_and_one_after_shows_the_drop() {
    let env = project();
    env.repo.commit_on(
        day(10),
        "agents/learnings.md",
        learnings_md(&["Quote commands exactly"])
            + "\n## Keep exported dates in UTC\n- Exported dates must stay in UTC.\n",
    );
    let said = "No, exported dates must stay in UTC";
    corrections(
        &env,
        &[
            ("2024-01-02T10:00:00Z", said),
            ("2024-01-03T10:00:00Z", said),
            ("2024-01-05T10:00:00Z", said),
            ("2024-01-07T10:00:00Z", said),
            ("2024-01-09T10:00:00Z", said),
            ("2024-01-20T10:00:00Z", said),
        ],
    );
    let report = effect(&env);
    let entry = rule(&report, "agents/learnings.md", Some("Keep exported dates in UTC"));
    assert_eq!(entry["written"], "2024-01-11");
    assert_eq!(
        (
            entry["corrections_before"].as_u64(),
            entry["corrections_after"].as_u64()
        ),
        (Some(5), Some(1))
    );
    assert!(
        entry["rate_before"].as_f64() > entry["rate_after"].as_f64(),
        "{entry}"
    );
    // Never injected in that session, so not a recurrence: the rule cut the rate.
    assert_eq!(entry["verdict"], "works", "{entry}");
    let text = env.run(&["effect"]).code(0).stdout;
    assert!(
        text.contains("agents/learnings.md › Keep exported dates in UTC: 5 before it was written, 1 after (0.56 → 0.10 a day)"),
        "{text}"
    );
    // With --since after the last one, nothing is left to weigh.
    let later = env
        .run(&["effect", "--since", "2024-02-01", "--format", "json"])
        .code(0)
        .json();
    assert_eq!(later["corrections"], 0);
    let bad = env.run(&["effect", "--since", "yesterday"]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("--since yesterday: not a date"),
        "{}",
        bad.stderr
    );
}

#[test]
fn an_injection_at_the_point_of_action_is_in_the_ledger() {
    let env = project();
    let edit = json!({"session_id": "e1", "hook_event_name": "PreToolUse", "tool_name": "Edit",
        "tool_input": {"file_path": env.repo.join("src/export/csv.rs"), "old_string": "a", "new_string": "b"}});
    let run = env
        .run_stdin(&["hook", "pre-tool"], Some(edit.to_string().as_bytes()))
        .code(0);
    assert!(
        run.stdout.contains("Exported dates must stay in UTC"),
        "{}",
        run.stdout
    );
    let report = effect(&env);
    let export = rule(
        &report,
        "docs/rules/export.md",
        Some("Exported dates stay in UTC"),
    );
    assert_eq!(export["injected_sessions"], 1, "{report}");
}

#[test]
fn with_learning_off_the_prompt_hook_records_no_injection() {
    let env = project();
    env.repo.write(
        "learnings.toml",
        format!("{CONFIG}\n[learning]\nenabled = false\n"),
    );
    let mut session = Session::new(&env, "s1");
    let injected = session.turn("Hello.", "Let us work on the export now");
    assert!(injected.contains("Exported dates must stay in UTC"), "{injected}");
    let ledger = std::fs::read_to_string(env.repo.join(".learnings/effect.jsonl")).unwrap_or_default();
    assert!(!ledger.contains("\"act\":\"inject\""), "{ledger}");
}

#[test]
fn a_blocked_command_is_an_enforcement_hit() {
    let env = project();
    env.repo.write(
        "learnings.toml",
        format!("{CONFIG}\n[[enforce.block]]\npattern = '\\bgit push --force\\b'\nreason = \"no\"\n"),
    );
    let call = json!({"session_id": "b1", "hook_event_name": "PreToolUse", "tool_name": "Bash",
        "tool_input": {"command": "git push --force"}});
    let run = env
        .run_stdin(&["hook", "pre-tool"], Some(call.to_string().as_bytes()))
        .code(0);
    assert!(run.stdout.contains("\"deny\""), "{}", run.stdout);
    let report = effect(&env);
    assert_eq!(
        report["enforcement"],
        json!([{"rule": "enforce.block[1]", "hits": 1, "sessions": 1}]),
        "{report}"
    );
}

#[test]
fn with_no_data_effect_says_how_to_get_some() {
    // Issue 31: with an empty ledger, the generic advice gave the user nothing to act on.
    let env = project();
    let text = env.run(&["effect"]).code(0).stdout;
    assert!(
        text.contains("No session is in the ledger yet (.learnings/effect.jsonl): the hooks write it. Install them (`learnings install --client claude`"),
        "{text}"
    );
    assert!(!text.contains("Act on it"), "{text}");
    // Sessions but no correction: it says where corrections come from, and still advises.
    ledger(
        &env,
        &[json!({"v": 1, "at": "2024-02-01T09:00:00Z", "session": "s1", "act": "session"})],
    );
    let text = env.run(&["effect"]).code(0).stdout;
    assert!(text.contains("No correction captured yet"), "{text}");
    assert!(text.contains("Act on it"), "{text}");
}
