//! `learnings enforce explain "COMMAND"`: the rewritten or blocked command and the rule.

use super::{Project, RULES};

#[test]
fn a_rewrite_names_the_rule() {
    let run = Project::new(RULES)
        .explain("cd x && python3 -m manim a.py")
        .code(0);
    assert_eq!(
        run.stdout,
        "command:   cd x && python3 -m manim a.py\n\
         rewritten: cd x && .venv/bin/python -m manim a.py\n  \
         rule enforce.rewrite[1]: `python3 -m manim` -> `.venv/bin/python -m manim`\n"
    );
}

#[test]
fn a_block_names_the_rule_and_the_reason() {
    let run = Project::new(RULES).explain("git push --force").code(0);
    assert_eq!(
        run.stdout,
        "command:   git push --force\n\
         blocked:   git push --force\n  \
         rule enforce.block[1]: `\\bgit push --force\\b`\n  \
         reason: force-push rewrites shared history; use --force-with-lease\n"
    );
}

#[test]
fn unchanged_and_unparsed_commands_say_so() {
    let project = Project::new(RULES);
    let run = project.explain("python3 -m manimlib").code(0);
    assert!(
        run.stdout.contains("unchanged: no [enforce] rule applies"),
        "{}",
        run.stdout
    );
    let run = project.explain("python3 -m manim 'open").code(0);
    assert_eq!(
        run.stdout,
        "command:   python3 -m manim 'open\n\
         unchanged: the command could not be read in full (the shell parser gave up on it); no \
         block rule matches its text, and a rewrite needs the parse: it runs as written\n"
    );
}

#[test]
fn a_block_read_loosely_says_the_command_could_not_be_read_in_full() {
    let command = "git push --force; select x in a; do break; done";
    let run = Project::new(RULES).explain(command).code(0);
    assert_eq!(
        run.stdout,
        format!(
            "command:   {command}\n\
             blocked:   git push --force\n  \
             rule enforce.block[1]: `\\bgit push --force\\b`\n  \
             reason: force-push rewrites shared history; use --force-with-lease\n  \
             read loosely: the command could not be read in full (the shell parser gave up on \
             it), so the rule was matched against its text\n"
        )
    );
    let json = Project::new(RULES).explain_json(command).code(0).json();
    assert_eq!(json["decision"], "blocked");
    assert_eq!(json["detail"]["read"], "loosely");
    assert_eq!(json["detail"]["unread"], "the shell parser gave up on it");
}

#[test]
fn env_variables_are_shown() {
    let run = Project::new("[enforce.env]\nDISPLAY = \":0\"\n")
        .explain("ls")
        .code(0);
    assert!(
        run.stdout.contains("rewritten: export DISPLAY=:0; ls"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("[enforce.env]: `export DISPLAY=:0;`"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_bad_rule_is_named_and_the_hook_s_reading_explained() {
    // As the hook reads it: the broken rule is off (named, with its line), the rest applies.
    let cases = [
        (
            "[[enforce.block]]\npattern = \"(\"\nreason = \"r\"\n",
            "learnings.toml:2: [[enforce.block]] `pattern`: bad regex `(`",
        ),
        (
            "[[enforce.rewrite]]\nfrom = \"a 'b'\"\nto = \"x\"\n",
            "learnings.toml:2: [[enforce.rewrite]] `from`",
        ),
        (
            "[enforce.env]\n\"A-B\" = \"x\"\n",
            "learnings.toml:2: [enforce.env] `A-B`: not a variable name",
        ),
        (
            "[[enforce.block]]\npatern = \"x\"\nreason = \"r\"\n",
            "learnings.toml:2: unknown key `patern` in [[enforce.block]]; did you mean `pattern`?",
        ),
    ];
    for (config, want) in cases {
        let run = Project::new(config).explain("ls").code(0);
        assert!(run.stderr.contains(want), "{config}: {}", run.stderr);
        assert!(run.stdout.contains("unchanged"), "{}", run.stdout);
    }
}
