//! The clients' rules played: one function per client, each pushing what it loads in order.

use super::super::clients::{CLAUDE_IMPORT_DEPTH, CLAUDE_SKIP_BYTES, GEMINI_IMPORT_DEPTH};
use super::super::surface::{Kind, Surface};
use super::super::tree::{chain, join, parent};
use super::{Cut, Index, Loaded, Session, Trigger};
use std::collections::BTreeSet;

#[derive(Default)]
pub(super) struct List {
    pub(super) items: Vec<Loaded>,
    seen: BTreeSet<String>,
    /// Each path counts, links too: Codex reads a linked AGENTS.md again (agents_md.rs has no
    /// dedupe), where the others compare what the link names.
    by_path: bool,
    /// Claude Code's list: a CLAUDE.md over 4 MiB is skipped (CC-15); no other client's limit.
    claude: bool,
}

impl List {
    fn push(&mut self, s: &Surface, rule: &'static str, trigger: Trigger) -> bool {
        let key = if self.by_path {
            s.path.as_str()
        } else {
            s.identity()
        };
        if !self.seen.insert(key.to_owned()) {
            return false;
        }
        let skipped = self.claude
            && matches!(s.kind, Kind::ClaudeMd | Kind::DotClaudeMd | Kind::ClaudeLocal)
            && s.bytes() > CLAUDE_SKIP_BYTES;
        self.items.push(Loaded {
            path: s.path.clone(),
            rule: if skipped { "CC-15" } else { rule },
            trigger,
            imported_from: None,
            bytes: s.bytes(),
            cut: skipped.then_some(Cut::Skipped),
        });
        true
    }
}

/// The folders from the file's down to (not including) the last of `cwd_chain`, root first.
fn below(cwd_chain: &[String], file: &str) -> Vec<String> {
    chain(parent(file))
        .into_iter()
        .filter(|d| !cwd_chain.contains(d))
        .filter(|d| {
            cwd_chain
                .last()
                .is_some_and(|c| c.is_empty() || d.starts_with(&format!("{c}/")))
        })
        .collect()
}

const CLAUDE_FAMILY: &[Kind] = &[Kind::ClaudeMd, Kind::DotClaudeMd, Kind::ClaudeLocal];

pub(super) fn claude(index: &Index<'_>, cwd_chain: &[String], session: Session<'_>, list: &mut List) {
    list.claude = true;
    // CC-11: any CLAUDE.md-family file from the root to the session's folder turns AGENTS.md off.
    let claude_md = cwd_chain.iter().any(|d| !index.at(d, CLAUDE_FAMILY).is_empty());
    let folder = |list: &mut List, dir: &str, rule: &'static str, trigger: Trigger| {
        let mut files = index.at(
            dir,
            &[
                Kind::ClaudeMd,
                Kind::DotClaudeMd,
                Kind::ClaudeRule,
                Kind::ClaudeLocal,
            ],
        );
        files.retain(|s| s.kind != Kind::ClaudeRule || s.scope.paths.is_empty());
        // A nested AGENTS.md attaches on a Read unless a CLAUDE.md there claims the folder.
        if !claude_md && index.at(dir, CLAUDE_FAMILY).is_empty() {
            files.extend(index.at(dir, &[Kind::AgentsMd]));
        }
        for s in files {
            let cursor_fields =
                s.kind == Kind::ClaudeRule && (!s.scope.globs.is_empty() || !s.scope.apply_to.is_empty());
            let rule = match () {
                _ if s.kind == Kind::AgentsMd => "CC-11",
                _ if cursor_fields => "CC-06",
                _ => rule,
            };
            if list.push(s, rule, trigger) {
                imports(index, list, s, trigger, CLAUDE_IMPORT_DEPTH, "CC-04");
            }
        }
    };
    for dir in cwd_chain {
        folder(list, dir, "CC-01", Trigger::Start);
    }
    // CC-03, CC-07: only a Read brings nested files and `paths` rules.
    if let Some((file, Trigger::Read)) = session.file {
        for dir in below(cwd_chain, file) {
            folder(list, &dir, "CC-03", Trigger::Read);
        }
        for i in index.matching(file) {
            let s = &index.surfaces[i];
            if s.kind == Kind::ClaudeRule && list.push(s, "CC-07", Trigger::Read) {
                imports(index, list, s, Trigger::Read, CLAUDE_IMPORT_DEPTH, "CC-04");
            }
        }
    }
}

