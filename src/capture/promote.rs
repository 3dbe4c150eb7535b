//! `learn promote`: what has proven itself becomes entries at the end of the learnings file,
//! where git takes over (ages, consolidation, review, audit).
//!
//! Candidates are recurring corrections (patterns), explicit rules and discoveries used at least
//! N times. A candidate whose wording already reached an entry or a doc (phrase coverage of
//! [`COVERED`] or more, or the same title) is skipped with the reason: promoting twice, or
//! promoting what the docs already say, would only add noise for the next consolidation.

use super::analyze::Analysis;
use super::discover::Discovery;
use crate::policy::overlap::Indexed;
use serde::Serialize;

/// Coverage from which a candidate counts as already written down.
pub const COVERED: f64 = 0.6;
/// Words of a title at most.
const TITLE_WORDS: usize = 10;
/// Words that open feedback and do not belong in a title.
const OPENERS: &[&str] = &[
    "no", "nope", "wrong", "again", "actually", "please", "i", "said", "told", "you", "ok", "so", "thanks",
];

/// One entry to add.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Candidate {
    /// `correction`, `rule` or `discovery`.
    pub source: &'static str,
    /// The title of its heading (`## `, or the file's own entry level).
    pub title: String,
    /// The entry's markdown, heading included, ending with a blank line.
    pub text: String,
    /// Occurrences, statements or uses.
    pub evidence: usize,
}

/// What promote does or would do.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Promotion {
    /// Entries appended, in order.
    pub added: Vec<Candidate>,
    /// Candidates left out, with the reason.
    pub skipped: Vec<(Candidate, String)>,
    /// The learnings file after the promotion.
    #[serde(skip)]
    pub new_text: String,
}

/// Plans the promotion into the learnings file `text`, given the docs (path, text).
pub fn plan(
    analysis: &Analysis,
    discoveries: &[Discovery],
    min_uses: u32,
    text: &str,
    docs: &[(String, String)],
    structure: &crate::model::Structure,
) -> Promotion {
    let file = crate::model::parse_with(text, structure);
    let entries: Vec<(String, Indexed)> = file
        .entries
        .iter()
        .map(|e| (e.title.clone(), Indexed::new(e.text(text))))
        .collect();
    let docs: Vec<(&str, Indexed)> = docs.iter().map(|(p, t)| (p.as_str(), Indexed::new(t))).collect();
    let mut added: Vec<Candidate> = Vec::new();
    let mut skipped = Vec::new();
    for candidate in candidates(analysis, discoveries, min_uses) {
        let key = crate::model::title_key(&candidate.title);
        let claim = claim(&candidate);
        let reason = if let Some((title, _)) = entries.iter().find(|(t, _)| crate::model::title_key(t) == key)
        {
            Some(format!("an entry has the same title: {title}"))
        } else if let Some((title, _)) = entries.iter().find(|(_, e)| e.coverage(&claim) >= COVERED) {
            Some(format!("already in the entry \"{title}\""))
        } else if let Some((path, _)) = docs.iter().find(|(_, d)| d.coverage(&claim) >= COVERED) {
            Some(format!("already in {path}"))
        } else if added.iter().any(|a| crate::model::title_key(&a.title) == key) {
            Some("same title as another candidate".to_owned())
        } else {
            None
        };
        match reason {
            Some(reason) => skipped.push((candidate, reason)),
            None => added.push(candidate),
        }
    }
    // At the file's own entry level: in a file of `### ` lessons under `## ` groups, a `## `
    // entry appended at the end would be a group, and the next lesson its first member.
    let level = file.entries.last().map_or(2, |e| e.level);
    if level != 2 {
        let hashes = "#".repeat(usize::from(level));
        for candidate in &mut added {
            if let Some(rest) = candidate.text.strip_prefix("## ") {
                candidate.text = format!("{hashes} {rest}");
            }
        }
    }
    let mut new_text = text.to_owned();
    if !added.is_empty() {
        if !new_text.is_empty() && !new_text.ends_with('\n') {
            new_text.push('\n');
        }
        if !new_text.is_empty() && !new_text.ends_with("\n\n") {
            new_text.push('\n');
        }
        // One blank line between entries, none after the last.
        for (i, candidate) in added.iter().enumerate() {
            if i > 0 {
                new_text.push('\n');
            }
            new_text.push_str(&candidate.text);
        }
    }
    Promotion {
        added,
        skipped,
        new_text,
    }
}

