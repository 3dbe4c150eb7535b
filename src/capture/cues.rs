//! Structural cues of the classifier: what a phrase table cannot say.
//!
//! Many corrections carry no cue word ("this breaks the login flow now", "that won't compile")
//! and many preferences no "always" ("our convention is snake_case", "in this team we
//! squash-merge"). [`correction`] reads a failure said of the agent's work: a failure word in a
//! sentence anchored on the previous answer (it opens with "that", "this", "it", or it says
//! "now", "still", "your"). A failure without an anchor ("CI fails on main with a linker error,
//! please investigate") is a new bug report, not a correction: the agent did not cause it, and a
//! lesson drawn from it would be false. [`preference`] reads house rules and standing wishes.
//!
//! A sentence that opens with a task verb ("write a test where the parser gets the wrong
//! encoding", "configure the logger to never write to stdout") asks for new work: the correction
//! and preference words inside it describe that work, so [`is_task`] makes the classifier skip
//! them. Some readings belong to the whole prompt: a task anywhere makes a failure its reason
//! ("the old importer is still there; delete it"), "your …" in one sentence ties a failure in
//! another to the answer, "not your fault" clears it ([`exonerates`]), and a prompt of bare
//! statements, with no request and no word of where a failure was met, can only be about the
//! answer ("the numbers in the summary don't match the table").

use super::category::Category;
pub use asked::{fresh, request};

mod asked;
mod contrast;
mod correction;
mod preference;

/// One sentence as the cues see it.
pub struct Sentence<'a> {
    /// The words without leading fillers.
    pub lead: &'a [&'a str],
    /// All words joined by single spaces, one space on each side.
    pub padded: &'a str,
    /// The words of each comma-separated part, leading fillers skipped.
    pub parts: &'a [Vec<&'a str>],
    /// Whether it ends with a question mark.
    pub question: bool,
    /// Whether it asks for new work ([`is_task`]).
    pub task: bool,
    /// Whether some sentence of the prompt points at the answer ([`anchors`]).
    pub anchored: bool,
    /// Whether some clause part of the prompt asks for new work ([`is_task`], [`asks`]).
    pub tasked: bool,
    /// Whether some sentence of the prompt is a question.
    pub questioned: bool,
    /// Whether the prompt is only statements: no task, no question, no request, no report of
    /// where a failure was met ([`reports`]); then a failure it states is the answer's.
    pub bare: bool,
}

/// Verbs that open a request for new work.
#[rustfmt::skip]
const TASK_VERBS: &[&str] = &[
    "add", "build", "bump", "change", "check", "clean", "configure", "convert", "create", "delete",
    "design", "document", "draft", "empty", "explain", "extend", "find", "generate", "handle",
    "implement", "install", "investigate", "list", "log", "look", "make", "merge", "migrate",
    "move", "port", "print", "read", "refactor", "remove", "rename", "replace", "review", "search",
    "set", "show", "split", "summarise", "summarize", "support", "tell", "test", "update",
    "upgrade", "validate", "wire", "write", "tackle", "do", "start", "continue", "focus", "deal",
    "compare", "profile", "filter", "sort", "format", "translate", "deploy", "publish", "schedule",
    "upload", "download", "fetch", "hide", "expose", "enable", "allow", "block", "limit", "cache",
    "wrap", "extract", "reorder", "reproduce", "debug", "draw", "plot", "count", "measure",
    "benchmark", "audit", "scan", "insert", "introduce", "prepare",
];
/// Words skipped before a task verb: "now add", "then write".
#[rustfmt::skip]
const SEQUENCE: &[&str] = &[
    "now", "then", "also", "next", "and", "just", "can", "could", "you", "let's", "lets",
];
/// Parts that only acknowledge ("cool", "thanks"), skipped before a task verb.
#[rustfmt::skip]
const ACKS: &[&str] = &[
    "cool", "nice", "great", "thanks", "thank", "you", "good", "perfect", "awesome", "works", "it",
    "that", "lgtm", "excellent", "sweet", "done", "ok", "okay", "alright", "right",
];
/// Requests, and where a failure was met: a prompt with one reports a new problem.
#[rustfmt::skip]
const REPORTS: &[&str] = &[
    " please ", " can you ", " could you ", " find out ", " look into ", " figure out ",
    " investigate ", " here's ", " here is ", " attached ", " production ", " prod ", " users ",
    " customers ", " since ", " yesterday ", " last week ", " nightly ", " on main ", " on ci ",
    " in ci ", " intermittently ", " randomly ", " sometimes ", " this error ", " following ",
    " on my machine ", " after upgrading ", " i'm getting ", " i get ", " needs ", " need to ",
    " would be nice ",
];
/// Praise that, before a task, makes it a follow-up ("ok, start with the parser" is not).
#[rustfmt::skip]
const PRAISES: &[&str] = &[
    "great", "nice", "cool", "perfect", "awesome", "thanks", "good", "excellent", "works", "lgtm",
];
/// Verbs that report someone else's words.
#[rustfmt::skip]
const REPORTING: &[&str] = &[
    "says", "claims", "thinks", "suggests", "suggested", "recommends", "recommended", "argues",
    "insists", "wonder", "wondering", "wants",
];
/// Comparatives that make "make it …" an improvement of what was done.
#[rustfmt::skip]
const COMPARATIVES: &[&str] = &[
    "more", "less", "faster", "smaller", "bigger", "clearer", "cleaner", "shorter", "simpler",
    "friendlier", "nicer", "safer", "easier", "lighter", "stricter", "quicker", "prettier", "wider",
    "narrower", "louder", "quieter", "darker", "brighter", "smarter", "tighter",
];
/// Phrases that say a failure is not the agent's doing: the prompt corrects nothing.
#[rustfmt::skip]
const EXONERATIONS: &[&str] = &[
    " not your fault ", " unrelated to your ", " nothing to do with your ", " not related to your ",
    " not caused by your ", " that's expected ", " this is expected ", " that is expected ",
    " expected to fail ", " not caused by you ", " not your code ", " not your change ",
    " that's not new ", " already broken ", " already failing ", " before your change ",
    " a known ",
];

