//! What the repository defines that commands name: `package.json` scripts, make targets, just
//! recipes, cargo packages, binaries, tests and examples, and the flags a script reads.

use super::super::Rule;
use super::cargo::{Cargo, cargo_manifest, cargo_target};
use crate::lint::tree::Tree;
use std::collections::BTreeSet;

/// Sub-commands of package managers that are not scripts.
const PM_BUILTINS: &[&str] = &[
    "install",
    "i",
    "add",
    "remove",
    "rm",
    "uninstall",
    "ci",
    "exec",
    "dlx",
    "x",
    "why",
    "up",
    "update",
    "upgrade",
    "outdated",
    "audit",
    "init",
    "create",
    "link",
    "unlink",
    "publish",
    "pack",
    "info",
    "view",
    "list",
    "ls",
    "config",
    "store",
    "workspace",
    "workspaces",
    "import",
    "rebuild",
    "prune",
    "patch",
    "env",
    "setup",
    "root",
    "bin",
    "version",
    "cache",
    "set",
    "plugin",
    "node",
    "dedupe",
    "run",
    "test",
    "start",
    "stop",
    "restart",
    "login",
    "logout",
    "whoami",
    "help",
    "fetch",
    "licenses",
    "upgrade-interactive",
    "global",
    "tag",
    "owner",
    "search",
    "doctor",
    "explain",
    "npx",
    "dev",
    "build",
    "lint",
    "format",
    "typecheck",
    "t",
];

/// Interpreters that run a script named next.
const INTERPRETERS: &[&str] = &[
    "bash", "sh", "zsh", "python", "python3", "node", "ruby", "perl", "tsx", "deno",
];

/// Whether a command starting with `first` is one lint reads.
pub(super) fn interesting(first: &str) -> bool {
    matches!(first, "npm" | "pnpm" | "yarn" | "bun" | "make" | "just" | "cargo")
        || INTERPRETERS.contains(&first)
        || first.starts_with("./")
        || (first.contains('/') && !first.contains("://"))
}

/// What the tree defines.
#[derive(Debug, Default)]
pub(super) struct Known {
    scripts: Option<BTreeSet<String>>,
    make: Option<(BTreeSet<String>, bool)>,
    just: Option<BTreeSet<String>>,
    cargo: Option<Cargo>,
}

use super::Check;

impl Known {
    /// Reads the manifests the tree tracks.
    pub(super) fn of(tree: &Tree) -> Known {
        let mut known = Known::default();
        let name = |f: &str| f.rsplit('/').next().unwrap_or(f).to_owned();
        for file in &tree.files {
            let n = name(file);
            if n == "package.json" && !file.contains("node_modules/") {
                let scripts = known.scripts.get_or_insert_with(BTreeSet::new);
                let json = tree
                    .read(file)
                    .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok());
                if let Some(map) = json
                    .as_ref()
                    .and_then(|j| j.get("scripts"))
                    .and_then(|s| s.as_object())
                {
                    scripts.extend(map.keys().cloned());
                }
            } else if matches!(n.as_str(), "Makefile" | "makefile" | "GNUmakefile") || n.ends_with(".mk") {
                let (targets, open) = known.make.get_or_insert_with(|| (BTreeSet::new(), false));
                if let Some(text) = tree.read(file) {
                    *open |= make_targets(&text, targets);
                }
            } else if matches!(n.as_str(), "justfile" | "Justfile" | ".justfile") {
                let recipes = known.just.get_or_insert_with(BTreeSet::new);
                just_recipes(&tree.read(file).unwrap_or_default(), recipes);
            } else if n == "Cargo.toml" {
                let cargo = known.cargo.get_or_insert_with(Cargo::default);
                cargo_manifest(&tree.read(file).unwrap_or_default(), cargo);
            } else if let Some(rest) = cargo_target(file) {
                let cargo = known.cargo.get_or_insert_with(Cargo::default);
                match rest {
                    ("bin", t) => cargo.bins.insert(t),
                    ("tests", t) => cargo.tests.insert(t),
                    (_, t) => cargo.examples.insert(t),
                };
            }
        }
        // A CMake project makes its Makefiles at build time.
        if tree
            .files
            .iter()
            .any(|f| name(f) == "CMakeLists.txt" || f.ends_with("configure.ac"))
        {
            known.make = None;
        }
        known
    }

    /// The rot of one simple command's words, if any.
    pub(super) fn check(&self, tree: &Tree, words: &[&str]) -> Option<Check> {
        let (&program, args) = words.split_first()?;
        let plain: Vec<&str> = args.iter().copied().filter(|a| !a.starts_with('-')).collect();
        match program {
            "npm" | "pnpm" | "yarn" | "bun" => {
                let scripts = self.scripts.as_ref()?;
                let script = script_of(program, args)?;
                if scripts.contains(script)
                    || script.contains(['$', '<', '{', '*'])
                    || !script.chars().any(char::is_alphanumeric)
                {
                    return None;
                }
                Some((
                    Rule::RotTarget,
                    format!("runs the script `{script}`, which no package.json of the repository defines"),
                    "use the script's current name (see \"scripts\" in package.json), or drop the command"
                        .into(),
                ))
            }
            "make" => {
                let (targets, open) = self.make.as_ref()?;
                let target = plain.iter().find(|a| {
                    !a.contains('=')
                        && !args
                            .windows(2)
                            .any(|w| matches!(w[0], "-C" | "-f") && w[1] == **a)
                })?;
                if *open || targets.contains(*target) || target.contains(['$', '<']) {
                    return None;
                }
                Some((
                    Rule::RotTarget,
                    format!("runs `make {target}`, and no Makefile of the repository has that target"),
                    "use the target's current name, or drop the command".into(),
                ))
            }
            "just" => {
                let recipes = self.just.as_ref()?;
                let recipe = plain.first()?;
                (!recipes.contains(*recipe) && !recipe.contains(['$', '<', '='])).then(|| {
                    (
                        Rule::RotTarget,
                        format!("runs `just {recipe}`, and the justfile has no such recipe"),
                        "use the recipe's current name, or drop the command".into(),
                    )
                })
            }
            "cargo" => self.cargo.as_ref().and_then(|c| c.check(args)),
            _ => script_flags(tree, words),
        }
    }
}

