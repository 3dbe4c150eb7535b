//! Every page tried as a new user would: each `learnings` command the README and the book
//! (`docs/src`) quote runs as written in a kept demo repository, with no usage error and an
//! exit code that the exit-codes page documents for that command (never 2).
//!
//! Which lines are commands, per fenced block whose info string starts with `sh`, `console` or
//! `text`:
//! - a block with a line starting `$ ` is a terminal session: only its `$ learnings …` lines
//!   are commands (the other lines are output);
//! - any other block: every line starting `learnings ` is a command.
//!
//! A block that must not run (it installs something, or needs a real Claude Code session) says
//! so in its info string: ```` ```sh,ignore ````. mdBook renders it as plain `sh`.
//!
//! The commands run in page order (SUMMARY.md, then the README) through `bash -o pipefail -c`,
//! so globs, pipes and redirections work as in the reader's shell, one after the other in the
//! same demo repository, with HOME, the data folders and Claude Code's folder in a temp dir: a
//! command with side effects (`install-hook`, `learn forget`) touches only the temp demo.
//! `learnings demo …` runs in a folder of its own, not inside the demo.

use crate::common::bin_dir;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A command quoted on a page.
#[derive(Debug)]
pub struct Quoted {
    pub page: String,
    pub line: usize,
    pub command: String,
}

/// The pages in reading order: the book's chapters as SUMMARY.md lists them, then the README.
pub fn pages() -> Vec<PathBuf> {
    let src = Path::new(ROOT).join("docs/src");
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).expect("SUMMARY.md");
    let mut pages: Vec<PathBuf> = summary
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .filter(|link| link.ends_with(".md"))
        .map(|link| src.join(link))
        .collect();
    pages.push(Path::new(ROOT).join("README.md"));
    pages
}

/// The commands of one page's text, by the rules of this module's docs.
pub fn commands(page: &str, text: &str) -> Vec<Quoted> {
    let mut found = Vec::new();
    let mut block: Option<(bool, Vec<(usize, &str)>)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            match block.take() {
                Some((runnable, lines)) => {
                    if runnable {
                        found.extend(block_commands(page, &lines));
                    }
                }
                None => {
                    let mut parts = info.trim().split([',', ' ']);
                    let lang = parts.next().unwrap_or("");
                    let ignored = parts.any(|p| p == "ignore");
                    let runnable = matches!(lang, "sh" | "console" | "text") && !ignored;
                    block = Some((runnable, Vec::new()));
                }
            }
        } else if let Some((_, lines)) = &mut block {
            lines.push((i + 1, trimmed));
        }
    }
    found
}

fn block_commands(page: &str, lines: &[(usize, &str)]) -> Vec<Quoted> {
    let session = lines.iter().any(|(_, l)| l.starts_with("$ "));
    lines
        .iter()
        .filter_map(|(n, l)| {
            let command = if session { l.strip_prefix("$ ")? } else { l };
            command.starts_with("learnings ").then(|| Quoted {
                page: page.to_owned(),
                line: *n,
                command: command.trim().to_owned(),
            })
        })
        .collect()
}

/// The exit codes each command may return, from the exit-codes page's "By command" table.
pub fn documented_codes() -> BTreeMap<String, Vec<i32>> {
    let page = std::fs::read_to_string(Path::new(ROOT).join("docs/src/reference/exit-codes.md"))
        .expect("exit-codes page");
    let table = page.split("## By command").nth(1).expect("a By command table");
    table
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let codes = cells[2]
                .split(',')
                .map(|c| c.trim().parse().expect("a code"))
                .collect();
            (cells[1].trim_matches('`').to_owned(), codes)
        })
        .collect()
}

/// The subcommand of a command line: the first word after `learnings` that is not an option
/// (or the value of `-C`).
fn subcommand(command: &str) -> String {
    let mut words = command.split_whitespace().skip(1);
    while let Some(word) = words.next() {
        if word == "-C" {
            words.next();
        } else if !word.starts_with('-') {
            return word.to_owned();
        }
    }
    String::new()
}

struct Sandbox {
    _tmp: tempfile::TempDir,
    home: PathBuf,
    demo: PathBuf,
    elsewhere: PathBuf,
}

