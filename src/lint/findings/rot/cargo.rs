//! What cargo names: packages, binaries, test targets and examples, from the manifests and the
//! target files the tree tracks.

use super::super::Rule;
use super::Check;
use std::collections::BTreeSet;

/// The cargo targets of a tree.
#[derive(Debug, Default)]
pub(super) struct Cargo {
    pub(super) packages: BTreeSet<String>,
    pub(super) bins: BTreeSet<String>,
    pub(super) tests: BTreeSet<String>,
    pub(super) examples: BTreeSet<String>,
}

/// `src/bin/X.rs`, `tests/X.rs`, `examples/X.rs` (or `X/main.rs`): a cargo target by its file.
pub(super) fn cargo_target(file: &str) -> Option<(&'static str, String)> {
    for (kind, marker) in [
        ("bin", "src/bin/"),
        ("tests", "tests/"),
        ("examples", "examples/"),
    ] {
        let at = if file.starts_with(marker) {
            Some(0)
        } else {
            file.find(&format!("/{marker}")).map(|i| i + 1)
        };
        if let Some(at) = at {
            let rest = &file[at + marker.len()..];
            let name = match rest.split_once('/') {
                Some((dir, "main.rs")) => dir,
                None => rest.strip_suffix(".rs")?,
                _ => return None,
            };
            return Some((kind, name.to_owned()));
        }
    }
    None
}

/// The `name`s of a Cargo.toml's `[package]`, `[[bin]]`, `[[test]]` and `[[example]]`.
pub(super) fn cargo_manifest(text: &str, cargo: &mut Cargo) {
    let Ok(doc) = toml::from_str::<toml::Table>(text) else {
        return;
    };
    let name = |v: &toml::Value| v.get("name").and_then(|n| n.as_str()).map(str::to_owned);
    if let Some(n) = doc.get("package").and_then(name) {
        cargo.bins.insert(n.clone());
        cargo.packages.insert(n);
    }
    for (key, set) in [
        ("bin", &mut cargo.bins),
        ("test", &mut cargo.tests),
        ("example", &mut cargo.examples),
    ] {
        for item in doc.get(key).and_then(|v| v.as_array()).into_iter().flatten() {
            set.extend(name(item));
        }
    }
}

impl Cargo {
    pub(super) fn check(&self, args: &[&str]) -> Option<Check> {
        for pair in args.windows(2) {
            let (set, what) = match pair[0] {
                "-p" | "--package" => (&self.packages, "package"),
                "--bin" => (&self.bins, "binary"),
                "--test" => (&self.tests, "test target"),
                "--example" => (&self.examples, "example"),
                _ => continue,
            };
            let value = pair[1];
            if value.starts_with('-')
                || value.contains(['$', '<', '*'])
                || set.is_empty()
                || set.contains(value)
            {
                continue;
            }
            return Some((
                Rule::RotTarget,
                format!(
                    "names the {what} `{value}`, which no Cargo.toml or target file of the repository defines"
                ),
                format!("use the {what}'s current name, or drop the command"),
            ));
        }
        None
    }
}
