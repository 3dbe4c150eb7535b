use super::*;

/// The grouping as it was: every text against every member of every earlier group.
fn every_pair(grams: &[BTreeSet<String>], threshold: f64) -> Vec<Vec<usize>> {
    let mut clusters: Vec<Vec<usize>> = Vec::new();
    for (i, gram) in grams.iter().enumerate() {
        let home = clusters
            .iter()
            .position(|members| members.iter().any(|&m| jaccard(&grams[m], gram) >= threshold));
        match home {
            Some(c) => clusters[c].push(i),
            None => clusters.push(vec![i]),
        }
    }
    clusters
}

/// The representative as it was: every member against every other.
fn every_pair_central(grams: &[BTreeSet<String>], members: &[usize]) -> usize {
    let mut best = (members[0], -1.0);
    for &m in members {
        let total: f64 = members.iter().map(|&o| jaccard(&grams[o], &grams[m])).sum();
        if total > best.1 {
            best = (m, total);
        }
    }
    best.0
}

/// `n` texts of 1 to 7 words from a vocabulary of `words` (a concept or two among them), with
/// repeats and empty meanings: a small vocabulary makes many near ties.
fn texts(n: usize, words: usize, seed: u64) -> Vec<String> {
    const VOCABULARY: &[&str] = &[
        "utc", "report", "dates", "venv", "python", "tests", "button", "colour", "local", "time", "logs",
        "cents", "price", "branch", "main", "lint", "the", "no", "again", "schema", "cache", "retry",
        "header", "footer", "sidebar", "query", "index", "token", "docs", "review",
    ];
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    (0..n)
        .map(|_| {
            let len = 1 + next() % 7;
            (0..len)
                .map(|_| VOCABULARY[next() % words.min(VOCABULARY.len())])
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[test]
fn similar_corrections_cluster_others_stay_apart() {
    let texts = [
        "no, use the venv python for the tests",
        "wrong, I said use the venv python for tests",
        "the button colour is wrong",
        "again: use the venv python for the tests please",
    ];
    let clusters = cluster(&texts, THRESHOLD);
    assert_eq!(clusters, vec![vec![0, 1, 3], vec![2]]);
    assert_eq!(Meanings::of(&texts).central(&clusters[0]), 0);
}

#[test]
fn one_meaning_in_other_words_is_one_group_two_meanings_stay_two() {
    let texts = [
        "report dates must be UTC",
        "no, UTC for the report dates",
        "you used local time again in the report",
        "UTC in logs is fine",
    ];
    assert_eq!(cluster(&texts, THRESHOLD), vec![vec![0, 1, 2], vec![3]]);
}

#[test]
fn jaccard_edges() {
    assert_eq!(jaccard(&BTreeSet::new(), &BTreeSet::new()), 0.0);
    assert_eq!(meaning("venv").len(), 1);
    assert!(meaning("the a").is_empty());
}

/// The index finds the groups and representatives that comparing every pair finds, at every
/// threshold, on texts with many repeats, near ties and empty meanings.
#[test]
fn the_same_groups_as_every_pair() {
    for (seed, words) in [(1, 6), (2, 12), (3, 30), (4, 20)] {
        let owned = texts(300, words, seed);
        let texts: Vec<&str> = owned.iter().map(String::as_str).collect();
        let grams: Vec<BTreeSet<String>> = texts.iter().map(|t| meaning(t)).collect();
        let meanings = Meanings::of(&texts);
        for threshold in [0.0, 0.1, 0.25, THRESHOLD, 1.0 / 3.0, 0.5, 0.7, 1.0, 1.5] {
            let groups = meanings.cluster(threshold);
            assert_eq!(
                groups,
                every_pair(&grams, threshold),
                "seed {seed}, threshold {threshold}"
            );
            for members in groups.iter().filter(|m| m.len() < 100) {
                assert_eq!(meanings.central(members), every_pair_central(&grams, members));
            }
        }
        // The one group of threshold 0 holds every text: the most members to sum over.
        assert_eq!(
            meanings.central(&(0..300).collect::<Vec<_>>()),
            every_pair_central(&grams, &(0..300).collect::<Vec<_>>())
        );
    }
}

#[test]
fn prefixes_are_never_empty_nor_longer_than_the_set() {
    for len in 1..40 {
        for threshold in [1e-6, 0.1, THRESHOLD, 0.5, 0.99, 1.0] {
            let p = prefix(len, threshold);
            assert!((1..=len).contains(&p), "len {len}, threshold {threshold}: {p}");
        }
    }
}

/// Past the cap, the representative is the most central of the most frequent meanings.
#[test]
fn a_group_of_many_meanings_is_represented_by_a_frequent_one() {
    let mut owned: Vec<String> = (0..450).map(|i| format!("zq{i} topic")).collect();
    owned.extend((0..20).map(|_| "topic".to_owned()));
    let texts: Vec<&str> = owned.iter().map(String::as_str).collect();
    let meanings = Meanings::of(&texts);
    let all: Vec<usize> = (0..texts.len()).collect();
    assert_eq!(meanings.cluster(THRESHOLD), vec![all.clone()]);
    assert_eq!(meanings.central(&all), 450);
}
