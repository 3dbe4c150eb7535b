//! Prompt patches (`learn suggest|apply|revert`): lines added to the agents' own prompts from
//! failures that recur and from explicit rules.
//!
//! A patch is one bullet appended under a `## Learned from feedback` section at the end of an
//! agent file (`.claude/agents/<agent>.md`) or a LearningAgent's knowledge
//! (`.deepwork/learning-agents/<agent>/core-knowledge.md`). Its id hashes the target and the
//! line, so the same patch has the same id in every run and is never applied twice.

use super::analyze::Analysis;
use serde::{Deserialize, Serialize};

/// The section patches go under.
pub const SECTION: &str = "## Learned from feedback";
/// A failure theme needs this many occurrences before it patches a prompt.
pub const MIN_FAILURES: usize = 3;

/// One proposed addition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Patch {
    /// Stable id: FNV-1a of target and line.
    pub id: String,
    /// The file, relative to the project root, `/`-separated.
    pub target: String,
    /// The bullet added, without the leading `- `.
    pub line: String,
    /// Why: `failures of <agent> (n×)` or `explicit rule`.
    pub reason: String,
}

/// An agent prompt of the project: its agent name and its relative path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The agent (file stem, or LearningAgent folder name).
    pub agent: String,
    /// Relative path.
    pub path: String,
    /// Current text.
    pub text: String,
}

/// Patches for `targets` from the analysis, minus those already in their file.
pub fn suggest(analysis: &Analysis, targets: &[Target]) -> Vec<Patch> {
    let mut patches = Vec::new();
    for figures in &analysis.agents {
        for theme in figures.themes.iter().filter(|t| t.count >= MIN_FAILURES) {
            let line = format!(
                "Users corrected this {} times: {}",
                theme.count,
                as_rule(&super::gist::gist(&one_line(&theme.text)))
            );
            for target in targets.iter().filter(|t| t.agent == figures.agent) {
                patches.push(patch(
                    target,
                    &line,
                    &format!("failures of {} ({}×)", figures.agent, theme.count),
                ));
            }
        }
    }
    for rule in analysis.rules.iter().filter(|r| r.active) {
        let line = format!("The user's rule: {}", one_line(&rule.text));
        for target in targets {
            patches.push(patch(target, &line, "explicit rule"));
        }
    }
    patches.retain(|p| {
        targets
            .iter()
            .find(|t| t.path == p.target)
            .is_none_or(|t| !t.text.contains(&format!("- {}", p.line)))
    });
    patches
}

/// `text` with the patch's bullet added (under the section, created at the end if missing).
pub fn apply(text: &str, line: &str) -> String {
    let mut out = text.to_owned();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    if !has_section(&out) {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(SECTION);
        out.push('\n');
    }
    out.push_str(&format!("- {line}\n"));
    out
}

/// Why a patch cannot be taken out of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unapply {
    /// Its bullet is no longer there unchanged (edited or removed).
    Missing,
    /// Its bullet is there this many times: which one is the patch's is unknown.
    Repeated(usize),
}

/// `text` without the patch's bullet, the inverse of [`apply`] that keeps everything else:
/// the user's edits and other patches stay. When `section` is true (a patch created the
/// section) and the section is left empty at the end of the file, it goes too, with the blank
/// line [`apply`] put before it. Returns the text and whether the section went.
pub fn unapply(text: &str, line: &str, section: bool) -> Result<(String, bool), Unapply> {
    let bullet = format!("- {line}");
    let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
    let found: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].trim_end() == bullet)
        .collect();
    match found[..] {
        [] => return Err(Unapply::Missing),
        [i] => {
            lines.remove(i);
        }
        _ => return Err(Unapply::Repeated(found.len())),
    }
    let heading = lines.iter().rposition(|l| l.trim_end() == SECTION);
    let mut removed = false;
    if let Some(h) = heading.filter(|&h| section && lines[h + 1..].iter().all(|l| l.trim().is_empty())) {
        lines.truncate(h);
        if lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        removed = true;
    }
    Ok((lines.concat(), removed))
}

/// Whether `text` has the section patches go under.
pub fn has_section(text: &str) -> bool {
    text.lines().any(|l| l.trim_end() == SECTION)
}

