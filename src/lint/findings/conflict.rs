//! Conflict: two files one client loads together that choose opposite things. Kept narrow on
//! purpose: one tool of a family chosen against another ("use pnpm" / "run `npm install`"), and
//! one instruction said both ways ("always X" / "never X"). An instruction that names two tools
//! of a family is a comparison ("pnpm, not npm"), never a choice.

use super::{Finding, Rule};
use crate::lint::clients::Client;
use crate::lint::surface::Surface;
use crate::lint::text::NEGATIONS;
use std::collections::{BTreeMap, BTreeSet};

/// Tools of which a project uses one.
const FAMILIES: &[(&str, &[&str])] = &[
    ("JavaScript package manager", &["npm", "pnpm", "yarn", "bun"]),
    (
        "Python package manager",
        &["pip", "uv", "poetry", "pipenv", "conda"],
    ),
    ("JavaScript test runner", &["jest", "vitest", "mocha"]),
];

/// Sub-commands that make a package manager's command a choice of it.
const PM_VERBS: &[&str] = &[
    "install", "i", "add", "ci", "run", "remove", "exec", "dlx", "sync", "test",
];

/// Where a conflict is: the later file and line, then the earlier.
type Place = (String, usize, String, usize);

/// The conflicts of one pair of files: the first line of each side, its message, the clients,
/// and the lines of the later file that conflict.
type Grouped = (usize, usize, String, BTreeSet<Client>, BTreeSet<usize>);

/// A choice one instruction makes: `(family, tool, line)`.
type Choice = (&'static str, &'static str, usize);

fn choices(s: &Surface) -> Vec<Choice> {
    let mut out = Vec::new();
    for i in &s.read.instructions {
        let words: Vec<String> = i.normal.split(' ').map(str::to_owned).collect();
        for (family, tools) in FAMILIES {
            let named: BTreeSet<&str> = tools
                .iter()
                .copied()
                .filter(|t| words.iter().any(|w| w == t))
                .collect();
            if named.len() != 1 {
                continue;
            }
            let tool = *named.iter().next().expect("one");
            if chooses(&words, &i.code, tool) {
                out.push((*family, tool, i.line));
            }
        }
    }
    out
}

/// Whether the words choose `tool`: "use/prefer/always use TOOL", or a command of it in code
/// (`pnpm install`), and no negation before it.
fn chooses(words: &[String], code: &[String], tool: &str) -> bool {
    let Some(at) = words.iter().position(|w| w == tool) else {
        return false;
    };
    if words[..at]
        .iter()
        .any(|w| NEGATIONS.contains(&w.as_str()) || w == "instead" || w == "than")
    {
        return false;
    }
    let before = at.checked_sub(1).map(|b| words[b].as_str());
    let verb = matches!(before, Some("use" | "uses" | "using" | "prefer" | "with"));
    let command = code.iter().any(|c| {
        let mut w = c.split_whitespace();
        w.next() == Some(tool) && w.next().is_some_and(|v| PM_VERBS.contains(&v))
    });
    verb || command
}

/// The words of an instruction said one way or the other, for "always X" / "never X".
fn stance(normal: &str) -> Option<(bool, String)> {
    let words: Vec<&str> = normal.split(' ').collect();
    let negated = words.iter().any(|w| NEGATIONS.contains(w));
    let rest: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| {
            !NEGATIONS.contains(w)
                && !["always", "do", "don", "t", "must", "should", "please", "you"].contains(w)
        })
        .collect();
    (rest.len() >= 4 && words.len() <= 14).then(|| (negated, rest.join(" ")))
}

