//! The shell parser of the PreToolUse hook, through the enforce decision with a fixed set of
//! rules (rewrites, blocks, variables), and the explanation rendered from each decision.
#![no_main]

use learnings::config::Config;
use learnings::enforce::{self, Decision, Rules, explain, shell};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

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

/// The rules with variables, and the same without (the path that parses only when needed).
fn rules() -> &'static (Rules, Rules) {
    static RULES_PAIR: OnceLock<(Rules, Rules)> = OnceLock::new();
    RULES_PAIR.get_or_init(|| {
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
        (compile(&format!("{RULES}{env}")), compile(RULES))
    })
}

fn check(rules: &Rules, command: &str, parses: bool) {
    let decision = enforce::decide(rules, command);
    let mut out = Vec::new();
    explain::render(command, &decision, &mut out).expect("render to a Vec");
    match &decision {
        Decision::Blocked(blocked) => {
            let _ = explain::deny_reason(blocked);
        }
        Decision::Rewritten(rewritten) => {
            let _ = explain::rewrite_context(rewritten);
            assert!(rewritten.command.ends_with(command) || !rewritten.applied.is_empty());
            if parses {
                assert!(
                    shell::parse(&rewritten.command).is_some(),
                    "a rewrite of a command that parses does not parse: {command:?} -> {:?}",
                    rewritten.command
                );
            }
        }
        Decision::Unparsed => assert!(!parses, "parsed, yet Unparsed: {command:?}"),
        Decision::Unchanged => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let (with_env, without_env) = rules();
    let Ok(command) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = shell::parse(command);
    if let Some(commands) = &parsed {
        for simple in shell::with_nested(commands.clone()) {
            let _ = simple.text();
            let _ = simple.match_text();
        }
    }
    let _ = shell::plain_words(command);
    check(with_env, command, parsed.is_some());
    check(without_env, command, parsed.is_some());
});
