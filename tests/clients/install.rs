//! `learnings install --client`: into a project that already has settings, twice, `--dry-run`,
//! every client, and the refusals (a link, a file that is not JSON).

use super::project;
use crate::common::run_in;

const USER_SETTINGS: &str = r#"{
  "theme": "dark",
  "hooks": {
    "BeforeTool": [
      { "matcher": "write_file", "hooks": [ { "type": "command", "command": "./my-check.sh" } ] }
    ]
  },
  "general": { "vimMode": true, "checkpointing": { "enabled": false } }
}
"#;

#[test]
fn merges_into_existing_settings_keeping_every_key_in_order_and_twice_changes_nothing() {
    let repo = project();
    repo.write(".gemini/settings.json", USER_SETTINGS);
    let first = run_in(repo.path(), &["install", "--client", "gemini"], None).code(0);
    assert!(
        first
            .stdout
            .contains("added the learnings hooks to .gemini/settings.json"),
        "{}",
        first.stdout
    );
    assert!(first.stdout.contains("trusted folder"), "{}", first.stdout);
    let after = repo.read(".gemini/settings.json");
    let value: serde_json::Value = serde_json::from_str(&after).expect("JSON");
    assert_eq!(value["theme"], "dark");
    assert_eq!(value["general"]["checkpointing"]["enabled"], false);
    let before_tool = value["hooks"]["BeforeTool"].as_array().expect("list");
    assert_eq!(
        before_tool[0]["hooks"][0]["command"], "./my-check.sh",
        "the user's hook is kept first"
    );
    assert!(
        before_tool[1]["hooks"][0]["command"]
            .as_str()
            .expect("test input")
            .starts_with("learnings hook pre-tool --client gemini")
    );
    for event in ["SessionStart", "BeforeAgent", "AfterTool", "AfterAgent"] {
        assert!(after.contains(event), "{event} missing:\n{after}");
    }
    // The user's keys keep their order: theme, hooks, general.
    let (t, h, g) = (
        after.find("\"theme\""),
        after.find("\"hooks\""),
        after.find("\"general\""),
    );
    assert!(t < h && h < g, "{after}");
    let second = run_in(repo.path(), &["install", "--client", "gemini"], None).code(0);
    assert!(second.stdout.contains("is up to date"), "{}", second.stdout);
    assert_eq!(repo.read(".gemini/settings.json"), after);
}

#[test]
fn an_older_learnings_entry_is_replaced_where_it_is_not_added_twice() {
    let repo = project();
    repo.write(
        ".codex/hooks.json",
        r#"{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"learnings hook pre-tool --client codex"}]},{"matcher":"Bash","hooks":[{"type":"command","command":"./mine"}]}]}}"#,
    );
    run_in(repo.path(), &["install", "--client", "codex"], None).code(0);
    let value: serde_json::Value = serde_json::from_str(&repo.read(".codex/hooks.json")).expect("test input");
    let pre = value["hooks"]["PreToolUse"].as_array().expect("test input");
    assert_eq!(pre.len(), 2, "{pre:?}");
    assert_eq!(pre[0]["matcher"], "Bash|apply_patch");
    assert_eq!(pre[1]["hooks"][0]["command"], "./mine");
}

