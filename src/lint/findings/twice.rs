//! Loaded twice: the same instruction in two files that one client loads together, word for
//! word or by the audit's measure of meaning. One finding per pair of files, at the first
//! repeated line of the later file, with the count: a copied file is one mistake, not fifty.

use super::{Finding, Rule};
use crate::lint::clients::Client;
use crate::lint::surface::Surface;
use crate::lint::text::{self, Instruction};
use std::collections::{BTreeMap, BTreeSet};

/// An instruction shorter than this many words is too common to call a copy ("Run the tests.").
const MIN_WORDS: usize = 5;

/// The keys of one file's instructions, hashed: `(line, exact, meaning)`. Hashes, not strings:
/// the sets of a large repository compare hundreds of thousands of keys.
type Keys = Vec<(usize, u64, Option<u64>)>;

fn hashed(text: &str) -> u64 {
    crate::base::hash::hash(&[text.as_bytes()])
}

pub(super) fn keys(s: &Surface) -> Keys {
    s.read
        .instructions
        .iter()
        .filter(|i: &&Instruction| i.normal.split(' ').count() >= MIN_WORDS)
        .map(|i| {
            (
                i.line,
                hashed(&i.normal),
                text::meaning(&i.normal).map(|m| hashed(&m) ^ 1),
            )
        })
        .collect()
}

/// A pair of files, the later first: `(later, earlier)`.
type Pair = (String, String);

/// The repeated lines of a pair (later, earlier), and the clients that load both.
type Repeats = (BTreeSet<(usize, usize)>, BTreeSet<Client>);

pub(super) fn find(surfaces: &[Surface], sets: &[(Client, Vec<String>)]) -> Vec<Finding> {
    let by_path: BTreeMap<&str, &Surface> = surfaces.iter().map(|s| (s.path.as_str(), s)).collect();
    let mut keyed: BTreeMap<&str, Keys> = BTreeMap::new();
    // Each pair of files once: the repeated lines of the later one, and who loads both.
    let mut pairs: BTreeMap<Pair, Repeats> = BTreeMap::new();
    for path in sets.iter().flat_map(|(_, paths)| paths) {
        if let Some(s) = by_path.get(path.as_str()) {
            keyed.entry(path.as_str()).or_insert_with(|| keys(s));
        }
    }
    // Every key held by two files or more, with where: usually a handful, so each set is
    // checked against these alone, not against every instruction of its files.
    let mut holders: BTreeMap<u64, Vec<(&str, usize)>> = BTreeMap::new();
    for (path, keys) in &keyed {
        for (line, exact, meaning) in keys {
            for key in std::iter::once(*exact).chain(*meaning) {
                let list = holders.entry(key).or_default();
                if list.last().is_none_or(|(p, _)| p != path) {
                    list.push((path, *line));
                }
            }
        }
    }
    holders.retain(|_, list| list.len() > 1);
    for (client, paths) in sets {
        let members: BTreeSet<&str> = paths.iter().map(String::as_str).collect();
        for list in holders.values() {
            // In path order, as the set lists them: the first file holds the original.
            let mut inside = list.iter().filter(|(p, _)| members.contains(p));
            let Some(&(earlier, at)) = inside.next() else {
                continue;
            };
            let original = by_path.get(earlier).map(|s| s.identity());
            for &(later, line) in inside {
                if by_path.get(later).map(|s| s.identity()) == original {
                    continue;
                }
                let e = pairs.entry((later.to_owned(), earlier.to_owned())).or_default();
                e.0.insert((line, at));
                e.1.insert(*client);
            }
        }
    }
    pairs
        .into_iter()
        .map(|((later, earlier), (lines, clients))| {
            let &(line, first) = lines.iter().next().expect("not empty");
            let names: Vec<&str> = clients.iter().map(|c| c.product()).collect();
            let message = if lines.len() == 1 {
                format!(
                    "repeats an instruction of {earlier}:{first}; {} both",
                    super::who_loads(&names)
                )
            } else {
                format!(
                    "{} instructions here repeat {earlier} (first: {earlier}:{first}); {} both",
                    lines.len(),
                    super::who_loads(&names)
                )
            };
            Finding::new(
                Rule::LoadedTwice,
                &later,
                line,
                message,
                format!(
                    "keep one copy: delete it here, or make one file import or link the other (`@{earlier}`)"
                ),
            )
            .with_clients(clients.into_iter().collect())
            .with_related(&earlier, first)
        })
        .collect()
}
