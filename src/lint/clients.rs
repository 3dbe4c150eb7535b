//! Each client's loading rules, as data, each with the source it was taken from.
//!
//! The ids (`CC-03`) are those of `doc/research/client-loading.md`, which gives every source in
//! full (the client's documentation, its source code, or a measured behaviour) and what is still
//! uncertain. `load` plays these rules; a rule's id travels with each file it loads, so
//! `lint --explain` can say why a file is in the list.

use serde::Serialize;

/// A client whose loading rules are modelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Client {
    /// Claude Code.
    Claude,
    /// Codex CLI.
    Codex,
    /// Gemini CLI.
    Gemini,
    /// Cursor.
    Cursor,
    /// GitHub Copilot (CLI and cloud agent; code review's cut).
    Copilot,
    /// opencode.
    Opencode,
}

impl Client {
    /// Every client, in the order reports list them.
    pub const ALL: [Client; 6] = [
        Client::Claude,
        Client::Codex,
        Client::Gemini,
        Client::Cursor,
        Client::Copilot,
        Client::Opencode,
    ];

    /// The name on the command line and in `learnings.toml`.
    pub fn name(self) -> &'static str {
        match self {
            Client::Claude => "claude",
            Client::Codex => "codex",
            Client::Gemini => "gemini",
            Client::Cursor => "cursor",
            Client::Copilot => "copilot",
            Client::Opencode => "opencode",
        }
    }

    /// The product's name, for messages.
    pub fn product(self) -> &'static str {
        match self {
            Client::Claude => "Claude Code",
            Client::Codex => "Codex",
            Client::Gemini => "Gemini CLI",
            Client::Cursor => "Cursor",
            Client::Copilot => "Copilot",
            Client::Opencode => "opencode",
        }
    }

    /// The client named `name`.
    pub fn parse(name: &str) -> Option<Client> {
        Client::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// One loading rule: what it says, and where that was learned.
#[derive(Debug, Clone, Copy)]
pub struct LoadRule {
    /// The id in `doc/research/client-loading.md`.
    pub id: &'static str,
    /// The client.
    pub client: Client,
    /// What the rule says, in one line.
    pub says: &'static str,
    /// Where it was learned: documentation, source or a measurement.
    pub source: &'static str,
}

/// Codex's default `project_doc_max_bytes`: one budget over the whole AGENTS.md chain (CX-05).
pub const CODEX_MAX_BYTES: usize = 32 * 1024;
/// Copilot code review reads only this many characters of each instruction file (CP-06).
pub const COPILOT_REVIEW_CHARS: usize = 4000;
/// Claude Code skips a CLAUDE.md larger than this (CC-15).
pub const CLAUDE_SKIP_BYTES: usize = 4 * 1024 * 1024;
/// Claude Code follows imports this many hops deep (CC-04).
pub const CLAUDE_IMPORT_DEPTH: usize = 4;
/// Gemini CLI follows imports this many levels deep (GM-08).
pub const GEMINI_IMPORT_DEPTH: usize = 5;

/// Every rule `load` plays, with its source.
pub const RULES: &[LoadRule] = &[
    LoadRule {
        id: "CC-01",
        client: Client::Claude,
        says: "at start, for every folder from the root down to the session's: CLAUDE.md, .claude/CLAUDE.md, .claude/rules/**/*.md without paths, CLAUDE.local.md; deeper folders later",
        source: "code.claude.com/docs/en/memory",
    },
    LoadRule {
        id: "CC-03",
        client: Client::Claude,
        says: "CLAUDE.md files below the session's folder attach when a file there is read (Read, not Write or Edit)",
        source: "code.claude.com/docs/en/memory; measured in anthropics/claude-code#90449",
    },
    LoadRule {
        id: "CC-04",
        client: Client::Claude,
        says: "@path imports expand at launch, relative to the importing file, at most 4 hops, not inside code",
        source: "code.claude.com/docs/en/memory",
    },
    LoadRule {
        id: "CC-06",
        client: Client::Claude,
        says: "only paths: scopes a .claude/rules file; globs:, alwaysApply: and description: are ignored, so such a rule is always on",
        source: "code.claude.com/docs/en/memory; measured in opendatahub-io/odh-dashboard#7623",
    },
    LoadRule {
        id: "CC-07",
        client: Client::Claude,
        says: "a paths: rule fires when a matching file is read, not when one is written",
        source: "code.claude.com/docs/en/memory; anthropics/claude-code#23478",
    },
    LoadRule {
        id: "CC-11",
        client: Client::Claude,
        says: "AGENTS.md is read only when no CLAUDE.md, .claude/CLAUDE.md or CLAUDE.local.md is in the session's folder or above",
        source: "anthropics/claude-code mods/agents-md (v2.1.277); measured in olafkfreund/nixarchy#836",
    },
    LoadRule {
        id: "CC-15",
        client: Client::Claude,
        says: "a CLAUDE.md over 4 MiB is skipped whole",
        source: "code.claude.com/docs/en/memory",
    },
    LoadRule {
        id: "CX-03",
        client: Client::Codex,
        says: "in each folder from the git root down to the session's: the first of AGENTS.override.md, AGENTS.md; nothing below the session's folder",
        source: "openai/codex codex-rs/core/src/agents_md.rs; developers.openai.com/codex/guides/agents-md",
    },
    LoadRule {
        id: "CX-05",
        client: Client::Codex,
        says: "one 32 KiB budget (project_doc_max_bytes) over the chain, root first: the file that crosses it is truncated, every later one dropped, with no message",
        source: "openai/codex agents_md.rs; openai/codex#36371",
    },
    LoadRule {
        id: "GM-03",
        client: Client::Gemini,
        says: "in each folder from the session's up to the git root, every configured name present (GEMINI.md by default), sorted by path",
        source: "google-gemini/gemini-cli packages/core/src/utils/memoryDiscovery.ts",
    },
    LoadRule {
        id: "GM-06",
        client: Client::Gemini,
        says: "reading, writing or editing a file attaches the context files from its folder up to the git root",
        source: "google-gemini/gemini-cli tools/jit-context.ts",
    },
    LoadRule {
        id: "GM-08",
        client: Client::Gemini,
        says: "@path imports expand, at most 5 deep, inside the git root; a failed one becomes an HTML comment",
        source: "google-gemini/gemini-cli memoryImportProcessor.ts; docs/reference/memport.md",
    },
    LoadRule {
        id: "CU-01",
        client: Client::Cursor,
        says: ".cursor/rules/**/*.mdc are rules; a .md file there is ignored",
        source: "cursor.com/docs/rules",
    },
    LoadRule {
        id: "CU-02",
        client: Client::Cursor,
        says: "alwaysApply: true is every request; globs: attaches when a matching file is in context; description: alone is the agent's choice; none of them is manual",
        source: "cursor.com/docs/rules",
    },
    LoadRule {
        id: "CU-05",
        client: Client::Cursor,
        says: "the root AGENTS.md always; a nested AGENTS.md when working on files in its folder",
        source: "cursor.com/docs/rules",
    },
    LoadRule {
        id: "CU-06",
        client: Client::Cursor,
        says: "the root CLAUDE.md is always applied",
        source: "cursor.com/help/customization/rules",
    },
    LoadRule {
        id: "CU-07",
        client: Client::Cursor,
        says: ".cursorrules at the root is legacy and always on",
        source: "cursor.com/docs/rules",
    },
    LoadRule {
        id: "CP-01",
        client: Client::Copilot,
        says: ".github/copilot-instructions.md is read by every Copilot surface",
        source: "docs.github.com custom-instructions-support",
    },
    LoadRule {
        id: "CP-02",
        client: Client::Copilot,
        says: ".github/instructions/**/*.instructions.md applies with applyTo: matching the file worked on; without applyTo it is not applied",
        source: "docs.github.com add-repository-instructions",
    },
    LoadRule {
        id: "CP-06",
        client: Client::Copilot,
        says: "code review reads only the first 4,000 characters of each instruction file",
        source: "docs.github.com response-customization",
    },
    LoadRule {
        id: "CP-07",
        client: Client::Copilot,
        says: "the CLI reads AGENTS.md, CLAUDE.md, .claude/CLAUDE.md and GEMINI.md in the root, the session's folder, the folders between, and the folders of a file it works on; @path includes inside the repository",
        source: "docs.github.com copilot-cli add-custom-instructions",
    },
    LoadRule {
        id: "OC-01",
        client: Client::Opencode,
        says: "from the session's folder up to the worktree root, every file of the first name found (AGENTS.md, else CLAUDE.md, else CONTEXT.md)",
        source: "anomalyco/opencode packages/opencode/src/session/instruction.ts; opencode.ai/docs/rules",
    },
    LoadRule {
        id: "OC-06",
        client: Client::Opencode,
        says: "a read attaches, for each folder from the file's up to (not including) the session's, the first name present; not on edit or write",
        source: "anomalyco/opencode instruction.ts",
    },
    LoadRule {
        id: "OC-07",
        client: Client::Opencode,
        says: "no @ imports, no front matter, no size limit",
        source: "opencode.ai/docs/rules",
    },
];

/// The rule `id`.
pub fn rule(id: &str) -> Option<&'static LoadRule> {
    RULES.iter().find(|r| r.id == id)
}