/// The wording compared with entries and docs: the rule line without its label.
fn claim(candidate: &Candidate) -> String {
    candidate
        .text
        .lines()
        .nth(1)
        .and_then(|l| l.split_once(": "))
        .map_or_else(|| candidate.title.clone(), |(_, rule)| rule.to_owned())
}

fn candidates(analysis: &Analysis, discoveries: &[Discovery], min_uses: u32) -> Vec<Candidate> {
    let mut out = Vec::new();
    for pattern in &analysis.patterns {
        let examples: Vec<String> = pattern
            .examples
            .iter()
            .map(|e| format!("\"{}\"", one_line(e, 120)))
            .collect();
        let (first, last) = (day(&pattern.first), day(&pattern.last));
        let when = if first == last {
            format!("on {first}")
        } else {
            format!("{first} to {last}")
        };
        let title = title(&pattern.summary);
        out.push(Candidate {
            source: "correction",
            text: format!(
                "## {title}\n- Correct pattern: {}\n- Evidence: {} ({when}), e.g. {}.\n",
                sentence(&pattern.summary),
                crate::base::words::count(pattern.count, &format!("user {}", pattern.kind.name())),
                examples.join("; ")
            ),
            title,
            evidence: pattern.count,
        });
    }
    for rule in &analysis.rules {
        let title = title(&rule.text);
        let times = if rule.count == 1 {
            "once".to_owned()
        } else {
            format!("{} times", rule.count)
        };
        out.push(Candidate {
            source: "rule",
            text: format!(
                "## {title}\n- Rule: {}\n- Evidence: stated by the user {times}, last on {}.\n",
                sentence(&rule.text),
                day(&rule.last)
            ),
            title,
            evidence: rule.count,
        });
    }
    // An expired discovery is not promoted, however often it was used. "Today" is the newest
    // record, as everywhere in the analysis, so the same logs promote the same entries.
    let today = analysis
        .now
        .iter()
        .chain(discoveries.iter().map(|d| &d.last))
        .max()
        .and_then(|t| t.get(..10))
        .unwrap_or("")
        .to_owned();
    let live = |d: &&Discovery| d.expires.as_deref().is_none_or(|e| today.as_str() <= e);
    let mut proven: Vec<&Discovery> = discoveries
        .iter()
        .filter(|d| d.uses >= min_uses)
        .filter(live)
        .collect();
    proven.sort_by(|a, b| b.uses.cmp(&a.uses).then_with(|| a.id.cmp(&b.id)));
    for d in proven {
        let title = title(&d.summary);
        let files = if d.files.is_empty() {
            String::new()
        } else {
            format!("; files: {}", d.files.join(", "))
        };
        out.push(Candidate {
            source: "discovery",
            text: format!(
                "## {title}\n- Correct pattern: {}\n- Evidence: a {} found useful {} times (discovery {}{files}).\n",
                sentence(&one_line(&d.details, 400)),
                d.category.name().replace('-', " "),
                d.uses,
                d.id
            ),
            title,
            evidence: d.uses as usize,
        });
    }
    out
}

/// The date of an RFC 3339 time.
fn day(time: &str) -> &str {
    time.get(..10).unwrap_or(time)
}

