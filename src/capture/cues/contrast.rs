//! Corrections stated as a contrast of facts, with no failure word: "dates are rendered as
//! MM/DD but the spec says DD/MM", "that's the staging url, prod is …", "the env var is
//! APP_TOKEN, you read API_TOKEN", "it's async so you need to await it". Also the narrowing
//! clarification "just the files under src/, not the tests" and the rejection "take out
//! everything you added".

use super::Sentence;
use super::correction::{FAILURE_WORDS, points_back};
use crate::capture::category::Category;

/// What states how things should be: "the spec says", "the API expects".
#[rustfmt::skip]
const AUTHORITIES: &[&str] = &[
    "spec", "specs", "docs", "doc", "documentation", "ticket", "contract", "api", "docstring",
    "readme", "requirements", "design", "mockup", "issue", "story", "schema", "server", "backend",
    "frontend", "client", "caller", "callers", "test", "tests", "rfc", "standard", "route", "config", "brief", "task",
];
/// Verbs that dictate whoever says them: "… but German users expect a comma".
#[rustfmt::skip]
const STRONG_DICTATES: &[&str] = &[
    "says", "say", "expects", "expect", "requires", "require", "wants", "specifies", "asks",
];
/// What the agent's work is called when a fact is held against it: "the code points at …".
#[rustfmt::skip]
const WORK: &[&str] = &[
    "code", "script", "function", "query", "config", "client", "handler", "test", "regex",
    "loop", "parser", "migration", "job", "call", "request", "check", "workflow", "pipeline",
    "build", "hook", "cron", "dockerfile", "makefile", "template", "component", "endpoint",
    "route", "command", "import",
];
/// Verbs after "you" that do not report what the agent did: "you can ignore it".
#[rustfmt::skip]
const NOT_DONE: &[&str] = &[
    "can", "could", "should", "might", "may", "will", "would", "need", "know", "mean", "see",
    "said", "asked", "want", "must", "have", "had", "are", "were", "got", "get", "did", "like",
    "make", "take", "use", "have", "give", "leave",
];
/// Verbs of an authority: "the docs say", "the server route is".
#[rustfmt::skip]
const DICTATES: &[&str] = &[
    "says", "say", "said", "expects", "expect", "requires", "require", "wants", "want", "asks",
    "specifies", "is", "are", "uses", "use", "needs", "returns",
];
/// Words after "that's the" that approve rather than contrast: "that's the one".
#[rustfmt::skip]
const APPROVALS: &[&str] = &[
    "one", "right", "idea", "spirit", "way", "spot", "thing", "point", "plan", "fix", "correct",
    "best", "problem", "issue", "bug", "error", "cause", "reason", "part", "question", "same",
];
/// Verbs that state a fact in the part after "that's the …": "prod is", "we migrated".
#[rustfmt::skip]
const FACTS: &[&str] = &[
    "is", "are", "was", "runs", "lives", "starts", "uses", "moved", "migrated", "switched",
    "renamed", "changed", "replaced", "dropped", "sits", "goes",
    "have", "has", "must", "should", "needs", "belongs", "go", "live", "it's", "there's",
    "takes", "expects", "wants",
];
/// Second words of "that …"/"your …" that do not name the agent's work: "that means".
#[rustfmt::skip]
const NOT_WORK: &[&str] = &[
    "means", "is", "was", "will", "would", "could", "might", "sounds", "looks", "seems", "should",
    "way", "one", "part", "task", "turn", "call", "choice", "question", "job",
];
/// Words after "that's" that judge or explain rather than name a wrong thing: "that's fine".
#[rustfmt::skip]
const VERDICTS: &[&str] = &[
    "fine", "ok", "okay", "all", "it", "why", "what", "how", "because", "true", "cool", "great",
    "good", "better", "much", "interesting", "exactly", "helpful", "clear", "enough", "right",
    "correct", "perfect", "nice", "done", "my", "our", "not", "also", "just", "so", "very",
    "really", "pretty", "quite", "expected", "intended", "where", "when", "who", "awesome",
];
/// Verbs the agent did, after a stated fact: "the var is APP_TOKEN, you read API_TOKEN".
#[rustfmt::skip]
const DID: &[&str] = &[
    "read", "used", "set", "put", "wrote", "called", "named", "passed", "checked", "pointed",
    "took", "sent", "picked", "fetched", "queried", "assumed", "parsed", "hit", "targeted",
];
/// Words that make a sentence good news: no contrast is a correction beside them.
#[rustfmt::skip]
const GOOD: &[&str] = &[
    "thanks", "thank", "great", "nice", "perfect", "works", "fixed", "good", "awesome", "correct",
];
/// What must not be shown: "it logs the token in plain text".
#[rustfmt::skip]
const SECRETS: &[&str] = &[
    "password", "passwords", "token", "tokens", "secret", "secrets", "credentials", "key", "keys",
];
/// Ways of showing it.
#[rustfmt::skip]
const EXPOSES: &[&str] = &[
    "logs", "logging", "logged", "prints", "printing", "printed", "plain", "plaintext", "exposes",
    "exposing", "echoes", "echoing", "commits", "stores", "storing", "sends", "sending",
];
/// Verbs of taking out.
const TAKE_OUT: &[&str] = &["remove", "delete", "drop", "strip", "revert", "undo"];
/// Words that make "just …"/"only …" a narrowing of scope rather than a report.
#[rustfmt::skip]
const SCOPE_WORDS: &[&str] = &[
    "the", "those", "these", "for", "in", "under", "inside", "within", "on", "files", "tests",
];
/// Verbs that make the first part of a "just …" sentence a report ("only the first page loads").
#[rustfmt::skip]
const REPORT_VERBS: &[&str] = &[
    "is", "are", "was", "were", "does", "do", "did", "has", "have", "had", "works", "loads",
    "shows", "fails", "got", "gets", "changed", "runs", "ran", "need", "needs", "want",
];

