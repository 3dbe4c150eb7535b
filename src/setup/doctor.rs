//! `learnings doctor`: is the plugin set up so that its hooks can work? The binary on PATH
//! against the plugin's version, the configuration, every domain file, the hook registrations,
//! and LearningAgent files still written for `!` expansion (which Claude Code does not do).
//!
//! Each check gives a status and, when something is wrong, what to do. Nothing here prints.

use crate::config::Config;
use std::path::{Path, PathBuf};

/// How a check went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Fine.
    Ok,
    /// Worth knowing; does not fail.
    Warn,
    /// Must be fixed.
    Fail,
    /// Was wrong and has been fixed by this run.
    Fixed,
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// What was checked.
    pub what: String,
    /// How it went.
    pub status: Status,
    /// What was found, and what to do.
    pub detail: String,
}

/// The project's private folder: a link in it, or a tracked one, keeps learnings from writing
/// there (a cloned repository can carry either).
fn private_check(root: &Path) -> Check {
    let what = "private folder".to_owned();
    match crate::project::private::problem(root) {
        Some(problem) => Check {
            what,
            status: Status::Fail,
            detail: problem,
        },
        None => Check {
            what,
            status: Status::Ok,
            detail: format!(
                "{}/ holds no link and is not tracked; learnings makes it owner-only",
                crate::store::PROJECT_DIR
            ),
        },
    }
}

/// The hook events the plugin registers, with the subcommand each runs.
pub const EVENTS: [(&str, &str); 6] = [
    ("SessionStart", "session-start"),
    ("UserPromptSubmit", "prompt"),
    ("SubagentStart", "subagent-start"),
    ("PreToolUse", "pre-tool"),
    ("PostToolUse", "post-task"),
    ("Stop", "stop"),
];

/// Where to look.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The project root.
    pub root: PathBuf,
    /// The plugin's folder (`$CLAUDE_PLUGIN_ROOT`), if known.
    pub plugin_root: Option<PathBuf>,
    /// The version of `learnings` found on PATH (`None`: not found).
    pub path_version: Option<String>,
    /// Rewrite old agent files.
    pub fix: bool,
}

/// Runs every check.
pub fn run(setup: &Setup) -> Vec<Check> {
    let mut checks = Vec::new();
    let plugin_version = setup
        .plugin_root
        .as_deref()
        .and_then(|root| std::fs::read_to_string(root.join(".claude-plugin/plugin.json")).ok())
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|json| json.get("version")?.as_str().map(str::to_owned));
    let wanted = plugin_version.unwrap_or_else(|| env!("CARGO_PKG_VERSION").to_owned());
    checks.push(match &setup.path_version {
        None => Check {
            what: "binary".into(),
            status: Status::Fail,
            detail: "`learnings` is not on PATH: the hooks cannot run. Install it: `pip install learnings` (or `uv tool install learnings`, or `cargo install --locked --path .` in a checkout)".into(),
        },
        Some(found) if older(found, &wanted) => Check {
            what: "binary".into(),
            status: Status::Fail,
            detail: format!("`learnings` on PATH is {found}, older than the plugin's {wanted}: update it (`pip install --upgrade learnings`, or `cargo install --locked --force …`)"),
        },
        Some(found) => Check {
            what: "binary".into(),
            status: Status::Ok,
            detail: format!("`learnings` {found} on PATH (plugin {wanted})"),
        },
    });
    checks.extend(config_checks(&setup.root));
    checks.push(learnings_check(&setup.root));
    checks.push(private_check(&setup.root));
    checks.push(hooks_check(setup.plugin_root.as_deref()));
    checks.extend(agent_files(&setup.root, setup.fix));
    checks
}

/// `learnings.toml`: absent (the defaults), valid, or each of its problems on a line of its own
/// with the file and line; then the files it names, and block patterns too large to compile.
fn config_checks(root: &Path) -> Vec<Check> {
    let file = crate::base::paths::CONFIG_FILE;
    let check = |status, detail: String| Check {
        what: "config".into(),
        status,
        detail,
    };
    let loaded = match Config::read(root) {
        Ok(loaded) => loaded,
        Err(e) => {
            return vec![check(
                Status::Fail,
                format!("{e}; the hooks use the defaults until it is fixed"),
            )];
        }
    };
    if !loaded.exists {
        let detail =
            format!("no {file}: the defaults are in use (no injection domains, no enforcement rules)");
        return vec![check(Status::Ok, detail)];
    }
    let config = &loaded.config;
    let mut checks: Vec<Check> = loaded
        .problems
        .iter()
        .map(|p| check(Status::Fail, p.to_string()))
        .collect();
    if let Err(message) = config.enforce.rules().compile_all() {
        checks.push(check(Status::Fail, format!("{file}: {message}")));
    }
    if checks.is_empty() {
        let detail = format!(
            "{file} valid: {}, budget {}, {} block and {}",
            crate::base::words::count(config.inject.domains.len(), "domain"),
            config.inject.budget(),
            config.enforce.block.len(),
            crate::base::words::count(config.enforce.rewrite.len(), "rewrite rule")
        );
        checks.push(check(Status::Ok, detail));
    } else {
        let detail = format!(
            "{} in {file}; every other rule works (kept: {} block, {}, {})",
            crate::base::words::count(checks.len(), "problem"),
            config.enforce.block.len(),
            crate::base::words::count(config.enforce.rewrite.len(), "rewrite rule"),
            crate::base::words::count(config.inject.domains.len(), "domain")
        );
        checks.push(check(Status::Warn, detail));
    }
    let missing = config.inject.missing_files(root, &loaded.text);
    let files =
        config.inject.always.len() + config.inject.domains.iter().map(|d| d.files.len()).sum::<usize>();
    if missing.is_empty() && files > 0 {
        checks.push(Check {
            what: "domain files".into(),
            status: Status::Ok,
            detail: format!("all {files} configured files exist"),
        });
    }
    for line in missing {
        checks.push(Check {
            what: "domain files".into(),
            status: Status::Fail,
            detail: format!("{file}: {line}; create it or fix the path"),
        });
    }
    checks
}

