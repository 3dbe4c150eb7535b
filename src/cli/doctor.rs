//! `learnings doctor [--fix]`: check the set-up (the plugin, and each agent client's hooks and
//! trust) and print what to fix.
//! Exit code 1 when something must be fixed.

use super::args::Format;
use super::context::{Context, EXIT_FINDINGS, EXIT_OK};
use crate::error::Result;
use crate::setup::client_doctor::{self, ClientEnv};
use crate::setup::doctor::{self, Setup, Status};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `learnings doctor`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Rewrite LearningAgent files that still rely on `!` expansion.
    #[arg(long)]
    pub fix: bool,
    /// The plugin's folder (default: $CLAUDE_PLUGIN_ROOT).
    #[arg(long, value_name = "DIR")]
    pub plugin_root: Option<PathBuf>,
    /// Output format: `text` (one line per check; `markdown` is the same) or `json`.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Runs the checks and prints one line each.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let plugin_root = args.plugin_root.map(|p| ctx.resolve(&p)).or_else(|| {
        std::env::var_os("CLAUDE_PLUGIN_ROOT")
            .filter(|r| !r.is_empty())
            .map(PathBuf::from)
    });
    let setup = Setup {
        root: crate::base::paths::enclosing_project(&ctx.cwd),
        plugin_root,
        path_version: path_version(),
        fix: args.fix,
    };
    let mut checks = doctor::run(&setup);
    let clients = client_doctor::run(&setup.root, &client_env());
    // Claude Code's hooks in the project's settings need no plugin: no advice to install one.
    if clients.iter().any(|c| c.what == "claude hooks") && setup.plugin_root.is_none() {
        checks.retain(|c| !(c.what == "hooks" && c.status == Status::Warn));
    }
    checks.extend(clients);
    let failed = checks.iter().any(|c| c.status == Status::Fail);
    if args.format.is_json() {
        let list: Vec<serde_json::Value> = checks
            .iter()
            .map(|c| serde_json::json!({ "what": c.what, "status": status(c.status), "detail": c.detail }))
            .collect();
        let json = serde_json::json!({ "schema_version": 1, "ok": !failed, "checks": list });
        writeln!(out, "{}", serde_json::to_string(&json).unwrap_or_default())?;
    }
    for check in checks.iter().filter(|_| !args.format.is_json()) {
        let mark = match check.status {
            Status::Ok => "ok   ",
            Status::Warn => "warn ",
            Status::Fail => "FIX  ",
            Status::Fixed => "fixed",
        };
        writeln!(out, "{mark} {}: {}", check.what, check.detail)?;
    }
    Ok(if failed { EXIT_FINDINGS } else { EXIT_OK })
}

/// Where Codex and Gemini CLI keep their trust, from the environment.
fn client_env() -> ClientEnv {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let home = var("HOME");
    ClientEnv {
        codex_home: var("CODEX_HOME").or_else(|| home.as_ref().map(|h| h.join(".codex"))),
        gemini_home: var("GEMINI_CLI_HOME").or(home),
        gemini_trust_workspace: std::env::var("GEMINI_CLI_TRUST_WORKSPACE").ok(),
        gemini_trusted_folders: var("GEMINI_CLI_TRUSTED_FOLDERS_PATH"),
    }
}

/// A check's status as JSON says it.
fn status(status: Status) -> &'static str {
    match status {
        Status::Ok => "ok",
        Status::Warn => "warn",
        Status::Fail => "fix",
        Status::Fixed => "fixed",
    }
}

/// The version printed by the first `learnings` on PATH, if any.
fn path_version() -> Option<String> {
    let path = std::env::var_os("PATH")?;
    let binary = std::env::split_paths(&path)
        .map(|dir| {
            dir.join(if cfg!(windows) {
                "learnings.exe"
            } else {
                "learnings"
            })
        })
        .find(|candidate| candidate.is_file())?;
    let output = std::process::Command::new(binary)
        .arg("--version")
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&output.stdout);
    // `learnings 0.1.0`
    text.split_whitespace().nth(1).map(str::to_owned)
}
