//! Where each term occurs among the changed docs: an inverted index built once, so judging an
//! entry costs lookups for its own terms, whatever the number and size of the docs.

use super::terms::{Kind, Term, raw_tokens, word_stems};
use std::collections::HashMap;

/// The text a span added to each changed doc, indexed by token and by word stem.
#[derive(Debug, Default)]
pub struct DocIndex {
    /// Token id of each token of each doc, in order, for checking multi-token terms.
    sequences: Vec<Vec<u32>>,
    /// Token ids.
    ids: HashMap<String, u32>,
    /// Token id → (doc, position) of every occurrence.
    postings: Vec<Vec<(u32, u32)>>,
    /// Path suffix (`learnings.md` of `agents/learnings.md`) → docs holding it.
    suffixes: HashMap<String, Vec<u32>>,
    /// Word stem → docs holding it.
    stems: HashMap<String, Vec<u32>>,
}

impl DocIndex {
    /// Indexes the added text of each doc; doc `i` of the answers is `texts[i]`.
    pub fn new<'a>(texts: impl IntoIterator<Item = &'a str>) -> Self {
        let mut index = DocIndex::default();
        for (doc, text) in texts.into_iter().enumerate() {
            let doc = doc as u32;
            let mut sequence = Vec::new();
            for token in raw_tokens(text) {
                let lower = token.to_lowercase();
                for stem in word_stems(&lower) {
                    add_doc(index.stems.entry(stem).or_default(), doc);
                }
                if lower.contains('/') {
                    for (i, _) in lower.match_indices('/') {
                        let suffix = &lower[i + 1..];
                        if !suffix.is_empty() {
                            add_doc(index.suffixes.entry(suffix.to_owned()).or_default(), doc);
                        }
                    }
                }
                let next = index.ids.len() as u32;
                let id = *index.ids.entry(lower).or_insert(next);
                if id == next {
                    index.postings.push(Vec::new());
                }
                index.postings[id as usize].push((doc, sequence.len() as u32));
                sequence.push(id);
            }
            index.sequences.push(sequence);
        }
        index
    }

    /// The docs that hold `term`, in ascending order.
    pub fn docs_with(&self, term: &Term) -> Vec<u32> {
        if term.kind == Kind::Word {
            return self.stems.get(&term.key).cloned().unwrap_or_default();
        }
        let tokens = term.tokens();
        let Some(ids) = tokens
            .iter()
            .map(|t| self.ids.get(*t).copied())
            .collect::<Option<Vec<u32>>>()
        else {
            return match (tokens.as_slice(), term.kind) {
                ([one], Kind::Path) => self.suffixes.get(*one).cloned().unwrap_or_default(),
                _ => Vec::new(),
            };
        };
        // Scan the rarest token's occurrences and check its neighbours in place.
        let Some((at, rarest)) = ids
            .iter()
            .enumerate()
            .min_by_key(|(_, id)| self.postings[**id as usize].len())
        else {
            return Vec::new();
        };
        let mut docs = Vec::new();
        for &(doc, pos) in &self.postings[*rarest as usize] {
            let sequence = &self.sequences[doc as usize];
            let Some(start) = (pos as usize).checked_sub(at) else {
                continue;
            };
            if sequence.get(start..start + ids.len()) == Some(ids.as_slice()) {
                add_doc(&mut docs, doc);
            }
        }
        if let ([one], Kind::Path) = (tokens.as_slice(), term.kind) {
            for &doc in self.suffixes.get(*one).into_iter().flatten() {
                if !docs.contains(&doc) {
                    docs.push(doc);
                }
            }
            docs.sort_unstable();
        }
        docs
    }
}

/// Docs are indexed in order, so a posting list stays sorted by appending new docs only.
fn add_doc(docs: &mut Vec<u32>, doc: u32) {
    if docs.last() != Some(&doc) {
        docs.push(doc);
    }
}

#[cfg(test)]
mod tests {
    use super::super::terms::terms;
    use super::*;

    fn found(index: &DocIndex, md: &str) -> Vec<Vec<u32>> {
        terms(md).iter().map(|t| index.docs_with(t)).collect()
    }

    #[test]
    fn terms_are_found_in_the_docs_that_hold_them() {
        let index = DocIndex::new([
            "Run `tool --x` to cache the X index.",
            "See agents/learnings.md; caching matters.",
        ]);
        assert_eq!(found(&index, "`tool --x`"), [vec![0]]);
        assert_eq!(found(&index, "`tool --y`"), [Vec::<u32>::new()]);
        assert_eq!(found(&index, "`--x tool`"), [Vec::<u32>::new()]);
        assert_eq!(found(&index, "learnings.md"), [vec![1]]);
        assert_eq!(found(&index, "caches"), [vec![0, 1]]);
    }
}
