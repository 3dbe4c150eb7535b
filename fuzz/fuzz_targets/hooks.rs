//! Hook JSON: any bytes on stdin of every hook handler, in a project with no `learnings.toml`
//! or with a small valid one. The answer must always be one JSON object.
//!
//! The first input byte picks the project (even: none, odd: the configured one); the rest is
//! stdin. Each run gets a fresh project and store, so a crash reproduces from its input alone.
#![no_main]

use learnings::hooks::protocol::Env;
use learnings::hooks::{clients, post_task, pre_tool, prompt, session_start, stop, subagent_start};
use libfuzzer_sys::fuzz_target;
use std::path::Path;
use std::sync::OnceLock;

const CONFIG: &str = r#"
learnings = "agents/learnings.md"

[[enforce.rewrite]]
from = "python3 -m manim"
to = ".venv/bin/python -m manim"
reason = "manim is installed in the venv"

[[enforce.block]]
pattern = '\bgit push --force\b'
reason = "force-push rewrites shared history"
suggest = "git push --force-with-lease"

[enforce.env]
DISPLAY = ":0"

[inject]
budget = 2000
always = ["agents/critical.md"]

[[inject.domains]]
name = "render"
keywords = ["render", "manim", ".venv", "金句"]
patterns = ["\\blet's render\\b"]
paths = ["src/render/**"]
files = ["docs/render.md"]
"#;

const LEARNINGS: &str = "# Learnings\n\nPreamble.\n\n## Cache the index\n\nUse `cargo test`.\n";

struct Scratch {
    _dir: tempfile::TempDir,
    base: std::path::PathBuf,
}

fn scratch() -> &'static Scratch {
    static SCRATCH: OnceLock<Scratch> = OnceLock::new();
    SCRATCH.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let base = dir.path().to_path_buf();
        // The store goes to the scratch folder, never to the user's data directory; set once,
        // before any handler runs.
        // SAFETY: single-threaded at this point (libFuzzer runs the target on one thread).
        unsafe {
            std::env::set_var("LEARNINGS_DATA_DIR", base.join("data"));
            std::env::remove_var("LEARNINGS_CAPTURE");
            std::env::remove_var("LEARNINGS_DEBUG");
        }
        Scratch { _dir: dir, base }
    })
}

fn write(root: &Path, path: &str, text: &str) {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

fn check(name: &str, json: String) {
    let value: serde_json::Value =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{name}: not JSON ({e}): {json}"));
    assert!(value.is_object(), "{name}: not an object: {json}");
    assert!(!json.contains('\n'), "{name}: not one line: {json}");
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, stdin)) = data.split_first() else {
        return;
    };
    let scratch = scratch();
    let root = scratch.base.join("project");
    let _ = std::fs::remove_dir_all(&root);
    let _ = std::fs::remove_dir_all(scratch.base.join("data"));
    std::fs::create_dir_all(&root).expect("mkdir");
    if mode % 2 == 1 {
        write(&root, "learnings.toml", CONFIG);
        write(&root, "agents/learnings.md", LEARNINGS);
        write(&root, "agents/critical.md", "Never force-push.\n");
        write(&root, "docs/render.md", "Render with the venv.\n");
        write(&root, "agents/reviewer/AGENT.md", "# reviewer\n");
    }
    let env_file = scratch.base.join("env");
    let _ = std::fs::remove_file(&env_file);
    let env = Env {
        project_dir: Some(root.clone()),
        plugin_root: None,
        env_file: Some(env_file.into_os_string()),
        ..Env::default()
    };
    let cwd = root.as_path();
    check("post-task", post_task::respond(Some(stdin), &env, cwd).to_json());
    check("stop", stop::respond(Some(stdin), &env, cwd).to_json());
    check("pre-tool", pre_tool::respond(Some(stdin), &env, cwd).to_json());
    // Every client's reading of the same input, and its answer in the client's words.
    for client in clients::Client::ALL {
        let read = clients::input(client, clients::Event::PreTool, stdin);
        let answer = pre_tool::respond(read.as_deref(), &env, cwd).to_json();
        check(client.name(), clients::output(client, clients::Event::PreTool, &answer).stdout);
    }
    let mended = learnings::hooks::unreadable::mend_surrogates(stdin);
    check("unreadable", pre_tool::unreadable(&mended, &env, cwd).to_json());
    check("prompt", prompt::respond(Some(stdin), &env, cwd).to_json());
    check("session-start", session_start::respond(Some(stdin), &env, cwd).to_json());
    check("subagent-start", subagent_start::respond(Some(stdin), &env, cwd).to_json());
});
