//! The bypass corpus (`fixtures/shell-bypass/`): every command in it holds `git push --force`
//! as a command of its own, and every one is denied, whether the parser reads it, gives up on it,
//! or runs out of time. How long each takes is `bench/pre_tool.sh`'s business, not a test's.

use super::{Project, RULES};
use std::path::Path;

/// Every file of the corpus: its name and the command.
fn corpus() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/shell-bypass");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("the corpus")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "sh"))
        .map(|path| {
            let name = path.file_name().expect("name").to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).expect("UTF-8"))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_command_of_the_bypass_corpus_is_denied() {
    let corpus = corpus();
    assert!(corpus.len() >= 30, "the corpus: {}", corpus.len());
    let project = Project::new(RULES);
    let mut passed = Vec::new();
    for (name, command) in &corpus {
        let answer = project.answer(command);
        let specific = &answer["hookSpecificOutput"];
        if specific["permissionDecision"] != "deny" {
            passed.push(name.as_str());
            continue;
        }
        let reason = specific["permissionDecisionReason"].as_str().expect("reason");
        assert!(reason.contains("enforce.block[1]"), "{name}: {reason}");
    }
    assert!(passed.is_empty(), "not denied: {passed:?}");
}

#[test]
fn a_loose_deny_says_the_command_could_not_be_read_in_full() {
    let project = Project::new(RULES);
    let answer = project.answer("git push --force; select x in a; do break; done");
    let reason = answer["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .expect("reason");
    assert!(
        reason.starts_with(
            "Blocked by the project's learnings.toml: this command could not be read in full \
             (the shell parser gave up on it), so block rule enforce.block[1] \
             (`\\bgit push --force\\b`) was matched against its text, where `git push --force` \
             matches it: force-push rewrites shared history; use --force-with-lease\n"
        ),
        "{reason}"
    );
    // Rewrites fail open: the command runs as typed.
    let typed = "python3 -m manim a.py; select x in a; do break; done";
    assert_eq!(project.rewritten(typed), None);
}
