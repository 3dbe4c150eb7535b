//! What `learnings install --client` writes for each agent client: its project files, with our
//! hooks merged into the settings the user already has.
//!
//! Every installed command line names its client (`learnings hook pre-tool --client gemini`):
//! the binary never guesses who called. And every one ends in `|| echo '{}'`: a missing or an
//! older `learnings` must cost the user nothing, and Gemini CLI and Copilot CLI deny the tool
//! call on a failed hook, so without it, uninstalling the binary would block every command.
//!
//! Our entries are found by their command (`learnings hook`): replaced where they are, so a
//! second run changes nothing and an upgrade changes only them; everything else in the file is
//! kept, keys in their order.

use super::json::Node;
use crate::hooks::clients::Client;
use std::path::PathBuf;

/// What marks a hook entry as ours.
pub const MARK: &str = "learnings hook ";

/// The opencode plugin, written whole.
pub const OPENCODE_PLUGIN: &str = include_str!("opencode_plugin.js");

/// One hook of a client: its event, the tools it is for, and the `learnings hook` event it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hook {
    /// The client's name for the event.
    pub event: &'static str,
    /// The client's matcher (tool names), when the event has one.
    pub matcher: Option<&'static str>,
    /// `learnings hook <this>`.
    pub ours: &'static str,
}

const fn hook(event: &'static str, matcher: Option<&'static str>, ours: &'static str) -> Hook {
    Hook { event, matcher, ours }
}

/// Seconds a hook may take before the client gives up on it: every hook answers in
/// milliseconds; this bounds a cold cache or a slow disk.
pub const TIMEOUT_SECONDS: u64 = 10;

/// The hooks each client gets.
pub fn hooks(client: Client) -> Vec<Hook> {
    const FILE: &str = "Bash|Read|Edit|Write|MultiEdit|NotebookEdit";
    match client {
        Client::Claude => vec![
            hook("SessionStart", Some(""), "session-start"),
            hook("UserPromptSubmit", Some(""), "prompt"),
            hook("SubagentStart", Some(""), "subagent-start"),
            hook("PreToolUse", Some(FILE), "pre-tool"),
            hook("PostToolUse", Some("Task|Agent"), "post-task"),
            hook("Stop", Some(""), "stop"),
        ],
        Client::Codex => vec![
            hook("SessionStart", None, "session-start"),
            hook("UserPromptSubmit", None, "prompt"),
            hook("PreToolUse", Some("Bash|apply_patch"), "pre-tool"),
            hook("Stop", None, "stop"),
        ],
        Client::Gemini => vec![
            hook("SessionStart", None, "session-start"),
            hook("BeforeAgent", None, "prompt"),
            hook("BeforeTool", Some("run_shell_command"), "pre-tool"),
            hook("AfterTool", Some("read_file|write_file|replace"), "post-tool"),
            hook("AfterAgent", None, "stop"),
        ],
        Client::Cursor => vec![
            hook("sessionStart", None, "session-start"),
            hook("beforeSubmitPrompt", None, "prompt"),
            hook("beforeShellExecution", None, "pre-tool"),
            hook("postToolUse", Some("Read|Write|Edit|StrReplace"), "post-tool"),
            hook("afterAgentResponse", None, "stop"),
        ],
        Client::Copilot => vec![
            hook("sessionStart", None, "session-start"),
            hook("userPromptSubmitted", None, "prompt"),
            hook("preToolUse", Some("bash|powershell"), "pre-tool"),
            hook(
                "postToolUse",
                Some("view|create|edit|str_replace_editor"),
                "post-tool",
            ),
            hook("agentStop", None, "stop"),
        ],
        Client::Opencode => vec![],
    }
}

/// The command line a client's hook runs: `learnings` on PATH, else the one `npx` runs without
/// a download (a global install, or npx's cache after `npx learnings demo`), else `{}`. A shell
/// that cannot find a program exits 127 without reading stdin, so the next one still gets the
/// hook's input. npx starts from the home folder: in the project it would run a
/// `node_modules/.bin/learnings` that a commit can add after the hooks were trusted.
pub fn command(client: Client, ours: &str) -> String {
    let call = call(client, ours);
    format!("{call} 2>/dev/null || (cd && npx --no-install {call}) 2>/dev/null || echo '{{}}'")
}

/// `learnings hook EVENT [--client NAME]`.
fn call(client: Client, ours: &str) -> String {
    match client {
        Client::Claude => format!("{MARK}{ours}"),
        other => format!("{MARK}{ours} --client {}", other.name()),
    }
}

/// The project file a client's hooks live in, relative to the project root.
pub fn file(client: Client) -> PathBuf {
    PathBuf::from(match client {
        Client::Claude => ".claude/settings.json",
        Client::Codex => ".codex/hooks.json",
        Client::Gemini => ".gemini/settings.json",
        Client::Opencode => ".opencode/plugins/learnings.js",
        Client::Cursor => ".cursor/hooks.json",
        Client::Copilot => ".github/hooks/learnings.json",
    })
}

