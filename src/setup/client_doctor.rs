//! `doctor` per agent client: for each client whose project files are here, are our hooks
//! installed and current, and will they run? A hook that silently does not run is the failure
//! a user cannot see: Codex skips the hooks of an untrusted project or hook without a word, and
//! Gemini CLI refuses an untrusted folder. Trust is read where each client keeps it; nothing is
//! changed.

use super::clients;
use super::doctor::{Check, Status};
use super::install::{self, Outcome};
use super::json::Node;
use crate::hooks::clients::Client;
use std::path::{Path, PathBuf};

/// Where the clients keep their user-level state, as the environment says.
#[derive(Debug, Clone, Default)]
pub struct ClientEnv {
    /// `$CODEX_HOME`, else `~/.codex`.
    pub codex_home: Option<PathBuf>,
    /// `$GEMINI_CLI_HOME`, else the home folder (Gemini CLI reads `<it>/.gemini/`).
    pub gemini_home: Option<PathBuf>,
    /// `$GEMINI_CLI_TRUST_WORKSPACE`.
    pub gemini_trust_workspace: Option<String>,
    /// `$GEMINI_CLI_TRUSTED_FOLDERS_PATH`: the trust file, when not in the home.
    pub gemini_trusted_folders: Option<PathBuf>,
}

/// The checks of every client with project files in `root`.
pub fn run(root: &Path, env: &ClientEnv) -> Vec<Check> {
    let mut checks = Vec::new();
    for client in Client::ALL {
        let file = clients::file(client);
        let Ok(text) = std::fs::read_to_string(root.join(&file)) else {
            continue;
        };
        // Claude Code's own settings are ours to check only when they hold our hooks: the
        // plugin is checked by `doctor`'s own hook check.
        if client == Client::Claude && !text.contains(clients::MARK) {
            continue;
        }
        checks.push(installed(root, client));
        if let Some(others) = others(root, client, &text) {
            checks.push(others);
        }
        match client {
            Client::Codex => checks.extend(codex_trust(root, env)),
            Client::Gemini => checks.push(gemini_trust(root, env)),
            _ => {}
        }
    }
    checks
}

fn check(client: Client, status: Status, detail: String) -> Check {
    Check {
        what: format!("{} hooks", client.name()),
        status,
        detail,
    }
}

/// The commands in the client's project files that are not ours: a cloned repository can carry
/// them, and trusting the folder or the hooks for ours would run them too. Copilot CLI loads
/// every `.github/hooks/*.json`; opencode every plugin in `.opencode/plugins/` and
/// `.opencode/plugin/`, and those `opencode.json` names.
fn others(root: &Path, client: Client, text: &str) -> Option<Check> {
    let mut found: Vec<String> = Vec::new();
    match client {
        Client::Opencode => {
            for dir in [".opencode/plugins", ".opencode/plugin"] {
                for name in file_names(&root.join(dir)) {
                    if format!("{dir}/{name}") != clients::file(client).display().to_string() {
                        found.push(format!("{dir}/{name}"));
                    }
                }
            }
            let config = std::fs::read_to_string(root.join("opencode.json")).unwrap_or_default();
            if let Ok(config) = serde_json::from_str::<Node>(&config)
                && let Some(Node::Array(plugins)) = config.get("plugin")
            {
                found.extend(
                    plugins
                        .iter()
                        .filter_map(Node::as_str)
                        .map(|p| format!("opencode.json: {p}")),
                );
            }
        }
        Client::Copilot => {
            let dir = root.join(".github/hooks");
            for name in file_names(&dir).into_iter().filter(|n| n.ends_with(".json")) {
                let text = std::fs::read_to_string(dir.join(&name)).unwrap_or_default();
                found.extend(commands_not_ours(&text));
            }
        }
        _ => found.extend(commands_not_ours(text)),
    }
    found.sort();
    found.dedup();
    if found.is_empty() {
        return None;
    }
    let shown: Vec<String> = found
        .iter()
        .take(3)
        .map(|c| format!("`{}`", crate::base::words::cut(c, 100)))
        .collect();
    let more = found.len().saturating_sub(3);
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    let place = match client {
        Client::Opencode => "opencode".to_owned(),
        Client::Copilot => ".github/hooks/".to_owned(),
        _ => clients::file(client).display().to_string(),
    };
    Some(check(
        client,
        Status::Warn,
        format!(
            "{place} also runs what learnings did not write: {}{more}. Read them before you trust this folder or these hooks: the client runs them too",
            shown.join(", ")
        ),
    ))
}

