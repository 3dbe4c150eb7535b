//! `learnings demo`: builds its repository with gix alone and runs every step on it.

use crate::common::{run_env, run_in};

#[test]
fn the_demo_runs_without_a_git_program() {
    let dir = tempfile::tempdir().expect("tmp");
    let run = run_env(dir.path(), &["demo"], None, &[("PATH", "")]).code(0);
    assert!(run.stdout.contains("# Learning Ages Report"), "{}", run.stdout);
    assert!(run.stdout.contains("(uncommitted)"), "{}", run.stdout);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
}

#[test]
fn the_demo_shows_the_whole_cycle() {
    let dir = tempfile::tempdir().expect("tmp");
    let run = run_in(dir.path(), &["demo"], None).code(0);
    for step in [
        "$ learnings ages",
        "$ learnings plan",
        "**Decision:** consolidate",
        "$ learnings batch",
        "$ learnings audit --since HEAD",
        "0 unaccounted",
        "1 unaccounted",
        "[exit code 1]",
        "$ learnings check",
        "$ learnings stale",
        "$ learnings hook stop",
        "/learning-agents learn",
        "\"command\": \"cd scenes && .venv/bin/python -m manim render intro.py -qh | tee render.log\"",
        "| learnings hook pre-tool\n\n{}\n",
        "\"permissionDecision\": \"deny\"",
        "Suggested command: git commit -am 'render intro' && git push --force-with-lease",
        "learnings hook prompt",
        "(debug log: SKIP no match)",
        "(debug log: INJECT testing ",
        "(debug log: INJECT workflow,decisions ",
        "(debug log: SKIP already injected testing)",
        "Entries read: 3 `### ` entries under 2 `## ` groups (detected).",
        "- **0 days**: Pin the font cache (added 2026-03-02)",
        "| learnings hook pre-tool --client gemini\n{\"decision\":\"deny\"",
        "| learnings hook pre-tool --client cursor\n{\"agent_message\"",
        "$ learnings install --client codex --dry-run\n--- a/.codex/hooks.json",
        "$ cd tmp/own-file && cat learnings.toml\nlearnings = \"docs/LESSONS.md\"\n",
        "- **0 days**: Keep fixtures small",
        "$ learnings report\nWrote .learnings/report.html\n",
    ] {
        assert!(run.stdout.contains(step), "missing {step:?} in\n{}", run.stdout);
    }
    // The entry moved on 2026-03-16 keeps the date it was written.
    assert!(
        run.stdout
            .contains("Ask before deleting memory files (added 2026-03-06)")
    );
}

#[test]
fn the_kept_demo_repository_is_a_real_git_repository() {
    let dir = tempfile::tempdir().expect("tmp");
    let keep = dir.path().join("demo");
    run_in(dir.path(), &["demo", "--keep", "demo"], None).code(0);
    let status = std::process::Command::new("git")
        .args(["status", "--porcelain"])
        .current_dir(&keep)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .expect("git status");
    assert!(status.status.success());
    // The committed history is clean; the working tree is where the README's walkthrough
    // starts (today's uncommitted entry), plus the LearningAgent session of step 7.
    assert_eq!(
        String::from_utf8_lossy(&status.stdout),
        " M agents/learnings.md\n?? .claude/\n?? .deepwork/\n?? learnings.toml\n?? tmp/\n"
    );
    let audit = run_in(&keep, &["audit", "--since", "HEAD", "--format", "json"], None)
        .code(0)
        .json();
    assert_eq!(audit["unaccounted"], 0);
    // A second run into the same directory refuses to overwrite it.
    let again = run_in(dir.path(), &["demo", "--keep", "demo"], None);
    assert_eq!(again.code, 2);
    assert!(again.stderr.contains("not empty"), "{}", again.stderr);
}

#[test]
fn the_demo_learns_from_a_session_and_forgets_it_without_touching_the_users_data() {
    let dir = tempfile::tempdir().expect("tmp");
    let user = dir.path().join("user-data");
    let user_data = user.to_string_lossy().into_owned();
    let run = run_env(
        dir.path(),
        &["demo", "--keep", "demo"],
        None,
        &[("LEARNINGS_DATA_DIR", user_data.as_str())],
    )
    .code(0);
    let step = run.stdout.split("## 11.").nth(1).expect("step 11");
    for line in [
        // The model's confidences move with its training data; the categories must not.
        "→ logged: correction 0.",
        "→ logged: preference 0.",
        "→ logged: praise ",
        "→ logged: cancellation 0.60\n",
        // Each capture says whether it may become an entry.
        "a pattern\nneeds one wording that is a lesson",
        " (lesson)\n",
        "→ logged: rejection 0.90",
        "unsure: for review",
        "\"pending\": [",
        "accepted 1: correction \"exported dates stay in UTC\"",
        "{\"label\":\"correction\",\"prompt\":\"exported dates stay in UTC\"}",
        "- correction ×3: Exported dates must stay in UTC",
        "- Always run the export tests before you say done (stated once)",
        "<learned-context>",
        "- Exported dates must stay in UTC. (3×)",
        "+## Keep exported dates in UTC\n",
        "Would add 2 entries to agents/learnings.md.",
        "Removed ",
    ] {
        assert!(step.contains(line), "missing {line:?} in\n{step}");
    }
    assert!(!user.exists(), "the demo wrote into the user's data folder");
    let keep = dir.path().join("demo");
    assert!(!keep.join(".learnings/demo-user").exists());
    assert!(!keep.join(".learnings/demo-capture.jsonl").exists());
}
