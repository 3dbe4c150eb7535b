//! `learn suggest|apply|revert`: prompt patches from recurring failures and explicit rules.

use crate::capture::{Env, SESSION_LOG};

const AGENT: &str = ".claude/agents/test-runner.md";
const KNOWLEDGE: &str = ".deepwork/learning-agents/test-runner/core-knowledge.md";
const AGENT_TEXT: &str = "---\nname: test-runner\n---\nYou run tests.\n";

fn env() -> Env {
    let env = Env::new();
    env.repo.write(AGENT, AGENT_TEXT);
    env.repo.write(KNOWLEDGE, "You know the test suite.\n");
    env.seed_log(SESSION_LOG);
    env
}

#[test]
fn suggest_apply_revert() {
    let env = env();
    let json = env.run(&["learn", "suggest", "--format", "json"]).code(0).json();
    let patches = json["patches"].as_array().expect("patches");
    // Three failures of test-runner and one rule, for the agent file and the knowledge file.
    assert_eq!(patches.len(), 4, "{patches:#?}");
    assert!(
        patches
            .iter()
            .any(|p| p["reason"] == "failures of test-runner (3×)")
    );

    let applied = env.run(&["learn", "apply"]).code(0);
    assert_eq!(
        applied.stdout.matches("Applied ").count(),
        4,
        "{}",
        applied.stdout
    );
    let text = env.repo.read(AGENT);
    assert!(
        text.starts_with(AGENT_TEXT) && text.contains("\n## Learned from feedback\n- "),
        "{text}"
    );
    assert!(
        text.contains("- The user's rule: Always run cargo fmt before committing\n"),
        "{text}"
    );

    // Never twice.
    assert_eq!(env.run(&["learn", "apply"]).code(0).stdout, "Nothing to apply.\n");
    assert_eq!(
        env.run(&["learn", "suggest"]).code(0).stdout,
        "No patches to suggest.\n"
    );
    assert_eq!(env.repo.read(AGENT), text);

    // The last patch was the knowledge file's rule; then the agent file's patches, one by one.
    let first_id = patches
        .iter()
        .find(|p| p["target"] == AGENT)
        .and_then(|p| p["id"].as_str())
        .expect("id")
        .to_owned();
    let reverted = env.run(&["learn", "revert"]).code(0);
    assert!(reverted.stdout.contains(KNOWLEDGE), "{}", reverted.stdout);
    let reverted = env.run(&["learn", "revert", &first_id]).code(0);
    assert_eq!(
        reverted.stdout.matches("Reverted ").count(),
        1,
        "{}",
        reverted.stdout
    );
    assert_ne!(env.repo.read(AGENT), AGENT_TEXT, "the other patch stays");
    env.run(&["learn", "revert"]).code(0);
    env.run(&["learn", "revert"]).code(0);
    assert_eq!(env.repo.read(AGENT), AGENT_TEXT);
    assert!(
        env.run(&["learn", "revert", "zzzz"])
            .code(2)
            .stderr
            .contains("no such applied patch")
    );
}

#[test]
fn nothing_to_patch_without_agents() {
    let env = Env::new();
    env.seed_log(SESSION_LOG);
    assert_eq!(
        env.run(&["learn", "suggest"]).code(0).stdout,
        "No patches to suggest.\n"
    );
    assert_eq!(env.run(&["learn", "apply"]).code(0).stdout, "Nothing to apply.\n");
    env.run(&["learn", "revert"]).code(2);
}
