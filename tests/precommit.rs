//! `.pre-commit-hooks.yaml`: the manifest pre-commit and prek read, checked against the CLI.

use crate::common::{Repo, day, lines, run_in};

/// The keys of the first hook of the manifest. The file is ours and flat (`key: value` lines of
/// one list item), so a line-based read is enough and no YAML crate is needed.
fn manifest() -> Vec<(String, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(".pre-commit-hooks.yaml");
    let text = std::fs::read_to_string(path).expect("manifest at the repository root");
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let l = l.strip_prefix("- ").unwrap_or(l).trim();
            let (key, value) = l
                .split_once(": ")
                .unwrap_or_else(|| panic!("not `key: value`: {l}"));
            (key.to_owned(), value.trim_matches('"').to_owned())
        })
        .collect()
}

fn get<'a>(m: &'a [(String, String)], key: &str) -> &'a str {
    m.iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no `{key}` in the manifest"))
}

#[test]
fn the_manifest_declares_the_check_hook() {
    let m = manifest();
    assert_eq!(m.iter().filter(|(k, _)| k == "id").count(), 1);
    assert_eq!(get(&m, "id"), "learnings-check");
    assert_eq!(get(&m, "language"), "rust");
    assert_eq!(get(&m, "pass_filenames"), "true");
    assert_eq!(get(&m, "types"), "[markdown]");
    let entry: Vec<&str> = get(&m, "entry").split_whitespace().collect();
    let binary = std::path::Path::new(env!("CARGO_BIN_EXE_learnings"))
        .file_stem()
        .and_then(|s| s.to_str())
        .expect("binary name");
    assert_eq!(
        entry.first().copied(),
        Some(binary),
        "cargo install must provide the entry"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let mut help: Vec<&str> = entry[1..].to_vec();
    help.push("--help");
    run_in(dir.path(), &help, None).code(0);
}

#[test]
fn the_hook_as_pre_commit_runs_it_stops_a_401_line_decisions_doc() {
    let m = manifest();
    let entry: Vec<&str> = get(&m, "entry").split_whitespace().skip(1).collect();
    let repo = Repo::new();
    repo.write("README.md", "readme\n");
    repo.commit_all(day(0), "start");
    repo.write("agents/decisions/architecture.md", lines(401));
    repo.write("README.md", "readme, longer\n");
    repo.git(&["add", "-A"]);
    // pre-commit appends the staged files that match `types` to the entry.
    let mut args = entry.clone();
    args.extend(["README.md", "agents/decisions/architecture.md"]);
    let run = repo.run(&args).code(1);
    assert_eq!(
        run.stdout,
        "agents/decisions/architecture.md: 401 lines (limit 400)\n"
    );

    // pre-commit stashes what is not staged: the index is what it checks.
    repo.write("agents/decisions/architecture.md", lines(400));
    repo.run(&args).code(1);
    repo.git(&["add", "-A"]);
    repo.run(&args).code(0);
}
