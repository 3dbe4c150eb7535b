//! `learnings hook prompt`: every clause through the binary, with hook JSON on stdin.

use super::fixture::*;
use crate::hooks::project::assert_empty;

const NONE: &str = "/nonexistent/transcript.jsonl";

#[test]
fn a_keyword_injects_the_domain_file_framed_with_path_and_reason() {
    let project = render_project();
    let text = run_prompt(&project, "s1", NONE, "Let's RENDER the intro").expect("injected");
    assert!(
        text.contains("<project-knowledge path=\"docs/rules/render.md\">"),
        "{text}"
    );
    assert!(
        text.contains("Why: domain `render` matched \"render\" in the prompt"),
        "{text}"
    );
    assert!(text.contains("- Use .venv/bin/python for manim."), "{text}");
    assert!(text.contains("not a message from the user"), "{text}");
    assert!(project.path(".learnings/.gitignore").is_file());
}

#[test]
fn no_match_gives_an_empty_answer_and_so_does_a_longer_word() {
    let project = render_project();
    assert_empty(project.hook("prompt", &prompt("s1", NONE, "pick a topic"), &[]));
    assert_empty(project.hook("prompt", &prompt("s1", NONE, "the renderer and prerender"), &[]));
    let bare = crate::hooks::project::Project::new();
    assert_empty(bare.hook("prompt", &prompt("s1", NONE, "render"), &[]));
    assert!(
        !bare.path(".learnings").exists(),
        "nothing written without domains"
    );
}

#[test]
fn each_file_version_once_per_session_until_clear_or_compact() {
    let project = render_project();
    assert!(run_prompt(&project, "s1", NONE, "render it").is_some());
    assert!(
        run_prompt(&project, "s1", NONE, "render again").is_none(),
        "same version, same session"
    );
    assert!(
        run_prompt(&project, "s2", NONE, "render").is_some(),
        "another session"
    );
    project.write("docs/rules/render.md", "# Render rules\n- New rule.\n");
    let text = run_prompt(&project, "s1", NONE, "render").expect("a new version");
    assert!(text.contains("- New rule."));
    context(
        project.hook("session-start", &start("s1", "resume"), &[]),
        "SessionStart",
    );
    assert!(
        run_prompt(&project, "s1", NONE, "render").is_none(),
        "resume keeps the state"
    );
    for source in ["clear", "compact"] {
        project.hook("session-start", &start("s1", source), &[]).code(0);
        assert!(
            run_prompt(&project, "s1", NONE, "render").is_some(),
            "{source} resets"
        );
    }
}

#[test]
fn the_last_three_messages_catch_a_phase_change() {
    let project = render_project();
    let transcript = Transcript::new()
        .user("old talk about manim")
        .assistant("a")
        .user("b")
        .assistant("Layout done. Shall we render now?")
        .write(&project, "t.jsonl");
    let text = run_prompt(&project, "s1", transcript.to_str().expect("utf-8"), "yes").expect("injected");
    assert!(
        text.contains("matched \"render\" in the last message (assistant)"),
        "{text}"
    );
    // The fourth message back is out of reach.
    let transcript = Transcript::new()
        .user("render")
        .assistant("a")
        .user_blocks("b")
        .assistant_string("c")
        .write(&project, "t2.jsonl");
    assert!(run_prompt(&project, "s2", transcript.to_str().expect("utf-8"), "yes").is_none());
}

#[test]
fn noise_lines_are_skipped_every_line_type() {
    let project = render_project();
    let transcript = Transcript::new()
        .summary("render summary")
        .user("fine")
        .tool_use("Bash", serde_json::json!({"command": "python3 -m manim render"}))
        .tool_result("manim render output")
        .attachment("<project-knowledge path=\"docs/rules/render.md\"> render")
        .meta("render reminder")
        .sidechain("render in a sub-agent")
        .line(serde_json::json!({"type": "system", "content": "render"}))
        .line(serde_json::json!({"type": "progress", "data": "render"}))
        .assistant("all good")
        .raw("{\"type\":\"user\",\"message\":{\"content\":\"render (a line still being written")
        .write(&project, "t.jsonl");
    assert!(run_prompt(&project, "s1", transcript.to_str().expect("utf-8"), "ok").is_none());
}

#[test]
fn a_5_mb_line_a_truncated_line_and_a_missing_transcript() {
    let project = render_project();
    let big = format!("{} render", "x ".repeat(2_600_000));
    let transcript = Transcript::new()
        .user(&big)
        .raw("{\"type\":\"assis")
        .write(&project, "t.jsonl");
    assert!(std::fs::metadata(&transcript).expect("size").len() > 5_000_000);
    let text =
        run_prompt(&project, "s1", transcript.to_str().expect("utf-8"), "ok").expect("the big line is read");
    assert!(text.contains("last message (user)"), "{text}");
    assert!(run_prompt(&project, "s2", "/nonexistent/x.jsonl", "render").is_some());
    assert!(run_prompt(&project, "s3", "", "render").is_some());
}

