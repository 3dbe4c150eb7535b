//! A repository cloned from a stranger (issue 27): committed links in `.learnings/`, a tracked
//! `.learnings/`, domain names built to run in a shell, a FIFO for a transcript, a `cwd` that
//! does not exist. Through the binary, every hook and `doctor`: nothing is written outside the
//! project's own `.learnings/` and the user's store, no hook hangs, and the user hears why once.

use crate::hooks::project::Project;
use crate::inject::fixture::{domain, prompt, start};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A project whose `learnings.toml` injects `docs/rules/render.md` on "render", with a block
/// rule, its user store beside it (`<temp>/user`), and a file outside both.
struct Hostile {
    project: Project,
}

impl Hostile {
    fn new(domain_name: &str) -> Hostile {
        let project = Project::new();
        let toml = format!(
            "{}\n[[enforce.block]]\npattern = 'rm -rf /'\nreason = \"never\"\n",
            domain(domain_name, &["render"], &["docs/rules/render.md"])
        );
        project.write("learnings.toml", &toml);
        project.write("docs/rules/render.md", "# Render\n- Use the venv.\n");
        std::fs::write(project.outer().join("bashrc"), "# the user's rc\n").expect("rc");
        std::fs::create_dir_all(project.outer().join("elsewhere")).expect("mkdir");
        Hostile { project }
    }

    fn user(&self) -> PathBuf {
        self.project.outer().join("user")
    }

    fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("LEARNINGS_DATA_DIR", self.user().display().to_string()),
            ("LEARNINGS_DEBUG", "1".into()),
        ]
    }

    /// Every hook, as a session would run them, each answering JSON with exit 0.
    fn session(&self) -> Vec<serde_json::Value> {
        let env = self.env();
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let pre_tool = serde_json::json!({
            "session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "Bash",
            "tool_input": {"command": "rm -rf /"}
        });
        let edit = serde_json::json!({
            "session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "Edit",
            "tool_input": {"file_path": self.project.path("docs/rules/render.md"), "old_string": "a", "new_string": "b"}
        });
        let runs = [
            ("session-start", start("s1", "startup")),
            (
                "prompt",
                prompt("s1", "/nonexistent.jsonl", "please render the scene"),
            ),
            ("pre-tool", pre_tool.to_string().into_bytes()),
            ("pre-tool", edit.to_string().into_bytes()),
            (
                "stop",
                br#"{"session_id":"s1","transcript_path":"/nonexistent.jsonl"}"#.to_vec(),
            ),
        ];
        runs.iter()
            .map(|(event, input)| self.project.hook(event, input, &env).code(0).json())
            .collect()
    }

    /// What changed under the temp dir outside the project's `.learnings/` and the user store.
    fn changed_outside(&self, before: &BTreeMap<String, String>) -> Vec<String> {
        let after = self.project.snapshot();
        let keys: std::collections::BTreeSet<&String> = before.keys().chain(after.keys()).collect();
        keys.into_iter()
            .filter(|k| before.get(*k) != after.get(*k))
            .filter(|k| !k.starts_with("project/.learnings/") && !k.starts_with("user/") && *k != "user/")
            .cloned()
            .collect()
    }
}

#[cfg(unix)]
fn link(target: &Path, at: &Path) {
    std::fs::create_dir_all(at.parent().expect("parent")).expect("mkdir");
    std::os::unix::fs::symlink(target, at).expect("link");
}

/// The `systemMessage` of SessionStart, the line the user sees.
fn told(answers: &[serde_json::Value]) -> String {
    answers[0]["systemMessage"].as_str().unwrap_or("").to_owned()
}

#[cfg(unix)]
#[test]
fn a_committed_link_at_the_ledger_writes_nothing_through_it() {
    let hostile = Hostile::new("render");
    let rc = hostile.project.outer().join("bashrc");
    link(&rc, &hostile.project.path(".learnings/effect.jsonl"));
    let before = hostile.project.snapshot();
    let answers = hostile.session();
    assert_eq!(std::fs::read_to_string(&rc).expect("rc"), "# the user's rc\n");
    assert_eq!(hostile.changed_outside(&before), Vec::<String>::new());
    assert!(
        told(&answers).contains(".learnings/effect.jsonl is a symbolic link"),
        "{answers:?}"
    );
    // The block rule still blocks; the injection still reaches the model.
    assert_eq!(answers[2]["hookSpecificOutput"]["permissionDecision"], "deny");
    assert!(answers[1].to_string().contains("Use the venv"), "{}", answers[1]);
    let doctor = hostile.project.run(&["doctor"]);
    assert_ne!(doctor.code, 0, "{}", doctor.stdout);
    assert!(
        doctor.stdout.contains("effect.jsonl is a symbolic link"),
        "{}",
        doctor.stdout
    );
}

#[cfg(unix)]
#[test]
fn a_committed_link_at_the_folder_writes_nothing_through_it() {
    let hostile = Hostile::new("render");
    let elsewhere = hostile.project.outer().join("elsewhere");
    link(&elsewhere, &hostile.project.path(".learnings"));
    let before = hostile.project.snapshot();
    let answers = hostile.session();
    assert_eq!(std::fs::read_dir(&elsewhere).expect("list").count(), 0);
    assert_eq!(hostile.changed_outside(&before), Vec::<String>::new());
    let said = told(&answers);
    assert!(said.contains(".learnings is a symbolic link"), "{said}");
    assert_eq!(said.matches("symbolic link").count(), 1, "said once: {said}");
    // The other hooks say nothing of it: once a session is enough.
    for answer in &answers[1..] {
        assert!(!answer.to_string().contains("symbolic link"), "{answer}");
    }
    assert_eq!(answers[2]["hookSpecificOutput"]["permissionDecision"], "deny");
}

