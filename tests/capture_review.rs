//! The review queue and grouping by meaning, through the binary: unsure captures wait for the
//! user's decision, and three wordings of one correction are one pattern, promoted once.

use crate::capture::Env;
use crate::capture_hooks::Session;
use crate::common::{day, learnings_md};

#[test]
fn unsure_captures_wait_for_review_and_the_decisions_become_labels() {
    let env = Env::new();
    let mut s = Session::new(&env, "r1");
    // The classifier is unsure of these two: they wait, and analysis does not see them.
    s.turn("Done: exports use local time.", "exported dates stay in UTC");
    s.turn("Done: the parser keeps tabs.", "no wait");
    let history = env
        .run(&["feedback", "--history", "--format", "json"])
        .code(0)
        .json();
    assert_eq!(history["events"].as_array().map(Vec::len), Some(0), "{history}");
    let queue = env.run(&["learn", "review", "--format", "json"]).code(0).json();
    let pending = queue["pending"].as_array().expect("pending");
    assert_eq!(pending.len(), 2, "{queue}");
    assert_eq!(pending[0]["text"], "exported dates stay in UTC");
    assert_eq!(pending[0]["answered"], "Done: exports use local time.");

    // One by one: the first accepted as a correction, the second skipped.
    let run = env
        .run_stdin(&["learn", "review"], Some(b"a correction\ns\n"))
        .code(0);
    assert!(
        run.stdout.contains("[1/2]") && run.stdout.contains("1 decided, 1 waiting."),
        "{}",
        run.stdout
    );
    // An agent decides the rest by id; a wrong id is a clear error.
    env.run(&["learn", "review", "--reject", "5"]).code(2);
    env.run(&["learn", "review", "--reject", "1"]).code(0);
    env.run(&["learn", "review", "--accept", "1", "--as", "nonsense"])
        .code(2);
    let history = env
        .run(&["feedback", "--history", "--format", "json"])
        .code(0)
        .json();
    assert_eq!(history["events"][0]["kind"], "correction", "{history}");
    assert_eq!(
        env.run(&["learn", "review"]).code(0).stdout,
        "Nothing waits for review.\n"
    );
    let labels = env.run(&["learn", "export-labels"]).code(0).stdout;
    assert_eq!(
        labels,
        "{\"label\":\"correction\",\"prompt\":\"exported dates stay in UTC\"}\n{\"label\":\"none\",\"prompt\":\"no wait\"}\n"
    );
    env.run(&["learn", "forget"]).code(0);
    assert!(!env.user().join("review.jsonl").exists() && !env.user().join("labels.jsonl").exists());
}

#[test]
fn the_same_unsure_prompt_sent_again_waits_once() {
    let env = Env::new();
    let mut s = Session::new(&env, "r2");
    for answer in [
        "Done: exports use local time.",
        "Done: exports now use local time.",
    ] {
        s.turn(answer, "exported dates stay in UTC");
    }
    // The same words with other spacing and case are the same prompt.
    s.turn("Done.", "Exported dates  stay in UTC");
    let queue = env.run(&["learn", "review", "--format", "json"]).code(0).json();
    assert_eq!(queue["pending"].as_array().map(Vec::len), Some(1), "{queue}");
}

#[test]
fn three_wordings_of_one_correction_are_one_pattern_and_one_entry_promoted_once() {
    let env = Env::new();
    env.repo.commit_on(
        day(0),
        "agents/learnings.md",
        learnings_md(&["Quote commands exactly"]),
    );
    let mut s = Session::new(&env, "m1");
    // Few words in common: the meaning (report, dates, the time zone) is what they share.
    s.turn(
        "Done: the report prints dates.",
        "No, the report dates must be in UTC.",
    );
    s.turn("Fixed the header.", "you used local time again in the report");
    s.turn("Rebuilt the report.", "wrong timezone in the report dates again");
    let analysis = env.run(&["learn", "analyze", "--format", "json"]).code(0).json();
    let patterns = analysis["patterns"].as_array().expect("patterns");
    assert_eq!(patterns.len(), 1, "{analysis:#}");
    assert_eq!(patterns[0]["count"], 3, "{analysis:#}");
    let first = env.run(&["learn", "promote"]).code(0).stdout;
    assert!(first.contains("+## Keep the report dates in UTC\n"), "{first}");
    let again = env.run(&["learn", "promote"]).code(0).stdout;
    assert!(again.contains("Added 0 entries"), "{again}");
}

#[test]
fn a_secret_in_a_prompt_is_stored_redacted_and_forget_leaves_no_trace_of_it() {
    let env = Env::new();
    let mut s = Session::new(&env, "k1");
    let key = "ghp_Zk3b9QmT4xWc7Lp2Rn8Vd5Hs1Fy6Ju0Ea4Bq";
    let aws = "bNmScxtZMa6LaP/La5IJkmFhJ9UeNm0eZVO6XjwS";
    s.turn(
        "Done: the deploy script reads the token.",
        &format!("No, that's wrong: the deploy token is {key}, and the AWS secret is {aws}"),
    );
    let history = env
        .run(&["feedback", "--history", "--format", "json"])
        .code(0)
        .json();
    let text = history["events"][0]["text"].as_str().expect("a correction");
    assert!(
        text.contains("[REDACTED]") && !text.contains("Zk3b9QmT") && !text.contains("bNmScxtZ"),
        "{text}"
    );
    env.run(&["learn", "forget"]).code(0);
    let mut left = Vec::new();
    for dir in [env.user(), env.repo.join(".learnings")] {
        for entry in walk(&dir) {
            let bytes = std::fs::read(&entry).unwrap_or_default();
            let body = String::from_utf8_lossy(&bytes);
            if body.contains("Zk3b9QmT") || body.contains("bNmScxtZ") || body.contains("deploy token") {
                left.push(entry);
            }
        }
    }
    assert!(left.is_empty(), "{left:?}");
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[test]
fn the_classifier_through_the_binary_on_a_sample_of_every_family() {
    let env = Env::new();
    for (prompt, expected) in [
        ("👍", "praise"),
        ("perfect", "praise"),
        ("revert that", "rejection"),
        ("now also add a --verbose flag", "enhancement"),
        ("I meant the other config file", "clarification"),
        ("from now on use pnpm", "preference"),
        ("the endpoint is /v2/orders", "correction"),
        ("you used local time again in the report", "correction"),
        // Hard negatives: a pasted failure and a question, a colleague's rule for discussion.
        ("why does CI fail on main?\n\n```\nError: timeout\n```", "none"),
        ("Sam says we should always squash, thoughts?", "none"),
        // Too short to be sure: it waits for review.
        ("not quite", "none (unsure: correction"),
    ] {
        let out = env.run(&["feedback", "--classify", prompt]).code(0).stdout;
        assert!(out.starts_with(expected), "{prompt:?}: {out}");
    }
}
