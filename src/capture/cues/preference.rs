//! Preferences without "always": house rules ("in this team we squash-merge", "our tests use
//! pytest fixtures"), standing wishes ("I'd rather you always …", "I like small commits"),
//! "no more …", "when writing SQL, uppercase the keywords", and requests asked as questions
//! ("can you always run mypy?").

use super::Sentence;
use crate::capture::category::Category;

/// Openings of a wish.
#[rustfmt::skip]
const WISHES: &[&str] = &[
    " i'd rather ", " i would rather ", " i prefer ", " i'd prefer ", " i would prefer ",
    " i'd like you to ", " i would like you to ", " i want you to ", " i need you to ",
    " i don't want you to ", " i do not want you to ", " i'd appreciate it if you ", " i would appreciate it if you ", " it would be nice if you ",
];
/// What makes a wish standing.
#[rustfmt::skip]
const STANDING: &[&str] = &[
    " always ", " never ", " every time ", " each time ", " whenever ", " from now on ",
    " in future ", " in the future ",
];
/// What makes a wish general: a condition, an alternative, any case.
#[rustfmt::skip]
const GENERAL: &[&str] = &[
    " unless ", " before ", " instead of ", " rather than ", " any ", " anything ", " without ",
    " otherwise ", " by default ", " in general ", " yourself ", " than ", " where it's ",
    " when it's ", " where possible ",
];
/// Requests asked as questions that still set a rule.
#[rustfmt::skip]
const ASKED_RULES: &[&str] = &[
    " can you always ", " could you always ", " would you always ", " will you always ",
    " can you never ", " could you never ", " can you please always ", " could you please always ",
];
/// Adverbs between "we" and its verb: "we always squash".
#[rustfmt::skip]
const ADVERBS: &[&str] = &[
    "always", "never", "usually", "generally", "only", "normally", "typically",
];
/// Verbs of a taste: "i like small commits", "i hate trailing commas".
const TASTES: &[&str] = &["like", "love", "hate", "dislike"];
/// Words after "i like" that make it praise or a choice, not a standing taste.
#[rustfmt::skip]
const LIKE_OBJECTS: &[&str] = &[
    "it", "this", "that", "how", "what", "the", "your", "these", "those", "them", "that's", "it's",
];
/// Where a sentence states a house rule: "in this repo we use tabs", "everywhere".
#[rustfmt::skip]
const SCOPES: &[&str] = &[
    " in this repo ", " in this project ", " in this codebase ", " in this team ", " on this team ",
    " everywhere ", " anywhere in ", " across the ", " for everything ", " throughout ",
    " for this project ", " for this repo ", " in this repository ", " for this codebase ",
    " in our team ", " on our team ", " in our codebase ", " in our repo ",
];
/// Looser scopes that only make "we …" a rule: "we use pnpm here"; "don't use a loop here" is
/// about this change.
const WE_SCOPES: &[&str] = &[" here ", " in our "];
/// Verbs after "we" that describe, not rule: "in this repo we have two loaders".
#[rustfmt::skip]
const WE_DESCRIBE: &[&str] = &[
    "have", "had", "got", "need", "needed", "are", "were", "found", "saw", "tried", "did", "can",
    "could", "should", "will", "want", "still", "can't", "cannot", "won't", "couldn't", "shouldn't",
    "wouldn't", "might", "may", "just", "now", "also", "get", "see", "hit", "lost", "think",
    "thought", "know", "knew", "said", "talked", "spoke", "discussed", "agreed", "went", "came",
    "ran", "run",
];
/// Openings of an imperative that, scoped, is a rule: "don't use relative imports anywhere in
/// this project".
#[rustfmt::skip]
const RULE_VERBS: &[&str] = &[
    "use", "don't", "never", "always", "avoid", "only", "keep", "stick", "put", "prefer", "do",
    "stop", "no",
];
/// Imperatives that, about a convention's topic, set a rule: "keep commit subjects short".
const STYLE_VERBS: &[&str] = &["use", "keep", "avoid", "prefer", "put", "write", "name", "stick"];
/// What conventions are about: "avoid abbreviations in variable names".
#[rustfmt::skip]
const TOPICS: &[&str] = &[
    "commit", "commits", "messages", "subjects", "names", "variables", "functions", "imports",
    "docstrings", "comments", "lines", "characters", "branches", "prs", "indentation", "tabs",
    "spaces", "quotes", "semicolons", "hints", "abbreviations", "identifiers", "constants",
];
/// Words that make the noun after them one thing at hand: "keep the existing behaviour".
const DETERMINERS: &[&str] = &["the", "this", "that", "these", "those", "it", "my", "your"];
/// Verbs after "our <noun>" that state a convention: "our tests use pytest fixtures".
#[rustfmt::skip]
const OUR_VERBS: &[&str] = &[
    "use", "uses", "go", "goes", "live", "lives", "follow", "follows", "must", "should", "always",
    "never", "prefer", "prefers", "like", "likes", "avoid", "avoids", "write", "writes", "name",
    "names", "put", "puts", "keep", "keeps", "require", "requires", "named", "prefixed", "stored",
    "kept", "written", "formatted",
];
/// Words that make "no more …" relief, not a rule: "brilliant, no more warnings".
#[rustfmt::skip]
const RELIEF: &[&str] = &[
    "thanks", "thank", "great", "nice", "brilliant", "perfect", "finally", "awesome", "yay",
    "excellent", "good",
];
/// Words that make a "when …" part about this time only.
#[rustfmt::skip]
const ONCE: &[&str] = &[
    "done", "finished", "ready", "chance", "free", "back", "there", "through", "minute",
];
/// First words of a part that is not an imperative.
#[rustfmt::skip]
const SUBJECTS: &[&str] = &[
    "i", "it", "the", "we", "this", "that", "there", "you", "my", "i'm", "it's", "they", "he",
    "she", "a",
];

