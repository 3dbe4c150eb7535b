//! The feedback event: one line of the user-level log (`feedback.jsonl`).
//!
//! Fields beyond the kind are optional, so older and newer versions read each other's logs;
//! `v` is the schema version of the line.

use super::category::{Category, Signal};
use crate::base::words::cut;
use serde::{Deserialize, Serialize};

/// The schema version written in every event.
pub const VERSION: u32 = 1;
/// The answered assistant message is kept up to this many characters.
pub const ANSWER_CHARS: usize = 500;
/// A prompt is kept up to this many characters (pasted logs say nothing more past that).
pub const PROMPT_CHARS: usize = 2000;

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// An explicit rule ("always …", "never …").
    Preference,
    /// Undo or refuse; also a denied tool call.
    Rejection,
    /// The answer was wrong.
    Correction,
    /// The user restated what they meant.
    Clarification,
    /// Build on the answer.
    Enhancement,
    /// Praise.
    Praise,
    /// An interrupted turn.
    Cancellation,
    /// A new topic after a completion.
    Success,
    /// The assistant claimed completion (Stop).
    Completion,
}

impl From<Category> for Kind {
    fn from(category: Category) -> Kind {
        match category {
            Category::Preference => Kind::Preference,
            Category::Rejection => Kind::Rejection,
            Category::Correction => Kind::Correction,
            Category::Clarification => Kind::Clarification,
            Category::Enhancement => Kind::Enhancement,
            Category::Praise => Kind::Praise,
        }
    }
}

impl Kind {
    /// The name in logs and reports.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Preference => "preference",
            Kind::Rejection => "rejection",
            Kind::Correction => "correction",
            Kind::Clarification => "clarification",
            Kind::Enhancement => "enhancement",
            Kind::Praise => "praise",
            Kind::Cancellation => "cancellation",
            Kind::Success => "success",
            Kind::Completion => "completion",
        }
    }

    /// Whether the user had to revise the answer.
    pub fn is_revision(self) -> bool {
        matches!(self, Kind::Correction | Kind::Rejection | Kind::Clarification)
    }

    /// Whether the answer was accepted.
    pub fn is_success(self) -> bool {
        matches!(self, Kind::Praise | Kind::Success)
    }
}

/// One feedback event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Schema version.
    #[serde(default)]
    pub v: u32,
    /// When, as `YYYY-MM-DDTHH:MM:SSZ`.
    pub at: String,
    /// What happened.
    pub kind: Kind,
    /// From 0.5 to 1.
    #[serde(default = "one")]
    pub confidence: f64,
    /// The Claude Code session, when captured by a hook.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    /// The project root the event belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub project: Option<String>,
    /// What the user said (or the completion claim), redacted when stored.
    #[serde(default)]
    pub text: String,
    /// The assistant message the prompt answered, shortened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answered: Option<String>,
    /// The sub-agent used in the answered turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent: Option<String>,
    /// The classifier was unsure: the event waits in the review queue for the user's decision.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unsure: bool,
    /// Whether what the prompt says is a lesson worth an entry (`true`: a fact about the
    /// project, a rule, a standing preference) or true only now (`false`: "still not working").
    /// Only lessons make patterns and are promoted; transient feedback still counts in `effect`.
    /// Absent in events of older versions and of other sources: read as a lesson.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lesson: Option<bool>,
}

fn one() -> f64 {
    1.0
}

impl Event {
    /// An event of `kind` at `at` with `text`; the other fields empty.
    pub fn new(at: &str, kind: Kind, confidence: f64, text: &str) -> Event {
        Event {
            v: VERSION,
            at: at.to_owned(),
            kind,
            confidence,
            session: None,
            project: None,
            text: text.to_owned(),
            answered: None,
            agent: None,
            unsure: false,
            lesson: None,
        }
    }

    /// Whether the event may make a pattern or be promoted: not known to be transient.
    pub fn is_lesson(&self) -> bool {
        self.lesson != Some(false)
    }

    /// The event of a prompt that answers an assistant turn, if it says anything; `None` when
    /// nothing answered or nothing was detected (only answers are feedback).
    pub fn from_prompt(at: &str, prompt: &str, answered: Option<&str>) -> Option<Event> {
        Event::of_prompt(at, prompt, answered).filter(|e| !e.unsure)
    }

    /// [`Event::from_prompt`], or the unsure event of the prompt (a category the classifier
    /// gives between its review and capture thresholds, for the review queue): one decision.
    pub fn of_prompt(at: &str, prompt: &str, answered: Option<&str>) -> Option<Event> {
        let answered = answered.filter(|a| !a.trim().is_empty())?;
        let (decision, lesson) = super::model::judge(prompt, Some(answered));
        let (Signal { category, confidence }, unsure) = match decision.captured() {
            Some(signal) => (signal, false),
            None => (decision.unsure()?, true),
        };
        let mut event = Event::new(at, category.into(), confidence, &cut(prompt, PROMPT_CHARS));
        event.answered = Some(cut(answered, ANSWER_CHARS));
        event.unsure = unsure;
        event.lesson = Some(lesson);
        Some(event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_answers_are_feedback() {
        assert!(Event::from_prompt("2026-01-01T00:00:00Z", "no, that's wrong", None).is_none());
        let event = Event::from_prompt(
            "2026-01-01T00:00:00Z",
            "no, that's wrong",
            Some("Done: edited a.rs"),
        )
        .expect("event");
        assert_eq!(event.kind, Kind::Correction);
        assert!(Event::from_prompt("2026-01-01T00:00:00Z", "build the parser", Some("hi")).is_none());
    }

    #[test]
    fn unknown_fields_and_missing_ones_read() {
        let event: Event =
            serde_json::from_str(r#"{"at":"2026-01-01T00:00:00Z","kind":"praise","future":1}"#)
                .expect("parse");
        assert_eq!((event.kind, event.confidence, event.v), (Kind::Praise, 1.0, 0));
    }
}