pub(super) fn codex(index: &Index<'_>, cwd_chain: &[String], list: &mut List) {
    list.by_path = true;
    let mut spent = 0usize;
    let budget = index.config.codex_max_bytes;
    for dir in cwd_chain {
        // CX-03: one file per folder, the override first; whitespace-only files cost nothing.
        let Some(s) = index
            .at(dir, &[Kind::AgentsOverride, Kind::AgentsMd])
            .into_iter()
            .find(|s| !s.text.trim().is_empty())
        else {
            continue;
        };
        if !list.push(s, "CX-03", Trigger::Start) {
            continue;
        }
        let last = list.items.last_mut().expect("just pushed");
        // CX-05: one budget over the chain, root first; the crossing file is cut, later ones dropped.
        if spent >= budget {
            last.cut = Some(Cut::Dropped);
            last.rule = "CX-05";
        } else if spent + s.bytes() > budget {
            last.cut = Some(Cut::Truncated { kept: budget - spent });
            last.rule = "CX-05";
        }
        spent += s.bytes();
    }
}

pub(super) fn gemini(index: &Index<'_>, cwd_chain: &[String], session: Session<'_>, list: &mut List) {
    let names = &index.config.gemini_names;
    let named = |dir: &str| -> Vec<&Surface> {
        let mut files = index.at(dir, &[Kind::GeminiMd, Kind::AgentsMd, Kind::ClaudeMd]);
        files.retain(|s| names.iter().any(|n| s.path.rsplit('/').next() == Some(n)));
        files
    };
    // GM-03: every name present in each folder, the whole set sorted by path.
    let mut start: Vec<&Surface> = cwd_chain.iter().flat_map(|d| named(d)).collect();
    start.sort_by(|a, b| a.path.cmp(&b.path));
    for s in start {
        if list.push(s, "GM-03", Trigger::Start) {
            imports(index, list, s, Trigger::Start, GEMINI_IMPORT_DEPTH, "GM-08");
        }
    }
    // GM-06: a read, a write or an edit attaches its folders' files up to the git root.
    if let Some((file, trigger)) = session.file {
        for dir in chain(parent(file)) {
            for s in named(&dir) {
                if list.push(s, "GM-06", trigger) {
                    imports(index, list, s, trigger, GEMINI_IMPORT_DEPTH, "GM-08");
                }
            }
        }
    }
}

pub(super) fn cursor(index: &Index<'_>, session: Session<'_>, list: &mut List) {
    for s in index.at("", &[Kind::CursorLegacy, Kind::AgentsMd, Kind::ClaudeMd]) {
        let rule = match s.kind {
            Kind::CursorLegacy => "CU-07",
            Kind::ClaudeMd => "CU-06",
            _ => "CU-05",
        };
        list.push(s, rule, Trigger::Start);
    }
    for s in index.cursor_always.iter().map(|&i| &index.surfaces[i]) {
        if session.cwd.is_empty() || s.home.is_empty() || s.home.starts_with(session.cwd) {
            list.push(s, "CU-02", Trigger::Start);
        }
    }
    if let Some((file, trigger)) = session.file {
        for dir in chain(parent(file)).into_iter().skip(1) {
            for s in index.at(&dir, &[Kind::AgentsMd]) {
                list.push(s, "CU-05", trigger);
            }
        }
        for i in index.matching(file) {
            let s = &index.surfaces[i];
            if s.kind == Kind::CursorRule {
                list.push(s, "CU-02", trigger);
            }
        }
    }
}

