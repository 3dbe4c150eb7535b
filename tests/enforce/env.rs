//! `[enforce.env]`: variables set for every command, as an `export` prefix.

use super::Project;

#[test]
fn variables_go_on_as_a_prefix_reaching_every_command() {
    let project = Project::new("[enforce.env]\nDISPLAY = \":0\"\nMPLBACKEND = \"Agg\"\n");
    assert_eq!(
        project.rewritten("cd x && make | tee log").as_deref(),
        Some("export DISPLAY=:0 MPLBACKEND=Agg; cd x && make | tee log")
    );
    // Variables alone do not talk to the model on every call.
    let answer = project.answer("ls");
    assert!(
        answer["hookSpecificOutput"].get("additionalContext").is_none(),
        "{answer}"
    );
}

#[test]
fn values_are_quoted_and_the_commands_own_assignment_still_wins() {
    let project = Project::new("[enforce.env]\nMSG = \"it's a b\"\nEMPTY = \"\"\n");
    let command = project.rewritten("MSG=mine printenv MSG").expect("rewritten");
    assert_eq!(
        command,
        "export EMPTY='' MSG='it'\\''s a b'; MSG=mine printenv MSG"
    );
    let out = std::process::Command::new("sh")
        .args(["-c", &command])
        .output()
        .expect("sh");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "mine\n");
    let out = std::process::Command::new("sh")
        .args(["-c", &project.rewritten("printenv MSG").expect("rewritten")])
        .output()
        .expect("sh");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "it's a b\n");
}

#[test]
fn with_rewrites_the_prefix_comes_first() {
    let project = Project::new(
        "[[enforce.rewrite]]\nfrom = \"python3 -m manim\"\nto = \".venv/bin/python -m manim\"\n[enforce.env]\nDISPLAY = \":0\"\n",
    );
    assert_eq!(
        project.rewritten("python3 -m manim a.py").as_deref(),
        Some("export DISPLAY=:0; .venv/bin/python -m manim a.py")
    );
}

#[test]
fn session_start_writes_the_variables_to_claude_env_file() {
    let project = Project::new("[enforce.env]\nDISPLAY = \":0\"\nMSG = \"a b\"\n");
    let env_file = project.path().join("claude-env");
    std::fs::write(&env_file, "export FROM_ANOTHER_HOOK=1\n").expect("env file");
    let file = env_file.to_str().expect("utf-8");
    let input = br#"{"session_id":"s1","source":"startup","hook_event_name":"SessionStart"}"#;
    for _ in 0..2 {
        crate::common::run_env(
            project.path(),
            &["hook", "session-start"],
            Some(input),
            &[("CLAUDE_ENV_FILE", file)],
        )
        .code(0)
        .json();
    }
    assert_eq!(
        std::fs::read_to_string(&env_file).expect("read"),
        "export FROM_ANOTHER_HOOK=1\nexport DISPLAY=:0\nexport MSG='a b'\n",
        "appended once, after what other hooks wrote"
    );
    // What Claude Code does with the file: source it before each Bash command.
    let out = std::process::Command::new("sh")
        .args(["-c", &format!(". '{file}' && printenv MSG")])
        .output()
        .expect("sh");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "a b\n");
}

#[test]
fn without_claude_env_file_or_variables_nothing_is_written() {
    let project = Project::new("[enforce.env]\nDISPLAY = \":0\"\n");
    let input = br#"{"session_id":"s1","source":"startup"}"#;
    crate::common::run_env(project.path(), &["hook", "session-start"], Some(input), &[]).code(0);
    let bare = Project::new("");
    let env_file = bare.path().join("claude-env");
    let file = env_file.to_str().expect("utf-8");
    crate::common::run_env(
        bare.path(),
        &["hook", "session-start"],
        Some(input),
        &[("CLAUDE_ENV_FILE", file)],
    )
    .code(0);
    assert!(!env_file.exists());
}

#[test]
fn with_learnings_debug_each_decision_is_logged() {
    let project = Project::new(super::RULES);
    for command in [
        "python3 -m manim a.py",
        "git push --force",
        "ls",
        "python3 -m manim 'open",
    ] {
        let input = super::bash_input(command).to_string();
        crate::common::run_env(
            project.path(),
            &["hook", "pre-tool"],
            Some(input.as_bytes()),
            &[("LEARNINGS_DEBUG", "1")],
        )
        .code(0);
    }
    let log = std::fs::read_to_string(project.path().join(".learnings/debug.log")).expect("log");
    let decisions: Vec<&str> = log
        .lines()
        .map(|l| l.split_once(" pre-tool s1 ").expect("hook and session").1)
        .collect();
    assert_eq!(
        decisions,
        [
            "REWRITE enforce.rewrite[1]",
            "BLOCK enforce.block[1]",
            "SKIP no rule applies",
            "SKIP could not be read in full: the shell parser gave up on it"
        ]
    );
}
