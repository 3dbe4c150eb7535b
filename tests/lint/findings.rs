//! One scenario per finding kind: found with its file, line and rule, then the fix applied and
//! the finding gone.

use super::{findings, repo, rules};
use crate::common::day;

#[test]
fn loaded_twice_until_one_copy_is_left() {
    let line = "Run the integration tests with the local database before every push.\n";
    let repo = repo(&[("AGENTS.md", line), ("CLAUDE.md", &format!("# Claude\n\n{line}"))]);
    let found = findings(&repo, &[]);
    assert_eq!(found, [("loaded-twice".into(), "CLAUDE.md".into(), 3)]);
    let json = repo
        .run(&["lint", "--format", "json", "--fail-on", "never"])
        .json();
    let clients = json["findings"][0]["clients"].to_string();
    // Cursor and Copilot load both; Claude Code's default reads no AGENTS.md beside CLAUDE.md.
    assert!(
        clients.contains("cursor") && clients.contains("copilot") && !clients.contains("claude"),
        "{clients}"
    );
    repo.write("CLAUDE.md", "# Claude\n\n@AGENTS.md\n");
    assert!(findings(&repo, &[]).is_empty());
}

#[test]
fn conflict_of_package_managers_until_both_agree() {
    let repo = repo(&[
        // Off by default (0 of 44 on held-out repositories, one cause): asked for here.
        ("learnings.toml", "[lint]\non = [\"conflict\"]\n"),
        ("AGENTS.md", "Use pnpm for every install in this repository.\n"),
        ("CLAUDE.md", "Before the tests, run `npm install` once.\n"),
    ]);
    assert_eq!(rules(&findings(&repo, &[])), ["conflict"]);
    // Naming both is a comparison, not a choice.
    repo.write(
        "CLAUDE.md",
        "Before the tests, run `pnpm install` once; never npm.\n",
    );
    assert!(findings(&repo, &[]).is_empty());
}

#[test]
fn conflict_of_one_instruction_said_both_ways() {
    let repo = repo(&[
        ("learnings.toml", "[lint]\non = [\"conflict\"]\n"),
        ("AGENTS.md", "Always commit the generated lock files.\n"),
        ("CLAUDE.md", "Never commit the generated lock files.\n"),
    ]);
    assert_eq!(rules(&findings(&repo, &[])), ["conflict"]);
}

#[test]
fn over_budget_in_codex_until_the_chain_is_shorter() {
    let repo = repo(&[
        ("AGENTS.md", &"word ".repeat(6_000)),
        ("svc/AGENTS.md", &"rule ".repeat(1_000)),
    ]);
    let found = findings(&repo, &["--client", "codex"]);
    assert_eq!(found, [("over-budget".into(), "svc/AGENTS.md".into(), 1)]);
    repo.write("AGENTS.md", "short\n");
    assert!(findings(&repo, &["--client", "codex"]).is_empty());
}

#[test]
fn dead_glob_until_it_names_files() {
    let repo = repo(&[
        // Off by default (88% on held-out repositories): asked for here.
        ("learnings.toml", "[lint]\non = [\"dead-glob\"]\n"),
        (
            ".claude/rules/api.md",
            "---\npaths:\n  - \"server/**\"\n---\nAPI rules.\n",
        ),
        ("src/api/a.ts", "x\n"),
    ]);
    assert_eq!(
        findings(&repo, &[]),
        [("dead-glob".into(), ".claude/rules/api.md".into(), 2)]
    );
    repo.write(
        ".claude/rules/api.md",
        "---\npaths:\n  - \"src/api/**\"\n---\nAPI rules.\n",
    );
    assert!(findings(&repo, &[]).is_empty());
}

#[test]
fn broken_import_until_the_file_exists() {
    let repo = repo(&[(
        "CLAUDE.md",
        "# P\n\n@docs/conventions.md\n\nMail me@example.com, see @team.\n",
    )]);
    let found = findings(&repo, &[]);
    assert_eq!(found, [("broken-import".into(), "CLAUDE.md".into(), 3)]);
    repo.write("docs/conventions.md", "conventions\n");
    repo.commit_all(day(1), "docs");
    assert!(findings(&repo, &[]).is_empty());
}

#[test]
fn unread_files_until_renamed() {
    let repo = repo(&[
        (".cursor/rules/style.md", "---\nalwaysApply: true\n---\nstyle\n"),
        (
            ".github/instructions/go.instructions.md",
            "applyTo:\n  - \"**/*.go\"\n---\nGo rules\n",
        ),
        ("main.go", "package main\n"),
    ]);
    let found = findings(&repo, &[]);
    assert_eq!(rules(&found), ["unread-file", "unread-file"]);
    repo.git(&["mv", ".cursor/rules/style.md", ".cursor/rules/style.mdc"]);
    repo.write(
        ".github/instructions/go.instructions.md",
        "---\napplyTo:\n  - \"**/*.go\"\n---\nGo rules\n",
    );
    assert!(findings(&repo, &[]).is_empty());
}

/// The 56k-token case (odh-dashboard#7623): Cursor's `globs:` in `.claude/rules`.
#[test]
fn ignored_scope_until_paths_is_written() {
    let repo = repo(&[
        (
            ".claude/rules/react.md",
            "---\nglobs: \"src/**/*.tsx\"\nalwaysApply: false\n---\nReact rules.\n",
        ),
        ("src/app.tsx", "x\n"),
    ]);
    assert_eq!(
        findings(&repo, &[]),
        [("ignored-scope".into(), ".claude/rules/react.md".into(), 2)]
    );
    repo.write(
        ".claude/rules/react.md",
        "---\npaths:\n  - \"src/**/*.tsx\"\n---\nReact rules.\n",
    );
    assert!(findings(&repo, &[]).is_empty());
}

