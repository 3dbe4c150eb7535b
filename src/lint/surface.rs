//! The instruction files of a repository: which kind each is, the folder it belongs to, and
//! what its front matter scopes it to.

use super::tree::{Tree, parent};
use serde_norway::Value;

/// What an instruction file is, by its name and place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// `CLAUDE.md`.
    ClaudeMd,
    /// `.claude/CLAUDE.md`.
    DotClaudeMd,
    /// `CLAUDE.local.md`: personal, usually not committed.
    ClaudeLocal,
    /// `.claude/rules/**/*.md`.
    ClaudeRule,
    /// A file under `.claude/rules` that is not `.md`: Claude Code reads only `*.md` there.
    ClaudeRuleOther,
    /// `AGENTS.md`.
    AgentsMd,
    /// `AGENTS.override.md` (Codex).
    AgentsOverride,
    /// `GEMINI.md`.
    GeminiMd,
    /// `.cursor/rules/**/*.mdc`.
    CursorRule,
    /// A `.md` file under `.cursor/rules`, which Cursor ignores (CU-01).
    CursorRuleMd,
    /// `.cursorrules` at the root (legacy).
    CursorLegacy,
    /// `.github/copilot-instructions.md`.
    CopilotRepo,
    /// `.github/instructions/**/*.instructions.md`.
    CopilotPath,
    /// Another file under `.github/instructions`: Copilot reads only `*.instructions.md`.
    CopilotOther,
}

impl Kind {
    /// The kind of the tracked file `path`, if it is an instruction file.
    pub fn of(path: &str) -> Option<(Kind, String)> {
        let name = path.rsplit('/').next().unwrap_or(path);
        let dir = parent(path);
        if let Some((home, rest)) = split_at(path, ".claude/rules/") {
            let kind = if rest.ends_with(".md") {
                Kind::ClaudeRule
            } else {
                Kind::ClaudeRuleOther
            };
            return Some((kind, home));
        }
        if let Some((home, rest)) = split_at(path, ".cursor/rules/") {
            return match () {
                _ if rest.ends_with(".mdc") => Some((Kind::CursorRule, home)),
                _ if rest.ends_with(".md") => Some((Kind::CursorRuleMd, home)),
                _ => None,
            };
        }
        if let Some((home, rest)) = split_at(path, ".github/instructions/") {
            return match () {
                _ if rest.ends_with(".instructions.md") => Some((Kind::CopilotPath, home)),
                // A README there is for people, not for Copilot.
                _ if rest.ends_with(".md") && !rest.eq_ignore_ascii_case("README.md") => {
                    Some((Kind::CopilotOther, home))
                }
                _ => None,
            };
        }
        let kind = match name {
            "CLAUDE.md" if dir == ".claude" || dir.ends_with("/.claude") => Kind::DotClaudeMd,
            "CLAUDE.md" => Kind::ClaudeMd,
            "CLAUDE.local.md" => Kind::ClaudeLocal,
            "AGENTS.md" => Kind::AgentsMd,
            "AGENTS.override.md" => Kind::AgentsOverride,
            "GEMINI.md" => Kind::GeminiMd,
            ".cursorrules" if dir.is_empty() => Kind::CursorLegacy,
            "copilot-instructions.md" if dir == ".github" => Kind::CopilotRepo,
            _ => return None,
        };
        let home = match kind {
            Kind::DotClaudeMd => parent(dir).to_owned(),
            Kind::CopilotRepo => String::new(),
            _ => dir.to_owned(),
        };
        Some((kind, home))
    }

    /// The kinds whose `@path` lines some client expands as imports (CC-04, GM-08, CP-07).
    pub fn imports(self) -> bool {
        matches!(
            self,
            Kind::ClaudeMd
                | Kind::DotClaudeMd
                | Kind::ClaudeLocal
                | Kind::ClaudeRule
                | Kind::AgentsMd
                | Kind::GeminiMd
        )
    }
}

/// `path` split around the first `marker` folder: the folder holding it and the rest.
fn split_at(path: &str, marker: &str) -> Option<(String, String)> {
    let at = if path.starts_with(marker) {
        0
    } else {
        path.find(&format!("/{marker}"))? + 1
    };
    let home = path[..at].trim_end_matches('/').to_owned();
    Some((home, path[at + marker.len()..].to_owned()))
}

/// What a file's front matter scopes it to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Scope {
    /// Claude Code's `paths:` (CC-06).
    pub paths: Vec<String>,
    /// Cursor's `globs:` (CU-02).
    pub globs: Vec<String>,
    /// Copilot's `applyTo:` (CP-02).
    pub apply_to: Vec<String>,
    /// Cursor's `alwaysApply: true`.
    pub always: bool,
    /// A `description:` is present.
    pub description: bool,
    /// The line of each key present (1-based), for findings: `paths`, `globs`, `applyTo`.
    pub lines: Vec<(&'static str, usize)>,
    /// Where the body starts, in bytes.
    pub body: usize,
}

impl Scope {
    /// The line of `key`, else the first line.
    pub fn line_of(&self, key: &str) -> usize {
        self.lines.iter().find(|(k, _)| *k == key).map_or(1, |(_, l)| *l)
    }
}

/// One instruction file.
#[derive(Debug, Clone)]
pub struct Surface {
    /// Repository-relative path.
    pub path: String,
    /// What it is.
    pub kind: Kind,
    /// The folder it belongs to (`""` at the root): a `.claude/rules` file belongs to the folder
    /// holding `.claude`.
    pub home: String,
    /// Its text (a link's: its target's).
    pub text: String,
    /// The tracked file it is a link to, if it is one.
    pub link_to: Option<String>,
    /// Its front matter.
    pub scope: Scope,
    /// Its instructions and code, read once for every finding.
    pub read: super::text::Read,
}

