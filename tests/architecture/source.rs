//! The modules of `src/` and what each imports, read from the files as text: comments, strings
//! and `#[cfg(test)]` code taken out, `use` trees expanded, paths resolved to the module that
//! defines them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path: `["history", "blame"]`; the crate root is empty.
pub type ModPath = Vec<String>;

/// One module file of the crate.
#[derive(Debug)]
pub struct Module {
    /// Where it is, relative to the crate root (`src/history/blame.rs`).
    pub file: String,
    /// Its code, without comments, string contents or `#[cfg(test)]` items.
    pub code: String,
    /// Only compiled for tests (declared under `#[cfg(test)]`, or inside such a module).
    pub test_only: bool,
}

/// Every module of `src/` but `main.rs`, by module path.
pub fn modules(root: &Path) -> BTreeMap<ModPath, Module> {
    let mut files = Vec::new();
    walk(&root.join("src"), &mut files);
    let mut found = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(root).expect("under the root");
        let file_name = relative.to_string_lossy().replace('\\', "/");
        if file_name == "src/main.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a source file");
        found.insert(mod_path(&file_name), (file_name, strip(&text)));
    }
    // A module is test-only when its parent declares it under `#[cfg(test)]`.
    let mut test_only: BTreeSet<ModPath> = BTreeSet::new();
    for (path, (_, code)) in &found {
        for child in test_children(code) {
            let mut child_path = path.clone();
            child_path.push(child);
            test_only.insert(child_path);
        }
    }
    found
        .into_iter()
        .map(|(path, (file, code))| {
            let test_only = (1..=path.len()).any(|n| test_only.contains(&path[..n]));
            (
                path,
                Module {
                    file,
                    code: without_test_items(&code),
                    test_only,
                },
            )
        })
        .collect()
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("a folder").flatten().collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/a/b.rs` and `src/a/b/mod.rs` are `a::b`; `src/lib.rs` is the root.
fn mod_path(file: &str) -> ModPath {
    let inner = file.trim_start_matches("src/").trim_end_matches(".rs");
    let mut parts: Vec<String> = inner.split('/').map(str::to_owned).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The text with comments removed and string and char literals emptied, so that a path written
/// in a doc comment or a message is not read as an import.
pub fn strip(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |end| end + 2);
        } else if let Some(len) = raw_string(rest) {
            out.push_str("\"\"");
            i += len;
        } else if rest.starts_with('"') {
            let mut j = 1;
            while j < rest.len() && rest.as_bytes()[j] != b'"' {
                j += if rest.as_bytes()[j] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i += (j + 1).min(rest.len());
        } else if let Some(len) = char_literal(rest) {
            out.push_str("' '");
            i += len;
        } else {
            let c = rest.chars().next().expect("not empty");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The length of a raw string literal (`r"…"`, `r#"…"#`, `br"…"`) at the start of `rest`.
fn raw_string(rest: &str) -> Option<usize> {
    let after_b = rest.strip_prefix('b').unwrap_or(rest);
    let after_r = after_b.strip_prefix('r')?;
    let hashes = after_r.len() - after_r.trim_start_matches('#').len();
    let body = after_r[hashes..].strip_prefix('"')?;
    let close = format!("\"{}", "#".repeat(hashes));
    let end = body.find(&close)?;
    Some(rest.len() - body.len() + end + close.len())
}

/// The length of a char literal (`'a'`, `'\n'`, `'\u{2019}'`) at the start of `rest`; a
/// lifetime (`'a`) is not one.
fn char_literal(rest: &str) -> Option<usize> {
    let body = rest.strip_prefix('\'')?;
    let mut chars = body.char_indices();
    let (_, first) = chars.next()?;
    if first == '\\' {
        return body.find('\'').filter(|&end| end > 1).map(|end| end + 2);
    }
    match chars.next() {
        Some((at, '\'')) => Some(at + 2),
        _ => None,
    }
}

/// The children a module declares under `#[cfg(test)]` (`#[cfg(test)] mod tests;`).
fn test_children(code: &str) -> Vec<String> {
    let mut children = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        rest = &rest[at + "#[cfg(test)]".len()..];
        let item = rest.trim_start();
        let item = item.strip_prefix("pub ").unwrap_or(item);
        if let Some(name) = item.strip_prefix("mod ") {
            let name: String = name
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            children.push(name);
        }
    }
    children
}

