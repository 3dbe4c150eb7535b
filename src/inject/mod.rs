//! Knowledge at the moment it matters: the project's curated rule files, injected when the
//! conversation enters their domain, each file version once per session, within a budget.
//!
//! The matching is deliberately mechanical (keywords, regexes, path globs over the prompt and the
//! last three messages): deterministic, free, and explainable word by word, where a model-based
//! retrieval would be none of these. Reading the assistant's messages too catches phase changes:
//! "yes" after "shall we render?" is about rendering.
//!
//! Rooms: [`config`] (`[inject]`), [`matcher`] (which domains), [`files`] (which texts),
//! [`budget`] (how much of them), [`state`] (what the session has seen).

pub mod budget;
pub mod config;
pub mod files;
pub mod matcher;
pub mod restore;
pub mod safety;
pub mod tools;

use crate::transcript::{Message, Role};
use matcher::{DomainMatch, Matcher, Source};
use std::path::Path;

/// How many messages before the prompt are read.
pub const RECENT_MESSAGES: usize = 3;

/// The texts the matcher reads: the prompt (if any), then the recent messages, newest first.
pub fn sources<'a>(
    prompt: Option<&'a str>,
    messages: &'a [Message],
    labels: &'a [String],
) -> Vec<Source<'a>> {
    let mut all = Vec::new();
    if let Some(prompt) = prompt {
        all.push(Source {
            label: "the prompt",
            text: prompt,
            weight: 4,
        });
    }
    for (i, message) in messages.iter().take(RECENT_MESSAGES).enumerate() {
        all.push(Source {
            label: &labels[i],
            text: &message.text,
            weight: 3u32.saturating_sub(i as u32).max(1),
        });
    }
    all
}

/// The label of each message in reasons: `the last message (assistant)`, `message -2 (user)`.
pub fn labels(messages: &[Message]) -> Vec<String> {
    messages
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let role = match m.role {
                Role::User => "user",
                Role::Assistant => "assistant",
            };
            if i == 0 {
                format!("the last message ({role})")
            } else {
                format!("message -{} ({role})", i + 1)
            }
        })
        .collect()
}

/// A file a match would inject.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// Repository-relative path.
    pub path: String,
    /// The domains that brought it, strongest first.
    pub domains: Vec<String>,
    /// Why, in one line.
    pub why: String,
    /// Its text.
    pub text: String,
    /// Hash of path and text: the file version.
    pub hash: u64,
    /// Injected earlier in this session.
    pub seen: bool,
    /// When the file last changed, if known (`last changed 2026-10-02, 12 active days ago`).
    pub age: Option<String>,
}

/// The matched domains and the files they bring, in injection order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// The matches, strongest first.
    pub matches: Vec<DomainMatch>,
    /// The files, each once, in the order of the strongest domain that brings it.
    pub candidates: Vec<Candidate>,
    /// Configured files that could not be read (missing, outside the repository, not UTF-8).
    pub unreadable: Vec<String>,
}

impl Selection {
    /// The files not injected yet in this session, as budget pieces.
    pub fn fresh(&self) -> Vec<(usize, budget::Piece)> {
        self.candidates
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.seen)
            .map(|(i, c)| {
                (
                    i,
                    budget::Piece {
                        path: c.path.clone(),
                        why: c.why.clone(),
                        text: c.text.clone(),
                        age: c.age.clone(),
                    },
                )
            })
            .collect()
    }
}

/// The files of `matches` under `root`, marked `seen` by `session`.
pub fn select(
    root: &Path,
    config: &config::InjectConfig,
    matches: Vec<DomainMatch>,
    session: Option<&crate::store::claims::Session>,
) -> Selection {
    let mut selection = Selection::default();
    for found in &matches {
        let domain = &config.domains[found.domain];
        let name = domain.name.get_ref().trim().to_owned();
        for spec in &domain.files {
            let paths = files::resolve(root, spec.get_ref());
            if paths.is_empty() {
                selection.unreadable.push(spec.get_ref().clone());
            }
            for path in paths {
                if let Some(c) = selection.candidates.iter_mut().find(|c| c.path == path) {
                    if !c.domains.contains(&name) {
                        c.domains.push(name.clone());
                        c.why.push_str(&format!("; also domain `{name}`"));
                    }
                    continue;
                }
                let Some(text) = files::read(root, &path) else {
                    selection.unreadable.push(path);
                    continue;
                };
                let hash = files::hash(&[path.as_bytes(), text.as_bytes()]);
                selection.candidates.push(Candidate {
                    why: format!("domain `{name}` {}", found.reason()),
                    domains: vec![name.clone()],
                    seen: session.is_some_and(|s| s.seen(hash)),
                    age: None,
                    path,
                    text,
                    hash,
                });
            }
        }
    }
    selection.matches = matches;
    selection
}

/// Matches the prompt and the transcript's recent messages against the domains. The files the
/// recent tool calls touched count by their path in the project at `root` (Claude Code's file
/// tools name absolute paths); files outside it do not count.
pub fn match_conversation(
    matcher: &Matcher,
    root: &Path,
    prompt: Option<&str>,
    tail: &crate::transcript::Tail,
) -> Vec<DomainMatch> {
    let labels = labels(&tail.messages);
    let sources = sources(prompt, &tail.messages, &labels);
    let touched: Vec<String> = tail
        .touched_paths()
        .iter()
        .filter_map(|p| crate::base::paths::inside(root, root, p))
        .collect();
    matcher.find(&sources, &touched)
}

/// What an injection did, for the hook's answer and the debug log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Injected {
    /// The text for `additionalContext`; empty when nothing is injected.
    pub text: String,
    /// The domains whose files went in, in order, each once.
    pub domains: Vec<String>,
    /// The files that went in.
    pub files: Vec<String>,
}

/// Assembles the fresh files of `selection` within `budget` and claims each one that goes in, so
/// that no other hook of the session injects it again. A file another hook claimed first is
/// dropped. An error means the state cannot be written: then nothing is injected, because
/// without the state every turn would repeat the same text.
pub fn inject_once(
    selection: &Selection,
    session: &crate::store::claims::Session,
    head: &str,
    extra: &[String],
    budget: usize,
) -> std::io::Result<Injected> {
    let fresh = selection.fresh();
    let pieces: Vec<budget::Piece> = fresh.iter().map(|(_, p)| p.clone()).collect();
    let mut won = Vec::new();
    let first = budget::assemble(head, extra, &pieces, budget);
    for placed in &first.placed {
        let (index, _) = &fresh[placed.piece];
        let candidate = &selection.candidates[*index];
        if session.claim(candidate.hash, &candidate.path)? {
            won.push(placed.piece);
        }
    }
    let assembled = if won.len() == first.placed.len() {
        first
    } else {
        let kept: Vec<budget::Piece> = won.iter().map(|i| pieces[*i].clone()).collect();
        let again = budget::assemble(head, extra, &kept, budget);
        // Map the second pass back to the first pass's indices.
        budget::Assembled {
            placed: again
                .placed
                .iter()
                .map(|p| budget::Placed {
                    piece: won[p.piece],
                    ..p.clone()
                })
                .collect(),
            ..again
        }
    };
    let mut injected = Injected::default();
    if assembled.placed.is_empty() && extra.is_empty() {
        return Ok(injected);
    }
    for placed in &assembled.placed {
        let candidate = &selection.candidates[fresh[placed.piece].0];
        injected.files.push(candidate.path.clone());
        for domain in &candidate.domains {
            if !injected.domains.contains(domain) {
                injected.domains.push(domain.clone());
            }
        }
    }
    injected.text = assembled.text;
    Ok(injected)
}
