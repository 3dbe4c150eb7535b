//! The decision: precise on what parses, closed on what does not, open for rewrites.

use super::*;

const RULES: &str = r#"
[[rewrite]]
from = "python3 -m manim"
to = ".venv/bin/python -m manim"

[[block]]
pattern = '\bgit push --force\b'
reason = "shared history"

[[block]]
pattern = '^rm -rf /'
reason = "the disk"
"#;

fn rules(text: &str) -> Rules {
    let config: EnforceConfig = toml::from_str(text).expect("toml");
    config.compile().expect("rules")
}

/// The rule that blocks `command`, and how it was read; `None` when it is not blocked.
fn blocked(command: &str) -> Option<(usize, Match)> {
    match decide(&rules(RULES), command) {
        Decision::Blocked(b) => Some((b.rule, b.by)),
        _ => None,
    }
}

const SELECT: &str = "; select x in a; do break; done";

#[test]
fn the_four_bypasses_are_denied_reading_the_text() {
    let loose = |why| Some((1, Match::Loose(why)));
    let parens = format!("{}true{}", "(".repeat(17), ")".repeat(17));
    for (command, want) in [
        (format!("git push --force{SELECT}"), loose(Unread::GaveUp)),
        (
            format!("git push --force{SELECT}; {parens}"),
            loose(Unread::GaveUp),
        ),
        (
            "git push --force; echo 99999999999>/dev/null".into(),
            loose(Unread::GaveUp),
        ),
        (
            "git push --force; echo ~-99999999999999999999".into(),
            loose(Unread::GaveUp),
        ),
        (
            "git push --force; echo ${e[${e[${e[${e[${e[${e[0]}]}]}]}]}]}".into(),
            loose(Unread::GaveUp),
        ),
    ] {
        assert_eq!(blocked(&command), want, "{command}");
    }
}

#[test]
fn quoting_tricks_in_an_unparsable_command_still_match() {
    for command in [
        "g'i't push \"--force\"",
        "$'\\x67it' push --force",
        "git push --for\\ce",
        "git   push\t\\\n--force",
        "ls;git push --force|cat",
        "echo `git push --force`",
        "(git push --force)",
        "git push 2>/dev/null --force",
        "bash -c 'git push --force'",
    ] {
        let command = format!("{command}{SELECT}");
        assert_eq!(
            blocked(&command),
            Some((1, Match::Loose(Unread::GaveUp))),
            "{command}"
        );
    }
    // `^` matches at any word of the loose reading: after `do`, `FOO=1`, `sudo`.
    for command in [
        "select x in a; do rm -rf /; done",
        "FOO=1 rm -rf /; select x in a; do :; done",
    ] {
        assert_eq!(
            blocked(command),
            Some((2, Match::Loose(Unread::GaveUp))),
            "{command}"
        );
    }
}

#[test]
fn a_command_that_parses_keeps_the_precise_reading() {
    for command in [
        "git commit -m \"no git push --force\"",
        "echo 'rm -rf /'",
        "git push --force-with-lease",
        "sudo rm -rf /tmp/x",
    ] {
        assert_eq!(blocked(command), None, "{command}");
    }
    assert_eq!(blocked("git push --force"), Some((1, Match::Parsed)));
    // Unparsable, the same mention is read as a command: blocks fail closed.
    let mention = format!("git commit -m \"no git push --force\"{SELECT}");
    assert_eq!(blocked(&mention), Some((1, Match::Loose(Unread::GaveUp))));
}

#[test]
fn a_nested_script_that_cannot_be_read_makes_the_command_read_loosely() {
    let command = "bash -c 'git push --force; select x in a; do break; done'";
    assert_eq!(blocked(command), Some((1, Match::Loose(Unread::Nested))));
    let deep = "echo $(echo $(echo $(echo $(echo $(git push --force)))))";
    assert_eq!(blocked(deep), Some((1, Match::Loose(Unread::Nested))));
    // The text still holds whole words only: the command's own parse stands.
    assert_eq!(
        blocked("git push --force-with-lease; bash -c 'ls; select x in a; do break; done'"),
        None
    );
}

#[test]
fn past_the_deadline_blocks_read_the_text_and_rewrites_fail_open() {
    let rules = rules(RULES);
    let decision = decide_within(&rules, "git push --force origin", Duration::ZERO);
    let Decision::Blocked(b) = decision else {
        panic!("{decision:?}");
    };
    assert_eq!((b.rule, b.by), (1, Match::Loose(Unread::TimedOut)));
    assert_eq!(b.matched, "git push --force origin");
    assert_eq!(
        decide_within(&rules, "python3 -m manim a.py", Duration::ZERO),
        Decision::Unparsed(Unread::TimedOut)
    );
    // Nothing to parse for: the deadline does not matter.
    assert_eq!(decide_within(&rules, "ls", Duration::ZERO), Decision::Unchanged);
    // Unparsable, a rewrite fails open: the command runs as typed.
    assert_eq!(
        decide(&rules, &format!("python3 -m manim a.py{SELECT}")),
        Decision::Unparsed(Unread::GaveUp)
    );
}

#[test]
fn a_pattern_too_big_to_compile_denies_what_may_match_it() {
    let rules = rules("[[block]]\npattern = 'git push \\w{1000}'\nreason = \"r\"\n");
    assert!(
        rules
            .compile_all()
            .is_err_and(|e| e.contains("too big to compile"))
    );
    let decision = decide(&rules, "git push --force");
    assert!(
        matches!(&decision, Decision::Blocked(b) if b.by == Match::Broken),
        "{decision:?}"
    );
    // A command without its literal cannot match it.
    assert_eq!(decide(&rules, "ls -la"), Decision::Unchanged);
}

/// The block rules of the `shell` fuzz target.
const FUZZ_BLOCKS: &str = r#"
[[block]]
pattern = '\bgit push --force\b'
reason = "not here"

[[block]]
pattern = '^rm -rf (/|~)'
reason = "not here"

[[block]]
pattern = '\bcurl\b.*\bsh\b'
reason = "not here"

[[block]]
pattern = '^(sudo|doas) '
reason = "not here"

[[block]]
pattern = '\bnpm (i|install) (\S+)'
reason = "not here"
"#;

#[test]
fn on_the_fuzz_corpus_the_loose_reading_denies_whatever_the_parse_denies() {
    // What the `shell` fuzz target checks on every input, here on the inputs it kept: blocks fail
    // closed, so reading a command without its parse must never let through what the parse
    // would have denied.
    let rules = rules(FUZZ_BLOCKS);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/shell");
    let mut checked = 0;
    let mut missed = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the corpus") {
        let Ok(command) = std::fs::read_to_string(entry.expect("entry").path()) else {
            continue;
        };
        let parsed = decide_within(&rules, &command, Duration::from_secs(3600));
        if !matches!(&parsed, Decision::Blocked(b) if b.by == Match::Parsed) {
            continue;
        }
        checked += 1;
        if !matches!(
            decide_within(&rules, &command, Duration::ZERO),
            Decision::Blocked(_)
        ) {
            missed.push(command);
        }
    }
    assert!(checked > 50, "{checked} denied by the parse");
    assert!(missed.is_empty(), "{} of {checked}: {missed:?}", missed.len());
}
