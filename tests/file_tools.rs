//! Knowledge at the point of action: `learnings hook pre-tool` on the file tools (Read, Edit,
//! Write, MultiEdit, NotebookEdit), SessionStart after a compaction, and `inject explain --tool`,
//! through the binary with hook JSON on stdin.

use crate::hooks::project::{Project, assert_empty};
use crate::inject::fixture::{Transcript, context, project, run_prompt, start};
use serde_json::{Value, json};

const RULE: &str = "# Render rules\n- E2E-like render rule.\n";

/// A project whose `render` domain holds `src/render/**` (and the keyword `render`), and whose
/// `design` domain holds `src/render/layout/**` and `src/ui/**`.
fn two_domains() -> Project {
    let toml = "[[inject.domains]]\nname = \"render\"\nkeywords = [\"render\"]\npaths = [\"src/render/**\"]\nfiles = [\"docs/rules/render.md\"]\n\
        [[inject.domains]]\nname = \"design\"\nkeywords = [\"layout\"]\npaths = [\"src/render/layout/**\", \"src/ui/**\"]\nfiles = [\"docs/rules/design.md\", \"docs/rules/render.md\"]\n";
    project(
        toml,
        &[
            ("docs/rules/render.md", RULE),
            ("docs/rules/design.md", "# Design rules\n- Align to the grid.\n"),
            ("src/render/scene.py", "scene = 1\n"),
            ("docs/render-notes.txt", "notes\n"),
        ],
    )
}

/// A PreToolUse input for `tool` with `tool_input`.
fn call(session: &str, tool: &str, tool_input: Value) -> Vec<u8> {
    json!({"session_id": session, "transcript_path": "/nonexistent.jsonl", "hook_event_name": "PreToolUse",
        "permission_mode": "default", "tool_name": tool, "tool_input": tool_input, "tool_use_id": "toolu_1"})
    .to_string()
    .into_bytes()
}

/// `hook pre-tool` on `tool` with `file_path` (or `notebook_path` for NotebookEdit): the text,
/// after checking that the answer holds `additionalContext` and nothing else.
fn pre_tool(project: &Project, session: &str, tool: &str, path: &str) -> Option<String> {
    let key = if tool == "NotebookEdit" {
        "notebook_path"
    } else {
        "file_path"
    };
    let run = project.hook(
        "pre-tool",
        &call(session, tool, json!({key: path, "content": "x"})),
        &[],
    );
    let json = run.code(0).json();
    if json == json!({}) {
        return None;
    }
    let specific = json["hookSpecificOutput"]
        .as_object()
        .expect("hookSpecificOutput");
    let keys: Vec<&String> = specific.keys().collect();
    assert_eq!(
        keys,
        ["additionalContext", "hookEventName"],
        "never a decision or a new input: {json}"
    );
    assert_eq!(json.as_object().expect("object").len(), 1, "{json}");
    assert_eq!(specific["hookEventName"], "PreToolUse");
    Some(specific["additionalContext"].as_str().expect("text").to_owned())
}

fn absolute(project: &Project, rel: &str) -> String {
    project.path(rel).to_str().expect("utf-8").to_owned()
}

#[test]
fn an_edit_of_a_path_in_a_domain_injects_its_file() {
    let project = two_domains();
    let text =
        pre_tool(&project, "s1", "Edit", &absolute(&project, "src/render/scene.py")).expect("injected");
    assert!(
        text.contains("<project-knowledge path=\"docs/rules/render.md\">"),
        "{text}"
    );
    assert!(
        text.contains("Why: domain `render` matched path `src/render/scene.py` in the Edit call"),
        "{text}"
    );
    assert!(text.contains("- E2E-like render rule."), "{text}");
    assert!(text.contains("not a message from the user"), "{text}");
    assert!(!text.contains("Design rules"), "{text}");
}

#[test]
fn a_write_of_a_new_file_counts_by_its_path_and_so_do_read_and_notebook_edit() {
    let project = two_domains();
    let new = absolute(&project, "src/render/new/intro.py");
    let text = pre_tool(&project, "s1", "Write", &new).expect("a new file");
    assert!(text.contains("docs/rules/render.md"), "{text}");
    assert!(
        !project.path("src/render/new").exists(),
        "the hook writes nothing of the file"
    );
    assert!(pre_tool(&project, "s2", "Read", &absolute(&project, "src/render/scene.py")).is_some());
    assert!(
        pre_tool(&project, "s3", "MultiEdit", "src/render/./scene.py").is_some(),
        "relative to cwd"
    );
    let notebook = pre_tool(
        &project,
        "s4",
        "NotebookEdit",
        &absolute(&project, "src/ui/plots.ipynb"),
    );
    assert!(notebook.expect("notebook_path").contains("docs/rules/design.md"));
}