impl Surface {
    /// Its size in bytes.
    pub fn bytes(&self) -> usize {
        self.text.len()
    }

    /// Its size in tokens, estimated at four bytes a token (the estimate the clients' own
    /// documentation uses for budgets).
    pub fn tokens(&self) -> usize {
        self.text.len().div_ceil(4)
    }

    /// The path whose text this is: the link's target, or itself.
    pub fn identity(&self) -> &str {
        self.link_to.as_deref().unwrap_or(&self.path)
    }
}

/// Folders whose files are someone else's: dependencies and build output.
const FOREIGN: &[&str] = &[
    "node_modules/",
    "vendor/",
    "third_party/",
    "target/",
    "dist/",
    ".venv/",
];

/// Every instruction file the tree tracks, files and links, in path order.
pub fn discover(tree: &Tree) -> Vec<Surface> {
    let mut out = Vec::new();
    let candidates = tree
        .files
        .iter()
        .map(|p| (p, None))
        .chain(tree.links.iter().map(|(l, t)| (l, Some(t.clone()))));
    for (path, link_to) in candidates {
        if FOREIGN
            .iter()
            .any(|f| path.starts_with(f) || path.contains(&format!("/{f}")))
        {
            continue;
        }
        // A skill's own files (`.agents/skills/x/AGENTS.md`) are read when the skill is used,
        // never by the folder rules: no session starts inside a skill.
        if in_skill(path) {
            continue;
        }
        let Some((kind, home)) = Kind::of(path) else {
            continue;
        };
        let Some(text) = tree.read(path) else {
            continue;
        };
        let scope = scope(&text);
        let read = super::text::read(&text);
        out.push(Surface {
            read,
            path: path.clone(),
            kind,
            home,
            text,
            link_to,
            scope,
        });
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

/// Whether `path` lies in a skill folder of some client (`.claude/skills/…`, `.agents/skills/…`).
fn in_skill(path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    parts
        .windows(2)
        .any(|w| w[0].starts_with('.') && w[1] == "skills")
}

/// The front matter of `text`: YAML between `---` lines at the very top. Broken YAML scopes
/// nothing (Cursor skips such a rule, CU-04; Claude Code loads it always).
pub fn scope(text: &str) -> Scope {
    let end = crate::model::front_matter_end(text);
    let mut scope = Scope {
        body: end,
        ..Scope::default()
    };
    if end == 0 {
        return scope;
    }
    let yaml = text[..end]
        .trim_start_matches("---")
        .trim_end()
        .trim_end_matches("---");
    for (n, line) in yaml.lines().enumerate() {
        for key in ["paths", "globs", "applyTo"] {
            if line.starts_with(key) && line[key.len()..].trim_start().starts_with(':') {
                scope.lines.push((key, n + 1));
            }
        }
    }
    let Ok(Value::Mapping(map)) = serde_norway::from_str::<Value>(yaml) else {
        return scope;
    };
    for (key, value) in &map {
        match key.as_str() {
            Some("paths") => scope.paths = globs(value),
            Some("globs") => scope.globs = globs(value),
            Some("applyTo") => scope.apply_to = globs(value),
            Some("alwaysApply") => scope.always = value.as_bool() == Some(true),
            Some("description") => scope.description = value.as_str().is_some_and(|d| !d.trim().is_empty()),
            _ => {}
        }
    }
    scope
}

/// A glob list: a YAML list, or one string of comma-separated globs.
fn globs(value: &Value) -> Vec<String> {
    let items: Vec<String> = match value {
        Value::Sequence(items) => items
            .iter()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect(),
        Value::String(s) => split_commas(s),
        _ => Vec::new(),
    };
    items
        .into_iter()
        .map(|g| g.trim().trim_matches('"').trim_matches('\'').to_owned())
        .filter(|g| !g.is_empty())
        .collect()
}

/// Splits at commas outside braces: `**/*.{ts,tsx}, docs/**` is two globs.
fn split_commas(s: &str) -> Vec<String> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0usize, 0);
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                out.push(s[start..i].to_owned());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(s[start..].to_owned());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_homes() {
        let of = Kind::of;
        assert_eq!(of("CLAUDE.md"), Some((Kind::ClaudeMd, String::new())));
        assert_eq!(
            of("web/.claude/CLAUDE.md"),
            Some((Kind::DotClaudeMd, "web".into()))
        );
        assert_eq!(
            of("web/.claude/rules/a/b.md"),
            Some((Kind::ClaudeRule, "web".into()))
        );
        assert_eq!(
            of(".cursor/rules/x.md"),
            Some((Kind::CursorRuleMd, String::new()))
        );
        assert_eq!(
            of(".github/copilot-instructions.md"),
            Some((Kind::CopilotRepo, String::new()))
        );
        assert_eq!(
            of(".github/instructions/ts.instructions.md"),
            Some((Kind::CopilotPath, String::new()))
        );
        assert_eq!(of("docs/README.md"), None);
    }

    #[test]
    fn front_matter_globs() {
        let s = scope("---\nglobs: src/**/*.{ts,tsx}, test/**\nalwaysApply: false\n---\nbody\n");
        assert_eq!(s.globs, ["src/**/*.{ts,tsx}", "test/**"]);
        assert!(!s.always);
        assert_eq!(s.line_of("globs"), 2);
        let s = scope("---\npaths:\n  - \"src/**\"\n---\n");
        assert_eq!(s.paths, ["src/**"]);
        assert_eq!(scope("no front matter").body, 0);
    }
}
