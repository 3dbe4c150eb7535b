//! The prompt classifier: correction, rejection, clarification, enhancement, praise or explicit
//! preference, with a confidence.
//!
//! Phrase rules over the prose of the prompt ([`super::strip::prose`]), not a model: they run in
//! microseconds inside a hook, they are deterministic, and the labelled set in
//! `fixtures/feedback/labelled.jsonl` measures them (`bench/capture.sh`). Each rule matches
//! either at the start of a clause (after fillers such as "ok," or "please") or anywhere.
//! Rules of preference, correction, rejection and praise are ignored in questions: "is it always
//! this slow?" states nothing. When several categories match, the strongest of preference,
//! rejection, correction and clarification wins; enhancement comes next and praise last, so
//! "thanks, now also add a flag" is an enhancement.

use super::category::{Category, Signal};
use super::rules::{ANYWHERE, LEAD};
use super::{cues, strip};
use exceptions::{about_the_user, anywhere_allowed, lead_allowed, speaks_of_the_answer};

/// Below this weight a category is not reported.
const FLOOR: f64 = 0.5;
/// Words skipped at the start of a clause before lead rules are tried.
const FILLERS: &[&str] = &[
    "ok", "okay", "hmm", "hm", "well", "so", "but", "and", "please", "pls", "oh", "ah", "um", "uh", "hey",
    "look", "listen", "again", "yes", "yeah", "sorry", "guys", "claude",
];
/// Emoji that praise.
const PRAISE_EMOJI: &[char] = &['👍', '🎉', '🙏', '❤', '💯', '🔥', '🙌'];
/// Words that negate a praise word just before it ("not perfect").
const NEGATORS: &[&str] = &[
    "not", "isn't", "wasn't", "hardly", "never", "no", "nothing", "less", "far",
];

/// Classifies a prompt; `None` when it says nothing about the previous answer.
pub fn classify(prompt: &str) -> Option<Signal> {
    let text = strip::prose(prompt);
    let mut best = [(0.0f64, 0u32); 6];
    let mut hit = |category: Category, weight: f64| {
        let slot = &mut best[category as usize];
        slot.1 += 1;
        if weight > slot.0 {
            slot.0 = weight;
        }
    };
    let read: Vec<_> = sentences(&text)
        .into_iter()
        .map(|(sentence, question)| {
            let words = words(sentence);
            let padded = format!(" {} ", words.join(" "));
            let parts: Vec<Vec<&str>> = sentence.split(',').map(words_of_part).collect();
            let task = cues::is_task(&parts);
            (sentence, question, words, padded, parts, task)
        })
        .collect();
    // What one sentence says may settle how another reads: "compile error: … in your new
    // function"; "the old importer is still there; delete it".
    let exonerated = read.iter().any(|r| cues::exonerates(&r.3));
    let anchored = read.iter().any(|r| cues::anchors(&r.3));
    let tasked = read.iter().any(|r| r.5 || cues::asks(&r.4));
    let questioned = read.iter().any(|r| r.1);
    let bare = !tasked && read.iter().all(|r| !r.1 && !cues::reports(&r.3));
    for (sentence, question, words, padded, parts, task) in &read {
        let (question, task) = (*question, *task);
        // In a prompt that asks for work, a sentence that neither opens on the answer nor
        // names it is context for the task ("here's the spec: … returns 404 when the user
        // doesn't exist"): weak correction phrases in it say nothing about the answer.
        let skip = words.iter().take_while(|w| FILLERS.contains(w)).count();
        let context = tasked && !task && !cues::anchors(padded) && !cues::opens_on_answer(&words[skip..]);
        // "the form should show an error when the password is wrong" specifies; it corrects nothing.
        let spec = cues::specifies(padded) && !cues::opens_on_answer(&words[skip..]);
        let reported = cues::reported(words);
        // "from now on could you …?", "can you undo that?": asked, but a rule or a refusal.
        let asked = question
            && (cues::request(&words[skip..]).is_some()
                || parts
                    .iter()
                    .any(|p| matches!(p.get(1), Some(&("you" | "we"))) && cues::request(p).is_some()));
        let blocked = |c: Category| question && c.needs_statement() && !(asked && c.asks_politely());
        for rule in ANYWHERE.iter().flat_map(|table| table.iter()) {
            // "can you explain what revert does?" names a refusal's verb without refusing.
            let refusal = asked && rule.0 == Category::Rejection;
            if blocked(rule.0) || refusal || !padded.contains(rule.2) {
                continue;
            }
            if task && !speaks_of_the_answer(rule.0, rule.2) {
                continue;
            }
            let weak = context && rule.1 < 0.85;
            if (weak || spec) && rule.0 == Category::Correction && !speaks_of_the_answer(rule.0, rule.2) {
                continue;
            }
            if rule.0 == Category::Praise && negated(padded, rule.2) {
                continue;
            }
            if !anywhere_allowed(rule.2, padded, words) || (reported && rule.0 == Category::Preference) {
                continue;
            }
            hit(rule.0, rule.1);
        }
        for (n, words) in parts.iter().enumerate() {
            // "I want commit messages in the imperative mood, always."
            let trailing = matches!(
                words[..],
                ["always"] | ["never"] | ["ever"] | ["in", "general"] | ["generally"] | ["in", "future"]
            );
            if n > 0 && !question && trailing {
                hit(Category::Preference, 0.9);
            }
            // "can you revert that?" opens on "revert".
            let opens = asked && matches!(words.get(1), Some(&("you" | "we")));
            let words = if opens {
                cues::request(words).unwrap_or(words)
            } else {
                &words[..]
            };
            let lead = format!(" {} ", words.join(" "));
            for rule in LEAD.iter().flat_map(|table| table.iter()) {
                if blocked(rule.0) || !lead.starts_with(rule.2) {
                    continue;
                }
                // "not like that" opens a correction; "the count, not the list" contrasts.
                if !lead_allowed(rule.2, words) || (n > 0 && rule.2.starts_with(" not ")) {
                    continue;
                }
                // "no, I haven't run them yet": an answer about the user, not a verdict.
                if matches!(rule.2, " no " | " yes " | " yeah ") && about_the_user(parts.get(n + 1)) {
                    continue;
                }
                hit(rule.0, rule.1);
            }
        }
        let shape = cues::Sentence {
            lead: &words[skip..],
            padded,
            parts,
            question,
            task,
            anchored,
            tasked,
            questioned,
            bare,
        };
        cues::read(&shape, &mut hit);
        if !question && sentence.contains(PRAISE_EMOJI) {
            hit(Category::Praise, 0.8);
        }
    }
    if exonerated {
        best[Category::Correction as usize] = (0.0, 0);
    }
    // "next task, unrelated to the last one": new work builds on nothing that was done.
    if read.iter().any(|r| cues::fresh(&r.3)) {
        best[Category::Enhancement as usize] = (0.0, 0);
    }
    let pick = |categories: &[Category]| {
        categories
            .iter()
            .filter(|c| best[**c as usize].0 >= FLOOR)
            .max_by(|a, b| {
                let (wa, wb) = (best[**a as usize].0, best[**b as usize].0);
                // Equal weights: the earlier category in precedence wins.
                wa.total_cmp(&wb).then_with(|| b.cmp(a))
            })
            .copied()
    };
    let category = pick(&Category::ALL[..4])
        .or_else(|| pick(&[Category::Enhancement]))
        .or_else(|| pick(&[Category::Praise]))?;
    let (weight, hits) = best[category as usize];
    let confidence = (weight + 0.03 * f64::from(hits.saturating_sub(1))).min(0.99);
    Some(Signal {
        category,
        confidence: (confidence * 100.0).round() / 100.0,
    })
}

