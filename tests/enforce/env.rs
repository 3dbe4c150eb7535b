//! `[enforce.env]`: variables set for every command, as an `export` prefix.

use super::Project;

#[test]
fn variables_go_on_as_a_prefix_reaching_every_command() {
    let project = Project::new("[enforce.env]\nDISPLAY = \":0\"\nMPLBACKEND = \"Agg\"\n");
    assert_eq!(
        project.rewritten("cd x && make | tee log").as_deref(),
        Some("export DISPLAY=:0 MPLBACKEND=Agg; cd x && make | tee log")
    );
    // Variables alone do not talk to the model on every call.
    let answer = project.answer("ls");
    assert!(
        answer["hookSpecificOutput"].get("additionalContext").is_none(),
        "{answer}"
    );
}

#[test]
fn values_are_quoted_and_the_commands_own_assignment_still_wins() {
    let project = Project::new("[enforce.env]\nMSG = \"it's a b\"\nEMPTY = \"\"\n");
    let command = project.rewritten("MSG=mine printenv MSG").expect("rewritten");
    assert_eq!(
        command,
        "export EMPTY='' MSG='it'\\''s a b'; MSG=mine printenv MSG"
    );
    let out = std::process::Command::new("sh")
        .args(["-c", &command])
        .output()
        .expect("sh");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "mine\n");
    let out = std::process::Command::new("sh")
        .args(["-c", &project.rewritten("printenv MSG").expect("rewritten")])
        .output()
        .expect("sh");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "it's a b\n");
}

#[test]
fn with_rewrites_the_prefix_comes_first() {
    let project = Project::new(
        "[[enforce.rewrite]]\nfrom = \"python3 -m manim\"\nto = \".venv/bin/python -m manim\"\n[enforce.env]\nDISPLAY = \":0\"\n",
    );
    assert_eq!(
        project.rewritten("python3 -m manim a.py").as_deref(),
        Some("export DISPLAY=:0; .venv/bin/python -m manim a.py")
    );
}
