//! `learnings lint`: each client's load list on fixtures (the rule and its source in each test's
//! name and comment), one scenario per finding kind with its fix, suppression, exit codes,
//! formats, `[lint]`, hostile trees, and SessionStart's line.

mod findings;
mod loading;
mod outputs;

use crate::common::{Repo, day};

/// A repository holding `files`, all committed (lint reads the tracked tree).
fn repo(files: &[(&str, &str)]) -> Repo {
    let repo = Repo::new();
    for (path, text) in files {
        repo.write(path, text);
    }
    repo.commit_all(day(0), "instructions");
    repo
}

/// The paths `client` loads for `path` (`lint --explain`): at start, on a read, on an edit.
fn loads(repo: &Repo, path: &str, client: &str) -> [Vec<String>; 3] {
    let json = repo
        .run(&["lint", "--explain", path, "--client", client, "--format", "json"])
        .code(0)
        .json();
    let list = |key: &str| -> Vec<String> {
        json["clients"][0][key]
            .as_array()
            .map(|items| {
                items
                    .iter()
                    .map(|i| i["path"].as_str().unwrap_or("?").to_owned())
                    .collect()
            })
            .unwrap_or_default()
    };
    [list("start"), list("read"), list("edit")]
}

/// The findings of `lint --format json` as `(rule, path, line)`.
fn findings(repo: &Repo, extra: &[&str]) -> Vec<(String, String, u64)> {
    let mut args = vec!["lint", "--format", "json", "--fail-on", "never"];
    args.extend_from_slice(extra);
    let json = repo.run(&args).code(0).json();
    json["findings"]
        .as_array()
        .map(|all| {
            all.iter()
                .map(|f| {
                    (
                        f["rule"].as_str().unwrap_or("?").to_owned(),
                        f["path"].as_str().unwrap_or("?").to_owned(),
                        f["line"].as_u64().unwrap_or(0),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The rules of `findings`, in order.
fn rules(found: &[(String, String, u64)]) -> Vec<&str> {
    found.iter().map(|f| f.0.as_str()).collect()
}
