//! The architecture map is kept true: `ARCHITECTURE.md` lists each room of `src/` and the rooms
//! it may import, from the bottom up; the `use` lines and paths of the code must agree. A circle
//! between modules, an import of a room listed later (an arrow up), an import the map does not
//! list, a room missing from the map, or a broken invariant fails here.

mod source;

use source::{ModPath, Module};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The rooms of the map in order, bottom first, each with the rooms it may import.
fn map() -> Vec<(String, BTreeSet<String>)> {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let mut rooms: Vec<(String, BTreeSet<String>)> = Vec::new();
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("### `") {
            let name = heading
                .trim_end_matches('`')
                .trim_end_matches('/')
                .trim_end_matches(".rs");
            rooms.push((name.to_owned(), BTreeSet::new()));
        } else if let Some(list) = line.strip_prefix("Imports: ") {
            let (_, allowed) = rooms.last_mut().expect("an Imports line under a room heading");
            for name in list.split(", ") {
                if let Some(name) = name.trim_end_matches('.').strip_prefix('`') {
                    allowed.insert(name.trim_end_matches('`').to_owned());
                }
            }
        }
    }
    rooms
}

/// Module-to-module imports of the code outside tests.
fn edges(modules: &BTreeMap<ModPath, Module>) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    modules
        .iter()
        .filter(|(_, m)| !m.test_only)
        .map(|(path, module)| {
            // A module and its own descendants are one inside: a parent dispatching to its
            // children is not an import that could loop.
            let targets = source::imports(path, module, modules)
                .into_iter()
                .filter(|t| !t.starts_with(path))
                .collect();
            (path.clone(), targets)
        })
        .collect()
}

fn name(path: &ModPath) -> String {
    if path.is_empty() {
        "crate".into()
    } else {
        path.join("::")
    }
}

#[test]
fn no_module_imports_around_a_circle() {
    let modules = source::modules(root());
    let edges = edges(&modules);
    // Depth-first search for a back edge; the path on the stack is the circle.
    fn visit(
        at: &ModPath,
        edges: &BTreeMap<ModPath, BTreeSet<ModPath>>,
        done: &mut BTreeSet<ModPath>,
        stack: &mut Vec<ModPath>,
    ) -> Option<Vec<ModPath>> {
        if let Some(start) = stack.iter().position(|m| m == at) {
            return Some(stack[start..].to_vec());
        }
        if !done.insert(at.clone()) {
            return None;
        }
        stack.push(at.clone());
        for next in edges.get(at).into_iter().flatten() {
            if let Some(circle) = visit(next, edges, done, stack) {
                return Some(circle);
            }
        }
        stack.pop();
        None
    }
    let mut done = BTreeSet::new();
    for start in edges.keys() {
        if let Some(circle) = visit(start, &edges, &mut done, &mut Vec::new()) {
            let names: Vec<String> = circle.iter().map(name).collect();
            panic!(
                "modules import each other around a circle: {} → back",
                names.join(" → ")
            );
        }
    }
}

