//! Never loads: globs that match no tracked file, imports that resolve to nothing, files no
//! client reads where they are, and front matter the file's own client ignores.

use super::{Finding, Rule};
use crate::lint::clients::Client;
use crate::lint::load::{Scan, scope_globs};
use crate::lint::surface::{Kind, Surface};
use crate::lint::text;
use crate::lint::tree::{Tree, join, parent};

pub(super) fn find(tree: &Tree, surfaces: &[Surface], scan: &Scan) -> Vec<Finding> {
    let mut out = dead_globs(surfaces, scan);
    for s in surfaces {
        out.extend(broken_imports(tree, s));
        out.extend(unread(s));
        out.extend(ignored_scope(s));
    }
    out
}

/// The key each scoped kind is read by.
fn key_of(kind: Kind) -> &'static str {
    match kind {
        Kind::ClaudeRule => "paths",
        Kind::CursorRule => "globs",
        _ => "applyTo",
    }
}

fn dead_globs(surfaces: &[Surface], scan: &Scan) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, s) in surfaces.iter().enumerate() {
        // `!pattern` excludes files: it matches none by design.
        let all: Vec<&String> = scope_globs(s).iter().filter(|g| !g.starts_with('!')).collect();
        let dead: Vec<&String> = all
            .iter()
            .copied()
            .filter(|glob| !scan.hit.get(&(i, (*glob).clone())).copied().unwrap_or(false))
            .collect();
        if dead.is_empty() {
            continue;
        }
        let key = key_of(s.kind);
        let list: Vec<String> = dead.iter().map(|g| format!("`{g}`")).collect();
        // "Never fires" only when it is true: every pattern dead and no `alwaysApply`.
        let (message, fix) = if dead.len() == all.len() && !s.scope.always {
            (
                format!(
                    "`{key}:` {} matches no tracked file, so this rule never fires",
                    list.join(", ")
                ),
                "correct the globs to the files it is about, or delete the rule if they are gone",
            )
        } else {
            (
                format!(
                    "`{key}:` {}: {} of {} patterns match no tracked file",
                    list.join(", "),
                    dead.len(),
                    all.len()
                ),
                "drop the patterns that name nothing, or correct them",
            )
        };
        out.push(Finding::new(
            Rule::DeadGlob,
            &s.path,
            s.scope.line_of(key),
            message,
            fix.into(),
        ));
    }
    out
}

/// Whether an import target reads as a path its author meant: a file name with an extension
/// or a `./`/`../` start (`@types/node` and `@team` are prose).
fn meant_as_path(target: &str) -> bool {
    let name = target.rsplit('/').next().unwrap_or(target);
    let ext = name.rsplit_once('.').map(|(_, e)| e);
    target.starts_with("./")
        || target.starts_with("../")
        || ext.is_some_and(|e| {
            (1..=5).contains(&e.len())
                && e.chars().all(|c| c.is_ascii_alphanumeric())
                && e.chars().any(|c| c.is_ascii_alphabetic())
        })
}

fn broken_imports(tree: &Tree, s: &Surface) -> Vec<Finding> {
    if !s.kind.imports() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (line, target) in text::imports(&s.text) {
        if target.starts_with('~') || target.starts_with('/') || !meant_as_path(&target) {
            continue;
        }
        let Some(path) = join(parent(&s.path), &target) else {
            continue;
        };
        // Relative to the importing file (CC-04); some write it from their project's root.
        let from_home = join(&s.home, &target);
        if !tree.exists(&path) && !from_home.is_some_and(|p| tree.exists(&p)) {
            out.push(Finding::new(
                Rule::BrokenImport,
                &s.path,
                line,
                format!("`@{target}` imports `{path}`, which is not in the repository: the clients that expand imports load nothing here (Gemini CLI puts an error comment in its place)"),
                "point the import at the file's current path, or remove it".into(),
            )
            .with_clients(match s.kind {
                Kind::GeminiMd => vec![Client::Gemini, Client::Copilot],
                Kind::AgentsMd | Kind::ClaudeMd | Kind::DotClaudeMd => vec![Client::Claude, Client::Copilot],
                _ => vec![Client::Claude],
            }));
        }
    }
    out
}

fn unread(s: &Surface) -> Option<Finding> {
    let (message, fix, client) = match s.kind {
        Kind::CursorRuleMd => (
            "Cursor reads only `.mdc` files in `.cursor/rules` (CU-01): this rule never loads",
            "rename it to `.mdc` and give it `globs:`, `alwaysApply:` or `description:`",
            Client::Cursor,
        ),
        Kind::CopilotOther => (
            "Copilot reads only `*.instructions.md` in `.github/instructions` (CP-02): this file never loads",
            "rename it to end in `.instructions.md` and give it `applyTo:`",
            Client::Copilot,
        ),
        Kind::CopilotPath
            if s.scope.apply_to.is_empty()
                && s.scope.body == 0
                && s.text.trim_start().starts_with("applyTo") =>
        {
            (
                "its front matter has no opening `---`, so Copilot reads no `applyTo:` and never applies this file by itself (CP-02)",
                "add a `---` line above `applyTo:`",
                Client::Copilot,
            )
        }
        Kind::CopilotPath if s.scope.apply_to.is_empty() => (
            "no `applyTo:`, so Copilot never applies this file by itself (CP-02)",
            "add `applyTo: \"<glob>\"` front matter naming the files it is about",
            Client::Copilot,
        ),
        Kind::ClaudeRuleOther => (
            "Claude Code reads only `*.md` files in `.claude/rules` (CC-06): this file never loads",
            "rename it to `.md` (with `paths:` to scope it), or move it out of `.claude/rules`",
            Client::Claude,
        ),
        _ => return None,
    };
    Some(Finding::new(Rule::UnreadFile, &s.path, 1, message.into(), fix.into()).with_clients(vec![client]))
}

fn ignored_scope(s: &Surface) -> Option<Finding> {
    let scope = &s.scope;
    match s.kind {
        // CC-06: Claude Code scopes by `paths:` only; Cursor's fields leave the rule always on.
        Kind::ClaudeRule
            if scope.paths.is_empty() && (!scope.globs.is_empty() || !scope.apply_to.is_empty()) =>
        {
            let key = if scope.globs.is_empty() {
                "applyTo"
            } else {
                "globs"
            };
            Some(
                Finding::new(
                    Rule::IgnoredScope,
                    &s.path,
                    scope.line_of(key),
                    format!("Claude Code ignores `{key}:` (CC-06), so this rule loads in every session ({} tokens), not only for its files", s.tokens()),
                    format!("rename `{key}:` to `paths:` (a YAML list of globs)"),
                )
                .with_clients(vec![Client::Claude]),
            )
        }
        // CU-02: Cursor scopes by `globs:`; `paths:` means nothing to it.
        Kind::CursorRule if scope.globs.is_empty() && !scope.always && !scope.paths.is_empty() => Some(
            Finding::new(
                Rule::IgnoredScope,
                &s.path,
                scope.line_of("paths"),
                "Cursor ignores `paths:` (CU-02), so this rule never attaches to its files".into(),
                "rename `paths:` to `globs:`".into(),
            )
            .with_clients(vec![Client::Cursor]),
        ),
        _ => None,
    }
}