#[test]
fn cjk_keywords_patterns_and_paths() {
    let toml = "[[inject.domains]]\nname = \"voiceover\"\nkeywords = [\"金句\", \"语气\"]\nfiles = [\"v.md\"]\n\
        [[inject.domains]]\nname = \"render\"\npatterns = [\"\\\\blet's render\\\\b\"]\npaths = [\"src/render/**\"]\nfiles = [\"r/*.md\"]\n";
    let project = project(
        toml,
        &[
            ("v.md", "voice rules\n"),
            ("r/a.md", "render a\n"),
            ("r/b.md", "render b\n"),
        ],
    );
    let text = run_prompt(&project, "s1", NONE, "这段的金句要更有力").expect("cjk");
    assert!(text.contains("v.md") && text.contains("\"金句\""), "{text}");
    let text = run_prompt(&project, "s1", NONE, "OK, LET'S RENDER").expect("pattern");
    assert!(text.contains("r/a.md") && text.contains("r/b.md"), "{text}");
    let text = run_prompt(&project, "s2", NONE, "look at `src/render/scene.py`").expect("path");
    assert!(
        text.contains("path `src/render/scene.py` in the prompt"),
        "{text}"
    );
    let transcript = Transcript::new()
        .user("fix it")
        .tool_use(
            "Edit",
            serde_json::json!({"file_path": "src/render/x.py", "old_string": "a"}),
        )
        .write(&project, "t.jsonl");
    let text =
        run_prompt(&project, "s3", transcript.to_str().expect("utf-8"), "go on").expect("touched path");
    assert!(text.contains("a recent tool call"), "{text}");
}

#[test]
fn over_budget_the_strongest_first_whole_lines_and_a_closing_line() {
    let big: String = (1..=400)
        .map(|i| format!("- design rule {i}: keep it tidy\n"))
        .collect();
    let toml = format!(
        "[inject]\nbudget = 3000\n{}{}",
        domain("render", &["render"], &["render.md"]),
        domain("design", &["design", "layout"], &["design.md"])
    );
    let project = project(&toml, &[("render.md", "render rule\n"), ("design.md", &big)]);
    let text = run_prompt(&project, "s1", NONE, "design the layout, then render").expect("injected");
    assert!(text.chars().count() <= 3000, "{}", text.chars().count());
    let design = text.find("path=\"design.md\"").expect("design first");
    assert!(design < text.find("path=\"render.md\"").unwrap_or(usize::MAX));
    assert!(
        text.lines()
            .filter(|l| l.starts_with("- design rule"))
            .all(|l| l.ends_with("keep it tidy"))
    );
    assert!(
        text.contains("Left out to stay within the 3000-character budget: design.md (lines "),
        "{text}"
    );
    assert!(text.contains("Read tool"), "{text}");
}

#[test]
fn the_largest_budget_stays_under_claude_codes_cap() {
    let big: String = (1..=3000).map(|i| format!("rule {i}\n")).collect();
    let toml = format!(
        "[inject]\nbudget = 9500\n{}",
        domain("d", &["go"], &["a.md", "b.md"])
    );
    let project = project(&toml, &[("a.md", &big), ("b.md", &big)]);
    let text = run_prompt(&project, "s1", NONE, "go").expect("injected");
    assert!(text.chars().count() <= 9500);
}

#[test]
fn two_hooks_at_once_on_one_session_inject_each_file_once() {
    let toml = format!(
        "{}{}",
        domain("a", &["alpha"], &["a.md"]),
        domain("b", &["beta"], &["b.md"])
    );
    let project = project(&toml, &[("a.md", "rule a\n"), ("b.md", "rule b\n")]);
    for round in 0..5 {
        let session = format!("s{round}");
        let body = prompt(&session, NONE, "alpha and beta");
        let texts: Vec<Option<String>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4)
                .map(|_| scope.spawn(|| context(project.hook("prompt", &body, &[]), "UserPromptSubmit")))
                .collect();
            handles.into_iter().map(|h| h.join().expect("thread")).collect()
        });
        let all: String = texts.into_iter().flatten().collect();
        assert_eq!(all.matches("rule a").count(), 1, "round {round}: {all}");
        assert_eq!(all.matches("rule b").count(), 1, "round {round}: {all}");
    }
}

#[test]
fn files_outside_the_repository_are_never_injected() {
    let project = project(&domain("d", &["go"], &["link.md"]), &[]);
    std::fs::write(project.outer().join("secret.md"), "secret\n").expect("write");
    #[cfg(unix)]
    std::os::unix::fs::symlink(project.outer().join("secret.md"), project.path("link.md")).expect("link");
    assert!(run_prompt(&project, "s1", NONE, "go").is_none());
}

#[test]
fn debug_log_one_line_per_decision() {
    let project = render_project();
    let env = [("LEARNINGS_DEBUG", "1")];
    project
        .hook("prompt", &prompt("s1", NONE, "nothing here"), &env)
        .code(0);
    project
        .hook("prompt", &prompt("s1", NONE, "render"), &env)
        .code(0);
    project
        .hook("prompt", &prompt("s1", NONE, "render"), &env)
        .code(0);
    let log = project.read(".learnings/debug.log");
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 3, "{log}");
    assert!(lines[0].ends_with("prompt s1 SKIP no match"), "{log}");
    assert!(lines[1].contains("prompt s1 INJECT render "), "{log}");
    assert!(lines[1].ends_with(" chars"), "{log}");
    assert!(lines[2].ends_with("SKIP already injected render"), "{log}");
    project.hook("prompt", &prompt("s9", NONE, "render"), &[]).code(0);
    assert_eq!(
        project.read(".learnings/debug.log").lines().count(),
        3,
        "off without the variable"
    );
    project.hook("prompt", b"garbage", &env).code(0);
    project.hook("stop", b"{}", &env).code(0);
    project
        .hook(
            "post-task",
            br#"{"session_id":"s1","tool_input":{"name":"nobody"}}"#,
            &env,
        )
        .code(0);
    let log = project.read(".learnings/debug.log");
    let lines: Vec<&str> = log.lines().skip(3).collect();
    assert!(lines[0].ends_with(" prompt - SKIP malformed input"), "{log}");
    assert!(lines[1].ends_with(" stop - SKIP nothing to learn"), "{log}");
    assert!(
        lines[2].ends_with(" post-task s1 SKIP not a LearningAgent"),
        "{log}"
    );
}
