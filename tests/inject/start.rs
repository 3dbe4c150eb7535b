//! `hook session-start` and `hook subagent-start`.

use super::fixture::*;
use crate::hooks::project::{Project, assert_empty};
use serde_json::json;

fn subagent(transcript: &str, agent_type: &str) -> Vec<u8> {
    json!({"session_id": "s1", "transcript_path": transcript, "hook_event_name": "SubagentStart",
        "agent_id": "a1", "agent_type": agent_type})
    .to_string()
    .into_bytes()
}

#[test]
fn session_start_gives_always_files_the_index_and_health() {
    let toml = format!(
        "[inject]\nalways = [\"agents/critical.md\"]\n{}{}",
        domain("render", &["render", "manim"], &["r.md"]),
        domain("design", &["layout"], &["d.md"])
    );
    let project = project(
        &toml,
        &[
            ("agents/critical.md", "Never force-push.\n"),
            ("r.md", "r\n"),
            ("d.md", "d\n"),
            (
                "agents/learnings.md",
                &crate::common::learnings_md(&["One", "Two"]),
            ),
        ],
    );
    let text = context(
        project.hook("session-start", &start("s1", "startup"), &[]),
        "SessionStart",
    )
    .expect("text");
    assert!(
        text.contains("<project-knowledge path=\"agents/critical.md\">"),
        "{text}"
    );
    assert!(text.contains("Never force-push."), "{text}");
    assert!(
        text.contains("render (render, manim); design (layout)."),
        "{text}"
    );
    assert!(
        text.contains("Learnings file agents/learnings.md: 2 entries,"),
        "{text}"
    );
    assert!(text.contains("consolidation not due by size"), "{text}");
    // The always file is not injected again by a prompt in the same session.
    let toml2 = format!("{toml}{}", domain("crit", &["force"], &["agents/critical.md"]));
    project.write("learnings.toml", &toml2);
    assert!(run_prompt(&project, "s1", "", "force").is_none());
}

#[test]
fn session_start_with_nothing_to_say_is_empty() {
    assert_empty(Project::new().hook("session-start", &start("s1", "startup"), &[]));
}

#[test]
fn a_learning_agent_gets_its_knowledge_at_subagent_start() {
    let project = project(
        &domain("render", &["render"], &["r.md"]),
        &[("r.md", "render rule\n")],
    );
    project.write(
        ".deepwork/learning-agents/reviewer/core-knowledge.md",
        "You are an expert reviewer.\n",
    );
    project.write(
        ".deepwork/learning-agents/reviewer/topics/retries.md",
        "---\nname: Retries\n---\n",
    );
    let transcript = Transcript::new()
        .user("review it")
        .tool_use(
            "Agent",
            json!({"description": "Review", "prompt": "Check the render code", "subagent_type": "reviewer"}),
        )
        .write(&project, "t.jsonl");
    let path = transcript.to_str().expect("utf-8");
    let text = context(
        project.hook("subagent-start", &subagent(path, "reviewer"), &[]),
        "SubagentStart",
    )
    .expect("text");
    assert!(text.contains("You are an expert reviewer."), "{text}");
    assert!(text.contains("- retries.md: Retries"), "{text}");
    assert!(text.contains("learnings agent instructions reviewer"), "{text}");
    assert!(text.contains("render rule"), "the task matched a domain: {text}");
    // Plugin-scoped agent types name the same agent.
    let text = context(
        project.hook("subagent-start", &subagent("", "learnings:reviewer"), &[]),
        "SubagentStart",
    )
    .expect("text");
    assert!(text.contains("You are an expert reviewer."));
    assert!(!text.contains("render rule"), "no task, no domain");
    // Twice in one session: a sub-agent starts with an empty context.
    assert!(
        context(
            project.hook("subagent-start", &subagent(path, "reviewer"), &[]),
            "SubagentStart"
        )
        .is_some()
    );
}

#[test]
fn other_sub_agents_get_only_matching_domains() {
    let project = project(
        &domain("render", &["render"], &["r.md"]),
        &[("r.md", "render rule\n")],
    );
    assert_empty(project.hook("subagent-start", &subagent("", "Explore"), &[]));
    let text = context(
        project.hook("subagent-start", &subagent("", "render-checker"), &[]),
        "SubagentStart",
    );
    assert!(text.expect("agent type matches").contains("render rule"));
    assert_empty(project.hook("subagent-start", &subagent("", "../../etc"), &[]));
}

#[test]
fn session_start_stays_within_a_small_budget() {
    let mut toml = String::from("[inject]\nbudget = 800\nalways = [\"big.md\"]\n");
    for i in 0..50 {
        toml.push_str(&domain(&format!("d{i}"), &["alpha", "beta"], &["r.md"]));
    }
    let big = "a rule line\n".repeat(500);
    let project = project(&toml, &[("r.md", "r\n"), ("big.md", &big)]);
    let text = context(
        project.hook("session-start", &start("s1", "startup"), &[]),
        "SessionStart",
    )
    .expect("text");
    assert!(
        text.chars().count() <= 800,
        "{} chars:\n{text}",
        text.chars().count()
    );
    assert!(
        text.contains("d0 (alpha, beta)") && text.contains("more"),
        "{text}"
    );
    assert!(text.contains("a rule line"), "{text}");
}
