//! The shell parser of the PreToolUse hook, through the enforce decision with a fixed set of
//! rules (rewrites, blocks, variables), and the explanation rendered from each decision. The
//! parse is timed by libFuzzer (`-timeout=10`), so it is called without the hook's deadline; the
//! decision is taken twice more as if the deadline had passed (the loose reading), and with
//! block rules alone that reading must deny whatever the parse denies: blocks fail closed.
#![no_main]

use learnings::config::Config;
use learnings::enforce::{self, Decision, Match, Rules, Unread, explain, shell};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use std::time::Duration;

/// Long enough never to pass: libFuzzer's `-timeout` is the judge of a slow parse.
const NO_DEADLINE: Duration = Duration::from_secs(24 * 3600);

/// The rules, read as a project writes them (so the target follows the rule types' changes).
const RULES: &str = r#"
[[enforce.rewrite]]
from = "python3 -m manim"
to = ".venv/bin/python -m manim"
reason = "the venv"

[[enforce.rewrite]]
from = "pip"
to = "uv pip"

[[enforce.rewrite]]
from = "make"
to = "make -j2 && echo 'done'"

# A rewrite into a blocked command must be blocked.
[[enforce.rewrite]]
from = "deploy"
to = "git push --force origin main"

[[enforce.block]]
pattern = '\bgit push --force\b'
reason = "not here"
suggest = "git push --force-with-lease"

[[enforce.block]]
pattern = '^rm -rf (/|~)'
reason = "not here"

[[enforce.block]]
pattern = '\bcurl\b.*\bsh\b'
reason = "not here"

[[enforce.block]]
pattern = '^(sudo|doas) '
reason = "not here"
suggest = ""

[[enforce.block]]
pattern = '\bnpm (i|install) (\S+)'
reason = "not here"
suggest = "pnpm add $2"
"#;

/// The block rules alone: the loose reading must deny whatever the parse denies.
const BLOCKS: &str = r#"
[[enforce.block]]
pattern = '\bgit push --force\b'
reason = "not here"

[[enforce.block]]
pattern = '^rm -rf (/|~)'
reason = "not here"

[[enforce.block]]
pattern = '\bcurl\b.*\bsh\b'
reason = "not here"

[[enforce.block]]
pattern = '^(sudo|doas) '
reason = "not here"

[[enforce.block]]
pattern = '\bnpm (i|install) (\S+)'
reason = "not here"
"#;

/// The rules with variables, the same without (the path that parses only when needed), and the
/// block rules alone.
fn rules() -> &'static (Rules, Rules, Rules) {
    static RULES_SET: OnceLock<(Rules, Rules, Rules)> = OnceLock::new();
    RULES_SET.get_or_init(|| {
        // `shell::parse` catches brush-parser's panics; libfuzzer-sys's hook would abort on
        // them before they are caught. A panic that escapes still aborts (libfuzzer-sys).
        drop(std::panic::take_hook());
        let env = "[enforce.env]\nDISPLAY = \":0\"\nLANG = \"C.UTF-8 it's\"\n";
        let compile = |text: &str| {
            let config = Config::parse(text).expect("the rules parse");
            let rules = config.enforce.compile().expect("rules compile");
            rules.compile_all().expect("patterns compile");
            rules
        };
        (
            compile(&format!("{RULES}{env}")),
            compile(RULES),
            compile(BLOCKS),
        )
    })
}

fn check(rules: &Rules, command: &str, parses: bool) {
    let decision = enforce::decide_within(rules, command, NO_DEADLINE);
    render(command, &decision);
    match &decision {
        Decision::Rewritten(rewritten) => {
            assert!(rewritten.command.ends_with(command) || !rewritten.applied.is_empty());
            if parses {
                assert!(
                    shell::parse(&rewritten.command).is_some(),
                    "a rewrite of a command that parses does not parse: {command:?} -> {:?}",
                    rewritten.command
                );
            }
        }
        Decision::Unparsed(why) => assert!(
            !parses || *why == Unread::Nested,
            "parsed, yet unread ({why:?}): {command:?}"
        ),
        Decision::Unchanged | Decision::Blocked(_) => {}
    }
    // As if the parse had run out of time: never a rewrite, and nothing from the parse.
    let loose = enforce::decide_within(rules, command, Duration::ZERO);
    render(command, &loose);
    match &loose {
        Decision::Blocked(b) => assert_ne!(b.by, Match::Parsed, "{command:?}"),
        Decision::Unparsed(why) => assert_eq!(*why, Unread::TimedOut, "{command:?}"),
        Decision::Rewritten(r) => assert!(r.applied.is_empty(), "{command:?}"),
        Decision::Unchanged => {}
    }
}

/// With block rules alone: whatever the parse denies, the loose reading denies too.
fn check_fails_closed(rules: &Rules, command: &str) {
    let parsed = enforce::decide_within(rules, command, NO_DEADLINE);
    if matches!(&parsed, Decision::Blocked(b) if b.by == Match::Parsed) {
        let loose = enforce::decide_within(rules, command, Duration::ZERO);
        assert!(
            matches!(loose, Decision::Blocked(_)),
            "the parse denies {command:?}, its loose reading does not: {parsed:?}"
        );
    }
}

fn render(command: &str, decision: &Decision) {
    let mut out = Vec::new();
    explain::render(command, decision, &mut out).expect("render to a Vec");
    let _ = explain::json(command, decision);
    if let Decision::Blocked(blocked) = decision {
        let _ = explain::deny_reason(blocked);
    }
    if let Decision::Rewritten(rewritten) = decision {
        let _ = explain::rewrite_context(rewritten);
    }
}

fuzz_target!(|data: &[u8]| {
    let (with_env, without_env, blocks) = rules();
    let Ok(command) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = shell::parse(command);
    if let Some(commands) = &parsed {
        for simple in shell::with_nested(commands.clone()).commands {
            let _ = simple.text();
            let _ = simple.match_text();
        }
    }
    let _ = shell::plain_words(command);
    check(with_env, command, parsed.is_some());
    check(without_env, command, parsed.is_some());
    check_fails_closed(blocks, command);
});
