//! Phrases of rejection: undo or refuse what was done.

use super::{Category, Rule};

const R: Category = Category::Rejection;

/// At the start of a clause part.
pub const LEAD: &[Rule] = &[
    (R, 0.75, " don't "),
    (R, 0.75, " do not "),
    (R, 0.85, " stop "),
    (R, 0.9, " undo "),
    (R, 0.9, " revert "),
    (R, 0.9, " roll back "),
    (R, 0.85, " rollback "),
    (R, 0.8, " cancel "),
    (R, 0.85, " scrap "),
    (R, 0.75, " forget it "),
    (R, 0.75, " forget that "),
    (R, 0.75, " never mind "),
    (R, 0.75, " nevermind "),
    (R, 0.85, " no thanks "),
    (R, 0.85, " no thank you "),
    (R, 0.75, " leave it "),
    (R, 0.8, " remove that "),
    (R, 0.8, " remove this "),
    (R, 0.8, " delete that "),
    (R, 0.9, " put it back "),
    (R, 0.75, " go back to "),
    (R, 0.8, " forget the "),
    (R, 0.8, " forget about "),
];

/// Anywhere in a sentence.
pub const ANYWHERE: &[Rule] = &[
    (R, 0.95, " don't do that "),
    (R, 0.95, " do not do that "),
    (R, 0.85, " don't change "),
    (R, 0.9, " don't touch "),
    (R, 0.85, " don't want "),
    (R, 0.85, " do not want "),
    (R, 0.85, " didn't ask for "),
    (R, 0.85, " did not ask for "),
    (R, 0.9, " undo "),
    (R, 0.85, " revert "),
    (R, 0.85, " roll back "),
    (R, 0.9, " roll it back "),
    (R, 0.9, " put it back "),
    (R, 0.8, " back out "),
    (R, 0.9, " leave it as it was "),
    (R, 0.9, " leave it alone "),
    (R, 0.9, " leave that alone "),
    (R, 0.9, " keep it as it was "),
    (R, 0.8, " the way it was "),
    (R, 0.75, " no need to "),
    (R, 0.7, " no need for "),
    (R, 0.7, " not needed "),
    (R, 0.9, " stop doing "),
    (R, 0.9, " stop changing "),
    (R, 0.9, " stop adding "),
    (R, 0.9, " please stop "),
    (R, 0.85, " don't bother "),
    (R, 0.85, " remove what you "),
    (R, 0.8, " get rid of what you "),
    (R, 0.85, " throw that away "),
    (R, 0.9, " leave it as it is "),
    (R, 0.9, " leave it as is "),
    (R, 0.8, " not worth it "),
];