const COPILOT_FILES: &[Kind] = &[Kind::AgentsMd, Kind::ClaudeMd, Kind::DotClaudeMd, Kind::GeminiMd];

pub(super) fn copilot(index: &Index<'_>, cwd_chain: &[String], session: Session<'_>, list: &mut List) {
    for s in index.at("", &[Kind::CopilotRepo]) {
        if list.push(s, "CP-01", Trigger::Start) {
            imports(index, list, s, Trigger::Start, CLAUDE_IMPORT_DEPTH, "CP-07");
        }
    }
    let folder = |list: &mut List, dir: &str, trigger: Trigger| {
        for s in index.at(dir, COPILOT_FILES) {
            if list.push(s, "CP-07", trigger) && s.kind != Kind::GeminiMd {
                imports(index, list, s, trigger, CLAUDE_IMPORT_DEPTH, "CP-07");
            }
        }
    };
    for dir in cwd_chain {
        folder(list, dir, Trigger::Start);
    }
    if let Some((file, trigger)) = session.file {
        for dir in chain(parent(file)) {
            folder(list, &dir, trigger);
        }
        for i in index.matching(file) {
            let s = &index.surfaces[i];
            if s.kind == Kind::CopilotPath {
                list.push(s, "CP-02", trigger);
            }
        }
    }
}

pub(super) fn opencode(index: &Index<'_>, cwd_chain: &[String], session: Session<'_>, list: &mut List) {
    // OC-01: the first name with any file from the session's folder up wins everywhere.
    for kind in [Kind::AgentsMd, Kind::ClaudeMd] {
        let found: Vec<&Surface> = cwd_chain
            .iter()
            .rev()
            .flat_map(|d| index.at(d, &[kind]))
            .collect();
        if !found.is_empty() {
            for s in found {
                list.push(s, "OC-01", Trigger::Start);
            }
            break;
        }
    }
    // OC-06: a read attaches the first name present in each folder up to the session's.
    if let Some((file, Trigger::Read)) = session.file {
        for dir in below(cwd_chain, file).into_iter().rev() {
            if let Some(s) = index
                .at(&dir, &[Kind::AgentsMd, Kind::ClaudeMd])
                .into_iter()
                .next()
            {
                list.push(s, "OC-06", Trigger::Read);
            }
        }
    }
}

/// The `@` imports of `s`, expanded depth first after it, `depth` hops at most.
fn imports(
    index: &Index<'_>,
    list: &mut List,
    s: &Surface,
    trigger: Trigger,
    depth: usize,
    rule: &'static str,
) {
    let targets = super::super::text::imports(&s.text);
    expand(index, list, s.identity(), &targets, trigger, depth, rule);
}

fn expand(
    index: &Index<'_>,
    list: &mut List,
    from: &str,
    targets: &[(usize, String)],
    trigger: Trigger,
    depth: usize,
    rule: &'static str,
) {
    if depth == 0 {
        return;
    }
    for (_, target) in targets {
        let Some(path) = join(parent(from), target) else {
            continue;
        };
        let path = index.tree.links.get(&path).cloned().unwrap_or(path);
        if !index.tree.files.contains(&path) || !list.seen.insert(path.clone()) {
            continue;
        }
        let (bytes, next) = match index.surface(&path) {
            Some(s) => (s.bytes(), super::super::text::imports(&s.text)),
            None => imported_file(index, &path),
        };
        list.items.push(Loaded {
            path: path.clone(),
            rule,
            trigger,
            imported_from: Some(from.to_owned()),
            bytes,
            cut: None,
        });
        expand(index, list, &path, &next, trigger, depth - 1, rule);
    }
}

/// The size and imports of a file that is not an instruction file, read once.
fn imported_file(index: &Index<'_>, path: &str) -> (usize, Vec<(usize, String)>) {
    let mut memo = index.imported.borrow_mut();
    let entry = memo.entry(path.to_owned()).or_insert_with(|| {
        index
            .tree
            .read(path)
            .map(|text| (text.len(), super::super::text::imports(&text)))
    });
    entry.clone().unwrap_or_default()
}
