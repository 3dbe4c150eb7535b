//! Preferences inferred from what users say: verbosity and autonomy.
//!
//! A preference needs at least [`MIN_SIGNALS`] signals younger than [`DECAY_DAYS`]; signals in
//! both directions give "unknown" rather than a guess.

use serde::Serialize;

/// Signals needed before a preference is stated.
pub const MIN_SIGNALS: usize = 3;
/// Signals older than this (days before "now") no longer count.
pub const DECAY_DAYS: i64 = 30;

/// Which way the user leans on one axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lean {
    /// Fewer words / ask less.
    Low,
    /// More words / ask more.
    High,
}

/// One inferred preference.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Inferred {
    /// `concise`, `detailed`, `autonomous`, `ask-first`, or `unknown`.
    pub value: &'static str,
    /// Signals towards the low end.
    pub low: usize,
    /// Signals towards the high end.
    pub high: usize,
}

const VERBOSITY_LOW: &[&str] = &[
    "too long",
    "too verbose",
    "shorter",
    "be concise",
    "more concise",
    "less verbose",
    "tl;dr",
    "tldr",
    "keep it short",
    "briefer",
    "be brief",
    "fewer words",
    "no summaries",
    "without the summar",
    "too wordy",
];
const VERBOSITY_HIGH: &[&str] = &[
    "more detail",
    "explain more",
    "elaborate",
    "too short",
    "too terse",
    "more thorough",
    "in more depth",
    "step by step",
    "explain why",
    "more context",
];
const AUTONOMY_LOW: &[&str] = &[
    "ask me first",
    "asking me first",
    "ask first",
    "ask before",
    "check with me",
    "confirm before",
    "confirm with me",
    "wait for my",
    "let me decide",
    "ask me before",
    "without my approval",
];
const AUTONOMY_HIGH: &[&str] = &[
    "just do it",
    "don't ask",
    "stop asking",
    "without asking",
    "no need to ask",
    "you decide",
    "use your judgment",
    "use your judgement",
    "go ahead and",
    "don't wait for me",
    "dont ask",
];

/// The verbosity lean of one text, if it says anything about it.
pub fn verbosity(text: &str) -> Option<Lean> {
    lean(text, VERBOSITY_LOW, VERBOSITY_HIGH)
}

/// The autonomy lean of one text ("ask me first" is low, "just do it" high).
pub fn autonomy(text: &str) -> Option<Lean> {
    lean(text, AUTONOMY_LOW, AUTONOMY_HIGH)
}

/// The verbosity and the autonomy lean of one text, its prose read once.
pub fn leans(text: &str) -> (Option<Lean>, Option<Lean>) {
    let prose = prose(text);
    (
        lean_in(&prose, VERBOSITY_LOW, VERBOSITY_HIGH),
        lean_in(&prose, AUTONOMY_LOW, AUTONOMY_HIGH),
    )
}

fn prose(text: &str) -> String {
    super::strip::prose(text).replace('\u{2019}', "'")
}

fn lean(text: &str, low: &[&str], high: &[&str]) -> Option<Lean> {
    lean_in(&prose(text), low, high)
}

/// Low cues are checked first: "never delete without asking me first" asks for less autonomy.
fn lean_in(prose: &str, low: &[&str], high: &[&str]) -> Option<Lean> {
    if low.iter().any(|cue| prose.contains(cue)) {
        Some(Lean::Low)
    } else if high.iter().any(|cue| prose.contains(cue)) {
        Some(Lean::High)
    } else {
        None
    }
}

/// The preference from the leans of the recent signals.
pub fn infer(leans: &[Lean], names: (&'static str, &'static str)) -> Inferred {
    let low = leans.iter().filter(|l| **l == Lean::Low).count();
    let high = leans.len() - low;
    let value = if low + high < MIN_SIGNALS || (low > 0 && high > 0) {
        "unknown"
    } else if low > 0 {
        names.0
    } else {
        names.1
    };
    Inferred { value, low, high }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_agreeing_signals_make_a_preference() {
        let leans: Vec<Lean> = ["too long", "be concise please", "shorter!"]
            .iter()
            .filter_map(|t| verbosity(t))
            .collect();
        assert_eq!(infer(&leans, ("concise", "detailed")).value, "concise");
        assert_eq!(infer(&leans[..2], ("concise", "detailed")).value, "unknown");
    }

    #[test]
    fn contradicting_signals_give_unknown() {
        let leans = [Lean::Low, Lean::Low, Lean::Low, Lean::High];
        let inferred = infer(&leans, ("concise", "detailed"));
        assert_eq!((inferred.value, inferred.low, inferred.high), ("unknown", 3, 1));
    }

    #[test]
    fn ask_first_beats_without_asking() {
        assert_eq!(
            autonomy("never delete files without asking me first"),
            Some(Lean::Low)
        );
        assert_eq!(autonomy("just do it, don't ask"), Some(Lean::High));
        assert_eq!(autonomy("`ask first` is a flag"), None);
    }
}
