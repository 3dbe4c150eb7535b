//! Rewrites at command-word boundaries of every simple command; never inside quotes, heredocs
//! or a longer word.

use super::{Project, RULES};

fn rewrites(pairs: &[(&str, Option<&str>)]) {
    let project = Project::new(RULES);
    for (command, want) in pairs {
        assert_eq!(project.rewritten(command).as_deref(), *want, "{command}");
    }
}

#[test]
fn the_command_words_are_replaced_and_the_rest_is_kept() {
    rewrites(&[
        ("python3 -m manim", Some(".venv/bin/python -m manim")),
        (
            "python3 -m manim render scene.py -qh",
            Some(".venv/bin/python -m manim render scene.py -qh"),
        ),
        (
            "python3   -m  manim   a.py  # slow",
            Some(".venv/bin/python -m manim   a.py  # slow"),
        ),
        (
            "python3 -m manim \"my scene.py\" > log 2>&1",
            Some(".venv/bin/python -m manim \"my scene.py\" > log 2>&1"),
        ),
    ]);
}

#[test]
fn every_simple_command_of_lists_and_pipelines() {
    rewrites(&[
        (
            "cd x && python3 -m manim a.py | tee log",
            Some("cd x && .venv/bin/python -m manim a.py | tee log"),
        ),
        (
            "make || python3 -m manim a.py",
            Some("make || .venv/bin/python -m manim a.py"),
        ),
        (
            "python3 -m manim a.py; python3 -m manim b.py",
            Some(".venv/bin/python -m manim a.py; .venv/bin/python -m manim b.py"),
        ),
        (
            "ls | python3 -m manim - | wc -l",
            Some("ls | .venv/bin/python -m manim - | wc -l"),
        ),
        (
            "python3 -m manim a.py &\nwait",
            Some(".venv/bin/python -m manim a.py &\nwait"),
        ),
    ]);
}

#[test]
fn subshells_groups_and_compound_commands() {
    rewrites(&[
        (
            "(cd x && python3 -m manim a.py)",
            Some("(cd x && .venv/bin/python -m manim a.py)"),
        ),
        (
            "{ python3 -m manim a.py; }",
            Some("{ .venv/bin/python -m manim a.py; }"),
        ),
        (
            "for f in *.py; do python3 -m manim \"$f\"; done",
            Some("for f in *.py; do .venv/bin/python -m manim \"$f\"; done"),
        ),
        (
            "if test -f a.py; then python3 -m manim a.py; else echo none; fi",
            Some("if test -f a.py; then .venv/bin/python -m manim a.py; else echo none; fi"),
        ),
        (
            "while true; do python3 -m manim a; done",
            Some("while true; do .venv/bin/python -m manim a; done"),
        ),
    ]);
}

#[test]
fn never_inside_quotes() {
    rewrites(&[
        ("echo \"python3 -m manim\"", None),
        ("echo 'python3 -m manim a.py'", None),
        ("git commit -m \"use python3 -m manim\"", None),
        ("\"python3\" -m manim a.py", None),
        ("python3 -m 'manim' a.py", None),
        ("python3 -m \\manim a.py", None),
    ]);
}

#[test]
fn never_inside_heredocs() {
    rewrites(&[
        ("cat <<EOF\npython3 -m manim a.py\nEOF", None),
        ("cat <<'EOF' > run.sh\npython3 -m manim a.py\nEOF", None),
        (
            "python3 -m manim a.py <<EOF\npython3 -m manim b.py\nEOF",
            Some(".venv/bin/python -m manim a.py <<EOF\npython3 -m manim b.py\nEOF"),
        ),
    ]);
}

#[test]
fn never_part_of_a_longer_word() {
    rewrites(&[
        ("python3 -m manimlib", None),
        ("python3 -m manimlib render a.py", None),
        ("python3.11 -m manim a.py", None),
        ("xpython3 -m manim a.py", None),
        ("python3 -m manim_ext a.py", None),
        ("python3 -mmanim a.py", None),
        ("echo python3 -m manim", None),
        ("# python3 -m manim", None),
    ]);
}

#[test]
fn after_an_existing_env_prefix() {
    rewrites(&[
        (
            "FOO=1 python3 -m manim a.py",
            Some("FOO=1 .venv/bin/python -m manim a.py"),
        ),
        (
            "A=1 B='x y' python3 -m manim a.py",
            Some("A=1 B='x y' .venv/bin/python -m manim a.py"),
        ),
    ]);
}

#[test]
fn after_sudo_and_env_wrappers() {
    rewrites(&[
        (
            "sudo python3 -m manim a.py",
            Some("sudo .venv/bin/python -m manim a.py"),
        ),
        (
            "sudo -u bob -E python3 -m manim a.py",
            Some("sudo -u bob -E .venv/bin/python -m manim a.py"),
        ),
        (
            "env python3 -m manim a.py",
            Some("env .venv/bin/python -m manim a.py"),
        ),
        (
            "env -i FOO=1 python3 -m manim a.py",
            Some("env -i FOO=1 .venv/bin/python -m manim a.py"),
        ),
        (
            "sudo env FOO=1 nohup python3 -m manim a.py",
            Some("sudo env FOO=1 nohup .venv/bin/python -m manim a.py"),
        ),
        (
            "time python3 -m manim a.py",
            Some("time .venv/bin/python -m manim a.py"),
        ),
        ("sudo python3 -m manimlib", None),
    ]);
}

#[test]
fn text_before_the_command_in_any_script_keeps_its_bytes() {
    rewrites(&[
        (
            "echo 'héllo 金句' && python3 -m manim a.py",
            Some("echo 'héllo 金句' && .venv/bin/python -m manim a.py"),
        ),
        (
            "echo ü; python3 -m manim ü.py",
            Some("echo ü; .venv/bin/python -m manim ü.py"),
        ),
    ]);
}

#[test]
fn nested_scripts_are_not_rewritten() {
    // A rewrite inside `$(…)` or `bash -c '…'` would have to re-quote: they run as written.
    rewrites(&[
        ("echo $(python3 -m manim --version)", None),
        ("bash -c 'python3 -m manim a.py'", None),
    ]);
}

#[test]
fn a_command_that_does_not_parse_is_left_alone() {
    rewrites(&[
        ("python3 -m manim 'unterminated", None),
        ("python3 -m manim a.py &&", None),
        ("if then", None),
    ]);
}

#[test]
fn the_model_is_told_what_was_rewritten_and_why() {
    let project = Project::new(
        "[[enforce.rewrite]]\nfrom = \"python3 -m manim\"\nto = \".venv/bin/python -m manim\"\nreason = \"manim lives in the venv\"\n",
    );
    let answer = project.answer("python3 -m manim a.py");
    let context = answer["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .expect("context");
    assert!(
        context.contains("`python3 -m manim` -> `.venv/bin/python -m manim`: manim lives in the venv"),
        "{context}"
    );
    assert!(
        context.contains("The command that ran: .venv/bin/python -m manim a.py"),
        "{context}"
    );
}

#[test]
fn the_first_matching_rule_wins() {
    let project = Project::new(
        "[[enforce.rewrite]]\nfrom = \"npm test\"\nto = \"npm run test:fast\"\n\
         [[enforce.rewrite]]\nfrom = \"npm\"\nto = \"pnpm\"\n",
    );
    assert_eq!(
        project.rewritten("npm test -- -u").as_deref(),
        Some("npm run test:fast -- -u")
    );
    assert_eq!(project.rewritten("npm install").as_deref(), Some("pnpm install"));
    assert_eq!(project.rewritten("npmx install"), None);
}
