//! Exit codes, formats, `[lint]`, files passed by pre-commit, hostile trees, SessionStart.

use super::{findings, repo, rules};

fn rotten() -> crate::common::Repo {
    repo(&[
        ("AGENTS.md", "Run `npm run gone` first.\n"),
        ("package.json", "{\"scripts\": {\"kept\": \"true\"}}\n"),
    ])
}

#[test]
fn exit_codes_follow_fail_on() {
    let clean = repo(&[("AGENTS.md", "# Fine\n")]);
    let run = clean.run(&["lint"]).code(0);
    assert!(
        run.stdout.contains("no findings in 1 instruction file"),
        "{}",
        run.stdout
    );
    let repo = rotten();
    repo.run(&["lint"]).code(1);
    repo.run(&["lint", "--fail-on", "error"]).code(0);
    repo.run(&["lint", "--fail-on", "note"]).code(1);
    repo.run(&["lint", "--fail-on", "never"]).code(0);
    // Pre-commit passes the staged files: findings elsewhere are not theirs.
    repo.run(&["lint", "package.json"]).code(0);
    repo.run(&["lint", "AGENTS.md"]).code(1);
}

#[test]
fn every_format() {
    let repo = rotten();
    let text = repo.run(&["lint"]).code(1).stdout;
    assert!(
        text.starts_with("AGENTS.md:1: warning[rot-target]: runs the script `gone`"),
        "{text}"
    );
    assert!(text.contains("\n  fix: "), "{text}");
    let md = repo.run(&["lint", "--format", "markdown"]).code(1).stdout;
    assert!(md.contains("| `AGENTS.md:1` | warning |"), "{md}");
    let json = repo.run(&["lint", "--format", "json"]).code(1).json();
    assert_eq!(json["schema_version"], 1);
    assert_eq!(json["findings"][0]["severity"], "warning");
    let sarif = repo.run(&["lint", "--format", "sarif"]).code(1).json();
    assert_eq!(sarif["version"], "2.1.0");
    assert_eq!(sarif["runs"][0]["results"][0]["ruleId"], "rot-target");
    let gh = repo.run(&["lint", "--format", "github"]).code(1).stdout;
    assert!(
        gh.starts_with("::warning file=AGENTS.md,line=1,title=learnings lint%3A rot-target::"),
        "{gh}"
    );
}

#[test]
fn config_turns_rules_off_and_sets_severity() {
    let repo = rotten();
    repo.write(
        "learnings.toml",
        "[lint]\nseverity = { rot-target = \"error\" }\n",
    );
    let json = repo
        .run(&["lint", "--format", "json", "--fail-on", "error"])
        .code(1)
        .json();
    assert_eq!(json["findings"][0]["severity"], "error");
    repo.write("learnings.toml", "[lint]\noff = [\"rot-target\"]\n");
    assert!(findings(&repo, &[]).is_empty());
    repo.write("learnings.toml", "[lint]\noff = [\"rot-targets\"]\n");
    let bad = repo.run(&["lint"]).code(2);
    assert!(
        bad.stderr.contains("no rule `rot-targets`") && bad.stderr.contains("learnings.toml"),
        "{}",
        bad.stderr
    );
    assert_eq!(bad.stderr.trim().lines().count(), 1, "{}", bad.stderr);
}

/// A committed link is read only as the tracked file it names; one that leaves the tree, or
/// names a device, is never opened.
#[cfg(unix)]
#[test]
fn links_are_never_followed_out_of_the_tree() {
    let repo = repo(&[("AGENTS.md", "Use pnpm for every install in this repository.\n")]);
    std::os::unix::fs::symlink("/etc/passwd", repo.join("CLAUDE.md")).expect("link");
    std::os::unix::fs::symlink("/dev/zero", repo.join("GEMINI.md")).expect("link");
    std::os::unix::fs::symlink("AGENTS.md", repo.join(".github-copy.md")).expect("link");
    repo.git(&["add", "-A"]);
    repo.git(&["commit", "-q", "-m", "links"]);
    let run = repo
        .run(&["lint", "--format", "json", "--fail-on", "never"])
        .code(0);
    assert!(!run.stdout.contains("root:"), "{}", run.stdout);
    assert_eq!(run.json()["files"], 1);
    let explain = repo.run(&["lint", "--explain", "."]).code(0).stdout;
    assert!(
        !explain.contains(". CLAUDE.md ") && !explain.contains(". GEMINI.md "),
        "{explain}"
    );
    assert!(explain.contains("1. AGENTS.md "), "{explain}");
}

/// SessionStart says the count of the last run in one line, never the list.
#[test]
fn session_start_says_the_count_of_the_last_run() {
    let repo = rotten();
    assert!(!repo.session_start().stdout.contains("instruction files have"));
    repo.run(&["lint"]).code(1);
    let start = repo.session_start().stdout;
    assert!(
        start.contains("The agents' instruction files have 1 warning (`learnings lint` lists them)."),
        "{start}"
    );
    assert!(!start.contains("npm run gone"), "{start}");
}

#[test]
fn a_repository_without_instruction_files_is_clean() {
    let repo = repo(&[("README.md", "# Nothing for agents\n")]);
    assert!(rules(&findings(&repo, &[])).is_empty());
    let out = repo.run(&["lint", "--explain", "README.md"]).code(0).stdout;
    assert!(out.contains("at start: nothing"), "{out}");
}

/// `--client` reports only what concerns the clients asked for; a path given from a subfolder
/// is resolved; an untracked one is said, not silently clean.
#[test]
fn client_filter_and_given_paths() {
    let repo = repo(&[
        (".claude/rules/react.md", "---\nglobs: \"src/**\"\n---\nReact.\n"),
        ("src/app.tsx", "x\n"),
    ]);
    assert_eq!(rules(&findings(&repo, &[])), ["ignored-scope"]);
    assert!(findings(&repo, &["--client", "codex"]).is_empty());
    let sub = repo.join("src");
    let run = crate::common::run_in(&sub, &["lint", "../.claude/rules/react.md"], None).code(1);
    assert!(run.stdout.contains("ignored-scope"), "{}", run.stdout);
    let untracked = repo.run(&["lint", "nosuch.md"]).code(0);
    assert!(
        untracked.stderr.contains("nosuch.md: not a file git tracks here"),
        "{}",
        untracked.stderr
    );
}

/// A committed `learnings.toml` that links out of the repository is never read.
#[cfg(unix)]
#[test]
fn a_configuration_link_out_of_the_repository_is_refused() {
    let repo = repo(&[("AGENTS.md", "# A\n")]);
    std::os::unix::fs::symlink("/etc/passwd", repo.join("learnings.toml")).expect("link");
    let run = repo.run(&["lint"]).code(2);
    assert!(
        run.stderr.contains("a link to outside the repository"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("root:"), "{}", run.stderr);
}