/// Sentences of the prose, each with whether it is a question.
fn sentences(text: &str) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if matches!(c, '.' | '!' | '?' | ';' | ':' | '\n') {
            // "e.g.", "v1.2" and file names are not sentence ends.
            let next = text[i + c.len_utf8()..].chars().next();
            if c == '.' && next.is_some_and(|n| n.is_alphanumeric()) {
                continue;
            }
            out.push((&text[start..i], c == '?'));
            start = i + c.len_utf8();
        }
    }
    out.push((&text[start..], false));
    out.retain(|(s, _)| !s.trim().is_empty());
    out
}

/// The words of a sentence, apostrophes kept, common apostrophe-less forms restored.
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .map(|w| w.trim_matches('\''))
        .filter(|w| !w.is_empty())
        .map(|w| match w {
            "dont" => "don't",
            "doesnt" => "doesn't",
            "didnt" => "didn't",
            "isnt" => "isn't",
            "thats" => "that's",
            "cant" => "can't",
            "wont" => "won't",
            "im" => "i'm",
            "youre" => "you're",
            "shouldnt" => "shouldn't",
            "wasnt" => "wasn't",
            "arent" => "aren't",
            "havent" => "haven't",
            "wouldnt" => "wouldn't",
            "couldnt" => "couldn't",
            "ive" => "i've",
            // Chat shorthand: "u forgot", "after ur change".
            "u" => "you",
            "ur" => "your",
            other => other,
        })
        .collect()
}

/// The words of a clause part, leading fillers skipped.
fn words_of_part(part: &str) -> Vec<&str> {
    let mut words = words(part);
    let skip = words.iter().take_while(|w| FILLERS.contains(w)).count();
    // A part made only of fillers ("yes") keeps them: "yes" may be the whole answer.
    if skip < words.len() {
        words.drain(..skip);
    }
    words
}

/// Whether the praise phrase in `padded` comes right after a negating word.
fn negated(padded: &str, phrase: &str) -> bool {
    padded.match_indices(phrase).all(|(i, _)| {
        let before = padded[..i].split_whitespace().last().unwrap_or("");
        NEGATORS.contains(&before)
    })
}

mod exceptions;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_asked;