/// Readings of contrast, narrowing and taking out.
pub fn read(s: &Sentence, hit: &mut impl FnMut(Category, f64)) {
    if s.question {
        return;
    }
    let lead = s.lead;
    // "take out everything you added to utils.py": undo the answer, whatever the verb says.
    let first = lead.first().copied().unwrap_or("");
    let out =
        lead.get(1) == Some(&"out") && matches!(first, "take" | "rip" | "tear" | "pull" | "cut" | "strip");
    let take_out = TAKE_OUT.contains(&first) || out || lead.starts_with(&["get", "rid"]);
    let yours = lead.windows(2).any(|w| {
        w[0] == "you"
            && matches!(
                w[1],
                "added" | "put" | "introduced" | "inserted" | "wrote" | "created"
            )
    }) || lead
        .windows(3)
        .any(|w| w[0] == "you" && w[1] == "just" && w[2].ends_with("ed"));
    if take_out && yours {
        hit(Category::Rejection, 0.85);
    }
    if s.task {
        return;
    }
    // "just the files under src/, the tests can stay": the user narrows what they asked.
    if let Some(part) = s.parts.first()
        && matches!(part.first(), Some(&("just" | "only")))
        && part.get(1).is_some_and(|w| SCOPE_WORDS.contains(w))
        && !part
            .iter()
            .any(|w| REPORT_VERBS.contains(w) || w.ends_with("n't"))
        && (s.parts.len() > 1 || part.len() > 2)
        && !s.tasked
        && !s.questioned
    {
        hit(Category::Clarification, 0.8);
    }
    if s.questioned || lead.iter().any(|w| GOOD.contains(w)) {
        return;
    }
    // "the env var is APP_TOKEN, you read API_TOKEN"; "the docs say an hour, you cache it for a
    // day"; "the endpoint wants form data and you're sending JSON". ("you read" looks like a
    // request to the task reading, so this comes before the check of one.)
    // The first part states a fact about a thing, not about the user or the agent.
    let stated = s.parts.first().is_some_and(|p| {
        p.len() >= 2
            && !matches!(
                p[0],
                "i" | "i'm" | "i've" | "we" | "we're" | "you" | "you're" | "please"
            )
            && p.iter().any(|w| w.ends_with('s'))
    });
    // "this runs the migration on every start, it should run once".
    let should = points_back(first)
        && s.parts
            .iter()
            .skip(1)
            .any(|p| p.starts_with(&["it", "should"]) || p.starts_with(&["it", "needs"]));
    if stated && (you_did(s) || work_differs(s.parts) || lacks(s.parts)) || instead(s) || should {
        hit(Category::Correction, 0.75);
    }
    // "it deletes the temp dir before the upload finishes", "the function returns early".
    let premature = lead
        .iter()
        .any(|w| matches!(*w, "before" | "early" | "prematurely"));
    if s.bare && premature && matches!(first, "the" | "it" | "that" | "this" | "it's") {
        hit(Category::Correction, 0.72);
    }
    // "it's printing the password in the logs": a secret shown, said of the answer.
    let on_answer = points_back(first) || s.padded.contains(" now ");
    let secret = lead.iter().any(|w| SECRETS.contains(w)) && lead.iter().any(|w| EXPOSES.contains(w));
    if on_answer && secret {
        hit(Category::Correction, 0.75);
    }
    // "that returns the first match, I need all of them": what it does against what is needed.
    let needed = s.parts.iter().skip(1).any(|p| {
        matches!(p.first(), Some(&"i"))
            && matches!(p.get(1), Some(&("need" | "want" | "wanted" | "needed" | "asked")))
            && !matches!(p.get(2), Some(&("to" | "you")))
    });
    if points_back(first) && needed {
        hit(Category::Correction, 0.75);
    }
    if s.tasked {
        return;
    }
    // "the cache key ignores the locale, so French users see English pages": a fact of the
    // answer and the failure it causes.
    // "…, so we don't have to unpack it by hand" gives the purpose of a wish.
    let purpose = |i: &usize| matches!(lead.get(i + 3..i + 4), Some(["have" | "need"]));
    let so = lead
        .iter()
        .position(|w| *w == "so")
        .filter(|i| *i > 2 && !purpose(i));
    if so.is_some_and(|i| {
        lead[i + 1..].iter().any(|w| {
            FAILURE_WORDS.contains(w)
                || w.ends_with("n't")
                || matches!(
                    *w,
                    "wrong" | "meaningless" | "useless" | "pointless" | "never" | "nothing" | "no"
                )
        })
    }) && !matches!(first, "i" | "we" | "i'm" | "we're")
    {
        hit(Category::Correction, 0.72);
    }
    // "… but the spec says DD/MM", "…, the API contract says UTC", "… but users expect a comma".
    let authority = |words: &[&str]| {
        words.iter().take(4).enumerate().any(|(i, w)| {
            let verb = words.get(i + 1).copied().unwrap_or("");
            (AUTHORITIES.contains(w) && DICTATES.contains(&verb)) || STRONG_DICTATES.contains(&verb)
        })
    };
    let but = lead.iter().position(|w| *w == "but");
    if but.is_some_and(|b| b > 1 && authority(&lead[b + 1..]))
        || s.parts
            .iter()
            .skip(1)
            .any(|p| p.first() == Some(&"the") && authority(p))
    {
        hit(Category::Correction, 0.75);
    }
    // "that's the staging url, prod is api.example.com".
    // "that's milliseconds, the setting takes seconds".
    let named = match lead {
        ["that's" | "thats" | "it's", "the", noun, ..] | ["that" | "this", "is", "the", noun, ..] => {
            !APPROVALS.contains(noun)
        }
        ["that's" | "thats", word, ..] => !VERDICTS.contains(word),
        _ => false,
    };
    if named && s.parts.len() > 1 {
        let fact = s.parts[1..]
            .iter()
            .any(|p| p.iter().take(4).any(|w| FACTS.contains(w)));
        if fact {
            hit(Category::Correction, 0.75);
        }
    }
    // "it's async so you need to await it"; "the dot needs escaping".
    let so_you = s.padded.contains(" so you need to ") || s.padded.contains(" so you have to ");
    let needs_doing = lead
        .windows(2)
        .any(|w| matches!(w[0], "needs" | "need") && w[1].ends_with("ing") && w[1].len() > 5);
    if so_you || needs_doing {
        hit(Category::Correction, 0.72);
    }
}

