//! toml and serde speak Rust ("expected usize", "integer `…` as i128"); say the same in the
//! words of someone editing `learnings.toml`, and never echo a value from the file: a value can
//! be long, or private.

/// `message` (one of serde's "invalid type: …, expected …" family) in the user's words.
pub fn user_words(message: &str) -> String {
    if let Some(rest) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
        && let Some((found, expected)) = rest.rsplit_once(", expected ")
    {
        return format!(
            "expected {}, found {}",
            expected_words(expected),
            found_words(found)
        );
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let (_, expected) = rest.split_once(", expected").unwrap_or((rest, ""));
        return format!(
            "unknown value; expected {}",
            expected.trim().trim_start_matches("one of ").trim()
        );
    }
    crate::base::words::cut(message, 120)
}

/// Whether a toml syntax error says that a string, array or table was left open: that is where
/// the mistake is, and the errors after it follow from it.
pub fn unclosed(message: &str) -> bool {
    let message = message.trim_start();
    message.starts_with("unclosed")
        || message.starts_with("invalid multi-line")
        || message.starts_with("invalid basic string")
        || message.starts_with("invalid literal string")
}

/// A toml syntax error in the words of someone editing the file: what was left open and the
/// character that closes it. ("unclosed array table" before "unclosed array": the first prefix
/// that matches wins.)
pub fn syntax_words(message: &str) -> String {
    let message = message.trim().replace('\n', " ");
    let open = [
        ("invalid multi-line basic string", "unclosed `\"\"\"` string"),
        ("invalid multi-line literal string", "unclosed `'''` string"),
        ("invalid basic string", "unclosed string: `\"` is missing"),
        ("invalid literal string", "unclosed string: `'` is missing"),
        ("unclosed array table", "unclosed header: `]]` is missing"),
        ("unclosed table", "unclosed header: `]` is missing"),
        ("unclosed array", "unclosed array: `]` is missing"),
        ("unclosed inline table", "unclosed inline table: `}` is missing"),
    ];
    match open.iter().find(|(toml, _)| message.starts_with(toml)) {
        Some((_, words)) => (*words).to_owned(),
        None => user_words(&message),
    }
}

/// An unknown key of `table` (`[inject]`, `[[enforce.block]]`; empty at the top level), with
/// the known key it most likely meant, else the known keys.
pub fn unknown_key(field: &str, table: &str, known: &[&str]) -> String {
    let shown = crate::base::words::cut(field, 40);
    let place = if table.is_empty() {
        "at the top level".to_owned()
    } else {
        format!("in {table}")
    };
    // `echo 'learnings = …' >> learnings.toml` lands in the file's last table.
    if field == "learnings" && !table.is_empty() {
        return format!(
            "unknown key `learnings` {place}; it belongs at the top level: move it to the top of the file, before any [table]"
        );
    }
    match nearest(field, known.iter().copied()) {
        Some(near) => format!("unknown key `{shown}` {place}; did you mean `{near}`?"),
        None if known.is_empty() => format!("unknown key `{shown}` {place}"),
        None => {
            let list: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
            format!("unknown key `{shown}` {place}; known keys: {}", list.join(", "))
        }
    }
}

/// The known key a misspelt one most likely meant: at most a third of its letters apart
/// (one edit for short keys), the nearest first.
pub fn nearest<'a>(typed: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let allowed = (typed.chars().count() / 3).max(1);
    known
        .map(|k| (edits(typed, k), k))
        .filter(|(d, _)| *d <= allowed)
        .min_by_key(|(d, k)| (*d, *k))
        .map(|(_, k)| k)
}

/// Levenshtein distance: insertions, deletions and substitutions of characters.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut last = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(last + usize::from(ca != *cb));
            last = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

fn expected_words(expected: &str) -> &'static str {
    match expected.trim() {
        "usize" | "u64" | "u32" | "u16" | "u8" => "a whole number (0 or more)",
        "i64" | "i32" => "a whole number",
        "a string" | "path string" | "a borrowed string" => "a string in quotes",
        "a sequence" => "a list, like [\"a\", \"b\"]",
        "a boolean" => "true or false",
        "struct Config" | "struct Thresholds" | "struct LimitRule" => "a table",
        "`error` or `warning`" => "\"error\" or \"warning\"",
        _ => "another kind of value",
    }
}

fn found_words(found: &str) -> &'static str {
    let kind = found.split_whitespace().next().unwrap_or("");
    match kind {
        "string" => "a string",
        "integer" if found.contains(" as i128") || found.contains(" as u128") => "a number too large",
        "integer" if found.contains("`-") => "a negative number",
        "integer" => "a number",
        "floating" => "a number with a fraction",
        "boolean" => "true or false",
        "sequence" => "a list",
        "map" => "a table",
        _ => "another kind of value",
    }
}

#[cfg(test)]
mod tests {
    use super::{edits, unknown_key, user_words};

    #[test]
    fn a_misspelt_key_gets_the_nearest_known_one() {
        let known = ["pattern", "reason", "suggest"];
        assert_eq!(
            unknown_key("reasn", "[[enforce.block]]", &known),
            "unknown key `reasn` in [[enforce.block]]; did you mean `reason`?"
        );
        assert_eq!(
            unknown_key("colour", "[[enforce.block]]", &known),
            "unknown key `colour` in [[enforce.block]]; known keys: `pattern`, `reason`, `suggest`"
        );
        assert_eq!(
            unknown_key("keyword", "[[inject.domains]]", &["keywords", "name"]),
            "unknown key `keyword` in [[inject.domains]]; did you mean `keywords`?"
        );
        assert_eq!(edits("keyword", "keywords"), 1);
        // Issue 31: the README's line appended to a file that ends in a table.
        assert_eq!(
            unknown_key("learnings", "[consolidation]", &["size", "freshness"]),
            "unknown key `learnings` in [consolidation]; it belongs at the top level: move it to the top of the file, before any [table]"
        );
    }

    #[test]
    fn rust_types_become_words() {
        assert_eq!(
            user_words("invalid type: string \"a secret value\", expected usize"),
            "expected a whole number (0 or more), found a string"
        );
        assert_eq!(
            user_words("invalid value: integer `-1`, expected usize"),
            "expected a whole number (0 or more), found a negative number"
        );
        assert_eq!(
            user_words("invalid type: integer `99999999999999999999999` as i128, expected usize"),
            "expected a whole number (0 or more), found a number too large"
        );
        assert_eq!(
            user_words("invalid type: integer `3`, expected a sequence"),
            "expected a list, like [\"a\", \"b\"], found a number"
        );
    }
}
