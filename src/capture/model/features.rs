//! What the classifier sees of a prompt: the words of the user's own prose, their pairs, where
//! they stand (opening a clause, in a question), and the shape of the whole prompt.
//!
//! Words come from [`super::super::strip::prose`] (code, quotes and pasted output removed), so a
//! "no" inside a flag or a "never" in a quoted error is not the user's. The shape says what was
//! removed: a pasted log, a code block, a block quote, a question. (Letter triples and fours
//! were tried for typos and word forms: cross-validated, they cost precision and gained nothing.)

use pulldown_cmark::{Event, Parser, Tag};

/// Words of a clause's start that carry no intent of their own ("ok, so, no, …").
const FILLERS: &[&str] = &[
    "ok", "okay", "hmm", "hm", "well", "so", "and", "oh", "ah", "um", "uh", "hey", "claude", "please", "pls",
];

/// What the end of an assistant message does, by the words that show it: claims work done,
/// offers a choice or asks, reports its own failure, lays out a plan.
const CUES: &[(&str, &[&str])] = &[
    (
        "claims",
        &[
            "done",
            "fixed",
            "i've",
            "i have",
            "now works",
            "should now",
            "successfully",
            "completed",
            "resolved",
            "updated",
            "implemented",
            "added",
            "\u{2705}",
        ],
    ),
    (
        "asks",
        &[
            "would you like",
            "shall i",
            "should i",
            "do you want",
            "let me know",
            "?",
        ],
    ),
    (
        "fails",
        &["error", "failed", "unable", "couldn't", "could not", "cannot"],
    ),
    ("plans", &["plan", "i will", "i'll", "next step", "steps"]),
];
/// The cues are read in the end of the message: what the user answers.
const ANSWER_TAIL: usize = 600;

/// The features of a prompt answering `answered` (the assistant's message before it): those of
/// the prompt, what the message's end does (`a:`), and each of those with the prompt's opening
/// word (`ax:`), so "still" after a claim of a fix weighs apart from "still" after a question.
pub fn features_in(prompt: &str, answered: Option<&str>) -> Vec<String> {
    let mut out = features(prompt);
    let Some(answer) = answered.filter(|a| !a.trim().is_empty()) else {
        return out;
    };
    let start = answer.len().saturating_sub(ANSWER_TAIL);
    let start = (start..=answer.len())
        .find(|&i| answer.is_char_boundary(i))
        .unwrap_or(0);
    let tail = answer[start..].to_lowercase();
    let prose = super::super::strip::prose(prompt);
    let opening = words(&prose)
        .into_iter()
        .find(|w| !FILLERS.contains(&w.as_str()))
        .unwrap_or_else(|| "-".to_owned());
    let cues = std::iter::once("any").chain(
        CUES.iter()
            .filter(|(_, words)| words.iter().any(|w| tail.contains(w)))
            .map(|(cue, _)| *cue),
    );
    for cue in cues {
        out.push(format!("a:{cue}"));
        out.push(format!("ax:{cue}_{opening}"));
    }
    out.sort();
    out.dedup();
    out
}

/// The features of a prompt, each once, sorted.
pub fn features(prompt: &str) -> Vec<String> {
    let prose = super::super::strip::prose(prompt);
    let mut out: Vec<String> = Vec::new();
    let clauses: Vec<Vec<String>> = prose
        .split(['\n', '.', ';', '!', '?', ','])
        .map(words)
        .filter(|w| !w.is_empty())
        .collect();
    let all: Vec<&String> = clauses.iter().flatten().collect();
    for (i, clause) in clauses.iter().enumerate() {
        let start = clause
            .iter()
            .skip_while(|w| FILLERS.contains(&w.as_str()))
            .collect::<Vec<_>>();
        if let Some(first) = start.first() {
            out.push(format!("f:{first}"));
            if let Some(second) = start.get(1) {
                out.push(format!("ff:{first}_{second}"));
            }
        }
        if i == 0 && !clause.is_empty() {
            out.push(format!("p:{}", clause[0]));
        }
    }
    // Words of a question state nothing ("is it always this slow?"): they get their own names.
    for sentence in sentences(&prose).into_iter().filter(|(_, asked)| *asked) {
        let asked = words(sentence.0);
        if let Some(first) = asked.first() {
            out.push(format!("qf:{first}"));
        }
        out.extend(asked.iter().map(|w| format!("q:{w}")));
    }
    out.extend(all.iter().map(|w| format!("w:{w}")));
    for pair in all.windows(2) {
        out.push(format!("b:{}_{}", pair[0], pair[1]));
    }
    if let Some(last) = all.last() {
        out.push(format!("l:{last}"));
    }
    // Who is spoken of, against what was pasted: "why does this fail?" under a log asks;
    // "you broke it" under the same log blames.
    let shapes = shape(prompt, &prose, all.len());
    let second = all
        .iter()
        .any(|w| matches!(w.as_str(), "you" | "your" | "you're" | "you've" | "yours"));
    let opening = clauses.first().and_then(|c| c.first()).map_or("", String::as_str);
    for s in &shapes {
        let s = &s[2..];
        out.push(format!("x:{s}_{}", if second { "you" } else { "-" }));
        out.push(format!("x:{s}_{opening}"));
    }
    out.extend(shapes);
    out.sort();
    out.dedup();
    out
}

