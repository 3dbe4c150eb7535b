//! Words for counts in messages: "1 entry", "2 entries"; values cut to a length.
//!
//! Every report and message says counts through [`count`], so no command prints "1 days".

/// `n` and the noun, singular for 1: `count(1, "entry")` is "1 entry", `count(2, "entry")`
/// "2 entries". Nouns are the tool's own, so English's regular rules suffice.
pub fn count(n: usize, noun: &str) -> String {
    format!("{n} {}", plural(n, noun))
}

/// The noun alone, in the form that goes with `n`.
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        return noun.to_owned();
    }
    match noun.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'i', 'o', 'u']) => format!("{stem}ies"),
        _ if noun.ends_with(['s', 'x', 'z']) || noun.ends_with("ch") || noun.ends_with("sh") => {
            format!("{noun}es")
        }
        _ => format!("{noun}s"),
    }
}

/// `text` cut to at most `max` characters, with `…` where it was cut: a value quoted in an
/// error must not flood the terminal.
pub fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular() {
        assert_eq!(count(1, "entry"), "1 entry");
        assert_eq!(count(0, "entry"), "0 entries");
        assert_eq!(count(2, "day"), "2 days");
        assert_eq!(count(1, "day"), "1 day");
        assert_eq!(count(3, "part"), "3 parts");
        assert_eq!(count(1, "line"), "1 line");
        assert_eq!(count(2, "success"), "2 successes");
        assert_eq!(count(2, "discovery"), "2 discoveries");
    }

    #[test]
    fn long_values_are_cut() {
        assert_eq!(cut("short", 10), "short");
        assert_eq!(cut("ééééé", 3), "ééé…");
        assert_eq!(cut("héllo", 2), "hé…");
        assert_eq!(cut("hi", 2), "hi");
    }
}