impl Sandbox {
    fn new() -> Sandbox {
        let tmp = tempfile::tempdir().expect("tmp");
        let home = tmp.path().join("home");
        let elsewhere = tmp.path().join("elsewhere");
        std::fs::create_dir_all(&home).expect("home");
        std::fs::create_dir_all(&elsewhere).expect("elsewhere");
        let sandbox = Sandbox {
            demo: tmp.path().join("demo"),
            home,
            elsewhere,
            _tmp: tmp,
        };
        let made = sandbox.run(tmp_parent(&sandbox.demo), "learnings demo --keep demo");
        assert_eq!(made.0, 0, "the demo: {}", made.2);
        sandbox
    }

    /// Runs `line` in `dir`; returns the exit code, stdout and stderr.
    fn run(&self, dir: &Path, line: &str) -> (i32, String, String) {
        let mut path = std::ffi::OsString::from(bin_dir());
        path.push(":");
        path.push(std::env::var_os("PATH").unwrap_or_default());
        let output = Command::new("bash")
            .args(["-o", "pipefail", "-c", line])
            .current_dir(dir)
            .env_clear()
            .env("PATH", path)
            .env("HOME", &self.home)
            .env("XDG_DATA_HOME", self.home.join(".local/share"))
            .env("XDG_CONFIG_HOME", self.home.join(".config"))
            .env("CLAUDE_CONFIG_DIR", self.home.join(".claude"))
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("LC_ALL", "C.UTF-8")
            .stdin(Stdio::null())
            .output()
            .expect("run bash");
        (
            output.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    }
}

fn tmp_parent(path: &Path) -> &Path {
    path.parent().expect("a parent")
}

#[test]
fn every_quoted_command_runs_on_the_demo_as_written() {
    let codes = documented_codes();
    let mut quoted = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        // A generated page (the command reference) shows syntax, not commands to paste.
        if text.starts_with("<!-- generated") {
            continue;
        }
        let name = page.strip_prefix(ROOT).unwrap_or(&page).display().to_string();
        quoted.extend(commands(&name, &text));
    }
    assert!(quoted.len() >= 40, "only {} commands found", quoted.len());
    let sandbox = Sandbox::new();
    let mut failures = Vec::new();
    for q in &quoted {
        let sub = subcommand(&q.command);
        // `learnings --version` and `learnings --help` name no command: they exit 0.
        let bare = vec![0];
        let allowed = if sub.is_empty() {
            Some(&bare)
        } else {
            codes.get(&sub)
        };
        let Some(allowed) = allowed else {
            failures.push(format!(
                "{}:{}: `{}`: `{sub}` is not on the exit-codes page",
                q.page, q.line, q.command
            ));
            continue;
        };
        let dir = if sub == "demo" {
            &sandbox.elsewhere
        } else {
            &sandbox.demo
        };
        let (code, stdout, stderr) = sandbox.run(dir, &q.command);
        let usage = stderr.contains("Usage:") || stderr.contains("unexpected argument");
        if code == 2 || usage || !allowed.contains(&code) {
            failures.push(format!(
                "{}:{}: `{}` exited {code} (documented: {allowed:?})\nstdout: {}\nstderr: {}",
                q.page,
                q.line,
                q.command,
                stdout.chars().take(400).collect::<String>(),
                stderr.chars().take(600).collect::<String>()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} commands failed:\n\n{}",
        failures.len(),
        quoted.len(),
        failures.join("\n\n")
    );
}

#[test]
fn commands_are_found_by_the_documented_rules() {
    let page = "```sh\nlearnings ages   # a comment\ncargo test\n```\n\n```text\n$ learnings plan\nlearnings plan: output, not a command\n```\n\n```sh,ignore\nlearnings install-hook\n```\n\n```toml\nlearnings = \"x\"\n```\n";
    let found: Vec<String> = commands("p", page).into_iter().map(|q| q.command).collect();
    assert_eq!(found, ["learnings ages   # a comment", "learnings plan"]);
    assert_eq!(subcommand("learnings -C demo report --format svg"), "report");
}

#[test]
fn every_command_has_documented_exit_codes() {
    let codes = documented_codes();
    for (command, allowed) in &codes {
        assert!(allowed.contains(&0), "{command}: {allowed:?}");
    }
    assert_eq!(codes.get("hook"), Some(&vec![0]));
    // Every subcommand the binary knows is on the page.
    let help = crate::common::run_in(Path::new(ROOT), &["--help"], None)
        .code(0)
        .stdout;
    let listed = help.split("Commands:").nth(1).expect("a command list");
    for line in listed.lines().take_while(|l| !l.trim().is_empty()) {
        let name = line.split_whitespace().next().unwrap_or("");
        if !name.is_empty() && name != "help" {
            assert!(codes.contains_key(name), "`{name}` is not on the exit-codes page");
        }
    }
}