#[test]
fn every_import_between_rooms_is_on_the_map_and_points_down() {
    let map = map();
    let order: BTreeMap<&str, usize> = map
        .iter()
        .enumerate()
        .map(|(i, (n, _))| (n.as_str(), i))
        .collect();
    // The map itself points down: a room only lists rooms above it on the page.
    for (room, allowed) in &map {
        for other in allowed {
            let (Some(&at), Some(&to)) = (order.get(room.as_str()), order.get(other.as_str())) else {
                panic!("ARCHITECTURE.md: `{room}` may import `{other}`, which has no section");
            };
            assert!(
                to < at,
                "ARCHITECTURE.md: `{room}` may import `{other}`, listed after it (an arrow up)"
            );
        }
    }
    let modules = source::modules(root());
    let rooms_in_code: BTreeSet<&str> = modules
        .keys()
        .filter_map(|p| p.first())
        .map(String::as_str)
        .collect();
    let rooms_on_map: BTreeSet<&str> = order.keys().copied().collect();
    assert_eq!(
        rooms_in_code, rooms_on_map,
        "the rooms of src/ and the sections of ARCHITECTURE.md"
    );
    let mut wrong = Vec::new();
    for (from, targets) in edges(&modules) {
        let Some(room) = from.first() else { continue };
        let allowed = &map[order[room.as_str()]].1;
        for target in targets {
            let Some(to) = target.first() else { continue };
            if to != room && !allowed.contains(to) {
                wrong.push(format!(
                    "{} imports {} (not on the map of `{room}`)",
                    name(&from),
                    name(&target)
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against ARCHITECTURE.md:\n{}",
        wrong.join("\n")
    );
}

/// Where a token may appear in code outside tests: files or folders of `src/`.
const INVARIANTS: &[(&str, &[&str])] = &[
    ("gix::", &["src/history/"]),
    ("clap::", &["src/cli/"]),
    ("brush_parser::", &["src/enforce/"]),
    ("crate::cli", &["src/cli/"]),
    ("println!", &[]),
    ("print!", &[]),
    ("eprintln!", &[]),
    ("eprint!", &[]),
    ("dbg!", &[]),
    ("io::stdout()", &[]),
    ("io::stderr()", &[]),
    ("io::stdin()", &["src/hooks/protocol.rs", "src/cli/"]),
    (
        "process::Command",
        &["src/cli/doctor.rs", "src/hooks/freshness.rs"],
    ),
    // Private state is written by the store alone: it is the one place that refuses links,
    // makes folders 0700 and files 0600, and locks its logs. The others below write what is
    // not private: the client's env file, CI's job summary, the repositories and folders the
    // user asks for, and the history cache inside the git folder.
    ("DirBuilder", &["src/store/"]),
    (
        "set_permissions",
        &["src/store/", "src/base/fs.rs", "src/setup/git_hook.rs"],
    ),
    (
        "OpenOptions",
        &[
            "src/store/",
            "src/base/fs.rs",
            "src/enforce/env_file.rs",
            "src/cli/stale.rs",
        ],
    ),
    (
        "create_dir",
        &[
            "src/store/",
            "src/agents/scaffold.rs",
            "src/history/write.rs",
            "src/setup/git_hook.rs",
            "src/setup/install.rs",
            "src/demo/",
        ],
    ),
];

#[test]
fn only_the_rooms_named_in_the_invariants_use_gix_clap_the_shell_parser_stdio_or_processes() {
    let map = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let invariants = map.split("## Invariants").nth(1).expect("an Invariants section");
    for token in [
        "gix",
        "clap",
        "brush_parser",
        "cli/",
        "OpenOptions",
        "println!",
        "io::stderr()",
        "stdin",
        "`git` process",
    ] {
        assert!(
            invariants.contains(token),
            "ARCHITECTURE.md's invariants say nothing of {token}"
        );
    }
    let mut broken = Vec::new();
    for module in source::modules(root()).values().filter(|m| !m.test_only) {
        for (token, allowed) in INVARIANTS {
            let here = allowed.iter().any(|a| module.file.starts_with(a));
            let used = contains_token(&module.code, token)
                || contains_token(&module.code, &format!("use {}", token.trim_end_matches("::")));
            if used && !here {
                broken.push(format!("{}: uses `{token}`", module.file));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "invariants of ARCHITECTURE.md broken:\n{}",
        broken.join("\n")
    );
}

/// Whether `token` stands in `code` not as the tail of a longer name (`print!` in `eprint!`).
fn contains_token(code: &str, token: &str) -> bool {
    code.match_indices(token).any(|(at, _)| {
        !code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

#[test]
fn lib_rs_gives_each_module_one_line() {
    let lib = std::fs::read_to_string(root().join("src/lib.rs")).expect("lib.rs");
    let lines: Vec<&str> = lib.lines().collect();
    let mut modules = 0;
    for (i, line) in lines.iter().enumerate() {
        if let Some(module) = line.strip_prefix("pub mod ") {
            modules += 1;
            let doc = i.checked_sub(1).map(|j| lines[j]).unwrap_or("");
            let before = i.checked_sub(2).map(|j| lines[j]).unwrap_or("");
            assert!(
                doc.starts_with("/// ") && !before.starts_with("///"),
                "lib.rs: `{module}` needs exactly one line of doc"
            );
        }
    }
    assert!(modules > 10, "lib.rs lists the rooms");
}

#[test]
fn the_reader_sees_through_comments_strings_and_tests() {
    let code = source::strip(
        "use crate::a::{b, c::{d as e, f}};\n// crate::x::y\nlet s = \"crate::z::w\"; let c = '\"'; let l: &'a str;\nr#\"crate::q::r\"#;",
    );
    assert!(code.contains("use crate::a::{b, c::{d as e, f}}"), "{code}");
    assert!(
        !code.contains("crate::x") && !code.contains("crate::z") && !code.contains("crate::q"),
        "{code}"
    );
    assert!(code.contains("&'a str"), "lifetimes stay: {code}");
}
