//! `learnings hook` with arguments it does not know: a plugin newer than the binary. Exit 2
//! would block the turn (Stop) or erase the prompt (UserPromptSubmit): `{}` and 0 instead.

use crate::common::{Repo, day, learnings_md};

#[test]
fn unknown_hook_names_and_flags_answer_empty_with_exit_0() {
    let repo = Repo::new();
    repo.commit_on(day(0), "agents/learnings.md", learnings_md(&["A"]));
    for args in [
        &["hook", "user-prompt-submit"][..],
        &["hook", "stop", "--unknown-flag"],
        &["hook", "post-task", "extra"],
        &["hook", "--what"],
        &["hook"],
        &["-C", ".", "hook", "session-start", "--x=1"],
    ] {
        let run = repo.run_with_stdin(args, b"{}").code(0);
        assert_eq!(run.stdout.trim(), "{}", "{args:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("learnings: hook: "), "{}", run.stderr);
    }
    // `-C` to a missing folder is no reason for a hook to fail either.
    let run = repo
        .run_with_stdin(&["-C", "no-such-folder", "hook", "stop"], b"{}")
        .code(0);
    assert_eq!(run.stdout.trim(), "{}");
    let named = repo.run_with_stdin(&["hook", "user-prompt-submit"], b"{}");
    assert!(named.stderr.contains("'user-prompt-submit'"), "{}", named.stderr);
}

#[test]
fn other_commands_still_refuse_unknown_flags_with_exit_2() {
    let repo = Repo::new();
    let run = repo.run(&["ages", "--unknown-flag"]);
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    // Help for a hook is still help.
    let help = repo.run(&["hook", "--help"]).code(0);
    assert!(help.stdout.contains("post-task"), "{}", help.stdout);
}
