//! `learnings agent create|instructions` and the LearningAgents part of the demo.

use crate::hooks::project::{Project, input};

const CREATED: [&str; 11] = [
    ".deepwork/learning-agents/rust-expert",
    ".deepwork/learning-agents/rust-expert/core-knowledge.md",
    ".deepwork/learning-agents/rust-expert/topics",
    ".deepwork/learning-agents/rust-expert/learnings",
    ".deepwork/learning-agents/rust-expert/additional_learning_guidelines",
    ".deepwork/learning-agents/rust-expert/additional_learning_guidelines/README.md",
    ".deepwork/learning-agents/rust-expert/additional_learning_guidelines/issue_identification.md",
    ".deepwork/learning-agents/rust-expert/additional_learning_guidelines/issue_investigation.md",
    ".deepwork/learning-agents/rust-expert/additional_learning_guidelines/learning_from_issues.md",
    ".claude/agents",
    ".claude/agents/rust-expert.md",
];

fn lines_with(stdout: &str, prefix: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix(prefix))
        .map(|l| l.trim_end_matches(" (already there)").to_owned())
        .collect()
}

#[test]
fn create_scaffolds_the_agent_and_its_claude_code_file() {
    let project = Project::new();
    let run = project.run(&["agent", "create", "Rust Expert"]).code(0);
    assert_eq!(lines_with(&run.stdout, "created "), CREATED);
    let agent_file = project.read(".claude/agents/rust-expert.md");
    assert!(
        agent_file.starts_with("---\nname: rust-expert\ndescription: "),
        "{agent_file}"
    );
    assert!(!agent_file.contains("!`"), "no `!` line: {agent_file}");
    assert!(
        agent_file.contains("You are the `rust-expert` LearningAgent"),
        "{agent_file}"
    );
    assert!(
        project
            .read(".deepwork/learning-agents/rust-expert/core-knowledge.md")
            .contains("TODO")
    );
    let readme =
        project.read(".deepwork/learning-agents/rust-expert/additional_learning_guidelines/README.md");
    for file in [
        "issue_identification.md",
        "issue_investigation.md",
        "learning_from_issues.md",
    ] {
        assert!(readme.contains(file), "{readme}");
    }
    // The hook recognises the new agent.
    project.post_task(&input("s1", "rust-expert", "a1")).code(0);
    assert!(project.path(&Project::log("s1", "a1")).is_dir());
}

#[test]
fn create_twice_keeps_every_file_and_fills_in_what_is_missing() {
    let project = Project::new();
    project.run(&["agent", "create", "rust-expert"]).code(0);
    project.write(
        ".deepwork/learning-agents/rust-expert/core-knowledge.md",
        "You know Rust.\n",
    );
    std::fs::remove_dir(project.path(".deepwork/learning-agents/rust-expert/topics")).expect("rmdir");
    let run = project.run(&["agent", "create", "rust-expert"]).code(0);
    assert_eq!(
        lines_with(&run.stdout, "created "),
        [".deepwork/learning-agents/rust-expert/topics"]
    );
    assert_eq!(lines_with(&run.stdout, "kept    ").len(), 6);
    assert_eq!(
        project.read(".deepwork/learning-agents/rust-expert/core-knowledge.md"),
        "You know Rust.\n"
    );
}

#[test]
fn create_copies_a_template_first() {
    let project = Project::new();
    project.write("templates/reviewer/core-knowledge.md", "You review code.\n");
    project.write("templates/reviewer/topics/style.md", "---\nname: Style\n---\n");
    #[cfg(unix)]
    std::os::unix::fs::symlink("/etc/hostname", project.path("templates/reviewer/topics/link.md"))
        .expect("link");
    project
        .run(&[
            "agent",
            "create",
            "go-reviewer",
            "--template",
            "templates/reviewer",
        ])
        .code(0);
    let dir = ".deepwork/learning-agents/go-reviewer";
    assert_eq!(
        project.read(&format!("{dir}/core-knowledge.md")),
        "You review code.\n"
    );
    assert_eq!(
        project.read(&format!("{dir}/topics/style.md")),
        "---\nname: Style\n---\n"
    );
    assert!(
        !project.path(&format!("{dir}/topics/link.md")).exists(),
        "links are not copied"
    );
    assert!(
        project
            .path(&format!("{dir}/additional_learning_guidelines/README.md"))
            .is_file()
    );
    let missing = project
        .run(&["agent", "create", "x", "--template", "nowhere"])
        .code(2);
    assert!(missing.stderr.contains("template"), "{}", missing.stderr);
}

