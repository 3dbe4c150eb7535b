//! Capture on prompts shaped like the ones people really type (issue 29), through the binary:
//! each answers an assistant message in a transcript, as Claude Code sends it.

use crate::capture::Env;
use crate::capture_hooks::Session;
use crate::common::{day, learnings_md};

const FILE: &str = "agents/learnings.md";

fn events(env: &Env) -> Vec<serde_json::Value> {
    let history = env
        .run(&["feedback", "--history", "--format", "json"])
        .code(0)
        .json();
    history["events"].as_array().cloned().unwrap_or_default()
}

#[test]
fn three_wordings_of_the_utc_correction_make_one_pattern_and_one_entry() {
    let env = Env::new();
    env.repo
        .commit_on(day(0), FILE, learnings_md(&["Quote commands exactly"]));
    let mut s = Session::new(&env, "utc");
    s.turn(
        "Done: the weekly report now lists every order with its time.",
        "wrong timezone in the weekly report: keep every timestamp in UTC please",
    );
    s.turn(
        "Fixed: the report's times are converted.",
        "the weekly report shows local time again, timestamps must be UTC",
    );
    s.turn(
        "Updated the report generator.",
        "timestamps in the weekly report are in the wrong timezone, use UTC",
    );
    let events = events(&env);
    assert_eq!(events.len(), 3, "{events:#?}");
    for e in &events {
        assert_eq!(e["kind"], "correction", "{e}");
        assert_eq!(e["lesson"], true, "a rule to keep: {e}");
    }
    let analysis = env.run(&["learn", "analyze", "--format", "json"]).code(0).json();
    let patterns = analysis["patterns"].as_array().expect("patterns");
    assert_eq!(patterns.len(), 1, "{patterns:#?}");
    assert_eq!(patterns[0]["count"], 3);
    let promoted = env.run(&["learn", "promote", "--format", "json"]).code(0).json();
    assert_eq!(promoted["added"].as_array().map(Vec::len), Some(1), "{promoted}");
    assert!(env.repo.read(FILE).contains("UTC"), "{}", env.repo.read(FILE));
}

#[test]
fn a_bug_report_after_a_claim_is_captured_not_promoted_but_counted_by_effect() {
    let env = Env::new();
    env.repo
        .commit_on(day(0), FILE, learnings_md(&["Quote commands exactly"]));
    let mut s = Session::new(&env, "still");
    for answer in [
        "Done: the date filter now includes today.",
        "Fixed the off-by-one in the date filter.",
        "I've updated the filter again; it should now work.",
    ] {
        s.turn(answer, "still not working for the current day");
    }
    let events = events(&env);
    assert_eq!(events.len(), 3, "{events:#?}");
    for e in &events {
        assert_eq!(e["kind"], "correction", "{e}");
        assert_eq!(e["lesson"], false, "true only now: {e}");
    }
    let analysis = env.run(&["learn", "analyze", "--format", "json"]).code(0).json();
    assert_eq!(
        analysis["patterns"].as_array().map(Vec::len),
        Some(0),
        "{analysis}"
    );
    let promoted = env.run(&["learn", "promote", "--format", "json"]).code(0).json();
    assert_eq!(promoted["added"].as_array().map(Vec::len), Some(0), "{promoted}");
    let effect = env.run(&["effect", "--format", "json"]).code(0).json();
    assert_eq!(effect["corrections"], 3, "{effect}");
}

#[test]
fn a_pasted_error_and_a_routine_instruction_are_not_captured() {
    let env = Env::new();
    let mut s = Session::new(&env, "noise");
    s.turn(
        "Done: the macro now derives the builder.",
        "error: cannot expand struct `Config`: make sure the struct name is correct\n  --> src/lib.rs:12:10",
    );
    s.turn(
        "All tests pass.",
        "please commit and push, you'll need --no-verify",
    );
    assert_eq!(events(&env), Vec::<serde_json::Value>::new());
}
