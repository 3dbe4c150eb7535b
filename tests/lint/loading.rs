//! Each client's load list on a fixture, exact and in order. The rule ids are those of
//! `doc/research/client-loading.md`, which gives each rule's source in full.

use super::{loads, repo};

fn v(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

/// CC-01 (code.claude.com/docs/en/memory): CLAUDE.md and rules without `paths` at start.
/// CC-11 (mods/agents-md, measured in nixarchy#836): a CLAUDE.md turns AGENTS.md off.
/// CC-03 (#90449): a nested CLAUDE.md attaches on Read. CC-07 (memory docs, #23478): a `paths`
/// rule fires on Read, and an edit brings nothing.
#[test]
fn claude_code_cc01_cc03_cc07_cc11() {
    let repo = repo(&[
        ("CLAUDE.md", "# Project\n"),
        ("AGENTS.md", "# Agents\n"),
        (".claude/rules/style.md", "Always format.\n"),
        (
            ".claude/rules/api.md",
            "---\npaths:\n  - \"src/api/**\"\n---\nAPI rules.\n",
        ),
        ("src/api/CLAUDE.md", "# API folder\n"),
        ("src/api/handler.ts", "export {}\n"),
    ]);
    let [start, read, edit] = loads(&repo, "src/api/handler.ts", "claude");
    assert_eq!(start, v(&["CLAUDE.md", ".claude/rules/style.md"]));
    assert_eq!(read, v(&["src/api/CLAUDE.md", ".claude/rules/api.md"]));
    assert_eq!(edit, Vec::<String>::new());
}

/// CC-11: with no CLAUDE.md anywhere on the path, AGENTS.md loads where CLAUDE.md would, and a
/// nested one attaches on Read.
#[test]
fn claude_code_falls_back_to_agents_md_cc11() {
    let repo = repo(&[
        ("AGENTS.md", "# Agents\n"),
        ("web/AGENTS.md", "# Web\n"),
        ("web/app.ts", "x\n"),
    ]);
    let [start, read, _] = loads(&repo, "web/app.ts", "claude");
    assert_eq!(start, v(&["AGENTS.md"]));
    assert_eq!(read, v(&["web/AGENTS.md"]));
}

/// CC-04 (memory docs): imports expand after their file, relative to it, at most 4 hops, never
/// from code.
#[test]
fn claude_code_imports_cc04() {
    let repo = repo(&[
        ("CLAUDE.md", "See @docs/a.md and `@docs/code.md`.\n"),
        ("docs/a.md", "@b.md\n"),
        ("docs/b.md", "@c.md\n"),
        ("docs/c.md", "@d.md\n"),
        ("docs/d.md", "@e.md\n"),
        ("docs/e.md", "too deep\n"),
        ("docs/code.md", "never imported\n"),
    ]);
    let [start, _, _] = loads(&repo, ".", "claude");
    assert_eq!(
        start,
        v(&["CLAUDE.md", "docs/a.md", "docs/b.md", "docs/c.md", "docs/d.md"])
    );
}

/// CX-03 (codex-rs agents_md.rs): one file per folder from the root to the session's folder,
/// the override first. CX-05 (the same, and openai/codex#36371): one 32 KiB budget, root first:
/// the crossing file is cut, the later one dropped.
#[test]
fn codex_chain_override_and_budget_cx03_cx05() {
    let big = "x".repeat(30_000);
    let mid = "y".repeat(5_000);
    let repo = repo(&[
        ("AGENTS.md", big.as_str()),
        ("svc/AGENTS.override.md", mid.as_str()),
        ("svc/AGENTS.md", "shadowed\n"),
        ("svc/deep/AGENTS.md", "the most specific\n"),
        ("svc/deep/below/AGENTS.md", "below the session: never\n"),
    ]);
    let [start, read, _] = loads(&repo, "svc/deep", "codex");
    assert_eq!(
        start,
        v(&["AGENTS.md", "svc/AGENTS.override.md", "svc/deep/AGENTS.md"])
    );
    assert!(read.is_empty());
    let json = repo
        .run(&[
            "lint",
            "--explain",
            "svc/deep",
            "--client",
            "codex",
            "--format",
            "json",
        ])
        .code(0)
        .json();
    let start = &json["clients"][0]["start"];
    assert!(start[0]["cut"].is_null());
    assert_eq!(start[1]["cut"]["cut"], "truncated");
    assert_eq!(start[1]["cut"]["kept"], 32_768 - 30_000);
    assert_eq!(start[2]["cut"]["cut"], "dropped");
}

/// GM-03 (memoryDiscovery.ts): every configured name in each folder up to the git root, sorted
/// by path. GM-06 (jit-context.ts): a read or an edit attaches the folders' files.
#[test]
fn gemini_sorted_and_jit_on_edit_gm03_gm06() {
    let repo = repo(&[
        ("GEMINI.md", "root\n"),
        ("Apps/GEMINI.md", "apps\n"),
        ("Apps/x/GEMINI.md", "x\n"),
        ("Apps/x/main.go", "package x\n"),
        ("AGENTS.md", "not a Gemini name by default\n"),
    ]);
    let [start, _, _] = loads(&repo, "Apps", "gemini");
    assert_eq!(start, v(&["Apps/GEMINI.md", "GEMINI.md"]));
    let [start, read, edit] = loads(&repo, "Apps/x/main.go", "gemini");
    assert_eq!(start, v(&["GEMINI.md"]));
    assert_eq!(read, v(&["Apps/GEMINI.md", "Apps/x/GEMINI.md"]));
    assert_eq!(edit, read);
    // GM-01: `context.fileName` adds names; GEMINI.md stays.
    repo.write("learnings.toml", "[lint]\ngemini_file_names = [\"AGENTS.md\"]\n");
    let [start, _, _] = loads(&repo, ".", "gemini");
    assert_eq!(start, v(&["AGENTS.md", "GEMINI.md"]));
}

/// CU-07, CU-05, CU-06, CU-02 (cursor.com/docs/rules): the legacy file, the root AGENTS.md and
/// CLAUDE.md, and always rules at start; a glob rule when a matching file is in context; a `.md`
/// file in `.cursor/rules` never (CU-01).
#[test]
fn cursor_cu01_cu02_cu05_cu06_cu07() {
    let repo = repo(&[
        (".cursorrules", "legacy\n"),
        ("AGENTS.md", "agents\n"),
        ("CLAUDE.md", "claude\n"),
        (
            ".cursor/rules/always.mdc",
            "---\nalwaysApply: true\n---\nalways\n",
        ),
        (".cursor/rules/ts.mdc", "---\nglobs: \"**/*.ts\"\n---\nts\n"),
        (
            ".cursor/rules/manual.mdc",
            "---\ndescription: \"\"\n---\nmanual\n",
        ),
        (".cursor/rules/plain.md", "ignored\n"),
        ("src/a.ts", "x\n"),
    ]);
    let [start, read, edit] = loads(&repo, "src/a.ts", "cursor");
    assert_eq!(
        start,
        v(&[
            ".cursorrules",
            "AGENTS.md",
            "CLAUDE.md",
            ".cursor/rules/always.mdc"
        ])
    );
    assert_eq!(read, v(&[".cursor/rules/ts.mdc"]));
    assert_eq!(edit, read);
}

/// CP-01 and CP-07 (docs.github.com): the repository file and AGENTS.md, CLAUDE.md, GEMINI.md
/// of the root at start; CP-02: a path file when `applyTo` matches, never without it.
#[test]
fn copilot_cp01_cp02_cp07() {
    let repo = repo(&[
        (".github/copilot-instructions.md", "repo\n"),
        ("AGENTS.md", "a\n"),
        ("CLAUDE.md", "c\n"),
        ("GEMINI.md", "g\n"),
        (
            ".github/instructions/ts.instructions.md",
            "---\napplyTo: \"**/*.ts\"\n---\nts\n",
        ),
        (".github/instructions/none.instructions.md", "no applyTo\n"),
        ("src/a.ts", "x\n"),
    ]);
    let [start, read, _] = loads(&repo, "src/a.ts", "copilot");
    assert_eq!(
        start,
        v(&[
            ".github/copilot-instructions.md",
            "AGENTS.md",
            "CLAUDE.md",
            "GEMINI.md"
        ])
    );
    assert_eq!(read, v(&[".github/instructions/ts.instructions.md"]));
}

/// OC-01 (instruction.ts, opencode.ai/docs/rules): the first name found wins everywhere, so
/// AGENTS.md hides CLAUDE.md. OC-06: a read attaches the nested file; an edit does not.
#[test]
fn opencode_first_name_wins_and_read_only_oc01_oc06() {
    let repo = repo(&[
        ("AGENTS.md", "a\n"),
        ("CLAUDE.md", "hidden\n"),
        ("pkg/CLAUDE.md", "nested\n"),
        ("pkg/mod.ts", "x\n"),
    ]);
    let [start, read, edit] = loads(&repo, "pkg/mod.ts", "opencode");
    assert_eq!(start, v(&["AGENTS.md"]));
    assert_eq!(read, v(&["pkg/CLAUDE.md"]));
    assert!(edit.is_empty());
}

/// The text form names each rule's source, so a reader can check it.
#[test]
fn explain_text_cites_the_rules() {
    let repo = repo(&[("CLAUDE.md", "# P\n")]);
    let out = repo
        .run(&["lint", "--explain", ".", "--client", "claude"])
        .code(0)
        .stdout;
    assert!(out.contains("1. CLAUDE.md"), "{out}");
    assert!(
        out.contains("CC-01: ") && out.contains("code.claude.com/docs/en/memory"),
        "{out}"
    );
    let outside = repo.run(&["lint", "--explain", "/"]).code(2);
    assert!(
        outside.stderr.contains("outside the repository"),
        "{}",
        outside.stderr
    );
}
