//! Freshness the agent sees (issue 20), through the binary: SessionStart's line from the cache,
//! the age of an injected rule file, the background warm a cold cache starts, and the git
//! hooks of `install-hook --cache`.

use crate::common::{Repo, day, learnings_md, run_env};
use serde_json::{Value, json};

const CONFIG: &str =
    "[[inject.domains]]\nname = \"render\"\nkeywords = [\"render\"]\nfiles = [\"docs/render.md\"]\n";

/// Three entries on days 1, 3 and 20, the rule file written on day 2 and edited on day 5; a
/// commit on each of days 1, 2, 3, 5, 9 and 20.
fn project() -> Repo {
    let repo = Repo::new();
    repo.write("learnings.toml", CONFIG);
    repo.commit_on(day(1), "agents/learnings.md", learnings_md(&["Alpha"]));
    repo.commit_on(day(2), "docs/render.md", "# Render\n\n- Preview with -ql.\n");
    repo.commit_on(day(3), "agents/learnings.md", learnings_md(&["Alpha", "Bravo"]));
    repo.commit_on(
        day(5),
        "docs/render.md",
        "# Render\n\n- Preview with -ql, finals with -qh.\n",
    );
    repo.commit_on(day(9), "src/lib.rs", "// work\n");
    repo.commit_on(
        day(20),
        "agents/learnings.md",
        learnings_md(&["Alpha", "Bravo", "Charlie"]),
    );
    repo
}

fn context(answer: &Value) -> String {
    answer["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn session_start(repo: &Repo, env: &[(&str, &str)]) -> String {
    let input = json!({"session_id": "s1", "source": "startup", "hook_event_name": "SessionStart"});
    let run = run_env(
        repo.path(),
        &["hook", "session-start"],
        Some(input.to_string().as_bytes()),
        env,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    context(&run.json())
}

#[test]
fn session_start_gives_the_freshness_line_once_the_cache_is_warm() {
    let repo = project();
    let cold = session_start(&repo, &[]);
    assert!(
        cold.contains("Learnings file agents/learnings.md: 3 entries"),
        "{cold}"
    );
    assert!(
        !cold.contains("older than"),
        "a cold cache gives the size line: {cold}"
    );

    let warm = repo.run(&["cache", "warm"]).code(0);
    assert!(warm.stdout.starts_with("Cache up to date at "), "{}", warm.stdout);
    // Active days: 1, 2, 3, 5, 9, 20. Alpha (day 1) is 5 active days old, Bravo (day 3) 3,
    // Charlie 0: none has reached the freshness age of 7.
    let line = session_start(&repo, &[]);
    assert!(
        line.contains(
            "Learnings file agents/learnings.md: 3 entries, 0 older than 7 active days; consolidation not due."
        ),
        "{line}"
    );
    // Stale again as soon as the file changes: the size line, never a wrong count.
    repo.write(
        "agents/learnings.md",
        learnings_md(&["Alpha", "Bravo", "Charlie", "Delta"]),
    );
    let changed = session_start(&repo, &[]);
    assert!(
        changed.contains("4 entries") && !changed.contains("older than"),
        "{changed}"
    );
}

#[test]
fn the_line_says_since_when_consolidation_is_due() {
    let repo = project();
    repo.write(
        "learnings.toml",
        format!("{CONFIG}\n[consolidation]\nstaleness = 2\nfreshness = 2\nmin_batch = 1\nretention = 0\n"),
    );
    repo.commit_all(day(21), "thresholds");
    repo.run(&["cache", "warm"]).code(0);
    // Created on day 1 (2024-01-02), never consolidated: the 2nd active day after it is day 3.
    let line = session_start(&repo, &[]);
    assert!(
        line.contains(
            "3 entries, 2 older than 2 active days; consolidation due since 2024-01-04, run /remember."
        ),
        "{line}"
    );
}

#[test]
fn an_injected_rule_file_carries_its_last_change() {
    let repo = project();
    repo.run(&["cache", "warm"]).code(0);
    let prompt = json!({"session_id": "p1", "prompt": "let us render the scene", "hook_event_name": "UserPromptSubmit"});
    let run = run_env(
        repo.path(),
        &["hook", "prompt"],
        Some(prompt.to_string().as_bytes()),
        &[],
    );
    let text = context(&run.code(0).json());
    // Last changed on day 5 (2024-01-06); active days after it: 9 and 20.
    assert!(
        text.contains("Why: domain `render`")
            && text.contains("Age: last changed 2024-01-06, 2 active days ago\n# Render"),
        "{text}"
    );
    // Edited since: no age rather than a wrong one.
    repo.write("docs/render.md", "# Render\n\n- Changed.\n");
    let run = run_env(
        repo.path(),
        &["hook", "prompt"],
        Some(
            json!({"session_id": "p2", "prompt": "render it", "hook_event_name": "UserPromptSubmit"})
                .to_string()
                .as_bytes(),
        ),
        &[],
    );
    let text = context(&run.code(0).json());
    assert!(text.contains("- Changed.") && !text.contains("Age:"), "{text}");
}

#[test]
fn a_cold_session_start_warms_the_cache_in_the_background() {
    let repo = project();
    let fresh = repo.join(".git/learnings/fresh-agents%2Flearnings.md.json");
    session_start(&repo, &[("LEARNINGS_WARM", "1")]);
    // The warm runs detached; wait for its file (a bound on waiting, not a timing assertion).
    let mut waited = 0;
    while !fresh.exists() && waited < 600 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        waited += 1;
    }
    assert!(fresh.exists(), "no background warm wrote {}", fresh.display());
    // Give the warm time to finish its last write, then the next session has the line.
    while repo.join(".git/learnings/warming").exists() && waited < 600 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        waited += 1;
    }
    let line = session_start(&repo, &[]);
    assert!(line.contains("0 older than 7 active days"), "{line}");
}

