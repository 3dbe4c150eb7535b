//! The Claude Code plugin: manifests, hook commands, skills and agents, checked against what
//! the binary provides.

use crate::common::{run_env, run_in};
use crate::hooks::project::PLUGIN_ROOT;
use std::path::Path;

/// The skills of the LearningAgents cycle, and whether a user may call them directly.
const SKILLS: [(&str, bool); 8] = [
    ("learning-agents", true),
    ("create-agent", true),
    ("learn", true),
    ("identify", false),
    ("report-issue", false),
    ("investigate-issues", false),
    ("incorporate-learnings", false),
    ("discover", false),
];
const DOCS: [&str; 4] = [
    "doc/learning_agent_file_structure.md",
    "doc/issue_yml_format.md",
    "doc/learning_log_folder_structure.md",
    "doc/learning_agent_post_task_reminder.md",
];

fn read(rel: &str) -> String {
    std::fs::read_to_string(Path::new(PLUGIN_ROOT).join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn json(rel: &str) -> serde_json::Value {
    serde_json::from_str(&read(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The `name:` and the whole frontmatter of a markdown file.
fn frontmatter(text: &str) -> (String, String) {
    let body = text.strip_prefix("---\n").expect("frontmatter");
    let end = body.find("\n---\n").expect("frontmatter end");
    let front = &body[..end];
    let name = front
        .lines()
        .find_map(|l| l.strip_prefix("name: "))
        .expect("name")
        .to_owned();
    (name, front.to_owned())
}

#[test]
fn the_plugin_manifest_matches_the_crate() {
    let manifest = json(".claude-plugin/plugin.json");
    assert_eq!(manifest["name"], "learnings");
    assert_eq!(manifest["version"], env!("CARGO_PKG_VERSION"));
    assert!(manifest["description"].as_str().is_some_and(|d| !d.is_empty()));
    let market = json(".claude-plugin/marketplace.json");
    assert_eq!(market["plugins"][0]["name"], "learnings");
    assert_eq!(market["plugins"][0]["source"], "./");
}

#[test]
fn the_hooks_run_commands_the_binary_has() {
    let hooks = json("hooks/hooks.json");
    let events = [
        ("SessionStart", "", "session-start"),
        ("UserPromptSubmit", "", "prompt"),
        ("SubagentStart", "", "subagent-start"),
        (
            "PreToolUse",
            "Bash|Read|Edit|Write|MultiEdit|NotebookEdit",
            "pre-tool",
        ),
        ("PostToolUse", "Task|Agent", "post-task"),
        ("Stop", "", "stop"),
    ];
    let registered: Vec<&String> = hooks["hooks"].as_object().expect("hooks").keys().collect();
    assert_eq!(registered.len(), events.len(), "{registered:?}");
    for (event, matcher, name) in events {
        let group = &hooks["hooks"][event][0];
        assert_eq!(group["matcher"], matcher, "{event}");
        let hook = &group["hooks"][0];
        assert_eq!(hook["type"], "command");
        // Through the fail-open wrapper (tests/plugin_hooks.rs), with a timeout in seconds.
        let command = format!("sh \"${{CLAUDE_PLUGIN_ROOT}}/hooks/run.sh\" {name}");
        assert_eq!(hook["command"], command.as_str(), "{event}");
        assert!(
            hook["timeout"].as_u64().is_some_and(|t| (1..=30).contains(&t)),
            "{event}"
        );
        let dir = tempfile::tempdir().expect("temp");
        let run = run_env(dir.path(), &["hook", name], Some(b"{}"), &[]).code(0);
        assert_eq!(run.stdout, "{}\n", "{event}");
    }
}

#[test]
fn skills_and_the_expert_agent_are_there_with_their_frontmatter() {
    for (skill, user_invocable) in SKILLS {
        let text = read(&format!("skills/{skill}/SKILL.md"));
        let (name, front) = frontmatter(&text);
        assert_eq!(name, skill);
        assert!(front.contains("\ndescription: "), "{skill}");
        assert_eq!(
            !front.contains("user-invocable: false"),
            user_invocable,
            "{skill}"
        );
    }
    let text = read("agents/learning-agent-expert.md");
    let (name, front) = frontmatter(&text);
    assert_eq!(name, "learning-agent-expert");
    for field in ["\ndescription: ", "\nmodel: ", "\ntools: "] {
        assert!(front.contains(field), "{field}");
    }
    for doc in DOCS {
        assert!(
            text.contains(&format!("${{CLAUDE_PLUGIN_ROOT}}/{doc}")),
            "the expert loads {doc}"
        );
    }
}

#[test]
fn the_reminder_says_what_req_004_11_asks() {
    let reminder = read("doc/learning_agent_post_task_reminder.md").to_lowercase();
    assert!(reminder.contains("resume that same task instead of starting a new one"));
    assert!(reminder.contains("/learning-agents report_issue"));
    assert!(reminder.contains("resume the conversation"));
}

/// Every `learnings …` command quoted in the skills, the agent and the docs exists.
#[test]
fn every_command_the_prompts_use_exists() {
    let mut files: Vec<String> = SKILLS
        .iter()
        .map(|(s, _)| format!("skills/{s}/SKILL.md"))
        .collect();
    files.push("agents/learning-agent-expert.md".into());
    files.extend(DOCS.iter().map(|d| (*d).to_owned()));
    let mut commands = std::collections::BTreeSet::new();
    for file in &files {
        let text = read(file);
        for (at, _) in text.match_indices("learnings ") {
            // Only commands at the start of a line or of inline code, not prose.
            let quoted = at == 0 || text[..at].ends_with('`') || text[..at].ends_with('\n');
            if !quoted {
                continue;
            }
            let words: Vec<&str> = text[at + "learnings ".len()..]
                .split([' ', '`', '\n'])
                .take(2)
                .take_while(|w| {
                    !w.is_empty()
                        && w.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
                        && !w.starts_with('-')
                })
                .collect();
            commands.insert(words.join(" "));
        }
    }
    for expected in [
        "agent create",
        "agent instructions",
        "issue report",
        "issue list",
        "issue set-status",
        "sessions",
        "sessions mark-learned",
        "discover record",
        "discover useful",
    ] {
        assert!(
            commands.contains(expected),
            "{expected} not found in {commands:?}"
        );
    }
    let dir = tempfile::tempdir().expect("temp");
    for command in &commands {
        let mut args: Vec<&str> = command.split(' ').collect();
        args.push("--help");
        run_in(dir.path(), &args, None).code(0);
    }
}
