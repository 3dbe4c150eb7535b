//! `learnings.toml`: any text through the configuration parser and what reads the result.
#![no_main]

use learnings::config::Config;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Config::parse(text) {
        Ok(config) => {
            let _ = config.limit_rules();
            let rules = config.enforce.compile().expect("parsed rules compile again");
            let _ = rules.compile_all();
        }
        Err(message) => assert!(!message.contains('\n'), "error is not one line: {message}"),
    }
});
