//! The shell parser of the PreToolUse hook, through the enforce decision with a fixed set of
//! rules (rewrites, blocks, variables), and the explanation rendered from each decision.
#![no_main]

use learnings::enforce::config::{BlockRule, RewriteRule};
use learnings::enforce::{self, Decision, EnforceConfig, Rules, explain, shell};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn rewrite(from: &str, to: &str) -> RewriteRule {
    RewriteRule {
        from: from.into(),
        to: to.into(),
        reason: Some(format!("use {to}")),
    }
}

fn block(pattern: &str, suggest: Option<&str>) -> BlockRule {
    BlockRule {
        pattern: pattern.into(),
        reason: "not here".into(),
        suggest: suggest.map(str::to_owned),
    }
}

/// The rules with variables, and the same without (the path that parses only when needed).
fn rules() -> &'static (Rules, Rules) {
    static RULES: OnceLock<(Rules, Rules)> = OnceLock::new();
    RULES.get_or_init(|| {
        let mut config = EnforceConfig {
            rewrite: vec![
                rewrite("python3 -m manim", ".venv/bin/python -m manim"),
                rewrite("pip", "uv pip"),
                rewrite("make", "make -j2 && echo 'done'"),
                // A rewrite into a blocked command must be blocked.
                rewrite("deploy", "git push --force origin main"),
            ],
            block: vec![
                block(r"\bgit push --force\b", Some("git push --force-with-lease")),
                block(r"^rm -rf (/|~)", None),
                block(r"\bcurl\b.*\bsh\b", None),
                block(r"^(sudo|doas) ", Some("")),
                block(r"\bnpm (i|install) (\S+)", Some("pnpm add $2")),
            ],
            env: [("DISPLAY", ":0"), ("LANG", "C.UTF-8 it's")]
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
        };
        let with_env = config.compile().expect("rules compile");
        with_env.compile_all().expect("patterns compile");
        config.env.clear();
        let without_env = config.compile().expect("rules compile");
        (with_env, without_env)
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
    let (with_env, without_env) = rules();
    check(with_env, command, parsed.is_some());
    check(without_env, command, parsed.is_some());
});