/// A title from feedback: the first sentence of its first line, opening words dropped, at most ten words, as
/// written (case and flags kept), first letter upper case.
pub fn title(text: &str) -> String {
    // As written: code spans and flags belong in a title (a heading may hold them).
    let prose = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let bare = |w: &str| {
        w.trim_matches(|c: char| !(c.is_alphanumeric() || c == '\''))
            .to_lowercase()
    };
    let words: Vec<&str> = prose.split_whitespace().collect();
    let start = words
        .iter()
        .take_while(|w| OPENERS.contains(&bare(w).as_str()))
        .count();
    let words = if start < words.len() {
        &words[start..]
    } else {
        &words[..]
    };
    let mut kept = Vec::new();
    for word in words.iter().take(TITLE_WORDS) {
        kept.push(*word);
        if word.ends_with(['.', '!', '?']) {
            break;
        }
    }
    let title = imperative(&kept);
    let title = title.trim_end_matches(['.', ',', ';', ':', '!', '?', '-', '—', '–', ' ']);
    if !title.chars().any(char::is_alphanumeric) {
        return "Learned from feedback".to_owned();
    }
    let mut chars = title.chars();
    match chars.next() {
        Some(first) => format!("{}{}", first.to_uppercase(), chars.as_str()),
        None => "Learned from feedback".to_owned(),
    }
}

/// Subjects longer than this are a sentence, not a thing to keep.
const SUBJECT_WORDS: usize = 5;

/// A rule stated of a thing, as an order: "exported dates must stay in UTC" is "Keep exported
/// dates in UTC", "the timeout should be 30 s" is "Make the timeout 30 s", "you should run the
/// linter" is "Run the linter". Anything else is kept as written.
fn imperative(words: &[&str]) -> String {
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let is_modal = |w: &str| matches!(w, "must" | "should" | "shall");
    // "(you) should run the linter": the opener "you" is gone already.
    if lower.first().is_some_and(|w| is_modal(w))
        && lower
            .get(1)
            .is_some_and(|w| !matches!(w.as_str(), "not" | "never" | "be"))
    {
        return words[1..].join(" ");
    }
    let modal = lower.iter().position(|w| is_modal(w)).filter(|&at| {
        at > 0 && at <= SUBJECT_WORDS && !words[..at].iter().any(|w| w.ends_with([',', ':', ';']))
    });
    let Some(at) = modal else {
        return words.join(" ");
    };
    // "Report dates" goes after the verb as "report dates"; "API keys" and `code` stay.
    let first = words[0];
    let lower_first =
        first.chars().nth(1).is_some_and(char::is_lowercase) || (first.chars().count() == 1 && first != "I");
    let subject = match lower_first {
        true => std::iter::once(first.to_lowercase())
            .chain(words[1..at].iter().map(|w| (*w).to_owned()))
            .collect::<Vec<_>>()
            .join(" "),
        false => words[..at].join(" "),
    };
    let mut rest = at + 1;
    while lower
        .get(rest)
        .is_some_and(|w| matches!(w.as_str(), "always" | "still"))
    {
        rest += 1;
    }
    let tail = |from: usize| words.get(from..).map(|w| w.join(" ")).unwrap_or_default();
    match (
        lower[..at].join(" ").as_str(),
        lower.get(rest).map(String::as_str),
    ) {
        ("you" | "we", Some(verb)) if !matches!(verb, "not" | "never" | "be") => tail(rest),
        (_, Some("stay" | "remain")) => format!("Keep {subject} {}", tail(rest + 1)),
        // "must be in UTC", "must be under 30 s": a place or a bound is kept, not made.
        (_, Some("be"))
            if lower.get(rest + 1).is_some_and(|w| {
                matches!(
                    w.as_str(),
                    "in" | "at"
                        | "on"
                        | "under"
                        | "below"
                        | "above"
                        | "within"
                        | "inside"
                        | "outside"
                        | "before"
                        | "after"
                )
            }) =>
        {
            format!("Keep {subject} {}", tail(rest + 1))
        }
        (_, Some("be")) if rest + 1 < words.len() => format!("Make {subject} {}", tail(rest + 1)),
        _ => words.join(" "),
    }
}

fn one_line(text: &str, max: usize) -> String {
    crate::base::words::cut(&text.split_whitespace().collect::<Vec<_>>().join(" "), max)
}

fn sentence(text: &str) -> String {
    let text = one_line(text, 400);
    if text.ends_with(['.', '!', '?', '…']) {
        text
    } else {
        format!("{text}.")
    }
}

#[cfg(test)]
mod tests;
