//! Block rules: a deny with the reason and a suggested command, for whole words of any simple
//! command, wherever it is nested.

use super::{Project, RULES};

/// The deny reason for `command`, or `None` when it is not denied.
fn denied(project: &Project, command: &str) -> Option<String> {
    let answer = project.answer(command);
    let specific = answer.get("hookSpecificOutput")?;
    specific.get("permissionDecision")?;
    assert_eq!(specific["permissionDecision"], "deny", "{answer}");
    assert!(specific.get("updatedInput").is_none(), "{answer}");
    Some(
        specific["permissionDecisionReason"]
            .as_str()
            .expect("reason")
            .to_owned(),
    )
}

#[test]
fn git_push_force_is_denied_with_its_reason() {
    let project = Project::new(RULES);
    let reason = denied(&project, "git push --force").expect("denied");
    assert!(
        reason.contains("force-push rewrites shared history; use --force-with-lease"),
        "{reason}"
    );
    assert!(reason.contains("enforce.block[1]"), "{reason}");
    assert!(reason.contains("`git push --force`"), "{reason}");
}

#[test]
fn in_every_simple_command_and_nested_script() {
    let project = Project::new(RULES);
    for command in [
        "git push --force origin main",
        "cd repo && git push --force",
        "make test || git push --force",
        "git fetch; git push --force",
        "(cd repo; git push --force)",
        "sudo git push --force",
        "FOO=1 git push --force",
        "git push \"--force\"",
        "git push '--force' origin",
        "echo $(git push --force)",
        "echo `git push --force`",
        "bash -c 'git push --force'",
        "sh -c \"cd x && git push --force\"",
        "for r in a b; do git push --force; done",
        "g'i't push --for\\ce",
        "git   push\t--force",
        "git push \\\n  --force",
        "$'git' push --force",
    ] {
        assert!(denied(&project, command).is_some(), "{command}");
    }
}

#[test]
fn only_whole_words_and_never_text_in_quotes_or_heredocs() {
    let project = Project::new(RULES);
    for command in [
        "git push --force-with-lease",
        "git push --forced",
        "agit push --force",
        "git commit -m \"never git push --force\"",
        "echo 'git push --force'",
        "cat <<EOF\ngit push --force\nEOF",
        "# git push --force",
        "git push",
    ] {
        assert_eq!(denied(&project, command), None, "{command}");
    }
}

#[test]
fn a_suggestion_replaces_what_the_pattern_matched() {
    let project = Project::new(
        "[[enforce.block]]\npattern = '\\bgit push (--force|-f)\\b'\nreason = \"shared history\"\nsuggest = \"git push --force-with-lease\"\n",
    );
    let reason = denied(&project, "cd repo && git push -f origin main").expect("denied");
    assert!(
        reason.contains("Suggested command: cd repo && git push --force-with-lease origin main"),
        "{reason}"
    );
    let quoted = denied(&project, "git push -f 'my remote'").expect("denied");
    assert!(
        quoted.contains("Suggested command: git push --force-with-lease my remote"),
        "{quoted}"
    );
}

#[test]
fn without_a_suggestion_the_reason_says_not_to_retry() {
    let project = Project::new(RULES);
    let reason = denied(&project, "git push --force").expect("denied");
    assert!(reason.contains("Do not retry this command as it is"), "{reason}");
}

#[test]
fn a_rewrite_cannot_produce_a_blocked_command() {
    let project = Project::new(
        "[[enforce.rewrite]]\nfrom = \"deploy\"\nto = \"git push --force\"\n\
         [[enforce.block]]\npattern = 'git push --force'\nreason = \"no force\"\n",
    );
    assert!(denied(&project, "deploy").is_some());
}

#[test]
fn a_block_wins_over_a_rewrite_in_the_same_command() {
    let project = Project::new(RULES);
    assert!(denied(&project, "python3 -m manim a.py && git push --force").is_some());
}

#[test]
fn a_pattern_too_big_to_compile_fails_closed_once_and_is_named() {
    let repo = crate::common::Repo::new();
    repo.write(
        "learnings.toml",
        "[[enforce.block]]\npattern = 'git push \\w{1000}'\nreason = \"shared history\"\n\n\
         [[enforce.block]]\npattern = '^rm -rf /'\nreason = \"the disk\"\n",
    );
    let hook = |command: &str| {
        let input = super::bash_input(command).to_string();
        repo.run_with_stdin(&["hook", "pre-tool"], input.as_bytes())
            .code(0)
            .json()
    };
    // The first call finds it does not compile and keeps that in the rules cache; the second
    // reads it from there. Both deny what may match it, naming the rule.
    for _ in 0..2 {
        let answer = hook("git push origin main");
        let reason = answer["hookSpecificOutput"]["permissionDecisionReason"]
            .as_str()
            .expect("denied");
        assert!(
            reason.contains("enforce.block[1]") && reason.contains("does not compile"),
            "{reason}"
        );
    }
    let cache =
        std::fs::read_to_string(repo.path().join(".git/learnings/enforce.rules")).expect("the rules cache");
    assert_eq!(
        cache.lines().skip(2).map(|l| &l[..1]).collect::<Vec<_>>(),
        ["0", "1"],
        "{cache}"
    );
    // A command without what its matches start with cannot match it; the other rule works.
    assert_eq!(hook("ls -la"), serde_json::json!({}));
    assert!(
        hook("rm -rf /")["hookSpecificOutput"]["permissionDecisionReason"]
            .as_str()
            .is_some_and(|r| r.contains("enforce.block[2]"))
    );
    let doctor = repo.run(&["doctor"]);
    assert!(
        doctor.stdout.contains("learnings.toml:2:") && doctor.stdout.contains("too big to compile"),
        "{}",
        doctor.stdout
    );
    let explain = repo.run(&["enforce", "explain", "git push origin main"]);
    assert!(explain.stdout.contains("broken rule"), "{}", explain.stdout);
}