/// The file's new text, from its current text (`None`: no file yet). An error names what is
/// wrong with the current text.
pub fn merged(client: Client, current: Option<&str>) -> Result<String, String> {
    if client == Client::Opencode {
        return Ok(OPENCODE_PLUGIN.to_owned());
    }
    let mut document = match current.map(str::trim) {
        None | Some("") => Node::object(),
        Some(text) => serde_json::from_str::<Node>(text)
            .map_err(|e| format!("it is not valid JSON ({e}); fix it, or add the hooks by hand"))?,
    };
    if !matches!(document, Node::Object(_)) {
        return Err("it is not a JSON object; fix it, or add the hooks by hand".into());
    }
    if matches!(client, Client::Cursor | Client::Copilot) && document.get("version").is_none() {
        document.entry("version", leaf(1));
    }
    let hooks = document
        .entry("hooks", Node::object())
        .filter(|h| matches!(h, Node::Object(_)))
        .ok_or("its \"hooks\" is not an object; fix it, or add the hooks by hand")?;
    for hook in &self::hooks(client) {
        let list = hooks
            .entry(hook.event, Node::Array(Vec::new()))
            .ok_or("its \"hooks\" is not an object")?;
        let Node::Array(items) = list else {
            return Err(format!(
                "its \"hooks\".\"{}\" is not a list; fix it, or add the hooks by hand",
                hook.event
            ));
        };
        let entry = entry(client, hook);
        match items.iter().position(is_ours) {
            Some(at) => items[at] = entry,
            None => items.push(entry),
        }
    }
    Ok(document.to_pretty())
}

/// True for an entry we wrote: every command in it is one of ours, and it has one.
pub fn is_ours(item: &Node) -> bool {
    let mut commands = Vec::new();
    commands_in(item, &mut commands);
    !commands.is_empty() && commands.iter().all(|c| is_our_command(c))
}

/// True for a command line this version or an older one of learnings wrote, for one event and
/// client: `learnings hook EVENT [--client NAME]`, alone, with `2>/dev/null || echo '{}'`, or as
/// [`command`] writes it; nothing else. A substring would not do: `curl … | sh # learnings hook`
/// must not pass for ours.
pub fn is_our_command(command: &str) -> bool {
    let Some(rest) = command.strip_prefix(MARK) else {
        return false;
    };
    let mut words = rest.split(' ');
    let Some(event) = words
        .next()
        .filter(|e| !e.is_empty() && e.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'))
    else {
        return false;
    };
    let client = match (words.next(), words.next()) {
        (Some("--client"), Some(name)) => Client::from_name(name),
        _ => Some(Client::Claude),
    };
    let Some(client) = client else { return false };
    let call = call(client, event);
    [
        call.clone(),
        format!("{call} 2>/dev/null || echo '{{}}'"),
        self::command(client, event),
    ]
    .contains(&command.to_owned())
}

/// The commands a hooks value runs: the values of `command`, `bash`, `powershell` and `exec`
/// at any depth (Claude Code's, Codex's, Gemini CLI's and Cursor's `command`; Copilot CLI's
/// `bash` and `powershell`).
pub fn commands_in(node: &Node, out: &mut Vec<String>) {
    match node {
        Node::Object(pairs) => {
            for (key, value) in pairs {
                match (key.as_str(), value.as_str()) {
                    ("command" | "bash" | "powershell" | "exec", Some(command)) => {
                        out.push(command.to_owned())
                    }
                    _ => commands_in(value, out),
                }
            }
        }
        Node::Array(items) => items.iter().for_each(|i| commands_in(i, out)),
        Node::Leaf(_) => {}
    }
}

/// The entry of one hook, in the client's shape, keys in the order people write them.
fn entry(client: Client, hook: &Hook) -> Node {
    let command = leaf(command(client, hook.ours));
    let matcher = hook.matcher.map(|m| ("matcher", leaf(m)));
    let pairs: Vec<(&str, Node)> = match client {
        // A flat list of commands.
        Client::Cursor => matcher
            .into_iter()
            .chain([("command", command), ("timeout", leaf(TIMEOUT_SECONDS))])
            .collect(),
        Client::Copilot => [("type", leaf("command"))]
            .into_iter()
            .chain(matcher)
            .chain([("bash", command), ("timeoutSec", leaf(TIMEOUT_SECONDS))])
            .collect(),
        // Claude Code's shape: a group with a matcher and its list of hooks.
        _ => {
            let timeout = match client {
                Client::Gemini => TIMEOUT_SECONDS * 1000,
                _ => TIMEOUT_SECONDS,
            };
            let handler = object(vec![
                ("type", leaf("command")),
                ("command", command),
                ("timeout", leaf(timeout)),
            ]);
            matcher
                .into_iter()
                .chain([("hooks", Node::Array(vec![handler]))])
                .collect()
        }
    };
    object(pairs)
}

fn leaf(value: impl Into<serde_json::Value>) -> Node {
    Node::Leaf(value.into())
}

fn object(pairs: Vec<(&str, Node)>) -> Node {
    Node::Object(pairs.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

/// What the user must still do by hand for `client`'s hooks to run, and why.
pub fn by_hand(client: Client, root: &std::path::Path) -> Vec<String> {
    let root = root.display();
    match client {
        Client::Claude => vec![
            "Claude Code asks once whether to use the project's hooks; say yes. If the learnings plugin is also installed, both would run: keep one.".into(),
        ],
        Client::Codex => vec![
            format!("Codex runs a project's hooks only when the project is trusted (it asks on first run in {root}) and each hook is trusted: open `/hooks` in Codex and trust the learnings hooks. Until then Codex skips them without a word."),
        ],
        Client::Gemini => vec![
            format!("Gemini CLI runs a project's hooks only in a trusted folder: trust {root} when it asks (or with `/permissions`). An untrusted headless run exits with code 55."),
        ],
        Client::Opencode => vec![
            "opencode loads the plugin at its next start, with no trust step.".into(),
        ],
        Client::Cursor => vec![
            "Cursor runs project hooks only in a trusted workspace. Written from Cursor's published contract: not proven in the real client.".into(),
        ],
        Client::Copilot => vec![
            "Copilot CLI loads a repository's hooks once the folder is trusted. Written from Copilot CLI's published contract: not proven in the real client.".into(),
        ],
    }
}
