//! Line arithmetic for blame: the ranges gix blame takes, and whether a commit only inserted
//! lines (then it cannot have moved a heading, and its parent need not be parsed).

/// The 1-based `lines` as gix blame's ranges: sorted, touching lines in one range.
///
/// Built here in one pass: gix's own constructors merge each range into all the others, which
/// is quadratic, and a file of 150,000 entries has as many heading lines (minutes, not
/// milliseconds).
pub(super) fn line_ranges(lines: impl Iterator<Item = u32>) -> gix::blame::BlameRanges {
    let mut lines: Vec<u32> = lines.map(|line| line.max(1)).collect();
    lines.sort_unstable();
    lines.dedup();
    let mut ranges: Vec<std::ops::Range<u32>> = Vec::new();
    for line in lines {
        match ranges.last_mut() {
            Some(last) if last.end >= line - 1 => last.end = line,
            _ => ranges.push(line - 1..line),
        }
    }
    if ranges.is_empty() {
        return gix::blame::BlameRanges::default();
    }
    gix::blame::BlameRanges::PartialFile(ranges)
}

/// Whether `after` is `before` with whole lines inserted at one place.
pub(super) fn inserts_one_block(before: &[u8], after: &[u8]) -> bool {
    if after.len() < before.len() {
        return false;
    }
    let common = common_prefix(before, after);
    // The lines before the first difference are kept; the block goes in after the last of them,
    // and everything of `before` from there on must end `after`, starting on a line of its own.
    let start = before[..common]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let rest = &before[start..];
    let tail = after.len() - rest.len();
    rest.is_empty() || (after.ends_with(rest) && (tail == 0 || after[tail - 1] == b'\n'))
}

/// The length of the longest common prefix, compared a chunk at a time.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const CHUNK: usize = 64;
    let chunks = a
        .chunks_exact(CHUNK)
        .zip(b.chunks_exact(CHUNK))
        .take_while(|(x, y)| x == y)
        .count();
    let skip = chunks * CHUNK;
    skip + a[skip..]
        .iter()
        .zip(&b[skip..])
        .take_while(|(x, y)| x == y)
        .count()
}

#[cfg(test)]
mod tests {
    use super::{inserts_one_block, line_ranges};

    #[test]
    fn heading_lines_become_sorted_ranges_with_touching_lines_joined() {
        let ranges = line_ranges([9, 3, 4, 4, 1, 0].into_iter());
        match ranges {
            gix::blame::BlameRanges::PartialFile(ranges) => assert_eq!(ranges, [0..1, 2..4, 8..9]),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            line_ranges(std::iter::empty()),
            gix::blame::BlameRanges::WholeFile
        ));
    }

    #[test]
    fn one_inserted_block_of_whole_lines() {
        let before = b"# L\n\n## A\nbody\n";
        assert!(inserts_one_block(before, b"# L\n\n## A\nbody\n\n## B\nnew\n"));
        assert!(inserts_one_block(before, b"# L\n\n## B\nnew\n\n## A\nbody\n"));
        assert!(inserts_one_block(before, before));
        assert!(inserts_one_block(b"", b"## A"));
        assert!(inserts_one_block(b"a\nfoo", b"a\nfoo\nfoo"));
        let long = "x".repeat(200) + "\n";
        assert!(inserts_one_block(
            long.as_bytes(),
            format!("{long}## B\n").as_bytes()
        ));
        assert!(!inserts_one_block(long.as_bytes(), format!("y{long}").as_bytes()));
    }

    #[test]
    fn anything_removed_or_changed_is_not() {
        let before = b"# L\n\n## A\nbody\n";
        assert!(!inserts_one_block(before, b"# L\n\n## B\nnew\n"));
        assert!(!inserts_one_block(before, b"# L\n\n## A!\nbody\n"));
        assert!(!inserts_one_block(before, b"# L\n## B\n\n## A\nbody\nmore\n\n"));
        // A last line without its newline is changed when something is appended to it.
        assert!(!inserts_one_block(b"## A", b"## A\n## B\n"));
    }
}