/// The commands of a hooks file that learnings did not write.
fn commands_not_ours(text: &str) -> Vec<String> {
    let Ok(document) = serde_json::from_str::<Node>(text) else {
        return Vec::new();
    };
    let mut commands = Vec::new();
    if let Some(hooks) = document.get("hooks") {
        clients::commands_in(hooks, &mut commands);
    }
    commands.retain(|c| !clients::is_our_command(c));
    commands
}

/// The names in a folder, sorted; none when it cannot be read.
fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Are our hooks in the client's file, as this version writes them?
fn installed(root: &Path, client: Client) -> Check {
    let file = clients::file(client);
    let fix = format!("run `learnings install --client {}`", client.name());
    match install::plan(root, client) {
        Ok(change) if change.outcome == Outcome::Unchanged => check(
            client,
            Status::Ok,
            format!("{} holds the learnings hooks of this version", file.display()),
        ),
        Ok(_) => check(
            client,
            Status::Fail,
            format!(
                "{} lacks the learnings hooks, or has an older version of them: {fix}",
                file.display()
            ),
        ),
        Err(e) => check(client, Status::Fail, e.to_string()),
    }
}

/// Codex's two gates, in `$CODEX_HOME/config.toml`: the project trusted, and each hook trusted
/// (a hash Codex records when the user trusts it in `/hooks`).
fn codex_trust(root: &Path, env: &ClientEnv) -> Vec<Check> {
    let Some(home) = env.codex_home.as_deref() else {
        return vec![check(
            Client::Codex,
            Status::Warn,
            "cannot find Codex's home (no CODEX_HOME or HOME): its trust is not checked".into(),
        )];
    };
    let config_path = home.join("config.toml");
    let config: toml::Table = std::fs::read_to_string(&config_path)
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or_default();
    let projects = config.get("projects").and_then(toml::Value::as_table);
    let trusted_project = same_paths(root).iter().any(|p| {
        projects
            .and_then(|t| t.get(p.as_str()))
            .and_then(|p| p.get("trust_level"))
            .and_then(toml::Value::as_str)
            == Some("trusted")
    });
    let mut checks = Vec::new();
    if !trusted_project {
        checks.push(check(Client::Codex, Status::Fail, format!(
            "Codex does not trust this project ({} has no trust_level = \"trusted\" for {}), so it ignores .codex/ and runs none of its hooks, without a word: start `codex` here and trust the project",
            config_path.display(), root.display()
        )));
    }
    let states = config
        .get("hooks")
        .and_then(|h| h.get("state"))
        .and_then(toml::Value::as_table);
    let untrusted: Vec<String> = codex_keys(root)
        .into_iter()
        .filter(|(keys, _)| {
            !keys.iter().any(|key| {
                states
                    .and_then(|s| s.get(key.as_str()))
                    .and_then(|s| s.get("trusted_hash"))
                    .is_some()
            })
        })
        .map(|(_, event)| event)
        .collect();
    if untrusted.is_empty() {
        checks.push(check(Client::Codex, Status::Ok, "Codex trusts the project and each learnings hook (if you change a hook, trust it again in `/hooks`)".into()));
    } else {
        checks.push(check(Client::Codex, Status::Fail, format!(
            "Codex has not trusted the learnings hooks on {}: it skips them without a word. Open `/hooks` in Codex and trust them",
            untrusted.join(", ")
        )));
    }
    checks
}

