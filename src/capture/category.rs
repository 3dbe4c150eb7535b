//! What a prompt says about the previous answer: the categories of feedback, and a classified
//! prompt. A leaf: the classifier's model names categories without importing it.

use serde::{Deserialize, Serialize};

/// What a prompt says about the previous answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    /// An explicit, lasting rule: "always use the venv", "never push to main".
    Preference,
    /// Undo or refuse what was done: "revert that", "don't touch the tests".
    Rejection,
    /// The answer was wrong: "no, that's wrong", "you forgot the header".
    Correction,
    /// The user restates what they meant: "I meant the other file".
    Clarification,
    /// Build on what was done: "now also add a flag".
    Enhancement,
    /// It worked: "perfect, thanks".
    Praise,
}

impl Category {
    /// Every category, in the order of precedence.
    pub const ALL: [Category; 6] = [
        Category::Preference,
        Category::Rejection,
        Category::Correction,
        Category::Clarification,
        Category::Enhancement,
        Category::Praise,
    ];

    /// The name used in logs, JSON and the labelled set.
    pub fn name(self) -> &'static str {
        match self {
            Category::Preference => "preference",
            Category::Rejection => "rejection",
            Category::Correction => "correction",
            Category::Clarification => "clarification",
            Category::Enhancement => "enhancement",
            Category::Praise => "praise",
        }
    }

    /// The category of a name.
    pub fn parse(name: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// A classified prompt.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Signal {
    /// What the prompt says.
    pub category: Category,
    /// The probability the model gives it, two decimals.
    pub confidence: f64,
}
