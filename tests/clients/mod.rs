//! Every agent client's hook inputs through the binary (`fixtures/clients/`): each event answered
//! in the client's own words, a block rule blocking in each (also a command the parser gives up
//! on), bad input never blocking, and `install --client` and `doctor` on real projects.

mod doctor;
mod hostile;
mod install;
mod malformed;

use crate::common::{Repo, day, run_env};
use serde_json::Value;

/// The marker of the `render` domain's rule file.
pub const RULE: &str = "CLIENTS-RENDER-RULE";
/// The block rule's reason.
pub const REASON: &str = "force-push rewrites shared history";

/// A project with a `render` domain, a block rule on `git push --force` and a rewrite rule.
pub fn project() -> Repo {
    let repo = Repo::new();
    repo.write(
        "learnings.toml",
        r#"[[enforce.rewrite]]
from = "python3 -m manim"
to = ".venv/bin/python -m manim"
reason = "manim is installed in the project's venv"

[[enforce.block]]
pattern = '\bgit push --force\b'
reason = "force-push rewrites shared history; use --force-with-lease"

[[inject.domains]]
name = "render"
keywords = ["render", "manim"]
paths = ["src/render/**"]
files = ["docs/rules/render.md"]
"#,
    )
    .write(
        "docs/rules/render.md",
        format!("# Rendering\n\n- {RULE}: previews with -ql.\n"),
    )
    .write(
        "agents/learnings.md",
        "# Learnings\n\n## Quote commands exactly\n\nAs they ran.\n",
    );
    repo.commit_all(day(1), "project");
    repo
}

