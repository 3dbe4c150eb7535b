//! A tool call whose JSON cannot be read, judged by the block rules all the same.
//!
//! A client runs a command whatever our parser thinks of its input: a lone UTF-16 surrogate
//! (`"\ud800"`, which JavaScript's `JSON.stringify` writes and serde_json refuses) or nesting
//! past serde_json's depth limit in some other argument would otherwise turn a matched block rule
//! into `{}`. So lone surrogates are mended before any parse ([`mend_surrogates`]), and an input
//! that still cannot be read has its `command` strings picked out of the text
//! ([`commands`]) and judged: a block rule that matches denies, and anything else answers `{}`.

use std::borrow::Cow;

/// How deep a `command` string holding JSON (Copilot CLI's `toolArgs`) is read again.
const NESTED: usize = 2;

/// `raw` with each `\uXXXX` escape of a lone UTF-16 surrogate replaced by `\ufffd`, as a
/// JavaScript reader would read it; unchanged (and not copied) when it has none.
pub fn mend_surrogates(raw: &[u8]) -> Cow<'_, [u8]> {
    if !raw.windows(3).any(|w| w == b"\\ud" || w == b"\\uD") {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] != b'\\' {
            out.push(raw[i]);
            i += 1;
            continue;
        }
        match (raw.get(i + 1), unit(raw, i)) {
            (Some(b'u'), Some(high @ 0xD800..=0xDBFF))
                if matches!(unit(raw, i + 6), Some(0xDC00..=0xDFFF)) =>
            {
                let _ = high;
                out.extend_from_slice(&raw[i..i + 12]);
                i += 12;
            }
            (Some(b'u'), Some(0xD800..=0xDFFF)) => {
                out.extend_from_slice(b"\\ufffd");
                i += 6;
            }
            // Any other escape, `\\` included, is two bytes kept as they are.
            (Some(_), _) => {
                out.extend_from_slice(&raw[i..i + 2]);
                i += 2;
            }
            (None, _) => {
                out.push(b'\\');
                i += 1;
            }
        }
    }
    Cow::Owned(out)
}

/// The UTF-16 unit of the `\uXXXX` escape at `at`, if there is one.
fn unit(raw: &[u8], at: usize) -> Option<u32> {
    let escape = raw.get(at..at + 6)?;
    if &escape[..2] != b"\\u" {
        return None;
    }
    u32::from_str_radix(std::str::from_utf8(&escape[2..]).ok()?, 16).ok()
}

/// Every string in `text` that is the value of a `command` or `cmd` key, decoded, at any depth
/// and whatever the JSON around it; a value that is itself JSON is read again.
pub fn commands(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    collect(text, NESTED, &mut found);
    found
}

fn collect(text: &str, depth: usize, found: &mut Vec<String>) {
    let bytes = text.as_bytes();
    let mut key: Option<String> = None;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'"' {
            i += 1;
            continue;
        }
        let (value, end) = string_at(text, i + 1);
        let after = text[end..].trim_start();
        if after.starts_with(':') {
            key = Some(value);
        } else {
            if matches!(key.as_deref(), Some("command" | "cmd")) {
                found.push(value.clone());
            }
            if depth > 0 && value.contains("\"command\"") {
                collect(&value, depth - 1, found);
            }
            key = None;
        }
        i = end.max(i + 1);
    }
}

/// The string that starts at `from` (after its opening quote), decoded leniently, and where
/// its closing quote ends (the text's end when it has none).
fn string_at(text: &str, from: usize) -> (String, usize) {
    let mut out = String::new();
    let mut chars = text[from..].char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return (out, from + at + 1),
            '\\' => match chars.next().map(|(_, e)| e) {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('r') => out.push('\r'),
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).map(|(_, h)| h).collect();
                    let unit = u32::from_str_radix(&hex, 16).unwrap_or(0xFFFD);
                    out.push(char::from_u32(unit).unwrap_or('\u{fffd}'));
                }
                Some(other) => out.push(other),
                None => {}
            },
            other => out.push(other),
        }
    }
    (out, text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogates_are_mended_and_pairs_and_escaped_backslashes_kept() {
        let mend =
            |s: &str| String::from_utf8(mend_surrogates(s.as_bytes()).into_owned()).unwrap_or_default();
        assert_eq!(mend(r#"{"a":"x \ud800 y"}"#), r#"{"a":"x \ufffd y"}"#);
        assert_eq!(mend(r#"{"a":"\udc00"}"#), r#"{"a":"\ufffd"}"#);
        assert_eq!(mend(r#"{"a":"\ud83d\ude00"}"#), r#"{"a":"\ud83d\ude00"}"#);
        assert_eq!(mend(r#"{"a":"\\ud800"}"#), r#"{"a":"\\ud800"}"#);
        assert!(serde_json::from_str::<serde_json::Value>(&mend(r#"{"c":"git push \ud800"}"#)).is_ok());
    }

    #[test]
    fn command_strings_are_found_at_any_depth_and_inside_a_string_of_json() {
        let deep = format!(
            r#"{{"tool_input":{{"command":"git push --force","x":{}}}}}"#,
            "[".repeat(300)
        );
        assert_eq!(commands(&deep), vec!["git push --force"]);
        let copilot = r#"{"toolName":"bash","toolArgs":"{\"command\":\"git push --force\"}""#;
        assert_eq!(commands(copilot), vec!["git push --force"]);
        assert_eq!(
            commands(r#"{"cmd": "ls \"a b\"", "description": "git push --force"}"#),
            vec!["ls \"a b\""]
        );
    }
}