/// The code without the items under `#[cfg(test)]` (an inline `mod tests { … }`, a test helper).
fn without_test_items(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        rest = &rest[at + "#[cfg(test)]".len()..];
        // The item ends at its `;` or at the brace that closes its first `{`.
        let mut depth = 0usize;
        let mut end = rest.len();
        for (i, c) in rest.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The modules `path`'s code refers to: `use` trees, and `crate::`, `super::`, `self::` and
/// child-module paths in the code, each resolved to the longest module path that exists.
pub fn imports(path: &ModPath, module: &Module, all: &BTreeMap<ModPath, Module>) -> BTreeSet<ModPath> {
    let code = &module.code;
    let mut paths = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = find_word(rest, "use") {
        let tail = &rest[at + 3..];
        let end = tail.find(';').unwrap_or(tail.len());
        expand(tail[..end].trim(), "", &mut paths);
        rest = &tail[end..];
    }
    let children = declared_children(code);
    for word in path_words(code) {
        let first = word.split("::").next().unwrap_or("");
        if matches!(first, "crate" | "super" | "self") || children.contains(first) {
            paths.push(word);
        }
    }
    let mut found = BTreeSet::new();
    for written in paths {
        if let Some(target) = resolve(path, &written, &children, all)
            && &target != path
        {
            found.insert(target);
        }
    }
    found
}

/// The start of `word` in `text` as a whole word.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = text[from..].find(word).map(|i| i + from) {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let is_ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if !is_ident(before) && !is_ident(after) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// `a::{b, c::{d, e}}` as `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str, prefix: &str, out: &mut Vec<String>) {
    let tree = without_renames(tree);
    let Some(open) = tree.find('{') else {
        out.push(join(prefix, tree.trim_end_matches("::")));
        return;
    };
    let head = join(prefix, tree[..open].trim_end_matches("::"));
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand(&inner[start..i], &head, out);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < inner.len() {
        expand(&inner[start..], &head, out);
    }
}

/// A use tree without `as name` renames and without white space.
fn without_renames(tree: &str) -> String {
    let mut out = String::new();
    let mut words = tree.split_whitespace().peekable();
    while let Some(word) = words.next() {
        if word == "as" {
            // The new name, and whatever punctuation is glued to its end.
            let renamed = words.next().unwrap_or("");
            out.push_str(renamed.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_'));
        } else {
            out.push_str(word);
        }
    }
    out
}

fn join(prefix: &str, name: &str) -> String {
    match (prefix.is_empty(), name.is_empty()) {
        (true, _) => name.to_owned(),
        (false, true) => prefix.to_owned(),
        (false, false) => format!("{prefix}::{name}"),
    }
}

/// The children a module declares with `mod name;`.
fn declared_children(code: &str) -> BTreeSet<String> {
    let mut children = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "mod") {
        let tail = &rest[at + 3..];
        let name: String = tail
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let after = tail.trim_start()[name.len()..].trim_start();
        if !name.is_empty() && after.starts_with(';') {
            children.insert(name);
        }
        rest = tail;
    }
    children
}

/// Every `a::b::c` path written in the code.
fn path_words(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut words = Vec::new();
    let mut current = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            current.push(c);
            i += 1;
        } else if c == ':' && chars.get(i + 1) == Some(&':') && !current.is_empty() && !current.ends_with(':')
        {
            current.push_str("::");
            i += 2;
        } else {
            if current.contains("::") {
                words.push(current.trim_end_matches("::").to_owned());
            }
            current.clear();
            i += 1;
        }
    }
    if current.contains("::") {
        words.push(current.trim_end_matches("::").to_owned());
    }
    words
}

/// The module that `written` (as it appears in `from`) names: the longest prefix that is a
/// module of the crate.
fn resolve(
    from: &ModPath,
    written: &str,
    children: &BTreeSet<String>,
    all: &BTreeMap<ModPath, Module>,
) -> Option<ModPath> {
    let mut segments: Vec<&str> = written.split("::").filter(|s| !s.is_empty()).collect();
    let mut base: ModPath = match segments.first().copied()? {
        "crate" => {
            segments.remove(0);
            Vec::new()
        }
        "self" => {
            segments.remove(0);
            from.clone()
        }
        "super" => {
            let mut base = from.clone();
            while segments.first() == Some(&"super") {
                segments.remove(0);
                base.pop();
            }
            base
        }
        first if children.contains(first) => from.clone(),
        _ => return None,
    };
    let mut best = None;
    if all.contains_key(&base) {
        best = Some(base.clone());
    }
    for segment in segments {
        base.push(segment.to_owned());
        if all.contains_key(&base) {
            best = Some(base.clone());
        }
    }
    best
}