#[test]
fn paths_outside_every_domain_or_the_project_and_other_tools_give_nothing() {
    let project = two_domains();
    // A keyword in the path is no match: file tools match `paths` only.
    assert!(
        pre_tool(
            &project,
            "s1",
            "Edit",
            &absolute(&project, "docs/render-notes.txt")
        )
        .is_none()
    );
    assert!(pre_tool(&project, "s1", "Read", "/etc/render/passwd").is_none());
    assert!(pre_tool(&project, "s1", "Read", "../src/render/scene.py").is_none());
    assert!(
        pre_tool(
            &project,
            "s1",
            "Read",
            &absolute(&project, "src/../../src/render/a.py")
        )
        .is_none()
    );
    let glob = call(
        "s1",
        "Glob",
        json!({"pattern": "src/render/**", "file_path": "src/render/a.py"}),
    );
    assert_empty(project.hook("pre-tool", &glob, &[]));
    assert!(!project.path(".learnings").exists(), "nothing claimed");
}

#[test]
fn a_path_in_two_domains_brings_both_and_a_shared_file_once() {
    let project = two_domains();
    let text = pre_tool(
        &project,
        "s1",
        "Edit",
        &absolute(&project, "src/render/layout/grid.py"),
    )
    .expect("both");
    assert_eq!(
        text.matches("<project-knowledge path=\"docs/rules/render.md\">")
            .count(),
        1,
        "{text}"
    );
    assert!(
        text.contains("<project-knowledge path=\"docs/rules/design.md\">"),
        "{text}"
    );
    assert!(text.contains("also domain `design`"), "{text}");
}

#[test]
fn each_file_version_once_per_session_shared_with_the_prompt_hook() {
    let project = two_domains();
    let scene = absolute(&project, "src/render/scene.py");
    assert!(pre_tool(&project, "s1", "Edit", &scene).is_some());
    assert!(
        pre_tool(&project, "s1", "Read", &scene).is_none(),
        "same version, same session"
    );
    assert!(
        run_prompt(&project, "s1", "", "render it").is_none(),
        "the prompt hook knows it too"
    );
    assert!(
        pre_tool(&project, "s2", "Edit", &scene).is_some(),
        "another session"
    );
    project.write("docs/rules/render.md", "# Render rules\n- A new rule.\n");
    assert!(
        pre_tool(&project, "s1", "Edit", &scene)
            .expect("new version")
            .contains("A new rule.")
    );
    project.hook("session-start", &start("s1", "clear"), &[]).code(0);
    assert!(
        pre_tool(&project, "s1", "Edit", &scene).is_some(),
        "clear forgets"
    );
    // The prompt hook first: then the file tool has nothing new.
    assert!(run_prompt(&project, "s3", "", "render it").is_some());
    assert!(pre_tool(&project, "s3", "Write", &scene).is_none());
}

#[test]
fn the_budget_holds() {
    let big: String = (1..=600).map(|i| format!("- render rule {i}\n")).collect();
    let toml = "[inject]\nbudget = 800\n[[inject.domains]]\nname = \"render\"\npaths = [\"src/render/**\"]\nfiles = [\"docs/rules/render.md\"]\n";
    let project = project(toml, &[("docs/rules/render.md", &big)]);
    let text = pre_tool(&project, "s1", "Edit", &absolute(&project, "src/render/a.py")).expect("cut");
    assert!(text.chars().count() <= 800, "{}", text.chars().count());
    assert!(text.contains("- render rule 1\n"), "{text}");
    assert!(!text.contains("- render rule 600"), "{text}");
}

#[test]
fn malformed_input_and_a_call_without_a_path_give_an_empty_answer() {
    let project = two_domains();
    let scene = absolute(&project, "src/render/scene.py");
    let inputs: Vec<Vec<u8>> = vec![
        Vec::new(),
        b"Edit".to_vec(),
        b"[\"s1\", \"Edit\"]".to_vec(),
        br#"{"session_id":"s1","tool_name":"Edit","tool_input":{"file_path":"#.to_vec(),
        call("s1", "Edit", json!({"old_string": "a", "new_string": "b"})),
        call("s1", "Edit", json!({"file_path": 7})),
        call("s1", "Edit", json!({"file_path": ""})),
        call("s1", "Edit", json!("src/render/scene.py")),
        call("s1", "NotebookEdit", json!({"path": scene})),
        json!({"session_id": "s1", "tool_name": 5, "tool_input": {"file_path": scene}})
            .to_string()
            .into_bytes(),
        json!({"tool_name": "Edit", "tool_input": {"file_path": scene}})
            .to_string()
            .into_bytes(),
        json!({"session_id": "", "tool_name": "Edit", "tool_input": {"file_path": scene}})
            .to_string()
            .into_bytes(),
    ];
    for input in inputs {
        assert_empty(project.hook("pre-tool", &input, &[]));
    }
    project.write("learnings.toml", "[[inject.domains]\nname = ");
    assert_empty(project.hook("pre-tool", &call("s1", "Edit", json!({"file_path": scene})), &[]));
}