#[test]
fn rot_of_paths_targets_and_flags_until_fixed() {
    let repo = repo(&[
        // rot-path is off by default (73.5% precision on real repositories): asked for here.
        ("learnings.toml", "[lint]\non = [\"rot-path\", \"rot-flag\"]\n"),
        (
            "AGENTS.md",
            "# Work\n\n- Start with `scripts/setup.sh`.\n- Lint with `npm run lint:all`.\n- Check with `./scripts/check.sh --fast`.\n- Build with `make dist-all`.\n- Edit `src/path/to/file.ts` or `dist/app.js` freely.\n",
        ),
        ("package.json", "{\"scripts\": {\"lint\": \"eslint .\"}}\n"),
        ("scripts/check.sh", "case $1 in --full) echo full;; esac\n"),
        ("Makefile", "all:\n\techo\n"),
        ("src/index.ts", "x\n"),
    ]);
    let found = findings(&repo, &[]);
    assert_eq!(
        found,
        [
            ("rot-path".into(), "AGENTS.md".into(), 3),
            ("rot-target".into(), "AGENTS.md".into(), 4),
            ("rot-flag".into(), "AGENTS.md".into(), 5),
            ("rot-target".into(), "AGENTS.md".into(), 6),
        ]
    );
    repo.write("scripts/setup.sh", "echo\n");
    repo.write("package.json", "{\"scripts\": {\"lint:all\": \"eslint .\"}}\n");
    repo.write("scripts/check.sh", "case $1 in --fast) echo fast;; esac\n");
    repo.write("Makefile", "all dist-all:\n\techo\n");
    repo.commit_all(day(1), "fixed");
    assert!(findings(&repo, &[]).is_empty());
}

#[test]
fn suppression_comments_silence_one_line_or_the_file() {
    let repo = repo(&[
        ("learnings.toml", "[lint]\non = [\"rot-path\"]\n"),
        (
            "AGENTS.md",
            "- One `scripts/gone.sh`.\n<!-- learnings-lint-disable-next-line rot-path -->\n- Two `scripts/also-gone.sh`.\n- Three `scripts/third.sh` <!-- learnings-lint-disable-line -->\n",
        ),
    ]);
    repo.write("scripts/kept.sh", "x\n");
    repo.commit_all(day(1), "scripts");
    assert_eq!(findings(&repo, &[]), [("rot-path".into(), "AGENTS.md".into(), 1)]);
    let json = repo
        .run(&["lint", "--format", "json", "--fail-on", "never"])
        .json();
    assert_eq!(json["suppressed"], 2);
    repo.write(
        "AGENTS.md",
        format!(
            "<!-- learnings-lint-disable rot-path -->\n{}",
            repo.read("AGENTS.md")
        ),
    );
    assert!(findings(&repo, &[]).is_empty());
}

/// What the held-out repositories taught: an exclusion pattern matches nothing by design, a
/// skill's own AGENTS.md is no folder's, a README in `.github/instructions` is for people, and a
/// conflict is one per pair of files.
#[test]
fn held_out_lessons() {
    let repo = repo(&[
        ("learnings.toml", "[lint]\non = [\"dead-glob\", \"conflict\"]\n"),
        (
            ".claude/rules/api.md",
            "---\npaths:\n  - \"src/**\"\n  - \"!src/gen/**\"\n  - \"**/*.pyi\"\n---\nAPI\n",
        ),
        ("src/a.ts", "x\n"),
        (
            ".agents/skills/deploy/AGENTS.md",
            &"skill reference ".repeat(3_000),
        ),
        (".github/instructions/README.md", "How we write instructions.\n"),
        (
            "AGENTS.md",
            "Use pnpm for every install.\n\nUse pnpm to add packages.\n",
        ),
        (
            "CLAUDE.md",
            "Run `npm install` first.\n\nRun `npm add left-pad` to add one.\n",
        ),
    ]);
    let json = repo
        .run(&["lint", "--format", "json", "--fail-on", "never"])
        .code(0)
        .json();
    let found = json["findings"].as_array().expect("findings");
    let messages: Vec<(&str, &str)> = found
        .iter()
        .map(|f| {
            (
                f["rule"].as_str().unwrap_or(""),
                f["message"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert_eq!(
        messages[0],
        (
            "dead-glob",
            "`paths:` `**/*.pyi`: 1 of 2 patterns match no tracked file"
        )
    );
    assert_eq!(messages[1].0, "conflict");
    assert!(
        messages[1].1.contains("(1 more line in this file)"),
        "{messages:?}"
    );
    // Without [lint], neither kind runs.
    repo.write("learnings.toml", "");
    assert!(findings(&repo, &[]).is_empty());
}

#[test]
fn always_on_until_the_start_is_lighter() {
    // About 25,000 tokens in every Claude Code session: over the default budget of 20,000.
    let big = "- Keep each handler small and name it after what it does.\n".repeat(1_700);
    let repo = repo(&[("CLAUDE.md", &big)]);
    let found = findings(&repo, &["--client", "claude"]);
    assert_eq!(found, [("always-on".into(), "CLAUDE.md".into(), 1)]);
    repo.write("learnings.toml", "[lint]\nbudget_tokens = 30000\n");
    assert!(findings(&repo, &["--client", "claude"]).is_empty());
}
