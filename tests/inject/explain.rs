//! `learnings inject explain` and `learnings doctor`.

use super::fixture::*;
use crate::hooks::project::{PLUGIN_ROOT, Project};

#[test]
fn explain_names_the_word_the_message_the_files_and_the_budget() {
    let big: String = (1..=400).map(|i| format!("- design rule {i}\n")).collect();
    let toml = format!(
        "[inject]\nbudget = 2000\n{}{}",
        domain("render", &["render"], &["render.md"]),
        domain("design", &["layout"], &["design.md", "gone.md"])
    );
    let project = project(&toml, &[("render.md", "render rule\n"), ("design.md", &big)]);
    let transcript = Transcript::new()
        .assistant("Shall we fix the layout?")
        .write(&project, "t.jsonl");
    let run = project
        .run(&[
            "inject",
            "explain",
            "yes, render",
            "--transcript",
            transcript.to_str().expect("utf-8"),
        ])
        .code(0);
    let out = run.stdout;
    assert!(
        out.contains("Read: the last message (assistant): Shall we fix the layout?"),
        "{out}"
    );
    assert!(
        out.contains("render (score 4): matched \"render\" in the prompt"),
        "{out}"
    );
    assert!(
        out.contains("design (score 3): matched \"layout\" in the last message (assistant)"),
        "{out}"
    );
    assert!(
        out.contains("render.md (12 chars, render): injected whole"),
        "{out}"
    );
    assert!(out.contains("design.md ("), "{out}");
    assert!(out.contains("cut by the budget after line"), "{out}");
    assert!(out.contains("gone.md: not injected"), "{out}");
    assert!(out.contains("of a 2000-character budget"), "{out}");
    // Explain never writes the state; with --session it reads it.
    assert!(!project.path(".learnings").exists());
    run_prompt(&project, "s1", "", "render").expect("injected");
    let out = project
        .run(&["inject", "explain", "render", "--session", "s1"])
        .code(0)
        .stdout;
    assert!(out.contains("already injected in this session"), "{out}");
    assert!(out.contains("Nothing new to inject"), "{out}");
    let out = project
        .run(&["inject", "explain", "nothing", "--text"])
        .code(0)
        .stdout;
    assert!(out.contains("No domain matches"), "{out}");
    let out = project
        .run(&["inject", "explain", "render", "--text"])
        .code(0)
        .stdout;
    assert!(out.contains("<project-knowledge path=\"render.md\">"), "{out}");
}

#[test]
fn explain_errors_are_clear() {
    // The hook's reading: a bad budget is named and the default budget stands in.
    let project = project("[inject]\nbudget = 10\n", &[]);
    let run = project.run(&["inject", "explain", "x"]).code(2);
    assert!(
        run.stderr
            .contains("learnings.toml:2: `inject.budget`: 10 is out of range"),
        "{}",
        run.stderr
    );
    let run = Project::new().run(&["inject", "explain", "x"]).code(2);
    assert!(run.stderr.contains("no [[inject.domains]]"), "{}", run.stderr);
    let project = render_project();
    let run = project
        .run(&["inject", "explain", "x", "--transcript", "nope.jsonl"])
        .code(2);
    assert!(run.stderr.contains("nope.jsonl: no such file"), "{}", run.stderr);
}

#[test]
fn doctor_checks_config_files_hooks_and_fixes_old_agent_files() {
    let toml = domain("render", &["render"], &["render.md", "docs/*.md"]);
    let project = project(&toml, &[]);
    project.write(
        ".claude/agents/reviewer.md",
        "---\nname: reviewer\ndescription: \"Reviews.\"\n---\n\n!`learnings agent instructions reviewer`\n",
    );
    let run = project.run(&["doctor", "--plugin-root", PLUGIN_ROOT]).code(1);
    let out = run.stdout;
    assert!(
        out.contains(
            "FIX   domain files: learnings.toml: line 4: `inject.domains[0].files`: `render.md`: no such file"
        ),
        "{out}"
    );
    assert!(out.contains("`docs/*.md`: matches no file"), "{out}");
    assert!(
        out.contains("FIX   agent file: .claude/agents/reviewer.md"),
        "{out}"
    );
    assert!(out.contains("binary: "), "{out}");
    assert!(out.contains("hooks: "), "{out}");
    project.write("render.md", "r\n");
    project.write("docs/a.md", "a\n");
    let out = project
        .run(&["doctor", "--fix", "--plugin-root", PLUGIN_ROOT])
        .stdout;
    assert!(
        out.contains("fixed agent file: .claude/agents/reviewer.md"),
        "{out}"
    );
    let agent = project.read(".claude/agents/reviewer.md");
    assert!(
        agent.starts_with(
            "---\nname: reviewer\ndescription: \"Reviews.\"\n---\n\nYou are the `reviewer` LearningAgent"
        ),
        "{agent}"
    );
    assert!(!agent.contains("!`"), "{agent}");
    let out = project.run(&["doctor", "--plugin-root", PLUGIN_ROOT]).stdout;
    assert!(
        out.contains("ok    domain files: all 2 configured files exist"),
        "{out}"
    );
    assert!(!out.contains("agent file"), "{out}");
    let bad = super::fixture::project("[inject]\nbudget = 1\n", &[]);
    let out = bad.run(&["doctor"]).code(1).stdout;
    assert!(
        out.contains("FIX   config: ") && out.contains("`inject.budget`"),
        "{out}"
    );
}
