//! The phrase tables of the classifier ([`super::detect`]), one file per category: category,
//! weight, phrase.
//!
//! Phrases are lower-case words separated by single spaces and padded with one space on each
//! side, so they match whole words only. Weights: 0.9 and up for unambiguous wording ("that's
//! wrong", "from now on"), 0.7–0.85 for the usual cues, below 0.7 for hints that need company.
//! What a phrase cannot say (a failure said of the agent's work, "you" + a mistake) is in
//! [`super::cues`].

mod clarification;
mod correction;
mod enhancement;
mod praise;
mod preference;
mod rejection;

pub use super::category::Category;

/// Category, weight, phrase.
pub type Rule = (Category, f64, &'static str);

/// Rules that match at the start of a clause part (after fillers).
pub const LEAD: [&[Rule]; 6] = [
    preference::LEAD,
    rejection::LEAD,
    correction::LEAD,
    clarification::LEAD,
    enhancement::LEAD,
    praise::LEAD,
];

/// Rules that match anywhere in a sentence.
pub const ANYWHERE: [&[Rule]; 6] = [
    preference::ANYWHERE,
    rejection::ANYWHERE,
    correction::ANYWHERE,
    clarification::ANYWHERE,
    enhancement::ANYWHERE,
    praise::ANYWHERE,
];
