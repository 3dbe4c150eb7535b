//! `hooks/run.sh`, the wrapper every hook command goes through. Without the binary, or with one
//! older than the plugin, every hook prints one JSON object and exits 0, and SessionStart alone
//! says how to install or update it. With the binary, the wrapper execs it (a kill at Claude
//! Code's timeout must reach it), so the binary's own answer and exit code are the hook's.

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
    let path = format!("{}:/usr/bin:/bin", bin.display());
    let root = ("CLAUDE_PLUGIN_ROOT", Path::new("/plugins/learn \"ings\""));
    run(bin, &path, bin, event, stdin, root)
}

/// `sh hooks/run.sh EVENT` in `dir` with only `path`, `HOME` and `extra` in its environment.
fn run(
    dir: &Path,
    path: &str,
    home: &Path,
    event: &str,
    stdin: &[u8],
    extra: (&str, &Path),
) -> (i32, String, String) {
    let mut child = Command::new("sh")
        .arg(Path::new(PLUGIN_ROOT).join("hooks/run.sh"))
        .arg(event)
        .current_dir(dir)
        .env_clear()
        .env("PATH", path)
        .env("HOME", home)
        .env(extra.0, extra.1)
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

/// `sh hooks/run.sh EVENT` as [`wrapper`] does it, with `{}` on stdin: the pid of the process
/// started, its exit code and its stdout.
fn wrapper_pid(bin: &Path, event: &str) -> (u32, i32, String) {
    let mut child = Command::new("sh")
        .arg(Path::new(PLUGIN_ROOT).join("hooks/run.sh"))
        .arg(event)
        .current_dir(bin)
        .env_clear()
        .env("PATH", format!("{}:/usr/bin:/bin", bin.display()))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh");
    let pid = child.id();
    let _ = child.stdin.take().expect("stdin").write_all(b"{}");
    let out = child.wait_with_output().expect("wait");
    (
        pid,
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
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
    // What an older release does with a hook it does not know: `{}` and exit code 0 (every
    // release answers so; clap's exit code 2 would block every Bash call on PreToolUse).
    let old = bin_with(Some(
        "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'learnings 0.0.9'; exit 0; fi\necho 'learnings: hook: unrecognized subcommand' >&2\necho '{}'\n",
    ));
    for event in EVENTS {
        let (code, stdout, stderr) = wrapper(old.path(), event, b"{}");
        assert_eq!(code, 0, "{event}");
        assert!(
            stderr.is_empty(),
            "{event}: the binary's stderr is not the client's: {stderr}"
        );
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
fn the_binary_replaces_the_wrapper_so_that_a_kill_reaches_it() {
    // `$$` of the binary (a script here) is the pid of the process the client started.
    let bin = bin_with(Some(
        "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'learnings 99.0.0'; exit 0; fi\ncat >/dev/null\necho \"{\\\"pid\\\": $$}\"\n",
    ));
    for event in EVENTS {
        let (pid, code, stdout) = wrapper_pid(bin.path(), event);
        assert_eq!(code, 0, "{event}");
        assert_eq!(
            json(&stdout)["pid"],
            pid,
            "{event}: the binary runs as the hook's own process"
        );
    }
}

#[test]
fn a_binary_that_crashes_is_a_hook_error_that_blocks_nothing() {
    // An abort the binary cannot catch: Claude Code shows a non-blocking "hook error" for any
    // exit code but 2, and goes ahead as with `{}`.
    let crashing = bin_with(Some(
        "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'learnings 99.0.0'; exit 0; fi\nkill -ABRT $$\n",
    ));
    for event in EVENTS {
        let (code, stdout, _) = wrapper(crashing.path(), event, b"{}");
        assert_ne!(code, 0, "{event}");
        assert_ne!(code, 2, "{event}: exit code 2 would block");
        assert_eq!(stdout, "", "{event}");
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

/// `sh hooks/run.sh EVENT` in `project`, with `bin` first on PATH and `home` as HOME.
fn wrapper_in(project: &Path, bin: &Path, home: &Path, event: &str, stdin: &[u8]) -> (i32, String) {
    let path = format!("{}:/bin", bin.display());
    let (code, stdout, _) = run(
        project,
        &path,
        home,
        event,
        stdin,
        ("CLAUDE_PROJECT_DIR", project),
    );
    (code, stdout)
}

#[test]
fn without_learnings_on_path_the_one_npx_or_uvx_has_cached_runs_from_home_never_the_projects() {
    // Issue 31: after `npx learnings demo` (or `uvx learnings`), the hooks work without an
    // install. The stand-ins record where they were started and run the real binary.
    let project = tempfile::tempdir().expect("temp");
    std::fs::create_dir(project.path().join(".git")).expect("git");
    std::fs::write(
        project.path().join("learnings.toml"),
        "[[enforce.block]]\npattern = 'git push --force'\nreason = \"no\"\n",
    )
    .expect("config");
    // What a cloned repository can carry: it must never run.
    let planted = project.path().join("node_modules/.bin");
    std::fs::create_dir_all(&planted).expect("dir");
    let home = tempfile::tempdir().expect("home");
    let input = br#"{"tool_name":"Bash","tool_input":{"command":"git push --force"}}"#;
    for (tool, args) in [
        ("npx", "--no-install learnings"),
        ("uvx", "--offline --no-config --quiet learnings"),
    ] {
        let bin = tempfile::tempdir().expect("bin");
        let log = bin.path().join("calls");
        let script = format!(
            "#!/bin/sh\necho \"$(pwd) $*\" >> '{}'\nshift {}\nexec '{}' \"$@\"\n",
            log.display(),
            args.split(' ').count(),
            env!("CARGO_BIN_EXE_learnings")
        );
        let path = bin.path().join(tool);
        std::fs::write(&path, script).expect("script");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        std::fs::write(planted.join("learnings"), "#!/bin/sh\ntouch pwned\n").expect("plant");
        let (code, stdout) = wrapper_in(project.path(), bin.path(), home.path(), "pre-tool", input);
        assert_eq!(code, 0, "{tool}");
        assert_eq!(
            json(&stdout)["hookSpecificOutput"]["permissionDecision"],
            "deny",
            "{tool}: the project's block rule applies"
        );
        let calls = std::fs::read_to_string(&log).expect("calls");
        let home_dir = home.path().display().to_string();
        assert!(
            calls
                .lines()
                .all(|l| l.starts_with(&format!("{home_dir} {args}"))),
            "{tool} runs from HOME with {args}: {calls}"
        );
        assert!(!project.path().join("pwned").exists());
        assert!(!home.path().join("pwned").exists());
    }
}