#[test]
fn create_refuses_bad_names_with_a_clear_error() {
    let project = Project::new();
    for bad in [
        "../escape",
        "a/b",
        "..",
        "",
        "under_score",
        "dash-",
        "x".repeat(65).as_str(),
    ] {
        let run = project.run(&["agent", "create", bad]).code(2);
        assert!(run.stderr.contains("invalid agent name"), "{bad}: {}", run.stderr);
    }
    assert_eq!(
        std::fs::read_dir(project.root()).expect("list").count(),
        0,
        "nothing created"
    );
    project.write(".deepwork/learning-agents/taken", "a file");
    let run = project.run(&["agent", "create", "taken"]).code(2);
    assert!(run.stderr.contains("not a folder"), "{}", run.stderr);
}

#[test]
fn instructions_print_core_knowledge_topic_index_and_learnings_folder() {
    let project = Project::new();
    project.run(&["agent", "create", "rust-expert"]).code(0);
    let dir = ".deepwork/learning-agents/rust-expert";
    project.write(&format!("{dir}/core-knowledge.md"), "You are a Rust expert.\n");
    project.write(
        &format!("{dir}/topics/unsafe.md"),
        "---\nname: \"Unsafe code\"\n---\nbody\n",
    );
    project.write(
        &format!("{dir}/topics/async.md"),
        "---\nname: Async Rust\n---\nbody\n",
    );
    project.write(&format!("{dir}/topics/bare.md"), "no frontmatter\n");
    project.write(&format!("{dir}/topics/notes.txt"), "not a topic\n");
    project.write(
        &format!("{dir}/additional_learning_guidelines/issue_investigation.md"),
        "Check lifetimes first.\n",
    );
    // From a subfolder, as git does.
    let sub = project.mkdir("src/deep");
    let run = crate::common::run_in(&sub, &["agent", "instructions", "rust-expert"], None).code(0);
    assert_eq!(
        run.stdout,
        "# Core Knowledge\n\nYou are a Rust expert.\n\n# Topics\n\nLocated in `.deepwork/learning-agents/rust-expert/topics/`.\n\n\
         - async.md: Async Rust\n- bare.md\n- unsafe.md: Unsafe code\n\n# Learnings\n\nLearnings are post-mortems of past \
         sessions of this agent: a mistake, its root cause, and the insight that avoids it. Review the ones relevant to \
         your task before you start, so you do not repeat them. Located in `.deepwork/learning-agents/rust-expert/learnings/`.\n"
    );
    project.post_task(&input("s1", "rust-expert", "a1")).code(0);
    let guideline = project
        .run(&[
            "agent",
            "instructions",
            "--session",
            "a1",
            "--guideline",
            "investigation",
        ])
        .code(0);
    assert_eq!(guideline.stdout, "Check lifetimes first.\n");
    let unknown = project.run(&["agent", "instructions", "nobody"]).code(2);
    assert!(
        unknown.stderr.contains("learnings agent create nobody"),
        "{}",
        unknown.stderr
    );
}

#[test]
fn the_demo_shows_a_tracked_session_and_the_stop_suggestion() {
    let show = |dir: &std::path::Path| {
        let mut out = Vec::new();
        learnings::demo::hooks::show(dir, &mut out).expect("demo");
        String::from_utf8(out).expect("utf-8")
    };
    let (one, two) = (
        tempfile::tempdir().expect("temp"),
        tempfile::tempdir().expect("temp"),
    );
    let text = show(one.path());
    assert_eq!(text, show(two.path()), "the same every time");
    for part in [
        "$ learnings agent create rust-reviewer",
        "created .claude/agents/rust-reviewer.md",
        "$ echo '<PostToolUse input>' | learnings hook post-task",
        "\"hookEventName\": \"PostToolUse\"",
        "> You just used a LearningAgent.",
        ".deepwork/tmp/agent_sessions/demo-session/a1b2c3/needs_learning_as_of_timestamp: 2024-02-01T12:00:00Z",
        ".deepwork/tmp/agent_sessions/demo-session/a1b2c3/agent_used: rust-reviewer",
        "$ learnings hook stop",
        "sessions not learned from yet: rust-reviewer. Run `/learning-agents learn`",
    ] {
        assert!(text.contains(part), "missing {part:?} in\n{text}");
    }
}
