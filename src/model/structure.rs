//! Which headings of a learnings file are entries, and which only group them.
//!
//! Teams keep lessons at their own level: `## ` entries; `### ` entries under `## ` groups
//! (`## Patterns` / `### Budget-first orchestration`); or `## ` group headings between `## `
//! entries (`## Recent (last 2 weeks)`). A group is never dated, batched or counted, and the
//! entries under it are. The rule, for each heading outside code, quotes and lists:
//!
//! - `# ` is the file's title or a part of it: it ends what comes before, and is nothing itself;
//! - a `## ` is a **group** when its title matches a `groups` pattern; or when it holds `### `
//!   headings and at most one line of its own before them; or when nothing at all stands under
//!   it before the next `## ` (a heading between entries). Otherwise it is an **entry**, and any
//!   `### ` under it is part of its text;
//! - a `### ` is an entry when the `## ` it stands under is a group, or when it stands under no
//!   `## `; otherwise it is part of that `## ` entry;
//! - deeper headings are always part of an entry's text.
//!
//! `[consolidation] entry_level` pins it: 2 makes every `## ` an entry (but those matching
//! `groups`), 3 makes every `## ` a group and every `### ` an entry. The same file gives the
//! same entries in every command, hook, cache and report: they all read it through here.

use pulldown_cmark::HeadingLevel;
use std::ops::Range;

/// How a file's structure is read: detected, or pinned by `learnings.toml`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Structure {
    /// `Some(2)` or `Some(3)`: the level of every entry; `None`: detected heading by heading.
    pub entry_level: Option<u8>,
    /// Titles of group headings, `*` standing for any text, compared without case.
    pub groups: Vec<String>,
}

impl Structure {
    /// Whether `title` is named a group by the `groups` patterns.
    fn names_group(&self, title: &str) -> bool {
        self.groups.iter().any(|pattern| wildcard(pattern, title))
    }
}

/// What a heading is to the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// A `# `: ends the entry before it.
    Boundary,
    /// A heading over entries.
    Group,
    /// An entry's heading.
    Entry,
    /// A heading inside an entry's text.
    Body,
}

/// A heading as the parser found it, for [`roles`].
pub(super) struct Heading<'a> {
    pub level: HeadingLevel,
    pub range: Range<usize>,
    pub title: &'a str,
}

/// The role of each of `headings` (in source order) in `source`.
pub(super) fn roles(source: &str, headings: &[Heading<'_>], structure: &Structure) -> Vec<Role> {
    let mut roles = vec![Role::Body; headings.len()];
    // The `## ` a heading stands under, if a `# ` did not come between.
    let mut parent: Option<usize> = None;
    for (i, heading) in headings.iter().enumerate() {
        roles[i] = match heading.level {
            HeadingLevel::H1 => {
                parent = None;
                Role::Boundary
            }
            HeadingLevel::H2 => {
                parent = Some(i);
                second(source, headings, i, structure)
            }
            HeadingLevel::H3 => match (structure.entry_level, parent.map(|p| roles[p])) {
                (Some(3), _) | (_, None | Some(Role::Group)) => Role::Entry,
                _ => Role::Body,
            },
            _ => Role::Body,
        };
    }
    roles
}

/// The role of the `## ` at `i`.
fn second(source: &str, headings: &[Heading<'_>], i: usize, structure: &Structure) -> Role {
    let heading = &headings[i];
    if structure.names_group(heading.title) {
        return Role::Group;
    }
    match structure.entry_level {
        Some(3) => return Role::Group,
        Some(_) => return Role::Entry,
        None => {}
    }
    let section = headings[i + 1..]
        .iter()
        .position(|h| h.level <= HeadingLevel::H2)
        .map_or(headings.len(), |n| i + 1 + n);
    let under = &headings[i + 1..section];
    let own_end = under.first().map_or_else(
        || headings.get(section).map_or(source.len(), |h| h.range.start),
        |h| h.range.start,
    );
    let own = source.get(heading.range.end.min(own_end)..own_end).unwrap_or("");
    let own_lines = own.lines().filter(|l| !l.trim().is_empty()).count();
    let holds_thirds = under.iter().any(|h| h.level == HeadingLevel::H3);
    let next_is_second = headings.get(section).is_some_and(|h| h.level == HeadingLevel::H2);
    if (holds_thirds && own_lines <= 1) || (under.is_empty() && own_lines == 0 && next_is_second) {
        Role::Group
    } else {
        Role::Entry
    }
}

/// Whether `text` matches `pattern`, where `*` stands for any text; without case, spacing
/// collapsed, so a title re-wrapped or re-cased still matches.
fn wildcard(pattern: &str, text: &str) -> bool {
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    let (pattern, text) = (norm(pattern), norm(text));
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// The structure read, in a line for `--explain` and `doctor`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shape {
    /// Entries with a `## ` heading.
    pub second: usize,
    /// Entries with a `### ` heading.
    pub third: usize,
    /// The group headings, in file order: title and 1-based line.
    pub groups: Vec<(String, usize)>,
    /// Whether `learnings.toml` pinned the entry level.
    pub pinned: bool,
}

impl Shape {
    /// "12 `### ` entries under 3 `## ` groups", "9 `## ` entries, 2 group headings between them".
    pub fn describe(&self) -> String {
        let count = |n: usize, one: &str, many: &str| match n {
            1 => format!("1 {one}"),
            n => format!("{n} {many}"),
        };
        let mut parts = Vec::new();
        if self.third > 0 {
            parts.push(format!(
                "{} under {}",
                count(self.third, "`### ` entry", "`### ` entries"),
                count(self.groups.len(), "`## ` group", "`## ` groups")
            ));
        }
        if self.second > 0 || self.third == 0 {
            parts.push(count(self.second, "`## ` entry", "`## ` entries"));
        }
        if self.third == 0 && !self.groups.is_empty() {
            parts.push(count(
                self.groups.len(),
                "group heading between them",
                "group headings between them",
            ));
        }
        let how = if self.pinned {
            "pinned by learnings.toml"
        } else {
            "detected"
        };
        format!("{} ({how})", parts.join(", "))
    }
}

#[cfg(test)]
mod tests;
