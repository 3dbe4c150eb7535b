//! A syntax error loses nothing silently (issue 27, item 5), through the binary: an unclosed
//! array or `"""` in block rule 2 costs that rule only, so block rule 3 and the domain after it
//! keep working; the lost rule is named by line and is loud: SessionStart shows it first and
//! `doctor` fails on it.

use crate::common::run_env;
use crate::enforce::Project;
use serde_json::{Value, json};

/// Issue 27's file: block rule 2 (lines 5 to 7) holds `broken` on line 6.
fn config(broken: &str) -> String {
    format!(
        r#"[[enforce.block]]
pattern = '\bgit push --force\b'
reason = "force-push rewrites shared history"

[[enforce.block]]
{broken}
reason = "it drops work"

[[enforce.block]]
pattern = 'rm -rf /'
reason = "never"

[[inject.domains]]
name = "render"
keywords = ["render"]
files = ["render.md"]
"#
    )
}

fn denied(answer: &Value) -> bool {
    answer["hookSpecificOutput"]["permissionDecision"] == "deny"
}

/// SessionStart's message to the user.
fn told(project: &Project) -> String {
    let start = json!({"session_id": "s1", "source": "startup", "hook_event_name": "SessionStart"});
    let run = run_env(
        project.path(),
        &["hook", "session-start"],
        Some(start.to_string().as_bytes()),
        &[],
    )
    .code(0);
    run.json()["systemMessage"]
        .as_str()
        .expect("systemMessage")
        .to_owned()
}

/// The context the prompt hook gives for `prompt`.
fn injected(project: &Project, prompt: &str) -> String {
    let input = json!({"session_id": "s2", "prompt": prompt, "hook_event_name": "UserPromptSubmit"});
    let run = run_env(
        project.path(),
        &["hook", "prompt"],
        Some(input.to_string().as_bytes()),
        &[],
    )
    .code(0);
    run.json()["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn an_unclosed_array_or_string_in_rule_2_costs_only_rule_2() {
    for (broken, why) in [
        ("pattern = ['\\bgit reset --hard\\b',", "unclosed array"),
        (
            "pattern = \"\"\"\\bgit reset --hard\\b",
            "unclosed `\"\"\"` string",
        ),
    ] {
        let project = Project::new(&config(broken));
        std::fs::write(project.path().join("render.md"), "Render with the GPU.\n").expect("write");
        assert!(
            denied(&project.answer("rm -rf /")),
            "{broken}: rule 3 still blocks"
        );
        assert!(
            denied(&project.answer("git push --force")),
            "{broken}: rule 1 too"
        );
        assert_eq!(project.answer("git reset --hard"), json!({}), "rule 2 is off");
        assert!(
            injected(&project, "render the scene").contains("Render with the GPU."),
            "{broken}: the domain after it still works"
        );

        let line = format!("line 6: block rule 2 could not be read in full ({why}");
        let message = told(&project);
        assert!(message.contains(&line), "{message}");
        assert!(
            message.contains("it blocks nothing until this line is fixed"),
            "{message}"
        );
        assert!(!message.contains('\n'), "{message}");

        let doctor = run_env(project.path(), &["doctor"], None, &[]);
        assert_eq!(doctor.code, 1, "{}", doctor.stdout);
        let named = format!("learnings.toml:6: block rule 2 could not be read in full ({why}");
        assert!(doctor.stdout.contains(&named), "{}", doctor.stdout);
        assert!(
            doctor
                .stdout
                .contains("kept: 2 block, 0 rewrite rules, 1 domain)"),
            "{}",
            doctor.stdout
        );
        // One problem: the errors toml finds after the unclosed value are not told one by one.
        assert_eq!(
            doctor.stdout.matches("learnings.toml:").count(),
            1,
            "{}",
            doctor.stdout
        );
    }
}

#[test]
fn a_rule_whose_pattern_line_is_whole_still_blocks() {
    let project = Project::new(&config(
        "pattern = '\\bgit reset --hard\\b'\nnote = [\"unclosed\",",
    ));
    assert!(denied(&project.answer("git reset --hard HEAD")));
    assert!(denied(&project.answer("rm -rf /")));
    let doctor = run_env(project.path(), &["doctor"], None, &[]);
    assert_eq!(doctor.code, 1, "{}", doctor.stdout);
    assert!(
        doctor.stdout.contains(
            "learnings.toml:7: block rule 2 could not be read in full (unclosed array: `]` is missing); this line is left out until fixed; its pattern was read: it still blocks"
        ),
        "{}",
        doctor.stdout
    );
}

#[test]
fn a_lost_block_rule_is_told_before_other_problems() {
    // Three problems on earlier lines, then a block rule whose header does not read.
    let project = Project::new(
        "[consolidation]\nsise = 1\nstalenes = 2\n[learning]\nenabeld = true\n\n[[enforce.block\npattern = 'rm -rf /'\n",
    );
    let message = told(&project);
    assert!(message.contains("4 problems"), "{message}");
    let first = message.find("line 7: ").expect("the lost rule is shown");
    assert!(
        first < message.find("line 2: ").unwrap_or(usize::MAX),
        "{message}"
    );
    assert!(
        message.contains(
            "line 7: the 1st [[enforce.block]] could not be read (unclosed header: `]]` is missing); it blocks nothing until this line is fixed"
        ),
        "{message}"
    );
}

#[test]
fn a_header_inside_a_multi_line_string_is_named() {
    // Valid TOML: the `"""` left open in rule 1 ends at rule 2's reason, so rule 2 is text.
    let project = Project::new(
        "[[enforce.block]]\npattern = 'git push --force'\nreason = \"\"\"no\n\n[[enforce.block]]\npattern = 'rm -rf /'\nreason = \"\"\"\n",
    );
    let doctor = run_env(project.path(), &["doctor"], None, &[]);
    assert_eq!(doctor.code, 1, "{}", doctor.stdout);
    assert!(
        doctor.stdout.contains(
            "learnings.toml:5: a [[enforce.block]] header is inside the multi-line string opened on line 3, so it starts no table (its block rule blocks nothing); close the string before it"
        ),
        "{}",
        doctor.stdout
    );
    assert!(told(&project).contains("line 5: a [[enforce.block]] header"));
}