pub(super) fn find(surfaces: &[Surface], sets: &[(Client, Vec<String>)]) -> Vec<Finding> {
    let by_path: BTreeMap<&str, &Surface> = surfaces.iter().map(|s| (s.path.as_str(), s)).collect();
    let mut chosen: BTreeMap<&str, Vec<Choice>> = BTreeMap::new();
    let mut stances: BTreeMap<&str, Vec<(usize, bool, String)>> = BTreeMap::new();
    let mut found: BTreeMap<Place, (String, BTreeSet<Client>)> = BTreeMap::new();
    for (client, paths) in sets {
        for path in paths {
            if let Some(s) = by_path.get(path.as_str()) {
                chosen.entry(path.as_str()).or_insert_with(|| choices(s));
                stances.entry(path.as_str()).or_insert_with(|| {
                    s.read
                        .instructions
                        .iter()
                        .filter_map(|i| stance(&i.normal).map(|(n, r)| (i.line, n, r)))
                        .collect()
                });
            }
        }
        // One pass per set: every choice by family and every stance by its words, then the
        // opposite sides from different files.
        // Grouped by file and tool: a file that names npm a hundred times is one side, so the
        // pairs stay few however long the files are.
        let mut by_family: BTreeMap<&str, BTreeMap<(&str, &str), Vec<usize>>> = BTreeMap::new();
        let mut by_words: BTreeMap<&str, Vec<(&str, usize, bool)>> = BTreeMap::new();
        for path in paths {
            for &(family, tool, line) in chosen.get(path.as_str()).into_iter().flatten() {
                by_family
                    .entry(family)
                    .or_default()
                    .entry((path.as_str(), tool))
                    .or_default()
                    .push(line);
            }
            for (line, negated, rest) in stances.get(path.as_str()).into_iter().flatten() {
                by_words
                    .entry(rest.as_str())
                    .or_default()
                    .push((path.as_str(), *line, *negated));
            }
        }
        let identity = |p: &str| by_path.get(p).map(|s| s.identity().to_owned());
        let mut record = |a: (&str, usize), b: (&str, usize), message: String| {
            if identity(a.0) == identity(b.0) {
                return;
            }
            let (first, second) = if a.0 < b.0 { (a, b) } else { (b, a) };
            let message = message.replace("{OTHER}", &format!("{}:{}", first.0, first.1));
            let e = found
                .entry((second.0.to_owned(), second.1, first.0.to_owned(), first.1))
                .or_insert((message, BTreeSet::new()));
            e.1.insert(*client);
        };
        for (family, picks) in &by_family {
            let picks: Vec<(&(&str, &str), &Vec<usize>)> = picks.iter().collect();
            for (i, &(&(pa, ta), la)) in picks.iter().enumerate() {
                for &(&(pb, tb), lb) in &picks[i + 1..] {
                    if ta == tb || pa == pb {
                        continue;
                    }
                    // Every line of the later file against the first of the earlier.
                    let ((early, early_lines), (late, late_lines, tool, other)) = if pa < pb {
                        ((pa, la), (pb, lb, tb, ta))
                    } else {
                        ((pb, lb), (pa, la, ta, tb))
                    };
                    for &line in late_lines {
                        record(
                            (early, early_lines[0]),
                            (late, line),
                            format!("chooses {tool} as the {family}, while {{OTHER}} chooses {other}"),
                        );
                    }
                }
            }
        }
        for said in by_words.values() {
            // Only the two sides meet: a sentence repeated in many files, all one way, costs nothing.
            let (yes, no): (Vec<_>, Vec<_>) = said.iter().partition(|(_, _, negated)| !negated);
            for &&(pa, la, _) in &yes {
                for &&(pb, lb, _) in &no {
                    record((pa, la), (pb, lb), "says the opposite of {OTHER}".to_owned());
                }
            }
        }
    }
    // One finding per pair of files, at the first conflicting line: one copied file is one
    // mistake, not forty.
    let mut pairs: BTreeMap<(String, String), Grouped> = BTreeMap::new();
    for ((path, line, other, other_line), (message, clients)) in found {
        let e = pairs.entry((path, other)).or_insert((
            line,
            other_line,
            message,
            BTreeSet::new(),
            BTreeSet::new(),
        ));
        e.3.extend(clients);
        e.4.insert(line);
    }
    pairs
        .into_iter()
        .map(|((path, other), (line, other_line, message, clients, lines))| {
            let names: Vec<&str> = clients.iter().map(|c| c.product()).collect();
            let more = match lines.len() {
                1 => String::new(),
                n => format!(
                    " ({} more {} in this file)",
                    n - 1,
                    crate::base::words::plural(n - 1, "line")
                ),
            };
            Finding::new(
                Rule::Conflict,
                &path,
                line,
                format!("{message}{more}; {} both", super::who_loads(&names)),
                "decide which is true and make both files say it (or scope the exception to its folder)"
                    .into(),
            )
            .with_clients(clients.into_iter().collect())
            .with_related(&other, other_line)
        })
        .collect()
}
