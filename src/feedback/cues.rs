//! Structural cues of the classifier: what a phrase table cannot say.
//!
//! Many corrections carry no cue word: "this breaks the login flow now", "that won't compile".
//! They are read as a failure said of the agent's work: a failure word in a sentence anchored on
//! the previous answer (it opens with "that", "this", "it", or it says "now", "still", "your",
//! "you wrote"). A failure without an anchor ("CI fails on main with a linker error, please
//! investigate") is a new bug report, not a correction: the agent did not cause it, and a lesson
//! drawn from it would be false. A sentence that opens with a task verb ("write a test where the
//! parser gets the wrong encoding", "configure the logger to never write to stdout") asks for new
//! work: the correction and preference words inside it describe that work, so [`is_task`] makes
//! the classifier skip them.

use super::detect::Category;

mod lexicon;

use lexicon::*;

/// Whether the sentence asks for new work: its first clause part that is more than an
/// acknowledgement opens with a task verb ("cool, also make the tests never hit the network"),
/// and no later part turns to the answer ("run it again, it still fails"). "make sure" and
/// "make it a habit" are rules, not tasks.
pub fn is_task<'a>(parts: impl Iterator<Item = Vec<&'a str>>) -> bool {
    let mut parts = parts.skip_while(|words| words.iter().all(|w| ACKS.contains(w)));
    let Some(words) = parts.next() else {
        return false;
    };
    let skip = words.iter().take_while(|w| SEQUENCE.contains(w)).count();
    let rest = &words[skip..];
    let first = rest.first().copied().unwrap_or("");
    let habit = matches!(rest.get(1..3), Some(["it", "a"] | ["a", "habit"]));
    let task = TASK_VERBS.contains(&first) && !(first == "make" && (rest.get(1) == Some(&"sure") || habit));
    task && parts.all(|words| !words.first().is_some_and(|w| ANCHOR_FIRST.contains(w)))
}

/// Categories read from the shape of a statement; `lead` is the sentence without its leading
/// fillers, `padded` its words joined by spaces with one space on each side.
/// In a request for new work (`task`), only what speaks to the agent counts: "fix the bug you
/// introduced".
pub fn read(lead: &[&str], padded: &str, task: bool, hit: &mut impl FnMut(Category, f64)) {
    if you_made_a_mistake(lead, padded) {
        hit(Category::Correction, 0.78);
    }
    if task {
        return;
    }
    if failure_of_work(lead, padded) {
        hit(Category::Correction, 0.8);
    }
    if lead
        .windows(2)
        .any(|w| w[0] == "same" && SAME_FAILURE.contains(&w[1]))
    {
        hit(Category::Correction, 0.8);
    }
    if put_back(lead) {
        hit(Category::Rejection, 0.85);
    }
    let wish = [
        " i'd rather ",
        " i would rather ",
        " i prefer ",
        " i'd prefer ",
        " i would prefer ",
    ];
    let standing = [" always ", " never ", " every time ", " each time ", " whenever "];
    if wish.iter().any(|w| padded.contains(w)) && standing.iter().any(|s| padded.contains(s)) {
        hit(Category::Preference, 0.95);
    }
    if let Some(i) = lead.windows(2).position(|w| w == ["i", "like"]) {
        let object = lead.get(i + 2).copied().unwrap_or("");
        if !object.is_empty() && !LIKE_OBJECTS.contains(&object) {
            hit(Category::Preference, 0.8);
        }
    }
    if house_rule(lead, padded) {
        hit(Category::Preference, 0.85);
    }
}

/// A failure word in a sentence anchored on the agent's work.
fn failure_of_work(lead: &[&str], padded: &str) -> bool {
    let first = lead.first().copied().unwrap_or("");
    let second = lead.get(1).copied().unwrap_or("");
    let anchored = ANCHOR_FIRST.contains(&first)
        || (first == "the" && ANCHOR_SUBJECTS.contains(&second))
        || ANCHOR_ANYWHERE.iter().any(|a| padded.contains(a));
    if !anchored {
        return false;
    }
    let failing = lead.iter().any(|w| FAILURE_WORDS.contains(w));
    let negated = lead
        .windows(2)
        .any(|w| NEGATIONS.contains(&w[0]) && WORKING_VERBS.contains(&w[1]))
        || lead.windows(3).any(|w| {
            NEGATIONS.contains(&w[0])
                && matches!(w[1], "even" | "really" | "actually")
                && WORKING_VERBS.contains(&w[2])
        });
    // "that's off", "the numbers are way off"; not "turn it off".
    let off = lead.windows(2).any(|w| {
        w[1] == "off"
            && (w[0].ends_with("'s")
                || matches!(w[0], "is" | "are" | "looks" | "seems" | "way" | "bit" | "all"))
    });
    let timing_out = padded.contains(" times out ") || padded.contains(" timing out ");
    // "it no longer starts"; "it no longer needs the flag" is news, not a failure.
    let regressed = lead
        .windows(3)
        .any(|w| w[..2] == ["no", "longer"] && WORKING_VERBS.contains(&w[2]));
    failing || negated || off || timing_out || regressed
}

/// "you" (or "you've") and a mistake verb; or "you renamed X but not Y".
fn you_made_a_mistake(lead: &[&str], padded: &str) -> bool {
    lead.iter().enumerate().any(|(i, w)| {
        if !matches!(*w, "you" | "you've" | "you'd") {
            return false;
        }
        let rest = &lead[i + 1..];
        let skip = rest.iter().take_while(|w| BETWEEN.contains(w)).count();
        let verb = rest.get(skip).copied().unwrap_or("");
        MISTAKE_VERBS.contains(&verb) || (verb.ends_with("ed") && padded.contains(" but not "))
    })
}

/// "put the old version back", "change it back".
fn put_back(lead: &[&str]) -> bool {
    let first = lead.first().copied().unwrap_or("");
    BACK_VERBS.contains(&first) && lead.iter().skip(1).take(5).any(|w| *w == "back")
}

/// "we" + a rule verb in a sentence scoped to this code: "in this codebase we don't use
/// exceptions", "we use pnpm here". "in this repo we have two loaders" describes, so it is not.
fn house_rule(lead: &[&str], padded: &str) -> bool {
    let scoped = SCOPES.iter().any(|s| padded.contains(s));
    scoped
        && lead
            .windows(2)
            .any(|w| w[0] == "we" && HOUSE_VERBS.contains(&w[1]))
}

#[cfg(test)]
mod tests;