/// Preferences read from the shape of a sentence.
pub fn read(s: &Sentence, hit: &mut impl FnMut(Category, f64)) {
    if s.question {
        if ASKED_RULES.iter().any(|r| s.padded.contains(r)) {
            hit(Category::Preference, 0.9);
        }
        return;
    }
    if s.task {
        // "make sure every public function has a docstring": a rule about all of them.
        // (A task prompt's own rules are read by the phrase tables.)
        if s.lead.starts_with(&["make", "sure"]) && quantified(s.lead).is_some() {
            hit(Category::Preference, 0.8);
        }
        return;
    }
    // "our CI always runs on Ubuntu; is that a problem?": context for a question.
    if s.questioned {
        return;
    }
    let has = |list: &[&str]| list.iter().any(|p| s.padded.contains(p));
    let first = s.lead.first().copied().unwrap_or("");
    // "use Conventional Commits for every commit message", "keep commit subjects short".
    let topical = s
        .lead
        .windows(2)
        .any(|w| TOPICS.contains(&w[1]) && !DETERMINERS.contains(&w[0]));
    // "please don't use abbreviations in names".
    let second = s.lead.get(1).copied().unwrap_or("");
    let styled = STYLE_VERBS.contains(&first) || (first == "don't" && STYLE_VERBS.contains(&second));
    if styled && (quantified(s.lead).is_some() || topical) {
        hit(Category::Preference, 0.75);
    }
    if has(WISHES) && has(STANDING) {
        hit(Category::Preference, 0.95);
    }
    // "don't add type hints to this file" is about one file.
    let one_thing = [" this ", " that ", " it ", " these ", " those "];
    // "I'd rather you ask before installing anything", "I'd like you to keep answers short
    // unless I ask": a wish about how the agent works, not one piece of work.
    if has(WISHES) && (has(GENERAL) || bare_plural(s.lead)) {
        hit(Category::Preference, 0.9);
    }
    // "I mostly want terse answers", "I'd like explanations in plain English": a kind of answer.
    let wanted = s
        .lead
        .windows(2)
        .any(|w| w[0] == "i" && matches!(w[1], "want" | "like" | "mostly" | "generally" | "usually"))
        || has(&[" i'd like ", " i would like "]);
    if wanted && bare_plural(s.lead) && !has(&one_thing) {
        hit(Category::Preference, 0.85);
    }
    // "please don't reformat files you aren't otherwise changing": a kind of thing, not this one.
    if matches!(first, "don't" | "stop" | "avoid")
        && bare_plural(s.lead)
        && s.lead.len() > 3
        && !has(&one_thing)
    {
        hit(Category::Preference, 0.9);
    }
    let wants = [" i'd like ", " i would like ", " i want "];
    if (has(WISHES) || has(&wants)) && quantified(s.lead).is_some() {
        hit(Category::Preference, 0.9);
    }
    // "I like small commits", "I hate trailing commas"; "I like it" is praise.
    if let Some(i) = s
        .lead
        .windows(2)
        .position(|w| w[0] == "i" && TASTES.contains(&w[1]))
    {
        let object = s.lead.get(i + 2).copied().unwrap_or("");
        if !object.is_empty() && !LIKE_OBJECTS.contains(&object) {
            hit(Category::Preference, 0.8);
        }
    }
    if (has(SCOPES) && house_rule(s.lead)) || (has(WE_SCOPES) && we_rule(s.lead)) {
        hit(Category::Preference, 0.9);
    }
    // "In our team, tests are written first", "for this project, use tabs".
    let opening = format!(" {} ", s.lead.join(" "));
    if SCOPES.iter().any(|sc| opening.starts_with(sc)) && !we_describes(s.lead) {
        hit(Category::Preference, 0.85);
    }
    // "We deploy from the release branch only."
    if s.lead.first() == Some(&"we") && !s.tasked {
        let verb = we_verb(&s.lead[1..]);
        let next = s
            .lead
            .iter()
            .skip_while(|w| **w != verb)
            .nth(1)
            .copied()
            .unwrap_or("");
        if !verb.is_empty() && !WE_DESCRIBE.contains(&verb) && !verb.ends_with("ed") && !next.ends_with("ing")
        {
            hit(Category::Preference, 0.75);
        }
    }
    // "All new modules need a README"; "all the tests need updating" is about these tests.
    if let Some(i) = quantified(s.lead)
        && i == 0
        && s.lead
            .iter()
            .any(|w| matches!(*w, "need" | "needs" | "must" | "should"))
    {
        hit(Category::Preference, 0.8);
    }
    // "our tests use pytest fixtures"; "our users keep hitting rate limits" reports.
    let our = s
        .lead
        .iter()
        .enumerate()
        .skip(2)
        .take(2)
        .any(|(i, w)| OUR_VERBS.contains(w) && !s.lead.get(i + 1).is_some_and(|n| n.ends_with("ing")));
    if s.lead.first() == Some(&"our") && our && !s.tasked {
        hit(Category::Preference, 0.8);
    }
    if s.lead.starts_with(&["no", "more"]) && !s.lead.iter().any(|w| RELIEF.contains(w)) {
        hit(Category::Preference, 0.8);
    }
    if when_doing_then_do(s.parts) {
        hit(Category::Preference, 0.8);
    }
}