#[test]
fn dry_run_prints_the_diff_and_writes_nothing() {
    let repo = project();
    repo.write(".gemini/settings.json", USER_SETTINGS);
    let run = run_in(
        repo.path(),
        &["install", "--client", "gemini", "--client", "codex", "--dry-run"],
        None,
    )
    .code(0);
    assert!(
        run.stdout.contains("--- a/.gemini/settings.json"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("+++ b/.codex/hooks.json"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("+            \"command\": \"learnings hook prompt --client gemini"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("nothing written"), "{}", run.stdout);
    assert_eq!(repo.read(".gemini/settings.json"), USER_SETTINGS);
    assert!(!repo.join(".codex").exists());
}

#[cfg(unix)]
#[test]
fn all_writes_every_client_and_each_hook_names_its_client_and_never_fails_on_a_missing_binary() {
    let repo = project();
    let run = run_in(repo.path(), &["install", "--client", "all"], None).code(0);
    for (file, client) in [
        (".claude/settings.json", ""),
        (".codex/hooks.json", "--client codex"),
        (".gemini/settings.json", "--client gemini"),
        (".cursor/hooks.json", "--client cursor"),
        (".github/hooks/learnings.json", "--client copilot"),
    ] {
        let text = repo.read(file);
        assert!(text.contains(client), "{file}:\n{text}");
        assert!(text.contains("2>/dev/null || echo '{}'"), "{file}:\n{text}");
    }
    let plugin = repo.read(".opencode/plugins/learnings.js");
    assert!(plugin.contains("\"--client\", \"opencode\""), "{plugin}");
    assert!(
        run.stdout.contains("/hooks"),
        "Codex's trust step is said: {}",
        run.stdout
    );
    // The command as a client's shell runs it, without `learnings` on PATH: `{}`, exit 0.
    let value: serde_json::Value =
        serde_json::from_str(&repo.read(".gemini/settings.json")).expect("test input");
    let command = value["hooks"]["BeforeTool"][0]["hooks"][0]["command"]
        .as_str()
        .expect("test input");
    let out = std::process::Command::new("/bin/sh")
        .args(["-c", command])
        .env("PATH", "/nonexistent")
        .current_dir(repo.path())
        .output()
        .expect("sh");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "{}");
    // Issue 31: without `learnings` on PATH but with an npx that has it (`npx learnings demo`
    // once), the same call goes through `npx --no-install`, and the hook's input reaches it.
    let bin = tempfile::tempdir().expect("test input");
    let npx = bin.path().join("npx");
    std::fs::write(
        &npx,
        "#!/bin/sh\nprintf '{\"args\":\"%s\",\"stdin\":\"%s\"}' \"$*\" \"$(/bin/cat)\"\n",
    )
    .expect("test input");
    std::fs::set_permissions(&npx, std::os::unix::fs::PermissionsExt::from_mode(0o755)).expect("chmod");
    let mut child = std::process::Command::new("/bin/sh")
        .args(["-c", command])
        .env("PATH", bin.path())
        .current_dir(repo.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("sh");
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), b"input").expect("write");
    let out = child.wait_with_output().expect("sh");
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        answer["args"],
        "--no-install learnings hook pre-tool --client gemini"
    );
    assert_eq!(answer["stdin"], "input");
}

#[cfg(unix)]
#[test]
fn a_link_anywhere_on_the_way_is_refused_and_nothing_is_written_through_it() {
    let repo = project();
    let outside = tempfile::tempdir().expect("test input");
    std::os::unix::fs::symlink(outside.path(), repo.join(".codex")).expect("test input");
    let run = run_in(repo.path(), &["install", "--client", "codex"], None);
    assert_ne!(run.code, 0);
    assert!(run.stderr.contains(".codex: is a link"), "{}", run.stderr);
    assert_eq!(std::fs::read_dir(outside.path()).expect("test input").count(), 0);
    // A link as the file itself too.
    let target = outside.path().join("settings.json");
    std::fs::write(&target, "{}").expect("test input");
    std::fs::create_dir_all(repo.join(".gemini")).expect("test input");
    std::os::unix::fs::symlink(&target, repo.join(".gemini/settings.json")).expect("test input");
    let run = run_in(repo.path(), &["install", "--client", "gemini"], None);
    assert_ne!(run.code, 0);
    assert_eq!(std::fs::read_to_string(&target).expect("test input"), "{}");
}

#[test]
fn a_settings_file_that_is_not_json_is_named_with_the_fix_and_left_alone() {
    let repo = project();
    repo.write(".gemini/settings.json", "{ \"theme\": \"dark\", // my comment\n}");
    let run = run_in(repo.path(), &["install", "--client", "gemini"], None);
    assert_ne!(run.code, 0);
    assert!(run.stderr.contains(".gemini/settings.json"), "{}", run.stderr);
    assert!(run.stderr.contains("add the hooks by hand"), "{}", run.stderr);
    assert_eq!(run.stderr.trim().lines().count(), 1, "{}", run.stderr);
    assert!(repo.read(".gemini/settings.json").contains("my comment"));
}
