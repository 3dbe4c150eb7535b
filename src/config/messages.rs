//! toml and serde speak Rust ("expected usize", "integer `…` as i128"); say the same in the
//! words of someone editing `learnings.toml`, and never echo a value from the file: a value can
//! be long, or private.

/// `message` (one of serde's "invalid type: …, expected …" family) in the user's words.
pub(super) fn user_words(message: &str) -> String {
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
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let (field, expected) = rest.split_once(", expected").unwrap_or((rest, ""));
        let known = if expected.is_empty() {
            String::new()
        } else {
            format!(
                "; known keys: {}",
                expected.trim().trim_start_matches("one of ").trim()
            )
        };
        return format!("unknown key {}{known}", crate::base::words::cut(field, 40));
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

fn expected_words(expected: &str) -> &'static str {
    match expected.trim() {
        "usize" | "u64" | "u32" | "u16" | "u8" => "a whole number (0 or more)",
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
    use super::user_words;

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