#[cfg(unix)]
#[test]
fn links_inside_the_folder_are_refused_where_the_store_keeps_files() {
    let hostile = Hostile::new("render");
    let elsewhere = hostile.project.outer().join("elsewhere");
    link(&elsewhere, &hostile.project.path(".learnings/inject"));
    link(
        &hostile.project.outer().join("bashrc"),
        &hostile.project.path(".learnings/debug.log"),
    );
    let before = hostile.project.snapshot();
    hostile.session();
    assert_eq!(std::fs::read_dir(&elsewhere).expect("list").count(), 0);
    assert_eq!(hostile.changed_outside(&before), Vec::<String>::new());
}

#[cfg(unix)]
#[test]
fn a_link_at_the_history_cache_is_not_followed() {
    let repo = crate::common::Repo::new();
    repo.write(
        "agents/learnings.md",
        crate::common::learnings_md(&["One", "Two"]),
    );
    repo.commit_all(crate::common::day(1), "start");
    let outside = tempfile::tempdir().expect("temp");
    link(outside.path(), &repo.join(".git/learnings"));
    let run = repo.run(&["ages"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    repo.run(&["cache", "warm"]);
    assert_eq!(std::fs::read_dir(outside.path()).expect("list").count(), 0);
}

#[test]
fn a_tracked_folder_is_named_at_session_start_and_by_doctor() {
    let repo = crate::common::Repo::new();
    repo.write(
        "learnings.toml",
        domain("render", &["render"], &["docs/rules/render.md"]),
    );
    repo.write("docs/rules/render.md", "# Render\n");
    repo.write(".learnings/effect.jsonl", "{}\n");
    repo.commit_all(crate::common::day(1), "a stranger's repository");
    let run = crate::common::run_env(
        repo.path(),
        &["hook", "session-start"],
        Some(&start("s1", "startup")),
        &[],
    )
    .code(0);
    let said = run.json()["systemMessage"].as_str().unwrap_or("").to_owned();
    assert!(
        said.contains(".learnings/effect.jsonl is tracked by git"),
        "{said}"
    );
    assert!(said.contains("git rm -r --cached .learnings"), "{said}");
    let doctor = repo.run(&["doctor"]);
    assert_ne!(doctor.code, 0);
    assert!(doctor.stdout.contains("is tracked by git"), "{}", doctor.stdout);
}

#[test]
fn domain_names_built_for_a_shell_reach_no_record_unescaped() {
    let hostile = Hostile::new("x`touch pwned`$(touch pwned2)");
    hostile.session();
    for file in ["effect.jsonl", "debug.log"] {
        let text = std::fs::read_to_string(hostile.project.path(&format!(".learnings/{file}"))).expect(file);
        assert!(text.contains("touch pwned"), "the name is recorded: {text}");
        if file == "effect.jsonl" {
            assert!(!text.contains(['`', '$']), "{file}: {text}");
        }
        // Sourced by a shell, nothing runs.
        let status = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(". ./.learnings/{file} 2>/dev/null; true"))
            .current_dir(hostile.project.root())
            .status()
            .expect("sh");
        assert!(status.success());
        assert!(!hostile.project.path("pwned").exists(), "{file} ran a command");
        assert!(!hostile.project.path("pwned2").exists(), "{file} ran a command");
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_transcript_does_not_hang_the_hooks() {
    let hostile = Hostile::new("render");
    let fifo = hostile.project.outer().join("transcript.jsonl");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return;
    }
    let fifo = fifo.display().to_string();
    let env = hostile.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    // A hang would stop the test here (the suite's own timeout), not a timing assertion.
    hostile
        .project
        .hook("prompt", &prompt("s1", &fifo, "render it"), &env)
        .code(0);
    let subagent = serde_json::json!({"session_id": "s1", "transcript_path": fifo,
        "hook_event_name": "SubagentStart", "agent_id": "a1", "agent_type": "Explore"});
    hostile
        .project
        .hook("subagent-start", subagent.to_string().as_bytes(), &env)
        .code(0);
    let compact = serde_json::json!({"session_id": "s1", "transcript_path": fifo,
        "hook_event_name": "SessionStart", "source": "compact"});
    hostile
        .project
        .hook("session-start", compact.to_string().as_bytes(), &env)
        .code(0);
    hostile
        .project
        .hook(
            "stop",
            serde_json::json!({"session_id": "s1", "transcript_path": fifo})
                .to_string()
                .as_bytes(),
            &env,
        )
        .code(0);
}

#[test]
fn a_cwd_that_does_not_exist_is_never_created() {
    let hostile = Hostile::new("render");
    let missing = hostile.project.outer().join("gone/deeper");
    let input = serde_json::json!({"session_id": "s1", "cwd": missing, "hook_event_name": "UserPromptSubmit",
        "prompt": "render it", "transcript_path": "/nonexistent.jsonl"});
    let env = hostile.env();
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    for event in [
        "prompt",
        "session-start",
        "pre-tool",
        "stop",
        "subagent-start",
        "post-task",
    ] {
        hostile
            .project
            .hook(event, input.to_string().as_bytes(), &env)
            .code(0);
    }
    assert!(!hostile.project.outer().join("gone").exists());
}