/// A gist as the rule to follow inside a sentence: lower case first (unless it starts with an
/// acronym or a name like `CI`), one final full stop.
fn as_rule(gist: &str) -> String {
    let text = gist.trim_end_matches(['.', '!', '?', ';', ':', ',', ' ']);
    let mut chars = text.chars();
    let first = chars.next();
    let second = chars.clone().next();
    let text = match (first, second) {
        (Some(f), Some(s)) if !(s.is_uppercase() || (f == 'I' && s == ' ')) => {
            format!("{}{}", f.to_lowercase(), chars.as_str())
        }
        _ => text.to_owned(),
    };
    format!("{}.", crate::base::words::cut(&text, 200))
}

fn patch(target: &Target, line: &str, reason: &str) -> Patch {
    Patch {
        id: super::discover::id_for(&format!("{} {line}", target.path)),
        target: target.path.clone(),
        line: line.to_owned(),
        reason: reason.to_owned(),
    }
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capture::analyze::analyze;
    use crate::capture::event::{Event, Kind};

    fn analysis() -> Analysis {
        let mut events = vec![Event::new(
            "2026-03-01T00:00:00Z",
            Kind::Preference,
            1.0,
            "Always use the venv",
        )];
        for day in 2..5 {
            let mut e = Event::new(
                &format!("2026-03-0{day}T00:00:00Z"),
                Kind::Correction,
                0.9,
                "you forgot the migration file",
            );
            e.agent = Some("db".into());
            events.push(e);
        }
        analyze(&events, None)
    }

    fn target(agent: &str, path: &str, text: &str) -> Target {
        Target {
            agent: agent.into(),
            path: path.into(),
            text: text.into(),
        }
    }

    #[test]
    fn failures_go_to_their_agent_rules_to_every_agent() {
        let targets = [
            target("db", ".claude/agents/db.md", "# DB\n"),
            target("ui", ".claude/agents/ui.md", "# UI"),
        ];
        let patches = suggest(&analysis(), &targets);
        let summary: Vec<(&str, &str)> = patches
            .iter()
            .map(|p| (p.target.as_str(), p.reason.as_str()))
            .collect();
        assert_eq!(
            summary,
            vec![
                (".claude/agents/db.md", "failures of db (3×)"),
                (".claude/agents/db.md", "explicit rule"),
                (".claude/agents/ui.md", "explicit rule"),
            ]
        );
        assert_eq!(patches, suggest(&analysis(), &targets));
    }

    #[test]
    fn failures_read_as_the_rule_to_follow() {
        let patches = suggest(&analysis(), &[target("db", "d.md", "# DB")]);
        assert_eq!(
            patches[0].line,
            "Users corrected this 3 times: you forgot the migration file."
        );
        assert_eq!(
            as_rule("Use the venv python for the tests!"),
            "use the venv python for the tests."
        );
        assert_eq!(as_rule("CI must stay green"), "CI must stay green.");
    }

    #[test]
    fn unapply_takes_out_only_the_patch() {
        let base = "# UI\n";
        let one = apply(base, "one");
        assert_eq!(unapply(&one, "one", true), Ok((base.to_owned(), true)));
        let two = apply(&one, "two");
        let edited = format!("{two}USER EDIT\n");
        // The user's line and the other patch stay; so does the section, which is not empty.
        assert_eq!(
            unapply(&edited, "one", true),
            Ok((
                "# UI\n\n## Learned from feedback\n- two\nUSER EDIT\n".to_owned(),
                false
            ))
        );
        let (left, gone) = unapply(&two, "one", true).expect("one");
        assert!(!gone);
        assert_eq!(unapply(&left, "two", true), Ok((base.to_owned(), true)));
        // A section the patch did not create stays.
        assert_eq!(
            unapply(&one, "one", false),
            Ok(("# UI\n\n## Learned from feedback\n".to_owned(), false))
        );
        assert_eq!(
            unapply(&one.replace("one", "One"), "one", true),
            Err(Unapply::Missing)
        );
        assert_eq!(
            unapply(&format!("{one}- one\n"), "one", true),
            Err(Unapply::Repeated(2))
        );
    }

    #[test]
    fn applied_patches_are_not_suggested_again() {
        let first = suggest(&analysis(), &[target("ui", "u.md", "# UI")]);
        let text = apply("# UI", &first[0].line);
        assert_eq!(
            text,
            "# UI\n\n## Learned from feedback\n- The user's rule: Always use the venv\n"
        );
        assert!(suggest(&analysis(), &[target("ui", "u.md", &text)]).is_empty());
        assert!(apply(&text, "x").ends_with("venv\n- x\n"));
    }
}