/// "we" and a rule verb ("in this team we squash-merge"), or a scoped imperative ("don't use
/// relative imports anywhere in this project", "all dates should be ISO 8601, everywhere").
fn house_rule(lead: &[&str]) -> bool {
    let first = lead.first().copied().unwrap_or("");
    RULE_VERBS.contains(&first) || lead.iter().any(|w| matches!(*w, "should" | "must")) || we_rule(lead)
}

/// "we" and a verb that rules rather than describes.
fn we_rule(lead: &[&str]) -> bool {
    lead.iter().enumerate().any(|(i, w)| {
        let verb = we_verb(&lead[i + 1..]);
        *w == "we" && !verb.is_empty() && !WE_DESCRIBE.contains(&verb)
    })
}

/// Whether "we" is followed by a verb that describes ("we have two loaders").
fn we_describes(lead: &[&str]) -> bool {
    lead.iter()
        .enumerate()
        .any(|(i, w)| *w == "we" && WE_DESCRIBE.contains(&we_verb(&lead[i + 1..])))
}

/// The verb after "we", past its adverbs: "we always squash".
fn we_verb<'a>(after: &[&'a str]) -> &'a str {
    after.iter().copied().find(|w| !ADVERBS.contains(w)).unwrap_or("")
}

/// Where a generic quantifier stands: "all new modules", "every endpoint"; not "all the tests".
fn quantified(lead: &[&str]) -> Option<usize> {
    lead.windows(2).position(|w| {
        matches!(w[0], "all" | "every" | "each")
            && !matches!(
                w[1],
                "the" | "of" | "these" | "those" | "my" | "your" | "our" | "this" | "that" | "for"
            )
    })
}

/// "when writing SQL, uppercase the keywords", "whenever something is unclear, ask me": a
/// circumstance, then an imperative.
fn when_doing_then_do(parts: &[Vec<&str>]) -> bool {
    let (Some(first), Some(next)) = (parts.first(), parts.get(1)) else {
        return false;
    };
    // "when you're done, run the tests" is about this time only.
    let once = first.iter().any(|w| ONCE.contains(w));
    // "for any new endpoint, add rate limiting".
    let for_any =
        first.first() == Some(&"for") && matches!(first.get(1), Some(&("any" | "every" | "all" | "each")));
    let opener = matches!(first.first(), Some(&("when" | "whenever" | "anytime")))
        || for_any
        || first.starts_with(&["any", "time"])
        || first.starts_with(&["every", "time"])
        || first.starts_with(&["each", "time"]);
    opener
        && !once
        && next
            .first()
            .is_some_and(|w| !SUBJECTS.contains(w) && !w.ends_with("ing"))
}

/// "keep answers short", "don't reformat files you aren't changing": the verb's object is a bare
/// plural, a kind of thing rather than one at hand; the verb follows "you", "to" or opens.
fn bare_plural(lead: &[&str]) -> bool {
    let plural = |w: &str| {
        w.len() > 3
            && w.ends_with('s')
            && !w.ends_with("ss")
            && !w.ends_with("'s")
            && !w.ends_with("us")
            && !matches!(
                w,
                "this" | "those" | "these" | "yours" | "ours" | "always" | "less" | "does" | "goes"
            )
    };
    let one = |w: &&str| {
        matches!(
            *w,
            "the" | "this" | "that" | "these" | "those" | "my" | "your" | "it" | "a" | "an" | "them"
        )
    };
    lead.iter().enumerate().any(|(i, w)| {
        let slot = matches!(
            *w,
            "you" | "to" | "don't" | "please" | "stop" | "avoid" | "want" | "like"
        );
        // The verb (none after "want"/"like") and up to two modifiers, then the plural.
        let reach = usize::from(!matches!(*w, "want" | "like"));
        slot && lead
            .iter()
            .skip(i + 1 + reach)
            .take(3)
            .take_while(|o| !one(o))
            .any(|o| plural(o))
    })
}
