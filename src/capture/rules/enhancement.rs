//! Phrases of enhancement: build on what was done.

use super::{Category, Rule};

const E: Category = Category::Enhancement;

/// At the start of a clause part.
pub const LEAD: &[Rule] = &[
    (E, 0.8, " also "),
    (E, 0.6, " now "),
    (E, 0.7, " next "),
    (E, 0.6, " then "),
    (E, 0.85, " additionally "),
    (E, 0.6, " plus "),
    (E, 0.85, " let's also "),
    (E, 0.75, " let's now "),
];

/// Anywhere in a sentence.
pub const ANYWHERE: &[Rule] = &[
    (E, 0.9, " also add "),
    (E, 0.85, " also make "),
    (E, 0.85, " also update "),
    (E, 0.85, " also handle "),
    (E, 0.85, " also write "),
    (E, 0.85, " also include "),
    (E, 0.85, " also support "),
    (E, 0.9, " can you also "),
    (E, 0.9, " could you also "),
    (E, 0.85, " would you also "),
    (E, 0.9, " please also "),
    (E, 0.9, " now also "),
    (E, 0.7, " as well "),
    (E, 0.75, " in addition "),
    (E, 0.8, " extend it "),
    (E, 0.8, " extend this "),
    (E, 0.8, " what about adding "),
    (E, 0.8, " how about adding "),
    (E, 0.85, " one more thing "),
    (E, 0.8, " another thing "),
    (E, 0.7, " next step "),
    (E, 0.85, " now add "),
    (E, 0.8, " now make "),
    (E, 0.8, " now write "),
    (E, 0.8, " now update "),
    (E, 0.75, " now let's "),
    (E, 0.85, " let's also "),
    (E, 0.8, " and also "),
    (E, 0.9, " while you're at it "),
    (E, 0.9, " while you are at it "),
    (E, 0.75, " on top of that "),
    (E, 0.9, " can we also "),
    (E, 0.9, " could we also "),
];