/// Each of our hooks in `.codex/hooks.json`: the keys Codex may record its trust under
/// (`<file>:<event_snake>:<group>:<handler>`, for each spelling of the root), and the event.
fn codex_keys(root: &Path) -> Vec<(Vec<String>, String)> {
    let file = clients::file(Client::Codex);
    let Ok(text) = std::fs::read_to_string(root.join(&file)) else {
        return Vec::new();
    };
    let Ok(document) = serde_json::from_str::<super::json::Node>(&text) else {
        return Vec::new();
    };
    let mut keys = Vec::new();
    for hook in clients::hooks(Client::Codex) {
        let Some(super::json::Node::Array(groups)) = document.get("hooks").and_then(|h| h.get(hook.event))
        else {
            continue;
        };
        let Some(group) = groups.iter().position(clients::is_ours) else {
            continue;
        };
        let snake = snake_case(hook.event);
        let spelled = same_paths(root)
            .iter()
            .map(|r| format!("{r}/{}:{snake}:{group}:0", file.display()))
            .collect();
        keys.push((spelled, hook.event.to_owned()));
    }
    keys
}

/// `PreToolUse` as Codex keys it: `pre_tool_use`.
fn snake_case(event: &str) -> String {
    let mut out = String::new();
    for (i, c) in event.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The root as given and with its links resolved: a client may record either.
fn same_paths(root: &Path) -> Vec<String> {
    let mut paths = vec![root.display().to_string()];
    if let Ok(real) = root.canonicalize() {
        let real = real.display().to_string();
        if !paths.contains(&real) {
            paths.push(real);
        }
    }
    paths
}

/// Gemini CLI's folder trust (`~/.gemini/trustedFolders.json`): the longest rule whose folder
/// holds the project decides, `TRUST_PARENT` standing for its rule's parent folder.
fn gemini_trust(root: &Path, env: &ClientEnv) -> Check {
    if env.gemini_trust_workspace.as_deref() == Some("true") {
        return check(
            Client::Gemini,
            Status::Ok,
            "GEMINI_CLI_TRUST_WORKSPACE=true: Gemini CLI trusts this folder".into(),
        );
    }
    let Some(home) = env.gemini_home.as_deref() else {
        return check(
            Client::Gemini,
            Status::Warn,
            "cannot find Gemini CLI's home (no HOME): its folder trust is not checked".into(),
        );
    };
    // Folder trust is on unless the user's settings turn it off (`?? true` in Gemini CLI 0.61).
    let settings = home.join(".gemini/settings.json");
    let off = std::fs::read_to_string(&settings)
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .is_some_and(|v| v["security"]["folderTrust"]["enabled"] == serde_json::Value::Bool(false));
    if off {
        let detail = format!(
            "folder trust is off in {}: Gemini CLI runs the project's hooks",
            settings.display()
        );
        return check(Client::Gemini, Status::Ok, detail);
    }
    let file = env
        .gemini_trusted_folders
        .clone()
        .unwrap_or_else(|| home.join(".gemini/trustedFolders.json"));
    let rules: serde_json::Map<String, serde_json::Value> = std::fs::read_to_string(&file)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let mut best: Option<(usize, &str)> = None;
    let located: Vec<PathBuf> = same_paths(root).into_iter().map(PathBuf::from).collect();
    for (rule, level) in &rules {
        let level = level.as_str().unwrap_or("");
        let folder = match level {
            "TRUST_PARENT" => Path::new(rule).parent().unwrap_or(Path::new(rule)),
            _ => Path::new(rule),
        };
        let holds = located.iter().any(|r| r.starts_with(folder));
        if holds && best.is_none_or(|(len, _)| rule.len() > len) {
            best = Some((rule.len(), level));
        }
    }
    match best.map(|(_, level)| level) {
        Some("TRUST_FOLDER" | "TRUST_PARENT") => check(
            Client::Gemini,
            Status::Ok,
            format!("Gemini CLI trusts this folder ({})", file.display()),
        ),
        Some("DO_NOT_TRUST") => check(
            Client::Gemini,
            Status::Fail,
            format!(
                "Gemini CLI is told not to trust this folder ({}): it will not run the hooks, and a headless run exits with code 55. Trust it with `/permissions` in Gemini CLI",
                file.display()
            ),
        ),
        _ => check(
            Client::Gemini,
            Status::Fail,
            format!(
                "Gemini CLI does not trust this folder yet ({} has no rule for it): it will not run the hooks, and a headless run exits with code 55. Start `gemini` here and trust the folder",
                file.display()
            ),
        ),
    }
}
