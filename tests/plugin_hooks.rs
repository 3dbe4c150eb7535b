//! `hooks/run.sh`, the wrapper every hook command goes through: it fails open. Whatever the
//! binary does (missing, older than the plugin, failing), the hook prints one JSON object and
//! exits 0, and SessionStart alone says how to install the binary.

use crate::hooks::project::PLUGIN_ROOT;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const EVENTS: [&str; 6] = [
    "session-start",
    "prompt",
    "subagent-start",
    "pre-tool",
    "post-task",
    "stop",
];

/// `sh hooks/run.sh EVENT` with `bin` as the only extra PATH entry (before the system's).
fn wrapper(bin: &Path, event: &str, stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new("sh")
        .arg(Path::new(PLUGIN_ROOT).join("hooks/run.sh"))
        .arg(event)
        .current_dir(bin)
        .env_clear()
        .env("PATH", format!("{}:/usr/bin:/bin", bin.display()))
        .env("HOME", bin)
        .env("CLAUDE_PLUGIN_ROOT", "/plugins/learn \"ings\"")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh");
    // The wrapper may not read stdin (no binary): that is its right.
    let _ = child.stdin.take().expect("stdin").write_all(stdin);
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A folder with `learnings` as a link to the built binary, or as a script.
fn bin_with(script: Option<&str>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp");
    let path = dir.path().join("learnings");
    match script {
        None => std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_learnings"), &path).expect("link"),
        Some(text) => {
            std::fs::write(&path, text).expect("script");
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        }
    }
    dir
}

fn json(stdout: &str) -> serde_json::Value {
    serde_json::from_str(stdout).unwrap_or_else(|e| panic!("{e}: {stdout:?}"))
}

#[test]
fn the_wrapper_knows_the_plugin_version() {
    let script = std::fs::read_to_string(Path::new(PLUGIN_ROOT).join("hooks/run.sh")).expect("run.sh");
    assert!(
        script.contains(&format!("\nPLUGIN_VERSION={}\n", env!("CARGO_PKG_VERSION"))),
        "hooks/run.sh PLUGIN_VERSION must be the crate's version"
    );
}

#[test]
fn with_the_binary_every_event_answers_the_binarys_json() {
    let bin = bin_with(None);
    for event in EVENTS {
        let (code, stdout, stderr) = wrapper(bin.path(), event, b"{}");
        assert_eq!(code, 0, "{event}: {stderr}");
        assert_eq!(json(&stdout), serde_json::json!({}), "{event}");
    }
    let input = br#"{"tool_name":"Bash","tool_input":{"command":"git push --force"}}"#;
    std::fs::write(
        bin.path().join("learnings.toml"),
        "[[enforce.block]]\npattern = 'git push --force'\nreason = \"no\"\n",
    )
    .expect("config");
    let (_, stdout, _) = wrapper(bin.path(), "pre-tool", input);
    assert_eq!(json(&stdout)["hookSpecificOutput"]["permissionDecision"], "deny");
}

#[test]
fn without_the_binary_hooks_do_nothing_and_session_start_says_how_to_install() {
    let empty = tempfile::tempdir().expect("temp");
    for event in EVENTS {
        let (code, stdout, stderr) = wrapper(empty.path(), event, b"{}");
        assert_eq!(code, 0, "{event}: {stderr}");
        let answer = json(&stdout);
        if event == "session-start" {
            let message = answer["systemMessage"].as_str().expect("message");
            assert!(message.contains("not on PATH"), "{message}");
            // The wheel first (no Rust needed), then uv, then cargo from the plugin's folder.
            assert!(message.contains("pip install --upgrade learnings"), "{message}");
            assert!(
                message.contains("uv tool install --upgrade learnings"),
                "{message}"
            );
            assert!(
                message.contains("cargo install --locked --path \"/plugins/learn \"ings\"\""),
                "{message}"
            );
        } else {
            assert_eq!(
                answer,
                serde_json::json!({}),
                "{event}: one message only, at session start"
            );
        }
    }
}

#[test]
fn an_older_binary_never_blocks_and_session_start_says_to_update() {
    // What an old binary does with a hook it does not know: clap's usage error, exit code 2,
    // which on PreToolUse would block every Bash call.
    let old = bin_with(Some(
        "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'learnings 0.0.9'; exit 0; fi\necho 'error: unrecognized subcommand' >&2\nexit 2\n",
    ));
    for event in EVENTS {
        let (code, stdout, _) = wrapper(old.path(), event, b"{}");
        assert_eq!(code, 0, "{event}");
        let answer = json(&stdout);
        if event == "session-start" {
            let message = answer["systemMessage"].as_str().expect("message");
            assert!(
                message.contains("version 0.0.9, older than the plugin"),
                "{message}"
            );
        } else {
            assert_eq!(answer, serde_json::json!({}), "{event}");
        }
    }
}

#[test]
fn a_newer_binary_is_fine() {
    let newer = bin_with(Some(
        "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'learnings 99.0.0'; exit 0; fi\ncat >/dev/null\necho '{\"systemMessage\":\"hi\"}'\n",
    ));
    let (code, stdout, _) = wrapper(newer.path(), "session-start", b"{}");
    assert_eq!(code, 0);
    assert_eq!(json(&stdout)["systemMessage"], "hi");
}
