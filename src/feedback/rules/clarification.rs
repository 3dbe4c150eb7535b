//! Phrases of clarification: the user restates what they meant.

use super::{Category, Rule};

const L: Category = Category::Clarification;

/// At the start of a clause part.
pub const LEAD: &[Rule] = &[];

/// Anywhere in a sentence.
pub const ANYWHERE: &[Rule] = &[
    (L, 0.9, " i meant "),
    (L, 0.85, " i mean "),
    (L, 0.9, " what i meant "),
    (L, 0.9, " what i mean "),
    (L, 0.9, " to clarify "),
    (L, 0.9, " to be clear "),
    (L, 0.85, " to be precise "),
    (L, 0.9, " let me clarify "),
    (L, 0.9, " let me rephrase "),
    (L, 0.9, " let me be clearer "),
    (L, 0.85, " in other words "),
    (L, 0.9, " by that i mean "),
    (L, 0.75, " for context "),
    (L, 0.9, " i was referring to "),
    (L, 0.9, " i'm referring to "),
    (L, 0.9, " i was talking about "),
    (L, 0.85, " i'm talking about "),
    (L, 0.85, " i was asking about "),
    (L, 0.85, " my question was "),
    (L, 0.8, " what i want is "),
    (L, 0.85, " what i'm asking "),
    (L, 0.8, " what i'm trying to "),
    (L, 0.9, " when i said "),
    (L, 0.85, " i was thinking of "),
    (L, 0.9, " i wasn't clear "),
    (L, 0.9, " i was unclear "),
    (L, 0.9, " i should have been clearer "),
    (L, 0.8, " sorry for the confusion "),
    (L, 0.9, " to rephrase "),
    (L, 0.85, " clarification "),
    (L, 0.9, " what i'm after "),
    (L, 0.85, " what i'm looking for "),
    (L, 0.9, " let me be more specific "),
    (L, 0.9, " to be more specific "),
    (L, 0.85, " more specifically "),
    (L, 0.9, " should have said "),
    (L, 0.9, " should have mentioned "),
    (L, 0.9, " forgot to mention "),
    (L, 0.85, " forgot to say "),
];
