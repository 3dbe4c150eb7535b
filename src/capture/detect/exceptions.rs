//! Exceptions to phrase rules that a phrase table cannot say ([`super::classify`]).

use super::{Category, FILLERS};

/// Exceptions to lead rules that a phrase table cannot say.
pub fn lead_allowed(phrase: &str, words: &[&str]) -> bool {
    let next = |n: usize| words.get(n).copied().unwrap_or("");
    match phrase.trim() {
        // "always fails", "never happens": a description, not an instruction.
        // "never seen this before", "always a pleasure": no instruction either.
        "always" | "never" => {
            let verb = next(1);
            !(verb.is_empty()
                || (verb.ends_with('s') && !verb.ends_with("ss"))
                || matches!(
                    verb,
                    "mind"
                        | "seen"
                        | "been"
                        | "done"
                        | "heard"
                        | "had"
                        | "got"
                        | "gotten"
                        | "known"
                        | "thought"
                        | "used"
                        | "tried"
                        | "needed"
                        | "happened"
                        | "worked"
                        | "a"
                        | "an"
                        | "the"
                        | "so"
                        | "such"
                        | "good"
                        | "great"
                        | "nice"
                        | "happy"
                        | "glad"
                        | "on"
                        | "off"
                ))
        }
        // "still works after the rebase" is praise, "still fails" a correction.
        "still" => !matches!(
            next(1),
            "works" | "working" | "work" | "passes" | "passing" | "compiles" | "good" | "fine" | "green"
        ),
        // "it's not a list"; "it's not urgent" corrects nothing.
        "it's not" | "it isn't" | "this isn't" => !matches!(
            next(2),
            "sure" | "yet" | "now" | "bad" | "urgent" | "important" | "necessary" | "needed" | "worth"
        ),
        // "Rule: no network calls in tests"; not "rule out the cache".
        "rule" | "our convention" | "team convention" => words.len() == phrase.split_whitespace().count(),
        // "now it works, thanks" reports, "now add a flag" builds on.
        "now" => {
            !(matches!(next(1), "it" | "everything" | "all" | "that" | "this")
                && matches!(
                    next(2),
                    "work" | "works" | "working" | "runs" | "passes" | "compiles" | "looks" | "is"
                ))
        }
        // A bare "no" answers the previous turn; "no tests exist yet" does not.
        "no" | "nope" | "nah" => words.len() == 1,
        "don't" | "do not" => {
            let verb = next(if phrase.trim() == "don't" { 1 } else { 2 });
            !matches!(
                verb,
                "worry" | "know" | "think" | "see" | "understand" | "forget" | "get"
            )
        }
        "stop" => matches!(
            next(1),
            "" | "it"
                | "that"
                | "this"
                | "doing"
                | "right"
                | "now"
                | "changing"
                | "touching"
                | "editing"
                | "adding"
                | "making"
                | "using"
                | "there"
                | "please"
                | "rewriting"
                | "deleting"
        ),
        _ => true,
    }
}

/// Whether the part after a bare "no"/"yes" says what the user did ("no, I haven't run it yet",
/// "yes, I ran the migration"): an answer to the agent's question.
pub fn about_the_user(next: Option<&Vec<&str>>) -> bool {
    next.is_some_and(|words| {
        words.first() == Some(&"i")
            && matches!(
                words.get(1).copied().unwrap_or(""),
                "haven't" | "have" | "ran" | "already" | "just" | "did" | "tried" | "checked"
            )
            && !words
                .iter()
                .any(|w| matches!(*w, "asked" | "said" | "told" | "wanted" | "meant"))
    })
}

/// Whether a phrase still counts inside a request for new work: only corrections and preferences
/// are dropped there ("write a test where the parser gets the wrong encoding"), unless they speak
/// to the agent ("fix what you broke") or set a time ("from now on").
pub fn speaks_of_the_answer(category: Category, phrase: &str) -> bool {
    !matches!(category, Category::Correction | Category::Preference)
        || phrase.contains(" you ")
        || phrase.starts_with(" you")
        || phrase.starts_with(" i ")
        || TIME_MARKERS.contains(&phrase)
}

/// Phrases that make a sentence a standing rule whatever it asks.
const TIME_MARKERS: &[&str] = &[
    " from now on ",
    " going forward ",
    " from here on ",
    " for future reference ",
    " in future ",
    " in the future ",
    " make sure to always ",
    " make sure to never ",
];

/// Exceptions to anywhere rules that a phrase table cannot say.
pub fn anywhere_allowed(phrase: &str, padded: &str, words: &[&str]) -> bool {
    match phrase {
        // "i prefer the old name" picks one of the options at hand; it sets no rule.
        // "i prefer to start with the backend, let's do that first": this time only.
        " i prefer " | " i'd prefer " | " i would prefer "
            if [" first ", " for now ", " this time ", " today "]
                .iter()
                .any(|o| padded.contains(o)) =>
        {
            false
        }
        " i prefer " | " i'd prefer " | " i would prefer " => padded.match_indices(phrase).any(|(i, _)| {
            let next = padded[i + phrase.len()..].split(' ').next().unwrap_or("");
            !matches!(next, "the" | "it" | "that" | "this" | "your" | "yours" | "mine")
        }),
        // "the timeout should be 30 s" corrects a value the answer set; "old logs should be
        // deleted" specifies new work.
        " should be " => {
            let first = words.iter().find(|w| !FILLERS.contains(w)).copied().unwrap_or("");
            matches!(first, "the" | "that" | "this" | "it" | "these" | "those" | "your")
                || words.contains(&"not")
        }
        // "never bump the version without asking" rules; "this overwrites the file without
        // asking" complains about the answer.
        " without asking " | " without checking with me " | " without telling me " => !words
            .iter()
            .find(|w| !FILLERS.contains(w))
            .is_some_and(|w| super::cues::opens_on_answer(&[w])),
        // "we always get a timeout from the sandbox" reports; "we always squash" rules.
        " we always " | " we never " => padded.match_indices(phrase).any(|(i, _)| {
            let next = padded[i + phrase.len()..].split(' ').next().unwrap_or("");
            !matches!(
                next,
                "get" | "got" | "see" | "hit" | "have" | "had" | "run" | "ran" | "end" | "lose"
            )
        }),
        _ => true,
    }
}
