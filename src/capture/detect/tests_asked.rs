//! The third round: requests asked as questions, bare failure reports, value contrasts, plain
//! non-native English, announced clarifications, new tasks.

use super::*;

fn class(prompt: &str) -> Option<Category> {
    classify(prompt).map(|s| s.category)
}

#[test]
fn requests_asked_as_questions_set_rules_and_refuse() {
    for (prompt, category) in [
        (
            "from now on can you put the imports in order?",
            Category::Preference,
        ),
        (
            "would you please never use var in the JS files?",
            Category::Preference,
        ),
        (
            "in future could you keep commit titles short?",
            Category::Preference,
        ),
        ("can you undo the rename please?", Category::Rejection),
        ("could you put the old config back?", Category::Rejection),
        ("can we undo the last two commits?", Category::Rejection),
    ] {
        assert_eq!(class(prompt), Some(category), "{prompt}");
    }
    for prompt in [
        "is the cache always invalidated?",
        "will it always return a list?",
        "could you run the tests again?",
    ] {
        assert_eq!(class(prompt), None, "{prompt}");
    }
}

#[test]
fn bare_failures_and_value_contrasts_correct() {
    for prompt in [
        "build still fails",
        "test still fails",
        "the port is 5432 not 5433",
        "timeout's in ms not s",
        "I think the default should be true not false?",
        "I think the toggle is inverted?",
        "you forget to close the file",
        "I wanted the newest first, but the list starts with the oldest.",
        "the query make duplicate rows now, before your change it was ok",
    ] {
        assert_eq!(class(prompt), Some(Category::Correction), "{prompt}");
    }
    for prompt in [
        "is the timeout in ms or s?",
        "should the max be 10 or 100?",
        "the port is 5432",
    ] {
        assert_eq!(class(prompt), None, "{prompt}");
    }
}

#[test]
fn announced_clarifications_new_tasks_and_praise() {
    for (prompt, category) in [
        (
            "sorry, I forget to mention: the dates are in UTC",
            Category::Clarification,
        ),
        ("the data looks like this btw: id,name", Category::Clarification),
        (
            "context I left out: it runs behind a proxy",
            Category::Clarification,
        ),
        ("from now please use the project logger", Category::Preference),
        (
            "Our team convention is that errors are full sentences.",
            Category::Preference,
        ),
        ("perfect, now it work very well, thank you", Category::Praise),
        ("super, now everything works", Category::Praise),
    ] {
        assert_eq!(class(prompt), Some(category), "{prompt}");
    }
    for prompt in [
        "now we work on the other ticket, the export",
        "Next task, unrelated. We need a backup script.",
    ] {
        assert_eq!(class(prompt), None, "{prompt}");
    }
}
