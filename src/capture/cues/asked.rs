//! Readings that hang on how a sentence is put rather than on a cue word: a request asked as a
//! question ("from now on could you …?"), a value set against another ("the port is 5432 not
//! 5433"), a hedged correction ("I think the limit should be 100 not 50?"), a clarification
//! that announces itself ("the input looks like this btw:") and a new task ("next ticket: …").

use super::Sentence;
use crate::capture::category::Category;

/// Modals that open a request: "can you", "would you".
const MODALS: &[&str] = &["can", "could", "would", "will"];
/// Words between the request and its verb: "could you please", "would you mind".
const POLITE: &[&str] = &["please", "mind", "kindly", "maybe", "just"];
/// Verbs of "put it back".
const BACK_VERBS: &[&str] = &["put", "bring", "change", "switch", "turn", "set", "move"];
/// Units and values that a correction sets against each other: "in ms not s", "true not false".
#[rustfmt::skip]
const UNITS: &[&str] = &[
    "ms", "s", "sec", "secs", "seconds", "second", "milliseconds", "millis", "minutes", "minute",
    "min", "mins", "hours", "hour", "days", "bytes", "kb", "mb", "gb", "kib", "mib", "px", "em",
    "rem", "pt", "true", "false", "utc", "local", "ascending", "descending", "asc", "desc",
    "percent", "cents", "euros", "dollars", "rows", "items",
];
/// Openings that hedge a statement: "I think …", "shouldn't …".
#[rustfmt::skip]
const HEDGES: &[&[&str]] = &[
    &["i", "think"], &["i", "believe"], &["pretty", "sure"], &["i'm", "pretty", "sure"],
    &["i'm", "fairly", "sure"], &["shouldn't"], &["isn't"], &["aren't"], &["i", "thought"],
];
/// What a hedged question says is wrong: "I think the state is inverted?".
#[rustfmt::skip]
const FLAWS: &[&str] = &[
    "inverted", "backwards", "reversed", "swapped", "flipped", "wrong", "off", "missing",
    "broken", "duplicated", "twice", "mixed",
];
/// Endings of a sentence that announce what follows as a clarification: "context I left out:".
#[rustfmt::skip]
const ANNOUNCED: &[&[&str]] = &[
    &["btw"], &["by", "the", "way"], &["i", "forgot"], &["i", "forget"], &["left", "out"],
    &["left", "out", "earlier"], &["i", "should", "have", "given"], &["i", "didn't", "mention"],
    &["i", "didn't", "say"],
];
/// Phrases that open a new piece of work: the prompt builds on nothing that was done.
#[rustfmt::skip]
const FRESH: &[&str] = &[
    " new task ", " next task ", " next ticket ", " other ticket ", " new ticket ",
    " different topic ", " unrelated question ", " unrelated to the last ", " now we work on ",
    " now we start ", " now we go to ", " let's move on to ", " new feature request ",
    " other task ", " another task ", " another ticket ",
];

/// The words after a request's opening ("can you", "from now on could you please"), when the
/// sentence is one: a question that asks for something rather than about it.
pub fn request<'a, 'b>(lead: &'a [&'b str]) -> Option<&'a [&'b str]> {
    let at = lead
        .windows(2)
        .take(5)
        .position(|w| MODALS.contains(&w[0]) && matches!(w[1], "you" | "we"))?;
    let rest = &lead[at + 2..];
    let skip = rest.iter().take_while(|w| POLITE.contains(w)).count();
    Some(&rest[skip..])
}

/// Whether the prompt turns to new work: "next task, unrelated to the last one".
pub fn fresh(padded: &str) -> bool {
    FRESH.iter().any(|f| padded.contains(f))
}

/// Corrections and clarifications read from how the sentence is put.
pub fn read(s: &Sentence, hit: &mut impl FnMut(Category, f64)) {
    let words: Vec<&str> = s.padded.split_whitespace().collect();
    let contrast = value_contrast(&words);
    if s.question {
        // "the retry count should be 3 not 5?" is as hedged as "I think …".
        let hedged = HEDGES.iter().any(|h| s.lead.starts_with(h)) || s.padded.contains(" should be ");
        // "I believe the header is X-Api-Key, not X-API-Token?"
        let not = s.parts.iter().skip(1).any(|p| p.first() == Some(&"not"));
        if hedged && (contrast || not || s.lead.iter().any(|w| FLAWS.contains(w))) {
            hit(Category::Correction, 0.75);
        }
        // "could you put the old config back?"
        let back = request(s.lead).is_some_and(|rest| {
            rest.first().is_some_and(|w| BACK_VERBS.contains(w)) && rest.iter().take(6).any(|w| *w == "back")
        });
        if back {
            hit(Category::Rejection, 0.85);
        }
        return;
    }
    if contrast && !s.task {
        hit(Category::Correction, 0.8);
    }
    // "I wanted the dates newest first, but the list starts with the oldest".
    let wanted = s.lead.starts_with(&["i", "wanted"]) || s.lead.starts_with(&["i", "asked", "for"]);
    if wanted && s.lead.contains(&"but") {
        hit(Category::Correction, 0.8);
    }
    if ANNOUNCED.iter().any(|a| s.lead.ends_with(a)) && s.lead.len() > 1 {
        hit(Category::Clarification, 0.8);
    }
}

/// "5432 not 5433", "in ms not s": two values of one kind set against each other.
fn value_contrast(words: &[&str]) -> bool {
    let number = |w: &str| w.starts_with(|c: char| c.is_ascii_digit());
    words.windows(3).any(|w| {
        w[1] == "not" && ((number(w[0]) && number(w[2])) || (UNITS.contains(&w[0]) && UNITS.contains(&w[2])))
    })
}
