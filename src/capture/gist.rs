//! The gist of a correction: what it says is right, without the words that only say the
//! answer was wrong. "No, that's wrong: dates stay in UTC" says "Dates stay in UTC", which is
//! what a recurring pattern, the learned context and a promoted entry should show.

/// Words of a clause that only says the answer was wrong ("No, that's wrong:", "Wrong again,"):
/// a clause made of these alone is dropped from the start of a correction.
const CUES: &[&str] = &[
    "no",
    "nope",
    "nah",
    "wrong",
    "again",
    "still",
    "that's",
    "thats",
    "it's",
    "its",
    "this",
    "that",
    "is",
    "was",
    "not",
    "right",
    "quite",
    "actually",
    "hmm",
    "ok",
    "okay",
    "ugh",
    "i",
    "said",
    "told",
    "you",
    "please",
    "already",
    "once",
    "more",
    "the",
    "same",
    "mistake",
    "yet",
    "as",
    "before",
    "third",
    "second",
    "time",
    "come",
    "on",
    "so",
    "all",
    "totally",
    "completely",
    "incorrect",
];

/// A correction without its opening clauses that only say "wrong": "No, that's wrong: dates
/// stay in UTC" is "dates stay in UTC". The whole text when nothing else is left.
fn substance(text: &str) -> String {
    let text = text.trim();
    let mut rest = text;
    while let Some(end) = rest.find([',', ':', ';', '!', '.', '?', '—', '–']) {
        let clause = &rest[..end];
        let cue_only = clause
            .split(|c: char| !(c.is_alphanumeric() || c == '\''))
            .filter(|w| !w.is_empty())
            .all(is_cue);
        if !cue_only {
            break;
        }
        rest = rest[end..].trim_start_matches([',', ':', ';', '!', '.', '?', '—', '–', ' ']);
    }
    if rest.trim().is_empty() {
        text.to_owned()
    } else {
        rest.trim().to_owned()
    }
}

/// Whether `word`, in any case, only says "wrong". Most words are ASCII and compared as they
/// are: lower-casing every word of every text was a third of the time this takes.
fn is_cue(word: &str) -> bool {
    if word.is_ascii() {
        CUES.iter().any(|cue| cue.eq_ignore_ascii_case(word))
    } else {
        CUES.contains(&word.to_lowercase().as_str())
    }
}

/// [`substance`], first letter upper case.
pub fn gist(text: &str) -> String {
    let text = substance(text);
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => format!("{}{}", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clauses_that_only_say_wrong_are_dropped() {
        assert_eq!(
            gist("No, that's wrong: report dates must stay in UTC, not local time."),
            "Report dates must stay in UTC, not local time."
        );
        assert_eq!(gist("Wrong again, use the venv"), "Use the venv");
        assert_eq!(
            gist("That's still wrong! Keep the early return."),
            "Keep the early return."
        );
        assert_eq!(gist("No, that's wrong."), "No, that's wrong.");
        assert_eq!(
            gist("use the venv python, not python3"),
            "Use the venv python, not python3"
        );
    }
}
