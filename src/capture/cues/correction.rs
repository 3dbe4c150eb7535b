//! Corrections without a cue word: a failure said of the agent's work, "you" and a mistake,
//! "same error"; and the rejection "put the old version back".

use super::Sentence;
use crate::capture::category::Category;

/// First words that point at the previous answer.
#[rustfmt::skip]
const ANCHOR_FIRST: &[&str] = &[
    "that", "this", "it", "it's", "that's", "this's", "these", "those", "they", "it'll", "that'll",
    "your", "now",
];
/// Phrases that tie a failure to the previous answer wherever they are in the prompt.
#[rustfmt::skip]
pub const STRONG_ANCHORS: &[&str] = &[
    " your ", " you wrote ", " you added ", " you made ", " you changed ", " you generated ",
    " you created ", " you just ", " after the change ", " after that change ",
    " since that change ", " the fix ", " tried it ", " ran it ", " tested it ", " tried that ",
    " tested that ", " tried your ", " ran your ",
];
/// Phrases that tie a failure to the previous answer unless the prompt asks for new work: "the
/// old importer is still there; delete it" is a task with its reason.
#[rustfmt::skip]
const WEAK_ANCHORS: &[&str] = &[
    " now ", " still ", " again ", " anymore ", " after that ", " since that ", " the new ",
    " this time ",
];
/// First words of a statement whose subject is a thing, not the user or an imperative: in a
/// bare prompt, "the dates are all one day off" can only be about the answer.
#[rustfmt::skip]
const SUBJECTS: &[&str] = &[
    "the", "there", "there's", "all", "some", "both", "everything", "every", "none", "nothing",
];
/// Words after "still" that report no failure: "still works", "is the old api still supported".
#[rustfmt::skip]
const STILL_OK: &[&str] = &[
    "works", "working", "work", "passes", "passing", "compiles", "good", "fine", "green", "need",
    "needs", "want", "wants", "have", "has", "use", "uses", "used", "supported", "valid", "true",
    "think", "waiting", "running", "busy",
];
/// Verbs that say part of it works, before a "but": "it compiles but the page is blank".
#[rustfmt::skip]
const PARTLY: &[&str] = &[
    "renders", "compiles", "builds", "runs", "works", "loads", "starts", "passes", "shows",
    "deploys", "installs", "opens", "returns", "succeeds", "finishes",
];
/// Subjects after "the" that can only be what the agent produced: "the fix didn't take".
#[rustfmt::skip]
const ANCHOR_SUBJECTS: &[&str] = &[
    "output", "result", "results", "new", "fix", "change", "changes", "patch", "update",
];
/// Failure verbs that carry the sentence without a subject: "fails on the second run".
#[rustfmt::skip]
const ELIDED: &[&str] = &[
    "fails", "failed", "failing", "crashes", "crashed", "crashing", "broken", "breaks", "broke",
    "panics", "hangs", "errors",
];
/// Words that say something fails, is worse, or was lost.
#[rustfmt::skip]
pub(super) const FAILURE_WORDS: &[&str] = &[
    "fail", "fails", "failed", "failing", "failure", "breaks", "broke", "broken", "crash",
    "crashes", "crashed", "crashing", "panics", "panicked", "panicking", "hangs", "hanging",
    "leaks", "leaking", "throws", "threw", "segfaults", "blank", "empty", "red", "worse", "misses",
    "missing", "ignores", "deprecated", "old", "outdated", "stale", "slower", "regressed",
    "regression", "backwards", "reversed", "inverted", "flipped", "null", "nil", "undefined", "nan",
    "none", "overlaps", "overlapping", "overflows", "twice", "duplicated", "doubled", "denied",
    "forbidden", "unauthorized", "deleted", "removed", "wiped", "erased", "lost", "deleting",
    "removing", "typo", "bug", "error", "errors", "exception", "stuck", "frozen", "garbled",
    "corrupted", "truncated", "drops", "deletes", "removes", "wipes", "overwrites", "truncates",
    "skips", "loses", "breaking", "401", "403", "404", "500", "502", "503", "forever", "retired",
    "contradicts", "slow", "unused", "infinite", "throwing", "complains", "complaining",
    "complained", "leak", "overkill", "overengineered", "overcomplicated", "convoluted",
    "unreadable", "hacky", "clunky", "rejects", "refuses", "segfault", "wrong", "traceback",
    "stacktrace", "messed", "screwed", "busted", "borked", "unhappy", "404s", "500s", "502s",
    "503s", "assumes", "break", "leaves", "deadlocks", "deadlock", "deadlocked", "freezes", "froze",
    "stalls", "injection", "vulnerability", "vulnerable", "insecure", "duplicates", "hardcoded",
    "flips", "inverts", "reverses", "irreversible", "unsafe", "incomplete", "inconsistent",
    "incompatible", "invalid", "inaccurate", "insufficient", "unstable", "unreliable",
    "unreachable", "unusable", "unresponsive", "misleading", "dropped", "destroy", "destroys",
    "mutates", "corrupts", "disappeared", "disappears", "vanished",
    "ignore", "taken", "occupied", "legacy", "obsolete", "conflicts", "clashes", "chokes",
    "collides", "overwritten", "clobbered", "skip", "duplicate", "swapped",
];
/// Failure nouns that are the subject after "that"/"this" ("that error comes from the proxy").
const FAILURE_NOUNS: &[&str] = &["typo", "bug", "error", "errors", "exception", "failure"];
/// Words before a failure word that make it good news: "it no longer crashes".
const RELIEF: &[&str] = &["longer", "not", "never", "without", "isn't", "doesn't", "won't"];
/// Words that say it worked: a failure word beside them is news, not a complaint.
#[rustfmt::skip]
const GOOD: &[&str] = &[
    "fixed", "fixes", "solved", "resolved", "works", "green", "thanks", "thank", "great", "nice",
    "perfect", "fine", "expected",
];
/// Negations that make a working verb a failure ("doesn't compile").
#[rustfmt::skip]
const NEGATIONS: &[&str] = &[
    "doesn't", "don't", "won't", "didn't", "can't", "cannot", "not", "never", "isn't", "aren't",
    "wouldn't", "couldn't",
];
/// Negated auxiliaries: a verb follows.
#[rustfmt::skip]
const AUXILIARIES: &[&str] = &[
    "doesn't", "don't", "didn't", "won't", "can't", "cannot", "wouldn't", "couldn't",
];
/// Verbs after a negated auxiliary that shrug rather than complain: "that doesn't matter".
#[rustfmt::skip]
const SHRUGS: &[&str] = &[
    "matter", "need", "have", "mean", "hurt", "bother", "worry", "care", "seem", "think",
];
/// Verbs a negation turns into a failure.
#[rustfmt::skip]
const WORKING_VERBS: &[&str] = &[
    "compile", "compiles", "build", "builds", "work", "works", "working", "run", "runs", "start",
    "starts", "load", "loads", "pass", "passes", "parse", "parses", "render", "renders", "help",
    "fix", "change", "changed", "take", "handle", "handles", "support", "supports", "cover",
    "covers", "respect", "respects", "match", "matches", "catch", "find", "show", "shows", "return",
    "returns", "save", "saves", "update", "updates", "trigger", "affect", "do", "use", "ship",
    "merge", "deploy", "release", "accept", "look", "looks", "seem", "seems", "right", "correct",
    "accurate", "valid", "true", "used", "called", "closed", "awaited", "reached", "triggered",
    "executed", "applied", "saved", "picked", "test", "tests", "let", "apply", "applies", "account",
    "close", "closes", "open", "opens", "submit", "submits", "send", "sends", "connect", "connects",
    "respond", "responds", "appear", "appears", "scroll", "scrolls", "redirect", "redirects", "hit",
    "hits", "call", "calls", "reach", "reaches", "add",
];
/// Verbs of a mistake the agent made: "you overwrote", "you've hardcoded", "you're mixing".
#[rustfmt::skip]
const MISTAKE_VERBS: &[&str] = &[
    "overwrote", "overwritten", "overrode", "hardcoded", "coded", "swapped", "introduced", "left",
    "skipped", "commented", "dropped", "mixed", "reverted", "undid", "duplicated", "ignored",
    "reintroduced", "inverted", "flipped", "truncated", "clobbered", "omitted", "confused", "lost",
    "disabled", "misspelled", "misnamed", "messed", "botched", "mangled", "replaced", "wiped",
    "rewrote", "reformatted", "shadowed", "leaked", "put", "mixing", "ignoring", "overwriting",
    "skipping", "deleting", "removing", "breaking", "duplicating", "hardcoding", "confusing",
    "forgetting", "misreading", "misunderstanding", "overcomplicating", "reverting", "dropping",
    "forget", "delete", "break", "overwrite", "miss", "ignore",
];
/// Words between "you" and the verb: "you've just overwritten".
#[rustfmt::skip]
const BETWEEN: &[&str] = &[
    "have", "had", "are", "hard", "just", "also", "accidentally", "somehow", "apparently",
    "completely", "again", "even", "probably", "still",
];
/// Nouns that make "same …" a repeated failure.
#[rustfmt::skip]
const SAME_FAILURE: &[&str] = &[
    "error", "errors", "problem", "issue", "panic", "traceback", "exception", "crash", "failure",
    "bug", "warning", "stack", "behaviour", "behavior", "message", "result", "output",
];
/// Verbs of "why did you …?" that question a change.
#[rustfmt::skip]
const UNDONE: &[&str] = &[
    "remove", "delete", "change", "drop", "rename", "touch", "move", "revert", "disable", "skip",
    "break", "rewrite", "replace", "comment",
];
/// Verbs of "put it back".
const BACK_VERBS: &[&str] = &["put", "bring", "change", "switch", "turn", "set", "move"];

