//! `learnings.toml`: any text through the strict parser and the reader that keeps the valid
//! parts, and what reads their result; and a syntax error costs only its own table: a block
//! rule written after any text that names no `enforce` table is read.
#![no_main]

use learnings::config::Config;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines = text.lines().count();
    let (lenient, problems) = Config::read_text(text);
    for problem in &problems {
        assert!(problem.line >= 1 && problem.line <= lines + 1, "{problem} of {lines} lines");
        assert!(!problem.message.contains('\n'), "problem is not one line: {problem}");
        let _ = problem.to_string();
    }
    let _ = lenient.limit_rules();
    let _ = lenient.enforce.rules();
    match Config::parse(text) {
        Ok(config) => {
            assert!(problems.is_empty(), "parse accepted what read_text faulted: {problems:?}");
            let _ = config.limit_rules();
            let rules = config.enforce.compile().expect("parsed rules compile again");
            let _ = rules.compile_all();
        }
        Err(message) => {
            assert!(!problems.is_empty(), "parse refused what read_text accepted: {message}");
            assert!(!message.contains('\n'), "error is not one line: {message}");
        }
    }
    // An escape could spell `enforce` in a quoted key; a text naming it may clash with the rule.
    if !text.to_ascii_lowercase().contains("enforce") && !text.contains("\\u") && !text.contains("\\U") {
        let after = format!("{text}\n[[enforce.block]]\npattern = 'zz-fuzz'\n");
        let (config, _) = Config::read_text(&after);
        assert!(
            config.enforce.block.iter().any(|rule| rule.pattern == "zz-fuzz"),
            "the block rule after the text is lost"
        );
    }
});
