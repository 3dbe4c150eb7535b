//! Rot: an instruction cites a path, a target or a flag the repository no longer has. Checked
//! against the tracked tree, never the network. Commands are read with the shell parser
//! (`enforce::shell`), from code spans and shell code blocks only: prose is not a command.

use super::{Finding, Rule};
use crate::lint::surface::Surface;
use crate::lint::text::{self, CodeLine};
use crate::lint::tree::{Tree, join, parent};
use std::collections::BTreeSet;

mod cargo;
mod ignored;
mod targets;

use ignored::Ignored;

/// A rot finding's rule, message and fix.
type Check = (Rule, String, String);

/// Languages of code blocks whose lines are commands.
const SHELLS: &[&str] = &[
    "",
    "sh",
    "bash",
    "shell",
    "console",
    "zsh",
    "fish",
    "terminal",
    "shellsession",
];

pub(super) fn find(tree: &Tree, surfaces: &[Surface]) -> Vec<Finding> {
    let known = targets::Known::of(tree);
    let ignored = Ignored::default();
    let mut out = Vec::new();
    for s in surfaces {
        let read = text::read(&s.text);
        let dir = parent(&s.path);
        for i in &read.instructions {
            for link in &i.links {
                if let Some(f) = path_finding(tree, &ignored, s, dir, i.line, link, true) {
                    out.push(f);
                }
            }
            for code in &i.code {
                out.extend(command_findings(tree, &known, s, i.line, code));
                for word in code.split_whitespace() {
                    out.extend(path_finding(tree, &ignored, s, dir, i.line, word, false));
                }
            }
        }
        for CodeLine { line, lang, text } in &read.code {
            if !SHELLS.contains(&lang.as_str()) {
                continue;
            }
            let command = text.trim_start().trim_start_matches(['$', '>', '#']).trim_start();
            if text.trim_start().starts_with('#') && !text.trim_start().starts_with("#!") {
                continue;
            }
            out.extend(command_findings(tree, &known, s, *line, command));
            for word in command.split_whitespace() {
                out.extend(path_finding(tree, &ignored, s, dir, *line, word, false));
            }
        }
    }
    let mut seen = BTreeSet::new();
    out.retain(|f| seen.insert((f.path.clone(), f.line, f.message.clone())));
    out
}

/// Names a path never has, however it is spelt: placeholders and personal files.
fn placeholder(path: &str) -> bool {
    const PARTS: &[&str] = &[
        "foo", "bar", "baz", "xxx", "xyz", "example", "sample", "file", "path", "to", "your", "my", "some",
        "name",
    ];
    // What a build, an install or a tool makes: cited, but never tracked.
    const MADE: &[&str] = &[
        "dist",
        "build",
        "out",
        "target",
        "node_modules",
        ".next",
        "coverage",
        "vendor",
        ".venv",
        "__pycache__",
    ];
    path.starts_with("path/to")
        || path.split('/').any(|seg| MADE.contains(&seg))
        || path.split('/').any(|seg| {
            let stem = seg.split('.').next().unwrap_or(seg);
            PARTS.contains(&stem)
                || stem.starts_with("your")
                || stem.starts_with("my-")
                || stem.starts_with("my_")
        })
        || path.contains(".local")
        || path.contains("X.Y")
        || path.contains("x.y")
        || path.rsplit('/').next().is_some_and(|n| n.starts_with(".env"))
}

/// Whether `word` reads as a path: slash-separated names of plain characters, the last with a
/// short extension (or a trailing `/`); no glob, variable, placeholder or URL.
fn path_like(word: &str) -> bool {
    if word.contains("://")
        || word.starts_with(['-', '~', '/', '$', '@', '.'])
            && !word.starts_with("./")
            && !word.starts_with("../")
    {
        return false;
    }
    if !word.contains('/')
        || word
            .chars()
            .any(|c| "*?<>{}[]$|%=@:\\\"'`(),;!#^&+".contains(c) || c.is_whitespace())
    {
        return false;
    }
    let name = word.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    let ext_ok = name.rsplit_once('.').is_some_and(|(stem, e)| {
        !stem.is_empty()
            && (1..=5).contains(&e.len())
            && e.chars().all(|c| c.is_ascii_alphanumeric())
            && e.chars().any(|c| c.is_ascii_alphabetic())
    });
    // A folder is cited with at least two names: `tests/` alone is relative to anything.
    let folder = word.ends_with('/') && word.trim_end_matches('/').contains('/');
    (ext_ok || folder)
        && word.split('/').all(|seg| !seg.is_empty() || word.ends_with('/'))
        && word.chars().any(|c| c.is_alphabetic())
}

/// A finding for a cited path that is not in the tree, checked from the file's folder, its
/// home, and the root. Unless it is a link, the path must start in a folder the tree has: a
/// path under `build/` or `node_modules/` names what a build makes, not what git keeps.
fn path_finding(
    tree: &Tree,
    ignored: &Ignored,
    s: &Surface,
    dir: &str,
    line: usize,
    raw: &str,
    link: bool,
) -> Option<Finding> {
    let word = raw.split(['#', '?']).next().unwrap_or(raw);
    let word = word.trim_end_matches(['.', ',', ';', ':']);
    let word = trim_line_suffix(word);
    if word.is_empty()
        || (link && (word.contains(':') || word.starts_with('/')))
        || (!link && !path_like(word))
    {
        return None;
    }
    if link && !path_like(word) && !word.ends_with(".md") {
        return None;
    }
    if placeholder(word) {
        return None;
    }
    let bases = [dir, s.home.as_str(), "", parent(s.identity())];
    let resolved: Vec<String> = bases.iter().filter_map(|b| join(b, word)).collect();
    // Cited from a subproject's point of view (`docs/x.md` for `app/docs/x.md`): not rot.
    if resolved.is_empty() || resolved.iter().any(|p| tree.exists(p)) || tree.ends_with(word) {
        return None;
    }
    if resolved.iter().any(|p| ignored.is_ignored(tree, p)) {
        return None;
    }
    let anchored = link
        || resolved.iter().any(|p| {
            let first = p.split('/').next().unwrap_or("");
            p.contains('/') && tree.dirs.contains(first) && !first.is_empty()
        });
    if !anchored {
        return None;
    }
    let what = if link { "links to" } else { "cites" };
    Some(Finding::new(
        Rule::RotPath,
        &s.path,
        line,
        format!("{what} `{word}`, which is not in the repository"),
        "point it at the file's current path, or drop the sentence if the file is gone".into(),
    ))
}

/// `src/main.rs:42` and `src/main.rs:42:7` cite a line of `src/main.rs`.
fn trim_line_suffix(word: &str) -> &str {
    let mut w = word;
    while let Some((head, tail)) = w.rsplit_once(':') {
        if !tail.is_empty() && tail.chars().all(|c| c.is_ascii_digit()) {
            w = head;
        } else {
            break;
        }
    }
    w
}

/// Findings for the commands of one code span or code line: targets and script flags.
fn command_findings(
    tree: &Tree,
    known: &targets::Known,
    s: &Surface,
    line: usize,
    code: &str,
) -> Vec<Finding> {
    let first = code.split_whitespace().next().unwrap_or("");
    if code.len() > 400 || !targets::interesting(first) {
        return Vec::new();
    }
    let Some(commands) = crate::enforce::shell::parse(code) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for command in commands {
        let words: Vec<&str> = command.words.iter().map(|w| w.value.as_str()).collect();
        if let Some((rule, message, fix)) = known.check(tree, &words) {
            out.push(Finding::new(rule, &s.path, line, message, fix));
        }
    }
    out
}