/// Whether a first word points at the previous answer ("that", "it", "your").
pub fn points_back(word: &str) -> bool {
    ANCHOR_FIRST.contains(&word)
}

/// Corrections (and the rejection "put it back") read from the shape of a sentence.
pub fn read(s: &Sentence, hit: &mut impl FnMut(Category, f64)) {
    if s.question {
        // "why is it still failing?" reports that the fix did not work.
        let why = matches!(s.lead.first(), Some(&"why")) || s.lead.starts_with(&["how", "come"]);
        let again = [" still ", " again ", " anymore "]
            .iter()
            .any(|a| s.padded.contains(a));
        if why && again && failure_of_work(s) {
            hit(Category::Correction, 0.75);
        }
        // "why did you remove the retry logic?" questions a change, it does not ask.
        let changed = s.lead.get(3).is_some_and(|w| UNDONE.contains(w));
        if s.lead.starts_with(&["why", "did", "you"]) && changed {
            hit(Category::Correction, 0.75);
        }
        // "where did the --force flag go?"
        if s.lead.starts_with(&["where", "did"]) && s.lead.last() == Some(&"go") {
            hit(Category::Correction, 0.75);
        }
        return;
    }
    if you_made_a_mistake(s.lead, s.padded) {
        hit(Category::Correction, 0.78);
    }
    if s.task {
        return;
    }
    if failure_of_work(s) {
        hit(Category::Correction, 0.8);
    }
    if partly_works(s.lead) {
        hit(Category::Correction, 0.75);
    }
    // "it takes 10 min now, it was 2 before": worse than before.
    let was = s
        .lead
        .iter()
        .any(|w| matches!(*w, "was" | "were" | "worked" | "did" | "had"));
    if s.lead.last() == Some(&"before") && was && !s.tasked {
        hit(Category::Correction, 0.75);
    }
    // "the port is 8080, not 3000": a contrast sets the answer right.
    if s.parts.iter().skip(1).any(|p| p.first() == Some(&"not")) {
        hit(Category::Correction, 0.7);
    }
    if !s.tasked
        && s.lead
            .windows(2)
            .any(|w| w[0] == "same" && SAME_FAILURE.contains(&w[1]))
    {
        hit(Category::Correction, 0.8);
    }
    let first = s.lead.first().copied().unwrap_or("");
    if BACK_VERBS.contains(&first) && s.lead.iter().skip(1).take(5).any(|w| *w == "back") {
        hit(Category::Rejection, 0.85);
    }
}