/// Whether the sentence asks for new work: its first clause part that is more than an
/// acknowledgement opens with a task verb ("cool, also make the tests never hit the network"),
/// and no later part turns to the answer ("run it again, it still fails"). "make sure the
/// endpoint returns 404" is new work too; "make it a habit" is a rule.
pub fn is_task(parts: &[Vec<&str>]) -> bool {
    let mut parts = parts
        .iter()
        .skip_while(|words| words.iter().all(|w| ACKS.contains(w)));
    let Some(words) = parts.next() else {
        return false;
    };
    let skip = words.iter().take_while(|w| SEQUENCE.contains(w)).count();
    let rest = &words[skip..];
    let first = rest.first().copied().unwrap_or("");
    // "make it a habit", "make a note": a rule, not new work.
    let rule = matches!(
        rest.get(1..3),
        Some(["it", "a"] | ["a", "habit" | "note" | "rule"])
    );
    // "port 8080 is taken": a noun before a number, not an imperative.
    // "test still fails", "build is red": a noun that is the subject of a report.
    let noun = rest.get(1).is_some_and(|w| {
        w.starts_with(|c: char| c.is_ascii_digit())
            || matches!(
                *w,
                "still" | "is" | "keeps" | "fails" | "failed" | "crashes" | "broke"
            )
    });
    let task = TASK_VERBS.contains(&first) && !(first == "make" && rule) && !noun;
    task && parts.all(|words| !words.first().is_some_and(|w| correction::points_back(w)))
}

/// Whether any clause part asks for work: "the upload fails for big files, so split them".
pub fn asks(parts: &[Vec<&str>]) -> bool {
    parts.iter().any(|words| {
        let skip = words
            .iter()
            .take_while(|w| SEQUENCE.contains(w) || **w == "so")
            .count();
        words.get(skip).is_some_and(|w| TASK_VERBS.contains(w))
    })
}

/// Whether the sentence specifies behaviour under a condition ("the form should show an error
/// when the password is wrong"): its correction words describe the spec.
pub fn specifies(padded: &str) -> bool {
    let modal = [" should ", " must ", " needs to ", " has to "]
        .iter()
        .any(|m| padded.contains(m));
    modal && [" when ", " if ", " unless "].iter().any(|c| padded.contains(c))
}

/// Categories read from the shape of a sentence.
pub fn read(sentence: &Sentence, hit: &mut impl FnMut(Category, f64)) {
    correction::read(sentence, hit);
    contrast::read(sentence, hit);
    asked::read(sentence, hit);
    // "my coworker says we should always use UUIDs": someone else's rule, reported.
    if !sentence.lead.iter().any(|w| REPORTING.contains(w)) {
        preference::read(sentence, hit);
    }
    // "great, and add a flag to turn it off": praise, then more work on the same thing.
    let praised = sentence
        .parts
        .first()
        .is_some_and(|p| !p.is_empty() && p.iter().all(|w| PRAISES.contains(w)));
    let more = sentence
        .parts
        .get(1)
        .is_some_and(|p| p.first().is_some_and(|w| TASK_VERBS.contains(w)));
    if praised && more {
        hit(Category::Enhancement, 0.75);
    }
    // "looks good. can you add a --verbose flag too?": more of the same, asked.
    let asked = sentence
        .lead
        .iter()
        .find(|w| !matches!(**w, "can" | "could" | "would" | "you" | "please" | "also"))
        .is_some_and(|w| TASK_VERBS.contains(w));
    if sentence.question && asked && sentence.lead.last() == Some(&"too") {
        hit(Category::Enhancement, 0.8);
    }
    // "could you make the error message friendlier?" builds on what was done.
    let make = sentence.lead.iter().position(|w| *w == "make");
    if make.is_some_and(|i| sentence.lead[i..].iter().any(|w| COMPARATIVES.contains(w))) {
        hit(Category::Enhancement, 0.7);
    }
}

/// Whether a sentence reports what someone else said: its rules are not the user's.
pub fn reported(lead: &[&str]) -> bool {
    lead.iter().any(|w| REPORTING.contains(w))
}

/// Whether the sentence opens on the answer ("that …", "it …", "your …").
pub fn opens_on_answer(lead: &[&str]) -> bool {
    lead.first().is_some_and(|w| correction::points_back(w))
}

/// Whether the sentence points at the agent's work in words no other subject shares ("your",
/// "you wrote"), so that a failure anywhere in the prompt is said of it.
pub fn anchors(padded: &str) -> bool {
    correction::STRONG_ANCHORS.iter().any(|a| padded.contains(a))
}

/// Whether the sentence asks for something or says where a failure was met ("please
/// investigate", "in production", "since Monday", "here's the log").
pub fn reports(padded: &str) -> bool {
    REPORTS.iter().any(|r| padded.contains(r))
}

/// Whether the sentence says a failure is not the agent's doing ("not your fault", "that's
/// expected"): then no sentence of the prompt is read as a correction.
pub fn exonerates(padded: &str) -> bool {
    // "before your change it was ok" blames the change.
    let fine_before = [" it was ok ", " it was fine ", " it worked ", " it was working "];
    EXONERATIONS.iter().any(|e| padded.contains(e)) && !fine_before.iter().any(|f| padded.contains(f))
}

#[cfg(test)]
mod tests;