/// The agent's act after a stated fact, opening a later part or after "but", "and", "while":
/// "…, you cache it for a day", "… and you're sending JSON".
fn you_did(s: &Sentence) -> bool {
    let lead = s.lead;
    lead.iter().enumerate().skip(1).any(|(i, w)| {
        let opens = s.parts.iter().skip(1).any(|p| p.first() == Some(w))
            || matches!(lead[i - 1], "but" | "and" | "while" | "yet");
        let rest = &lead[i + 1..];
        let skip = rest
            .iter()
            .take_while(|w| matches!(**w, "only" | "just" | "still"))
            .count();
        let verb = rest.get(skip).copied().unwrap_or("");
        let acted = DID.contains(&verb)
            || (*w == "you're" && verb.ends_with("ing"))
            || (*w == "you" && !NOT_DONE.contains(&verb) && verb.len() > 2);
        matches!(*w, "you" | "you're") && opens && acted
    })
}

/// "the bucket is in eu-west-1, the code points at us-east-1".
fn work_differs(parts: &[Vec<&str>]) -> bool {
    parts.iter().skip(1).any(|p| {
        matches!(p.first(), Some(&("the" | "your")))
            && p.get(1).is_some_and(|w| WORK.contains(w))
            && p.get(2)
                .is_some_and(|v| v.ends_with('s') && !matches!(*v, "is" | "was" | "has" | "lives"))
    })
}

/// "you imported from the internal module, use the public one".
/// "you're reading the env at import time, the tests set it later".
fn instead(s: &Sentence) -> bool {
    let did = match s.lead {
        ["you", verb, ..] => verb.ends_with("ed"),
        ["you're", verb, ..] => verb.ends_with("ing"),
        _ => false,
    };
    did && s
        .parts
        .iter()
        .skip(1)
        .any(|p| matches!(p.first(), Some(&("use" | "it's" | "it" | "that's" | "the"))))
}

/// After a stated fact, what the answer lacks or should do: "there's no bash in it", "it
/// should run once", "each request needs its own", "that extra set() just reorders it".
fn lacks(parts: &[Vec<&str>]) -> bool {
    parts.iter().skip(1).any(|p| {
        let first = p.first().copied().unwrap_or("");
        let second = p.get(1).copied().unwrap_or("");
        let missing = p
            .windows(2)
            .any(|w| w[0] == "no" && !matches!(w[1], "rush" | "hurry" | "need" | "problem" | "worries"));
        (matches!((first, second), ("there's" | "there" | "it", "no" | "is" | "has")) && missing)
            || (matches!(first, "each" | "every") && matches!(second, "should" | "must" | "needs"))
            || (matches!(first, "that" | "this" | "your") && p.len() > 3 && !NOT_WORK.contains(&second))
    })
}