/// A failure in a sentence anchored on the agent's work.
fn failure_of_work(s: &Sentence) -> bool {
    let padded = s.padded;
    // "the form should show an error when the password is wrong" specifies; "this logic is
    // inverted, it should skip when …" still opens on the answer.
    if super::specifies(padded) && !s.lead.first().is_some_and(|w| points_back(w)) {
        return false;
    }
    // "nope didnt work": the answer word opens a failure without a subject.
    let skip = s
        .lead
        .iter()
        .take_while(|w| matches!(**w, "no" | "nope" | "nah"))
        .count();
    let lead = &s.lead[skip..];
    // "not yet, the PR is still in review" answers a question.
    if lead.starts_with(&["not", "yet"]) {
        return false;
    }
    // Each clause may carry its own subject: "great, but that deleted my changes".
    let anchored = s.parts.iter().map(Vec::as_slice).chain([lead]).any(|words| {
        let first = words.first().copied().unwrap_or("");
        let second = words.get(1).copied().unwrap_or("");
        ANCHOR_FIRST.contains(&first)
            || (first == "the" && ANCHOR_SUBJECTS.contains(&second))
            || ELIDED.contains(&first)
            || matches!(first, "none" | "nothing" | "neither")
            || (negated_at(words, 0) && !matches!(first, "don't" | "never"))
    }) || s.anchored
        || (!s.tasked && WEAK_ANCHORS.iter().any(|a| padded.contains(a)))
        || (s.bare && lead.first().is_some_and(|w| SUBJECTS.contains(w)));
    if !anchored {
        return false;
    }
    // "it works now, thanks"; but "great, but that deleted my changes" still complains.
    if lead.iter().any(|w| GOOD.contains(w)) && !padded.contains(" but ") {
        return false;
    }
    let failing = lead.iter().enumerate().any(|(i, w)| {
        let before = if i > 0 { lead[i - 1] } else { "" };
        FAILURE_WORDS.contains(w)
            && !RELIEF.contains(&before)
            && !(i == 1 && FAILURE_NOUNS.contains(w) && matches!(before, "that" | "this" | "the"))
    });
    // "a KeyError", "NullPointerException".
    let named = lead
        .iter()
        .any(|w| w.len() > 6 && (w.ends_with("error") || w.ends_with("exception")));
    // "none of the links work", "nothing loads".
    let none_work = matches!(lead.first(), Some(&("none" | "nothing" | "neither")))
        && lead.iter().any(|w| WORKING_VERBS.contains(w));
    // "that doesn't account for leap years": after an auxiliary, any verb but a shrug.
    let denied = ANCHOR_FIRST.contains(&lead.first().copied().unwrap_or(""))
        && lead
            .windows(2)
            .take(3)
            .any(|w| AUXILIARIES.contains(&w[0]) && !SHRUGS.contains(&w[1]));
    let negated = (0..lead.len()).any(|i| negated_at(lead, i)) || named || none_work || denied;
    // "that's off", "the numbers are way off"; not "turn it off".
    let off = lead.last() == Some(&"off")
        && !lead
            .iter()
            .rev()
            .nth(1)
            .is_some_and(|w| matches!(*w, "it" | "them" | "this" | "that" | "turned" | "switched"))
        || lead.windows(2).any(|w| {
            w[1] == "off"
                && (w[0].ends_with("'s")
                    || matches!(w[0], "is" | "are" | "looks" | "seems" | "way" | "bit" | "all"))
        });
    let timing_out = padded.contains(" times out ") || padded.contains(" timing out ");
    // "it no longer starts"; "it no longer needs the flag" is news, not a failure.
    let regressed = lead
        .windows(3)
        .any(|w| w[..2] == ["no", "longer"] && WORKING_VERBS.contains(&w[2]));
    // "misaligned", "mismatched", "misconfigured".
    let mis = lead.iter().any(|w| w.starts_with("mis") && w.len() >= 9);
    // "way too slow", "that's too much"; "do the other file too" asks for more.
    let too = lead.windows(2).any(|w| w[0] == "too");
    // "the page still loads forever"; "still works" is good news.
    let still = lead
        .windows(2)
        .any(|w| w[0] == "still" && !STILL_OK.contains(&w[1]));
    failing || negated || off || timing_out || regressed || mis || too || still
}

