//! The word lists of the structural cues ([`super`]).

/// Verbs that open a request for new work.
pub const TASK_VERBS: &[&str] = &[
    "add",
    "build",
    "check",
    "configure",
    "convert",
    "create",
    "design",
    "document",
    "draft",
    "explain",
    "extend",
    "find",
    "generate",
    "handle",
    "implement",
    "investigate",
    "list",
    "log",
    "look",
    "make",
    "migrate",
    "port",
    "print",
    "read",
    "refactor",
    "remove",
    "rename",
    "review",
    "search",
    "set",
    "show",
    "summarise",
    "summarize",
    "support",
    "tell",
    "test",
    "upgrade",
    "validate",
    "write",
];
/// Words skipped before a task verb: "now add", "then write".
pub const SEQUENCE: &[&str] = &[
    "now", "then", "also", "next", "and", "just", "can", "could", "you", "let's", "lets",
];
/// Parts that only acknowledge ("cool", "thanks"), skipped before a task verb.
pub const ACKS: &[&str] = &[
    "cool",
    "nice",
    "great",
    "thanks",
    "thank",
    "you",
    "good",
    "perfect",
    "awesome",
    "works",
    "it",
    "that",
    "lgtm",
    "excellent",
    "sweet",
    "done",
    "ok",
    "okay",
    "alright",
    "right",
];
/// First words that point at the previous answer.
pub const ANCHOR_FIRST: &[&str] = &[
    "that", "this", "it", "it's", "that's", "this's", "these", "those", "they", "it'll", "that'll", "your",
    "now",
];
/// Phrases anywhere that tie a failure to the previous answer.
pub const ANCHOR_ANYWHERE: &[&str] = &[
    " your ",
    " now ",
    " still ",
    " again ",
    " anymore ",
    " you wrote ",
    " you added ",
    " you made ",
    " you changed ",
    " after the change ",
    " the new ",
];
/// Subjects that can only be what the agent produced.
pub const ANCHOR_SUBJECTS: &[&str] = &["output", "result", "results", "new"];
/// Words that say something fails or is worse.
pub const FAILURE_WORDS: &[&str] = &[
    "fail",
    "fails",
    "failed",
    "failing",
    "failure",
    "breaks",
    "broke",
    "broken",
    "crash",
    "crashes",
    "crashed",
    "crashing",
    "panics",
    "panicked",
    "panicking",
    "hangs",
    "hanging",
    "leaks",
    "leaking",
    "throws",
    "threw",
    "segfaults",
    "blank",
    "empty",
    "red",
    "worse",
    "misses",
    "missing",
    "ignores",
    "deprecated",
    "old",
    "outdated",
    "stale",
    "slower",
    "regressed",
    "regression",
];
/// Negations that make a working verb a failure ("doesn't compile").
pub const NEGATIONS: &[&str] = &[
    "doesn't", "don't", "won't", "didn't", "can't", "cannot", "not", "never", "isn't", "aren't",
];
/// Verbs a negation turns into a failure.
pub const WORKING_VERBS: &[&str] = &[
    "compile", "compiles", "build", "builds", "work", "works", "working", "run", "runs", "start", "starts",
    "load", "loads", "pass", "passes", "parse", "parses", "render", "renders", "help", "fix", "change",
    "changed",
];
/// Verbs of a mistake the agent made: "you overwrote", "you've hardcoded".
pub const MISTAKE_VERBS: &[&str] = &[
    "overwrote",
    "overwritten",
    "overrode",
    "hardcoded",
    "coded",
    "swapped",
    "introduced",
    "left",
    "skipped",
    "commented",
    "dropped",
    "mixed",
    "reverted",
    "undid",
    "duplicated",
    "ignored",
    "reintroduced",
    "inverted",
    "flipped",
    "truncated",
    "clobbered",
    "omitted",
    "confused",
    "lost",
    "disabled",
    "misspelled",
    "misnamed",
    "messed",
    "botched",
    "mangled",
    "replaced",
    "wiped",
    "rewrote",
    "reformatted",
    "shadowed",
    "leaked",
];
/// Words between "you" and the verb: "you've just overwritten".
pub const BETWEEN: &[&str] = &[
    "have",
    "had",
    "hard",
    "just",
    "also",
    "accidentally",
    "somehow",
    "apparently",
    "completely",
    "again",
    "even",
    "probably",
];
/// Nouns that make "same …" a repeated failure.
pub const SAME_FAILURE: &[&str] = &[
    "error",
    "errors",
    "problem",
    "issue",
    "panic",
    "traceback",
    "exception",
    "crash",
    "failure",
    "bug",
    "warning",
    "stack",
    "behaviour",
    "behavior",
    "message",
    "result",
    "output",
];
/// Verbs of "put it back".
pub const BACK_VERBS: &[&str] = &["put", "bring", "change", "switch", "turn", "set", "move"];
/// Words after "i like" that make it praise or a choice, not a standing taste.
pub const LIKE_OBJECTS: &[&str] = &[
    "it", "this", "that", "how", "what", "the", "your", "these", "those", "them", "that's", "it's",
];
/// Where "we …" states a house rule: "in this repo we use tabs".
pub const SCOPES: &[&str] = &[
    " in this repo ",
    " in this project ",
    " in this codebase ",
    " in this team ",
    " on this team ",
    " here ",
    " in our ",
];
/// Verbs of a house rule after "we".
pub const HOUSE_VERBS: &[&str] = &[
    "use", "don't", "never", "always", "prefer", "avoid", "write", "keep", "follow", "put", "name", "stick",
    "only", "do",
];
