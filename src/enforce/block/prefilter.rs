//! Which block rules a command may match, judged from the literals every match of a pattern
//! starts with, before anything is compiled: the prefilter every Bash call goes through, so a
//! thousand rules must cost it little more than twenty.

use super::Block;
use crate::enforce::loose::Loose;

/// Past this many bytes of reading times literals, one automaton for every literal is cheaper
/// than a search for each (building it for a thousand literals costs about 0.5 ms).
const SEARCH_EACH: usize = 1 << 20;

/// Which of `blocks` may match a command of `loose`: those with one of their literals in one of
/// its commands, and those whose literals are unknown; in file order.
pub fn candidates(blocks: &[Block], loose: &Loose) -> Vec<usize> {
    // The commands as one text: a literal found across two of them only adds a candidate.
    let text = loose.subjects().collect::<Vec<_>>().join("\n");
    let text = text.as_bytes();
    if text.len().saturating_mul(blocks.len()) <= SEARCH_EACH {
        // Most literals' first two bytes are nowhere in a short command: one look at a table of
        // the command's byte pairs settles them without a search.
        let mut pairs = vec![false; 1 << 16];
        for pair in text.windows(2) {
            pairs[usize::from(pair[0]) << 8 | usize::from(pair[1])] = true;
        }
        let may_hold = |l: &[u8]| match l {
            [a, b, ..] => {
                pairs[usize::from(*a) << 8 | usize::from(*b)] && memchr::memmem::find(text, l).is_some()
            }
            _ => memchr::memmem::find(text, l).is_some(),
        };
        // A rule from the cache is judged on its hex: most are never decoded at all.
        let mut scratch = Vec::new();
        return (0..blocks.len())
            .filter(|&i| match blocks[i].saved_literals() {
                Some("-") => true,
                Some(hex) => hex.split(',').any(|h| {
                    scratch.clear();
                    !unhex_into(h, &mut scratch) || may_hold(&scratch)
                }),
                None => blocks[i]
                    .literals()
                    .is_none_or(|literals| literals.iter().any(|l| may_hold(l))),
            })
            .collect();
    }
    let mut patterns: Vec<&[u8]> = Vec::new();
    let mut owner: Vec<usize> = Vec::new();
    let mut found: Vec<bool> = blocks.iter().map(|b| b.literals().is_none()).collect();
    for (i, block) in blocks.iter().enumerate() {
        for literal in block.literals().into_iter().flatten() {
            patterns.push(literal);
            owner.push(i);
        }
    }
    // One pass over the text for every literal of every rule: a long script costs a thousand
    // rules what it costs twenty.
    match aho_corasick::AhoCorasick::new(&patterns) {
        Ok(automaton) => {
            for hit in automaton.find_overlapping_iter(text) {
                found[owner[hit.pattern().as_usize()]] = true;
            }
        }
        Err(_) => found.iter_mut().for_each(|f| *f = true),
    }
    (0..blocks.len()).filter(|&i| found[i]).collect()
}

/// Appends the bytes of a hex string to `out`; false when it is not one.
pub(super) fn unhex_into(hex: &str, out: &mut Vec<u8>) -> bool {
    fn nibble(digit: u8) -> Option<u8> {
        match digit {
            b'0'..=b'9' => Some(digit - b'0'),
            b'a'..=b'f' => Some(digit - b'a' + 10),
            _ => None,
        }
    }
    let digits = hex.as_bytes();
    if digits.is_empty() || !digits.len().is_multiple_of(2) {
        return false;
    }
    for pair in digits.chunks_exact(2) {
        match (nibble(pair[0]), nibble(pair[1])) {
            (Some(high), Some(low)) => out.push(high << 4 | low),
            _ => return false,
        }
    }
    true
}