/// The fixture `client/name.json`, its project path set to `repo`.
pub fn fixture(repo: &Repo, client: &str, name: &str) -> Value {
    let path = format!(
        "{}/fixtures/clients/{client}/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let text = text.replace("/home/dev/project", &repo.path().display().to_string());
    serde_json::from_str(&text).expect("fixture JSON")
}

/// `learnings hook <event> --client <client>` with `input`: exit 0 and one JSON object, always.
pub fn hook(repo: &Repo, client: &str, event: &str, input: &[u8]) -> Value {
    let run = run_env(
        repo.path(),
        &["hook", event, "--client", client],
        Some(input),
        &[("LEARNINGS_WARM", "0")],
    )
    .code(0);
    let answer = run.json();
    assert!(
        answer.is_object(),
        "{client} {event}: not an object: {}",
        run.stdout
    );
    assert!(run.stderr.is_empty(), "{client} {event}: stderr: {}", run.stderr);
    answer
}

/// The reason of a deny, in each client's words.
pub fn denied(client: &str, answer: &Value) -> Option<String> {
    let text = |v: &Value| v.as_str().map(str::to_owned);
    match client {
        "gemini" => (answer["decision"] == "deny")
            .then(|| text(&answer["reason"]))
            .flatten(),
        "cursor" => (answer["permission"] == "deny")
            .then(|| text(&answer["agent_message"]))
            .flatten(),
        "copilot" => (answer["permissionDecision"] == "deny")
            .then(|| text(&answer["permissionDecisionReason"]))
            .flatten(),
        _ => {
            let specific = &answer["hookSpecificOutput"];
            (specific["permissionDecision"] == "deny")
                .then(|| text(&specific["permissionDecisionReason"]))
                .flatten()
        }
    }
}

/// The context the model is given, in each client's words.
pub fn context(client: &str, answer: &Value) -> Option<String> {
    let found = match client {
        "cursor" => &answer["additional_context"],
        "copilot" => &answer["additionalContext"],
        _ => &answer["hookSpecificOutput"]["additionalContext"],
    };
    found.as_str().map(str::to_owned)
}

/// Each client's shell event: (client, fixture, `learnings hook` event, how the command is set).
pub const SHELL: [(&str, &str); 6] = [
    ("codex", "PreToolUse"),
    ("gemini", "BeforeTool"),
    ("opencode", "PreToolUse"),
    ("cursor", "beforeShellExecution"),
    ("copilot", "preToolUse"),
    ("copilot", "preToolUse.object"),
];

/// The fixture with its shell command set to `command`.
pub fn shell_call(repo: &Repo, client: &str, name: &str, command: &str) -> Vec<u8> {
    let mut input = fixture(repo, client, name);
    match client {
        "cursor" => input["command"] = command.into(),
        "copilot" if input["toolArgs"].is_string() => {
            input["toolArgs"] = serde_json::json!({ "command": command }).to_string().into();
        }
        "copilot" => input["toolArgs"]["command"] = command.into(),
        _ => input["tool_input"]["command"] = command.into(),
    }
    serde_json::to_vec(&input).expect("JSON")
}

#[test]
fn a_block_rule_blocks_in_every_client_with_its_reason_and_a_plain_command_goes_on() {
    let repo = project();
    for (client, name) in SHELL {
        let push = hook(
            &repo,
            client,
            "pre-tool",
            &shell_call(&repo, client, name, "git push --force origin main"),
        );
        let reason = denied(client, &push).unwrap_or_else(|| panic!("{client} {name}: not blocked: {push}"));
        assert!(reason.contains(REASON), "{client}: {reason}");
        let plain = hook(
            &repo,
            client,
            "pre-tool",
            &shell_call(&repo, client, name, "echo hi"),
        );
        assert_eq!(denied(client, &plain), None, "{client}: {plain}");
        // Never `allow`: that would skip the user's own approval of the command.
        assert!(!plain.to_string().contains("allow"), "{client}: {plain}");
    }
    let ledger = repo.read(".learnings/effect.jsonl");
    for client in ["codex", "gemini", "opencode", "cursor", "copilot"] {
        assert!(
            ledger.contains(&format!("\"client\":\"{client}\"")),
            "{client} not in the ledger:\n{ledger}"
        );
    }
}

#[test]
fn a_block_rule_blocks_a_command_the_parser_gives_up_on_in_every_client() {
    let repo = project();
    for (client, name) in SHELL {
        for command in [
            "git push --force $(",
            "git push --force origin \"main",
            "if then git push --force",
        ] {
            let answer = hook(
                &repo,
                client,
                "pre-tool",
                &shell_call(&repo, client, name, command),
            );
            assert!(
                denied(client, &answer).is_some(),
                "{client} {command:?}: {answer}"
            );
        }
    }
}

#[test]
fn a_rewrite_is_applied_where_the_client_can_and_said_as_the_command_to_run_where_it_cannot() {
    let repo = project();
    let new = ".venv/bin/python -m manim --version";
    for (client, name) in SHELL {
        let answer = hook(
            &repo,
            client,
            "pre-tool",
            &shell_call(&repo, client, name, "python3 -m manim --version"),
        );
        let command = match client {
            "gemini" => answer["hookSpecificOutput"]["tool_input"]["command"].as_str(),
            "opencode" => answer["hookSpecificOutput"]["updatedInput"]["command"].as_str(),
            "copilot" => answer["modifiedArgs"]["command"].as_str(),
            _ => None,
        };
        match command {
            Some(command) => assert!(command.ends_with(new), "{client}: {answer}"),
            // Codex and Cursor: applying it would need `allow`, so the model is told what to run.
            None => {
                let reason = denied(client, &answer).unwrap_or_else(|| panic!("{client}: {answer}"));
                assert!(
                    reason.contains(&format!("Run instead: {new}")),
                    "{client}: {reason}"
                );
                assert!(
                    reason.contains("manim is installed in the project's venv"),
                    "{client}: {reason}"
                );
            }
        }
    }
}

#[test]
fn a_prompt_in_a_domain_brings_its_file_where_the_client_takes_context() {
    let repo = project();
    for (client, name, takes) in [
        ("codex", "UserPromptSubmit", true),
        ("gemini", "BeforeAgent", true),
        ("opencode", "UserPromptSubmit", true),
        ("cursor", "beforeSubmitPrompt", false),
        ("copilot", "userPromptSubmitted", false),
    ] {
        let mut input = fixture(&repo, client, name);
        let prompt = "now let us render the intro scene";
        input["prompt"] = match client {
            // Gemini CLI puts SessionStart's context before what was typed.
            "gemini" => format!("<hook_context>earlier</hook_context>\n\n{prompt}").into(),
            _ => prompt.into(),
        };
        let answer = hook(
            &repo,
            client,
            "prompt",
            &serde_json::to_vec(&input).expect("test input"),
        );
        let given = context(client, &answer).unwrap_or_default();
        assert_eq!(given.contains(RULE), takes, "{client}: {answer}");
        if client == "cursor" {
            assert_eq!(answer, serde_json::json!({ "continue": true }));
        }
        if !takes {
            // Not claimed as given: the session's first file tool in the domain still brings it.
            let edit = serde_json::to_vec(&fixture(&repo, client, "postToolUse")).expect("test input");
            let after = hook(&repo, client, "post-tool", &edit);
            assert!(
                context(client, &after).unwrap_or_default().contains(RULE),
                "{client}: {after}"
            );
        }
    }
}

#[test]
fn a_file_tool_on_a_path_in_a_domain_brings_its_file_in_every_client() {
    let repo = project();
    for (client, name, event) in [
        ("codex", "PreToolUse.apply_patch", "pre-tool"),
        ("gemini", "AfterTool", "post-tool"),
        ("opencode", "PostToolUse", "post-tool"),
        ("cursor", "postToolUse", "post-tool"),
        ("copilot", "postToolUse", "post-tool"),
    ] {
        let input = fixture(&repo, client, name);
        let answer = hook(
            &repo,
            client,
            event,
            &serde_json::to_vec(&input).expect("test input"),
        );
        let given = context(client, &answer).unwrap_or_else(|| panic!("{client}: {answer}"));
        assert!(given.contains(RULE), "{client}: {given}");
        assert_eq!(denied(client, &answer), None);
    }
}

#[test]
fn after_a_shell_command_ran_nothing_is_enforced() {
    let repo = project();
    let mut input = fixture(&repo, "gemini", "AfterTool");
    input["tool_name"] = "run_shell_command".into();
    input["tool_input"] = serde_json::json!({ "command": "git push --force", "description": "x" });
    let answer = hook(
        &repo,
        "gemini",
        "post-tool",
        &serde_json::to_vec(&input).expect("test input"),
    );
    assert_eq!(answer, serde_json::json!({}));
}

#[test]
fn session_start_and_stop_answer_every_client() {
    let repo = project();
    for (client, start, stop) in [
        ("codex", "SessionStart", Some("Stop")),
        ("gemini", "SessionStart", Some("AfterAgent")),
        ("opencode", "SessionStart", None),
        ("cursor", "sessionStart", Some("afterAgentResponse")),
        ("copilot", "sessionStart", Some("agentStop")),
    ] {
        let input = serde_json::to_vec(&fixture(&repo, client, start)).expect("test input");
        let answer = hook(&repo, client, "session-start", &input);
        assert_eq!(denied(client, &answer), None);
        if let Some(stop) = stop {
            let input = serde_json::to_vec(&fixture(&repo, client, stop)).expect("test input");
            let answer = hook(&repo, client, "stop", &input);
            assert_eq!(denied(client, &answer), None, "{client}: {answer}");
        }
    }
}

#[test]
fn a_correction_typed_in_gemini_is_captured_without_the_context_gemini_put_before_it() {
    let repo = project();
    // The answer it reacts to comes from the turn's end (AfterAgent): Gemini's transcript is
    // not Claude Code's.
    let stop = serde_json::to_vec(&fixture(&repo, "gemini", "AfterAgent")).expect("test input");
    hook(&repo, "gemini", "stop", &stop);
    let mut input = fixture(&repo, "gemini", "BeforeAgent");
    input["prompt"] = "<hook_context>SESSION-CONTEXT</hook_context>\n\nNo, that's wrong: report dates must stay in UTC, not local time.".into();
    hook(
        &repo,
        "gemini",
        "prompt",
        &serde_json::to_vec(&input).expect("test input"),
    );
    let history = run_env(
        repo.path(),
        &["feedback", "--history", "--format", "json"],
        None,
        &[],
    )
    .code(0);
    assert!(history.stdout.contains("correction"), "{}", history.stdout);
    assert!(history.stdout.contains("UTC"), "{}", history.stdout);
    assert!(!history.stdout.contains("SESSION-CONTEXT"), "{}", history.stdout);
}

#[test]
fn claude_codes_recorded_inputs_are_answered_and_shown_in_the_book() {
    // Issue 31: the hook contract page shows one input of each event, recorded from Claude
    // Code 2.1.330 (fixtures/clients/claude/); each is answered as documented.
    let repo = project();
    let page = std::fs::read_to_string(format!(
        "{}/docs/src/reference/hooks.md",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("hooks page");
    for (name, event) in [
        ("SessionStart", "session-start"),
        ("UserPromptSubmit", "prompt"),
        ("SubagentStart", "subagent-start"),
        ("PreToolUse", "pre-tool"),
        ("PreToolUse.Write", "pre-tool"),
        ("PostToolUse", "post-task"),
        ("Stop", "stop"),
    ] {
        let input = fixture(&repo, "claude", name);
        let answer = hook(&repo, "claude", event, input.to_string().as_bytes());
        if name == "PreToolUse" {
            let command = answer["hookSpecificOutput"]["updatedInput"]["command"].as_str();
            assert_eq!(command, Some(".venv/bin/python -m manim --version"), "{answer}");
        }
        if name == "PreToolUse.Write" {
            let context = answer["hookSpecificOutput"]["additionalContext"].as_str();
            assert!(context.is_some_and(|c| c.contains(RULE)), "{answer}");
        }
        let shown = format!(
            "\"hook_event_name\": \"{}\"",
            input["hook_event_name"].as_str().expect("event")
        );
        assert!(page.contains(&shown), "the hooks page shows no {name} input");
    }
}
