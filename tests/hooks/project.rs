//! A temporary Claude Code project with LearningAgents, and the hook runs on it.
//!
//! The project sits in a subfolder of its temp dir, so that a write outside the project (by a
//! path escape) shows up in [`Project::snapshot`] too.

use crate::common::{Run, run_env};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The repository root: the plugin root whose `doc/` holds the real reminder.
pub const PLUGIN_ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A project in `<temp>/project`.
pub struct Project {
    temp: tempfile::TempDir,
    root: PathBuf,
}

impl Project {
    /// An empty project.
    pub fn new() -> Project {
        let temp = tempfile::tempdir().expect("temp dir");
        let root = temp.path().join("project");
        std::fs::create_dir_all(&root).expect("project dir");
        Project { temp, root }
    }

    /// A project with the LearningAgent folders `names`.
    pub fn with_agents(names: &[&str]) -> Project {
        let project = Project::new();
        for name in names {
            project.mkdir(&format!(".deepwork/learning-agents/{name}"));
        }
        project
    }

    /// The project root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The temp dir around the project.
    pub fn outer(&self) -> &Path {
        self.temp.path()
    }

    /// `rel` inside the project.
    pub fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }

    /// Creates a folder inside the project.
    pub fn mkdir(&self, rel: &str) -> PathBuf {
        let path = self.path(rel);
        std::fs::create_dir_all(&path).expect("mkdir");
        path
    }

    /// Writes a file inside the project (creating folders).
    pub fn write(&self, rel: &str, contents: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, contents).expect("write");
    }

    /// Reads a file inside the project.
    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap_or_else(|e| panic!("read {rel}: {e}"))
    }

    /// The log folder of a session, relative.
    pub fn log(session: &str, agent_id: &str) -> String {
        format!(".deepwork/tmp/agent_sessions/{session}/{agent_id}")
    }

    /// `learnings hook post-task` in the project, with the plugin's reminder.
    pub fn post_task(&self, stdin: &[u8]) -> Run {
        self.hook("post-task", stdin, &[("CLAUDE_PLUGIN_ROOT", PLUGIN_ROOT)])
    }

    /// `learnings hook stop` in the project.
    pub fn stop(&self, stdin: &[u8]) -> Run {
        self.hook("stop", stdin, &[])
    }

    /// `learnings hook EVENT` in the project with extra environment.
    pub fn hook(&self, event: &str, stdin: &[u8], env: &[(&str, &str)]) -> Run {
        run_env(&self.root, &["hook", event], Some(stdin), env)
    }

    /// `learnings ARGS` in the project.
    pub fn run(&self, args: &[&str]) -> Run {
        run_env(&self.root, args, None, &[])
    }

    /// Every path under the temp dir with its content (files) or target (links), sorted.
    pub fn snapshot(&self) -> BTreeMap<String, String> {
        let mut all = BTreeMap::new();
        walk(self.temp.path(), self.temp.path(), &mut all);
        all
    }
}

fn walk(base: &Path, dir: &Path, all: &mut BTreeMap<String, String>) {
    for entry in std::fs::read_dir(dir).expect("read dir").flatten() {
        let path = entry.path();
        let rel = path
            .strip_prefix(base)
            .expect("inside")
            .to_string_lossy()
            .into_owned();
        let kind = entry.file_type().expect("file type");
        if kind.is_symlink() {
            let target = std::fs::read_link(&path).expect("link");
            all.insert(rel, format!("-> {}", target.display()));
        } else if kind.is_dir() {
            all.insert(format!("{rel}/"), String::new());
            walk(base, &path, all);
        } else {
            all.insert(
                rel,
                String::from_utf8_lossy(&std::fs::read(&path).expect("read")).into_owned(),
            );
        }
    }
}

/// A PostToolUse input for a sub-agent call.
pub fn input(session: &str, name: &str, agent_id: &str) -> Vec<u8> {
    serde_json::json!({
        "session_id": session,
        "transcript_path": "/nonexistent/transcript.jsonl",
        "hook_event_name": "PostToolUse",
        "tool_name": "Agent",
        "tool_input": {"name": name, "description": "review", "prompt": "Review the change"},
        "tool_response": {"agentId": agent_id, "content": [{"type": "text", "text": "done"}]}
    })
    .to_string()
    .into_bytes()
}

/// Asserts an answer of `{}` with exit code 0.
pub fn assert_empty(run: Run) {
    let run = run.code(0);
    assert_eq!(run.stdout.trim(), "{}", "stderr: {}", run.stderr);
}

/// Asserts a `YYYY-MM-DDTHH:MM:SSZ` timestamp followed by one newline.
pub fn assert_timestamp(text: &str) {
    let line = text.strip_suffix('\n').expect("one trailing newline");
    assert_eq!(line.len(), 20, "{line:?}");
    assert!(
        chrono::NaiveDateTime::parse_from_str(line, "%Y-%m-%dT%H:%M:%SZ").is_ok(),
        "{line:?}"
    );
}
