//! Text-level facts about a file: decoding, line numbers, line counts.

use std::ops::Range;

/// The decoded text of a learnings file, with what was stripped to get it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    /// The text, without a leading byte-order mark.
    pub text: String,
    /// Whether the file started with a UTF-8 byte-order mark.
    pub had_bom: bool,
}

/// Decodes file bytes: strips a UTF-8 BOM, refuses anything that is not UTF-8.
///
/// Returns the byte offset of the first invalid sequence on failure, so the caller can say where.
pub fn decode(bytes: &[u8]) -> Result<Document, usize> {
    let (bytes, had_bom) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => (rest, true),
        None => (bytes, false),
    };
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(Document {
            text: text.to_owned(),
            had_bom,
        }),
        Err(e) => Err(e.valid_up_to() + if had_bom { 3 } else { 0 }),
    }
}

/// Maps byte offsets to 1-based line numbers.
#[derive(Debug, Clone)]
pub struct LineIndex<'a> {
    source: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Indexes the line starts of `source` (`\n` ends a line; a `\r` before it belongs to the line).
    pub fn new(source: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            source
                .bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { source, starts }
    }

    /// The 1-based line holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset)
    }

    /// Lines as the original tool counts them (Python's `readlines`): a last line without a
    /// newline counts, an empty file has none.
    pub fn line_count(&self) -> usize {
        let newlines = self.starts.len() - 1;
        if self.source.is_empty() || self.source.ends_with('\n') {
            newlines
        } else {
            newlines + 1
        }
    }

    /// The 1-based line of the last non-blank line within `range`, or the first line of it.
    pub fn last_text_line(&self, range: Range<usize>) -> usize {
        let slice = &self.source[range.clone()];
        match slice.trim_end().len() {
            0 => self.line_of(range.start),
            len => self.line_of(range.start + len - 1),
        }
    }
}

/// Counts lines of raw bytes the way [`LineIndex::line_count`] does, for files that are not text.
pub fn count_lines(bytes: &[u8]) -> usize {
    let newlines = bytes.iter().filter(|&&b| b == b'\n').count();
    match bytes.last() {
        None | Some(b'\n') => newlines,
        Some(_) => newlines + 1,
    }
}

/// The text of raw file bytes, read leniently (invalid UTF-8 replaced) and without a leading
/// byte-order mark: how history's versions are read, where refusing a version is no option.
pub fn lossy(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.strip_prefix('\u{feff}').unwrap_or(&text).to_owned()
}