/// "it compiles but the page is blank", "the chart renders but with no data".
fn partly_works(lead: &[&str]) -> bool {
    let Some(but) = lead.iter().position(|w| *w == "but") else {
        return false;
    };
    lead[..but].iter().any(|w| PARTLY.contains(w))
        && lead[but + 1..].iter().any(|w| {
            matches!(*w, "no" | "not" | "nothing" | "none" | "never")
                || w.ends_with("n't")
                || FAILURE_WORDS.contains(w)
        })
}

/// Whether a negated working verb starts at `i`: "doesn't compile", "don't even run".
fn negated_at(lead: &[&str], i: usize) -> bool {
    let word = |n: usize| lead.get(i + n).copied().unwrap_or("");
    NEGATIONS.contains(&word(0))
        && (WORKING_VERBS.contains(&word(1))
            || (matches!(word(1), "even" | "really" | "actually" | "always" | "the")
                && WORKING_VERBS.contains(&word(2))))
}

/// "you" and a mistake verb ("you overwrote", "you're mixing"); or "you renamed X but not Y".
fn you_made_a_mistake(lead: &[&str], padded: &str) -> bool {
    lead.iter().enumerate().any(|(i, w)| {
        if !matches!(*w, "you" | "you've" | "you'd" | "you're") {
            return false;
        }
        let rest = &lead[i + 1..];
        let skip = rest.iter().take_while(|w| BETWEEN.contains(w)).count();
        let verb = rest.get(skip).copied().unwrap_or("");
        // "you named it getUser but everything else is snake_case".
        let but = padded.contains(" but ") && !matches!(verb, "fixed" | "solved" | "nailed");
        MISTAKE_VERBS.contains(&verb) || (verb.ends_with("ed") && but)
    })
}
