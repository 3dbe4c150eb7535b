//! A config error never turns off what is not broken (issue 19, item 3), through the binary: a
//! misspelt key, a misspelt table, an unknown section, a bad regex and a missing domain file,
//! each beside valid rules that keep working; SessionStart tells the model and the user, and
//! `doctor` names every line and exits non-zero.

use crate::common::{Repo, run_env};
use crate::enforce::Project;
use serde_json::{Value, json};

/// Issue 19's case: a misspelt key in one block rule (line 3), a bad regex in another (line 6),
/// a valid block and a valid rewrite.
const CONFIG: &str = r#"[[enforce.block]]
pattern = '\bgit push --force\b'
reasn = "force-push rewrites shared history"

[[enforce.block]]
pattern = "rm -rf (/"
reason = "never"

[[enforce.block]]
pattern = '\bgit reset --hard\b'
reason = "it drops work"

[[enforce.rewrite]]
from = "python3 -m manim"
to = ".venv/bin/python -m manim"
"#;

fn denied(answer: &Value) -> Option<String> {
    let specific = &answer["hookSpecificOutput"];
    (specific["permissionDecision"] == "deny").then(|| {
        specific["permissionDecisionReason"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    })
}

#[test]
fn a_misspelt_key_and_a_bad_regex_leave_every_other_rule_working() {
    let project = Project::new(CONFIG);
    // The rule with the misspelt key still blocks, with the reason written under that key.
    let reason = denied(&project.answer("git push --force origin main")).expect("still blocks");
    assert!(reason.contains("force-push rewrites shared history"), "{reason}");
    let bare = Project::new("[[enforce.block]]\npattern = 'rm -rf /'\n");
    let reason = denied(&bare.answer("rm -rf /")).expect("blocks without a reason");
    assert!(reason.contains("learnings.toml (line 1)"), "{reason}");
    assert!(denied(&project.answer("git reset --hard HEAD~1")).is_some());
    assert_eq!(
        project.rewritten("python3 -m manim scene.py").as_deref(),
        Some(".venv/bin/python -m manim scene.py")
    );
    assert_eq!(project.answer("ls -la"), json!({}));
    assert_eq!(project.answer("git push --force-with-lease"), json!({}));

    // SessionStart tells the user and the model, in one line, with both lines.
    let start = json!({"session_id": "s1", "source": "startup", "hook_event_name": "SessionStart"});
    let run = run_env(
        project.path(),
        &["hook", "session-start"],
        Some(start.to_string().as_bytes()),
        &[],
    )
    .code(0);
    let answer = run.json();
    let told = answer["systemMessage"].as_str().expect("systemMessage");
    assert!(!told.contains('\n'), "{told}");
    assert!(told.contains("2 problems"), "{told}");
    assert!(
        told.contains("line 3: unknown key `reasn` in [[enforce.block]]; did you mean `reason`?"),
        "{told}"
    );
    assert!(
        told.contains("line 6: [[enforce.block]] `pattern`: bad regex"),
        "{told}"
    );
    let context = answer["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .expect("context");
    assert!(context.contains(told), "{context}");

    // doctor names both lines and exits non-zero.
    let doctor = run_env(project.path(), &["doctor"], None, &[]);
    assert_eq!(doctor.code, 1, "{}", doctor.stdout);
    assert!(
        doctor.stdout.contains("learnings.toml:3: unknown key `reasn`"),
        "{}",
        doctor.stdout
    );
    assert!(
        doctor
            .stdout
            .contains("learnings.toml:6: [[enforce.block]] `pattern`: bad regex"),
        "{}",
        doctor.stdout
    );
}

#[test]
fn a_misspelt_table_still_blocks_and_is_named() {
    let project = Project::new(
        "[[enforce.blocks]]\npattern = '\\bgit push --force\\b'\nreason = \"no\"\n\n[[enforce.rewrite]]\nfrom = \"a\"\nto = \"b\"\n",
    );
    let reason = denied(&project.answer("git push --force")).expect("blocks");
    assert!(reason.contains(": no\n"), "{reason}");
    assert_eq!(project.rewritten("a x").as_deref(), Some("b x"));
    let doctor = run_env(project.path(), &["doctor"], None, &[]);
    assert_eq!(doctor.code, 1);
    assert!(
        doctor
            .stdout
            .contains("learnings.toml:1: unknown key `blocks` in [enforce]; did you mean `block`?"),
        "{}",
        doctor.stdout
    );
}

#[test]
fn an_unknown_section_and_a_missing_domain_file_leave_the_rest_working() {
    let project = Project::new(
        "[injekt]\nbudget = 600\n\n[[inject.domains]]\nname = \"render\"\nkeywords = [\"render\"]\nfiles = [\"render.md\", \"gone.md\"]\n\n[[enforce.block]]\npattern = 'rm -rf /'\nreason = \"no\"\n",
    );
    std::fs::write(project.path().join("render.md"), "Render with the GPU.\n").expect("write");
    assert!(denied(&project.answer("rm -rf /")).is_some());
    let prompt =
        json!({"session_id": "s1", "prompt": "render the scene", "hook_event_name": "UserPromptSubmit"});
    let run = run_env(
        project.path(),
        &["hook", "prompt"],
        Some(prompt.to_string().as_bytes()),
        &[],
    )
    .code(0);
    let context = run.json()["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(context.contains("Render with the GPU."), "{}", run.stdout);
    let doctor = run_env(project.path(), &["doctor"], None, &[]);
    assert_eq!(doctor.code, 1);
    assert!(
        doctor
            .stdout
            .contains("learnings.toml:1: unknown key `injekt` at the top level; did you mean `inject`?"),
        "{}",
        doctor.stdout
    );
    assert!(
        doctor.stdout.contains("`gone.md`: no such file"),
        "{}",
        doctor.stdout
    );
}

#[test]
fn a_command_stops_only_on_the_sections_it_reads() {
    let repo = Repo::new();
    repo.commit_on(
        crate::common::day(0),
        "agents/learnings.md",
        crate::common::learnings_md(&["Alpha"]),
    );
    repo.write(
        "learnings.toml",
        "[[enforce.block]]\npattern = \"(\"\nreason = \"r\"\n",
    );
    let ages = repo.run(&["ages"]).code(0);
    assert!(
        ages.stderr
            .contains("warning: learnings.toml:2: [[enforce.block]] `pattern`: bad regex"),
        "{}",
        ages.stderr
    );
    // A syntax error is the problem of the section it is written in, once per line; the rule
    // keeps the lines that read.
    repo.write(
        "learnings.toml",
        "[[enforce.block]]\npattern = \"x\"\nreason = \"open\n\n[consolidation]\nsize = 10\n",
    );
    let ages = repo.run(&["ages"]).code(0);
    assert!(
        ages.stderr.contains(
            "learnings.toml:3: block rule 1 could not be read in full (unclosed string: `\"` is missing); this line is left out until fixed; its pattern was read: it still blocks"
        ),
        "{}",
        ages.stderr
    );
    repo.write("learnings.toml", "[consolidation]\nstaleness = = 3\n");
    let doctor = repo.run(&["doctor"]);
    assert_eq!(
        doctor.stdout.matches("learnings.toml:2:").count(),
        1,
        "{}",
        doctor.stdout
    );
    repo.run(&["ages"]).code(2);
    repo.write("learnings.toml", "[consolidation]\nsise = 3\n");
    let ages = repo.run(&["ages"]).code(2);
    assert!(
        ages.stderr
            .contains("learnings.toml:2: unknown key `sise` in [consolidation]; did you mean `size`?"),
        "{}",
        ages.stderr
    );
}