#[test]
fn install_hook_cache_adds_the_warm_hooks_and_a_commit_warms_the_cache() {
    let repo = project();
    let run = repo.run(&["install-hook", "--cache"]).code(0);
    for name in ["pre-commit", "post-commit", "post-merge"] {
        assert!(
            run.stdout.contains(&format!("Installed the {name} hook")),
            "{}",
            run.stdout
        );
    }
    let again = repo.run(&["install-hook", "--cache"]).code(0);
    assert!(
        again.stdout.contains("The post-commit hook is already installed"),
        "{}",
        again.stdout
    );
    let script = repo.read(".git/hooks/post-commit");
    assert!(
        script.contains("cache warm") && script.contains("exit 0"),
        "{script}"
    );
    // A commit runs the post-commit hook, which warms the cache in the background.
    repo.write(
        "agents/learnings.md",
        learnings_md(&["Alpha", "Bravo", "Charlie", "Delta"]),
    );
    let out = repo.git_with_learnings(day(22), &["commit", "-qam", "Delta"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let ages = repo.join(".git/learnings/ages-agents%2Flearnings.md.json");
    let mut waited = 0;
    while (!ages.exists() || repo.join(".git/learnings/warming").exists()) && waited < 600 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        waited += 1;
    }
    let cache: Value =
        serde_json::from_str(&repo.read(".git/learnings/ages-agents%2Flearnings.md.json")).expect("JSON");
    assert_eq!(
        cache["checkpoints"][0]["head"],
        repo.head().trim(),
        "the warm is of the new HEAD"
    );
    // Someone else's post-merge hook is kept unless --force.
    repo.write(".git/hooks/post-merge", "#!/bin/sh\necho theirs\n");
    let refused = repo.run(&["install-hook", "--cache"]);
    assert_eq!(refused.code, 2, "{}", refused.stdout);
    assert!(
        refused
            .stderr
            .contains("post-merge hook that learnings did not write"),
        "{}",
        refused.stderr
    );
}

#[test]
fn cache_info_takes_the_learnings_file_as_every_command_does() {
    // Issue 31: `cache info FILE` was refused ("unexpected argument").
    let repo = project();
    let cold = repo.run(&["cache", "info", "agents/learnings.md"]).code(0);
    assert!(
        cold.stdout.contains(
            "No cache for agents/learnings.md yet: `learnings cache warm agents/learnings.md` builds it"
        ),
        "{}",
        cold.stdout
    );
    repo.run(&["cache", "warm"]).code(0);
    let warm = repo.run(&["cache", "info", "agents/learnings.md"]).code(0);
    assert!(
        warm.stdout.contains("for agents/learnings.md:"),
        "{}",
        warm.stdout
    );
    let json = repo
        .run(&["cache", "info", "agents/learnings.md", "--format", "json"])
        .code(0)
        .json();
    let files = json["files"].as_array().expect("files");
    assert_eq!(files.len(), 1, "{json}");
    assert_eq!(files[0]["learnings"], "agents/learnings.md");
    // A file that is not there is the one-line error every command gives.
    let missing = repo.run(&["cache", "info", "nope.md"]).code(2);
    assert!(missing.stderr.contains("nope.md"), "{}", missing.stderr);
}