/// The learnings file: there, and how its headings were read; or missing, with the key to set.
fn learnings_check(root: &Path) -> Check {
    // Lenient: a broken learnings.toml is the config check's to report; its `learnings` key
    // is read all the same.
    let config = Config::read(root).map(|loaded| loaded.config).unwrap_or_default();
    let (status, detail) = match crate::project::learnings_file::status(root, &config) {
        Ok(read) => (Status::Ok, read),
        Err(problem) => (Status::Fail, problem),
    };
    Check {
        what: "learnings file".into(),
        status,
        detail,
    }
}

/// True when version `found` is older than `wanted` (dotted numbers; anything else compares equal).
fn older(found: &str, wanted: &str) -> bool {
    let parse = |v: &str| -> Vec<u64> {
        v.trim()
            .trim_start_matches('v')
            .split(['.', '-', '+'])
            .take(3)
            .map(|p| p.parse().unwrap_or(0))
            .collect()
    };
    parse(found) < parse(wanted)
}

fn hooks_check(plugin_root: Option<&Path>) -> Check {
    let what = "hooks".to_owned();
    let Some(root) = plugin_root else {
        return Check {
            what,
            status: Status::Warn,
            detail: "no Claude Code hooks found: run `learnings install --client claude` (writes them into .claude/settings.json), or install the plugin (`claude plugin marketplace add OWNER/learnings`, then `claude plugin install learnings@learnings`; OWNER is where learnings is published) and pass its folder with --plugin-root".into(),
        };
    };
    let file = root.join("hooks/hooks.json");
    let json = std::fs::read_to_string(&file)
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok());
    let Some(json) = json else {
        return Check {
            what,
            status: Status::Fail,
            detail: format!("{}: missing or not JSON; reinstall the plugin", file.display()),
        };
    };
    let missing: Vec<&str> = EVENTS
        .iter()
        .filter(|(event, command)| {
            let entries = json["hooks"][event].as_array().cloned().unwrap_or_default();
            !entries.iter().any(|entry| {
                entry["hooks"].as_array().is_some_and(|hooks| {
                    hooks.iter().any(|h| {
                        h["command"]
                            .as_str()
                            // `learnings hook EVENT`, or through the fail-open wrapper.
                            .is_some_and(|c| {
                                c.contains(&format!("hook {command}"))
                                    || c.ends_with(&format!("hooks/run.sh\" {command}"))
                            })
                    })
                })
            })
        })
        .map(|(event, _)| *event)
        .collect();
    if missing.is_empty() {
        Check {
            what,
            status: Status::Ok,
            detail: format!("{} registers all {} events", file.display(), EVENTS.len()),
        }
    } else {
        Check {
            what,
            status: Status::Fail,
            detail: format!(
                "{} does not register {}: update the plugin (`claude plugin update learnings@learnings`)",
                file.display(),
                missing.join(", ")
            ),
        }
    }
}

/// `.claude/agents/*.md` files with the old `!` line, fixed when `fix` is set.
fn agent_files(root: &Path, fix: bool) -> Vec<Check> {
    let dir = root.join(".claude/agents");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md") && p.is_file())
        .collect();
    paths.sort();
    let mut checks = Vec::new();
    for path in paths {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Some(upgraded) = crate::agents::scaffold::upgrade_agent_file(&text) else {
            continue;
        };
        let rel = path.strip_prefix(root).unwrap_or(&path).display().to_string();
        let check = if !fix {
            Check {
                what: "agent file".into(),
                status: Status::Fail,
                detail: format!(
                    "{rel}: its `!` line is not expanded by Claude Code, so the agent gets no knowledge; run `learnings doctor --fix`"
                ),
            }
        } else {
            match crate::base::fs::write_atomic(&path, upgraded.as_bytes()) {
                Ok(()) => Check {
                    what: "agent file".into(),
                    status: Status::Fixed,
                    detail: format!(
                        "{rel}: replaced the `!` line; the SubagentStart hook gives the knowledge now"
                    ),
                },
                Err(e) => Check {
                    what: "agent file".into(),
                    status: Status::Fail,
                    detail: format!("{rel}: cannot rewrite: {e}"),
                },
            }
        };
        checks.push(check);
    }
    checks
}

#[cfg(test)]
mod tests {
    #[test]
    fn versions() {
        assert!(super::older("0.1.0", "0.2.0"));
        assert!(super::older("0.9.9", "0.10.0"));
        assert!(!super::older("0.2.0", "0.2.0"));
        assert!(!super::older("1.0.0", "0.2.0"));
    }
}