/// The sentences of a text, each with whether it asks (ends with a question mark).
fn sentences(text: &str) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if matches!(c, '.' | '!' | '?' | '\n') {
            let sentence = &text[start..i];
            if !sentence.trim().is_empty() {
                out.push((sentence, c == '?'));
            }
            start = i + c.len_utf8();
        }
    }
    if !text[start..].trim().is_empty() {
        out.push((&text[start..], false));
    }
    out
}

/// Lower-case words, keeping apostrophes inside them ("don't") and emoji as words.
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() || (c == '\'' && !word.is_empty()) {
            word.push(c);
        } else {
            if !word.is_empty() {
                out.push(std::mem::take(&mut word).trim_end_matches('\'').to_owned());
            }
            if !c.is_ascii() && !c.is_whitespace() && !c.is_alphanumeric() && !is_punctuation(c) {
                out.push(c.to_string());
            }
        }
    }
    if !word.is_empty() {
        out.push(word.trim_end_matches('\'').to_owned());
    }
    out
}

fn is_punctuation(c: char) -> bool {
    matches!(
        c,
        '\u{2014}' | '\u{2013}' | '\u{2026}' | '\u{201c}' | '\u{201d}' | '\u{2192}'
    )
}

/// The shape of a prompt: what kinds of text it holds beside the user's prose.
fn shape(prompt: &str, prose: &str, words: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut push = |s: &str| out.push(format!("s:{s}"));
    let mut code = false;
    let mut quote = false;
    for event in Parser::new(prompt) {
        match event {
            Event::Start(Tag::CodeBlock(_)) => code = true,
            Event::Start(Tag::BlockQuote(_)) => quote = true,
            _ => {}
        }
    }
    if code {
        push("code");
    }
    if quote || prompt.contains(['"', '\u{201c}']) {
        push("quote");
    }
    if prompt.lines().filter(|l| is_log_line(l)).count() >= 2 {
        push("log");
    }
    let trimmed = prose.trim_end();
    if trimmed.ends_with('?') {
        push("asks");
    } else if trimmed.contains('?') {
        push("asks_inside");
    }
    // Shouting, not an acronym: "NEVER", or three words in capitals ("I TOLD YOU"); "UTC",
    // "JSON" alone say nothing.
    let capitals: Vec<usize> = prose_words_in_capitals(prompt);
    if capitals.iter().any(|&n| n >= 5) || capitals.len() >= 3 {
        push("shouts");
    }
    let size = match words {
        0 => "len0",
        1..=2 => "len1",
        3..=6 => "len2",
        7..=15 => "len3",
        16..=40 => "len4",
        _ => "len5",
    };
    push(size);
    out
}

/// The lengths of the words written in capitals (letters only, two or more).
fn prose_words_in_capitals(prompt: &str) -> Vec<usize> {
    prompt
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 2 && w.chars().all(char::is_uppercase))
        .map(|w| w.chars().count())
        .collect()
}

/// A line of pasted output: a stack frame, an error or warning line, a test result.
fn is_log_line(line: &str) -> bool {
    let t = line.trim_start();
    let lower = t.to_lowercase();
    t.starts_with("at ")
        || t.starts_with("File \"")
        || lower.starts_with("error")
        || lower.starts_with("warning")
        || lower.starts_with("traceback")
        || lower.starts_with("fatal")
        || lower.contains("exception")
        || lower.contains("panicked at")
        || lower.contains("failed")
        || t.starts_with("E ")
        || t.starts_with('[') && t.contains(']') && t.chars().filter(char::is_ascii_digit).count() >= 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_pairs_letters_and_shape() {
        let f = features("No, that's the staging URL");
        for want in [
            "f:no",
            "f:that's",
            "w:staging",
            "b:the_staging",
            "l:url",
            "s:len2",
            "p:no",
            "x:len2_no",
        ] {
            assert!(f.contains(&want.to_owned()), "{want}: {f:?}");
        }
    }

    #[test]
    fn pasted_output_is_shape_not_words() {
        let f = features("why does this fail?\n\n```\nError: no such file\n    at main (x.js:1:1)\n```");
        assert!(f.contains(&"s:code".to_owned()), "{f:?}");
        assert!(f.contains(&"s:asks".to_owned()), "{f:?}");
        assert!(!f.contains(&"w:such".to_owned()), "{f:?}");
    }

    #[test]
    fn the_answer_adds_its_cues_and_their_pairs_with_the_opening() {
        let f = features_in("still broken", Some("Done: I've fixed the date filter."));
        for want in ["a:any", "a:claims", "ax:claims_still", "w:broken"] {
            assert!(f.contains(&want.to_owned()), "{want}: {f:?}");
        }
        assert_eq!(features_in("still broken", None), features("still broken"));
        assert_eq!(features_in("x", Some(" ")), features("x"));
    }

    #[test]
    fn emoji_are_words() {
        assert!(features("👍").contains(&"w:👍".to_owned()));
    }
}