/// The script a package-manager command runs: `npm run X`, `pnpm X` (X not a sub-command).
fn script_of<'a>(program: &str, args: &[&'a str]) -> Option<&'a str> {
    // `--filter X`, `-w X` and the like take a value: skip them and theirs.
    let mut words: Vec<&str> = Vec::new();
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
            continue;
        }
        if matches!(
            *a,
            "--filter" | "-F" | "-w" | "--workspace" | "-C" | "--prefix" | "--dir" | "--cwd"
        ) {
            skip = true;
            continue;
        }
        if a.starts_with('-') {
            continue;
        }
        words.push(a);
    }
    match words.as_slice() {
        ["run" | "run-script", script, ..] => Some(script),
        [first, ..] if program != "npm" && !PM_BUILTINS.contains(first) && first.contains(':') => Some(first),
        _ => None,
    }
}

/// Adds the recipes and aliases of a justfile's text.
fn just_recipes(text: &str, recipes: &mut BTreeSet<String>) {
    for line in text.lines() {
        let head = line.trim_start_matches('@');
        if line.starts_with(char::is_whitespace) || line.starts_with('#') {
            continue;
        }
        if let Some(alias) = head.strip_prefix("alias ") {
            recipes.extend(alias.split(":=").next().map(|a| a.trim().to_owned()));
        } else if let Some((name, _)) = head.split_once(':')
            && !head.contains(":=")
        {
            recipes.extend(name.split_whitespace().next().map(str::to_owned));
        }
    }
}

/// Adds the targets of a Makefile's text; `true` when some target is a pattern or an include
/// may add more, so an unknown name proves nothing.
fn make_targets(text: &str, targets: &mut BTreeSet<String>) -> bool {
    let mut open = false;
    for line in text.lines() {
        if line.starts_with('\t') || line.starts_with('#') {
            continue;
        }
        if line.starts_with("include ") || line.starts_with("-include ") {
            open = true;
        }
        let Some((head, tail)) = line.split_once(':') else {
            continue;
        };
        if tail.starts_with('=') || head.contains('=') {
            continue;
        }
        for t in head.split_whitespace() {
            if t.contains('%') || t.contains('$') {
                open = true;
            }
            targets.insert(t.to_owned());
        }
    }
    open
}

/// A flag given to a repository script that its text never mentions. Only for scripts that
/// read flags themselves (they name another `--flag`) and do not pass their arguments on.
fn script_flags(tree: &Tree, words: &[&str]) -> Option<Check> {
    let (at, script) = words
        .iter()
        .enumerate()
        .take(2)
        .find(|(i, w)| (*i == 0 || INTERPRETERS.contains(&words[0])) && (w.contains('/') || *i == 1))?;
    let path = script.trim_start_matches("./");
    if !tree.files.contains(path) {
        return None;
    }
    let text = tree.read(path)?;
    if text.contains("$@")
        || text.contains("$*")
        || text.contains("argv[1:]")
        || text.contains("process.argv.slice")
    {
        return None;
    }
    let reads_flags = text
        .match_indices("--")
        .any(|(i, _)| text[i + 2..].starts_with(|c: char| c.is_ascii_alphabetic()));
    if !reads_flags {
        return None;
    }
    for word in &words[at + 1..] {
        let Some(flag) = word.strip_prefix("--") else {
            continue;
        };
        let flag = flag.split('=').next().unwrap_or(flag);
        if flag.is_empty() || text.contains(&format!("--{flag}")) || text.contains(flag) {
            continue;
        }
        return Some((
            Rule::RotFlag,
            format!("passes `--{flag}` to {path}, which never mentions it"),
            format!("use the flag {path} reads now (see its usage), or drop it"),
        ));
    }
    None
}