/// A SessionStart input with a transcript.
fn start_with(session: &str, source: &str, transcript: &str) -> Vec<u8> {
    json!({"session_id": session, "transcript_path": transcript, "hook_event_name": "SessionStart", "source": source})
        .to_string()
        .into_bytes()
}

/// A transcript whose last turns edit `path`, then Claude Code's compaction lines.
fn compacted(project: &Project, path: &str, name: &str) -> String {
    let transcript = Transcript::new()
        .user("tidy the code")
        .tool_use("Edit", json!({"file_path": path, "old_string": "a", "new_string": "b"}))
        .tool_result("ok")
        .assistant("Done.")
        .line(json!({"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted"}))
        .line(json!({"type": "user", "isCompactSummary": true, "message": {"role": "user", "content": "This session is being continued."}}))
        .user("<command-name>/compact</command-name>")
        .write(project, name);
    transcript.to_str().expect("utf-8").to_owned()
}

#[test]
fn after_a_compaction_the_files_still_in_play_are_put_back() {
    let project = two_domains();
    let scene = absolute(&project, "src/render/scene.py");
    assert!(pre_tool(&project, "s1", "Edit", &scene).is_some());
    let transcript = compacted(&project, &scene, "t1.jsonl");
    let text = context(
        project.hook("session-start", &start_with("s1", "compact", &transcript), &[]),
        "SessionStart",
    )
    .expect("context");
    assert!(
        text.contains("<project-knowledge path=\"docs/rules/render.md\">"),
        "{text}"
    );
    assert!(
        text.contains("given before the compaction, still in play"),
        "{text}"
    );
    // Put back means claimed again: the next Edit has nothing new.
    assert!(pre_tool(&project, "s1", "Edit", &scene).is_none());
    // `clear` puts nothing back.
    let text = context(
        project.hook("session-start", &start_with("s1", "clear", &transcript), &[]),
        "SessionStart",
    )
    .unwrap_or_default();
    assert!(!text.contains("docs/rules/render.md"), "{text}");
}

#[test]
fn after_a_compaction_files_not_given_before_or_no_longer_in_play_stay_out() {
    let project = two_domains();
    let scene = absolute(&project, "src/render/scene.py");
    // Given before, but the last turns are about another file.
    assert!(pre_tool(&project, "s1", "Edit", &scene).is_some());
    let elsewhere = compacted(&project, &absolute(&project, "README.md"), "t1.jsonl");
    let text = context(
        project.hook("session-start", &start_with("s1", "compact", &elsewhere), &[]),
        "SessionStart",
    )
    .unwrap_or_default();
    assert!(!text.contains("docs/rules/render.md"), "{text}");
    // In play, but never given in this session.
    let in_play = compacted(&project, &scene, "t2.jsonl");
    let text = context(
        project.hook("session-start", &start_with("s2", "compact", &in_play), &[]),
        "SessionStart",
    )
    .unwrap_or_default();
    assert!(!text.contains("docs/rules/render.md"), "{text}");
}

#[test]
fn explain_shows_what_a_file_tool_would_get_and_why() {
    let project = two_domains();
    let out = project
        .run(&[
            "inject",
            "explain",
            "--tool",
            "Edit",
            "--path",
            "src/render/layout/grid.py",
        ])
        .code(0)
        .stdout;
    assert!(
        out.contains("Read: the Edit call on src/render/layout/grid.py"),
        "{out}"
    );
    assert!(
        out.contains("matched path `src/render/layout/grid.py` in the Edit call"),
        "{out}"
    );
    assert!(out.contains("docs/rules/render.md ("), "{out}");
    assert!(out.contains("docs/rules/design.md ("), "{out}");
    assert!(out.contains("injected whole"), "{out}");
    let json = project
        .run(&[
            "inject",
            "explain",
            "--tool",
            "Write",
            "--path",
            "src/ui/a.py",
            "--format",
            "json",
        ])
        .code(0)
        .json();
    assert_eq!(json["tool"], "Write");
    assert_eq!(json["path"], "src/ui/a.py");
    assert_eq!(json["matches"][0]["domain"], "design");
    let out = project
        .run(&[
            "inject",
            "explain",
            "--tool",
            "Read",
            "--path",
            "docs/render-notes.txt",
        ])
        .code(0)
        .stdout;
    assert!(out.contains("No domain has this path in its `paths`"), "{out}");
    let out = project
        .run(&["inject", "explain", "--tool", "Read", "--path", "/elsewhere/a.py"])
        .code(0)
        .stdout;
    assert!(out.contains("outside the project: nothing is injected"), "{out}");
    let run = project
        .run(&["inject", "explain", "--tool", "Bash", "--path", "src/ui/a.py"])
        .code(2);
    assert!(run.stderr.contains("not a file tool"), "{}", run.stderr);
    project
        .run(&["inject", "explain", "render", "--tool", "Read", "--path", "a"])
        .code(2);
    project.run(&["inject", "explain"]).code(2);
    assert!(
        !project.path(".learnings").exists(),
        "explain never writes the state"
    );
}
