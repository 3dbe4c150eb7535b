use super::*;

fn class(prompt: &str) -> Option<Category> {
    classify(prompt).map(|s| s.category)
}

#[test]
fn each_category_on_a_positive() {
    assert_eq!(class("No, that's wrong."), Some(Category::Correction));
    assert_eq!(class("Always use the venv."), Some(Category::Preference));
    assert_eq!(class("Revert that."), Some(Category::Rejection));
    assert_eq!(class("I meant the other file."), Some(Category::Clarification));
    assert_eq!(class("Now also add a flag."), Some(Category::Enhancement));
    assert_eq!(class("Perfect, thanks!"), Some(Category::Praise));
}

#[test]
fn hard_negatives() {
    assert_eq!(class("thanks, now also add tests"), Some(Category::Enhancement));
    assert_eq!(class("Run `cargo build --no-default-features`."), None);
    assert_eq!(class("```\nno such file\n```"), None);
    assert_eq!(class("I get \"no module named foo\" when I run it."), None);
    assert_eq!(class("Is it always this slow?"), None);
    assert_eq!(class("Does this never return?"), None);
    assert_eq!(class("The test always fails on CI."), None);
    assert_eq!(class("No tests exist yet, write some."), None);
    assert_eq!(class("Not perfect."), None);
    assert_eq!(class("don't worry about the docs"), None);
    assert_eq!(class(""), None);
}

#[test]
fn confidence_is_bounded_and_grows_with_cues() {
    let one = classify("wrong").expect("signal").confidence;
    let more = classify("Wrong, that's wrong, you broke it and you forgot the test.")
        .expect("signal")
        .confidence;
    assert!((0.5..=0.99).contains(&one) && (0.5..=0.99).contains(&more));
    assert!(more > one);
}

#[test]
fn precedence_between_categories() {
    assert_eq!(
        class("Great, but you forgot the header."),
        Some(Category::Correction)
    );
    assert_eq!(class("no, always pin the version"), Some(Category::Preference));
    assert_eq!(
        class("No, I meant the staging server"),
        Some(Category::Clarification)
    );
}

#[test]
fn corrections_without_a_cue_word() {
    for prompt in [
        "That doesn't compile: the trait isn't in scope.",
        "This breaks backwards compatibility for old configs.",
        "The build fails now with a missing import.",
        "Now the settings page throws a 500.",
        "Same error.",
        "Not like this, the state belongs in the store.",
        "Close, but the timeout is in seconds, not milliseconds.",
        "You hardcoded the path.",
        "Run it again, it still crashes.",
        "Fix the bug you introduced.",
    ] {
        assert_eq!(class(prompt), Some(Category::Correction), "{prompt}");
    }
}

#[test]
fn failures_and_cue_words_that_correct_nothing() {
    for prompt in [
        "CI fails on the release branch with a timeout, please investigate.",
        "The nightly job has been failing since Monday. Can you find the commit that broke it?",
        "Write a test where the parser gets the wrong encoding.",
        "Configure the logger to never write to stdout.",
        "Explain why this breaks in Python 3.12.",
        "Why is the output empty when I pass --json?",
        "In this repo we have two config loaders; merge them into one.",
        "I like the second option, go with that.",
        "I'd rather not decide yet, what are the trade-offs?",
    ] {
        assert_eq!(class(prompt), None, "{prompt}");
    }
    assert_eq!(
        class("Nice. Now make it always print the summary, even on failure."),
        Some(Category::Enhancement)
    );
    assert_eq!(
        class("Still works after the rebase, nice."),
        Some(Category::Praise)
    );
    assert_eq!(class("I like it."), Some(Category::Praise));
}

#[test]
fn preferences_phrased_many_ways() {
    for prompt in [
        "I'd rather you always ran the full suite.",
        "Our convention is snake_case for file names.",
        "In this codebase we don't use exceptions for control flow.",
        "I like small commits with one change each.",
        "Use httpx instead of requests from here on.",
        "I want commit messages in the imperative mood, always.",
        "Please make it a habit to run `cargo fmt` before committing.",
        "Next time, check the existing helpers before writing a new one.",
        "For future reference, the tests need docker running.",
    ] {
        assert_eq!(class(prompt), Some(Category::Preference), "{prompt}");
    }
}

#[test]
fn a_prompt_is_read_as_a_whole() {
    // Only statements: the failure is the answer's.
    assert_eq!(
        class("The numbers in the summary don't match the table."),
        Some(Category::Correction)
    );
    // A request or where it was met: a new bug report.
    assert_eq!(
        class("The CI job fails on macOS with a linker error; please take a look."),
        None
    );
    assert_eq!(
        class("Our staging server has been down since this morning. Any idea why?"),
        None
    );
    // One sentence anchors another.
    assert_eq!(
        class("Compile error: `expected String` in your new function."),
        Some(Category::Correction)
    );
    // A task makes "still" a reason, not a complaint.
    assert_eq!(
        class("The old importer is still in the codebase; delete it."),
        None
    );
    // Not the agent's doing.
    assert_eq!(
        class("It failed because the network was down, not your fault. Try again."),
        None
    );
    // A spec, and a failure given as the reason for a task.
    assert_eq!(
        class("The login form should show an error when the password is wrong."),
        None
    );
    assert_eq!(
        class("The upload fails for files over 2 GB. That's a known S3 limit, so split them."),
        None
    );
    assert_eq!(
        class("this logic is inverted, it should skip when the flag is false"),
        Some(Category::Correction)
    );
    // A statement before a question is its context.
    assert_eq!(
        class("Our CI always runs on Ubuntu 22.04; is that a problem for the new dependency?"),
        None
    );
}

#[test]
fn questions_and_reported_rules() {
    assert_eq!(
        class("Why did you remove the retry logic? We need that."),
        Some(Category::Correction)
    );
    assert_eq!(class("Why is it still failing?"), Some(Category::Correction));
    assert_eq!(class("Why did you choose a BTreeMap here?"), None);
    assert_eq!(
        class("Can you always run mypy after editing Python files?"),
        Some(Category::Preference)
    );
    assert_eq!(
        class("My coworker says we should always use UUIDs for ids. Is that right?"),
        None
    );
    assert_eq!(class("I wonder if we should always use UUIDs."), None);
    assert_eq!(class("Never seen this error before. What does it mean?"), None);
    assert_eq!(class("Always a pleasure, thanks!"), Some(Category::Praise));
    assert_eq!(
        class("Works now. Could you make the error message friendlier?"),
        Some(Category::Enhancement)
    );
    // Chat shorthand.
    assert_eq!(class("u forgot the index on user_id"), Some(Category::Correction));
    assert_eq!(class("nope didnt work"), Some(Category::Correction));
}

#[test]
fn rules_without_always() {
    for prompt in [
        "All new modules need a README.",
        "In our team, tests are written before the implementation.",
        "Keep commit subjects under 50 characters.",
        "please, no emojis in code comments, ever",
        "When in doubt, ask me rather than guessing.",
        "Don't add new dependencies without checking with me first.",
        "We deploy from the release branch only.",
    ] {
        assert_eq!(class(prompt), Some(Category::Preference), "{prompt}");
    }
    for prompt in [
        "Keep the existing behaviour and add a new flag for the new one.",
        "I prefer to start with the backend, let's do that first.",
        "We always get a timeout from the payments sandbox; add a retry.",
        "Our convention doc is out of date. Update it with the new lint rules.",
    ] {
        assert_eq!(class(prompt), None, "{prompt}");
    }
}

#[test]
fn contrasts_wishes_and_narrowing() {
    for (prompt, category) in [
        ("the queue is FIFO, you pop from the back", Category::Correction),
        (
            "Totals are rounded down, but the invoice spec says round half up.",
            Category::Correction,
        ),
        (
            "that's the sandbox host, live traffic goes to pay.example.com",
            Category::Correction,
        ),
        (
            "the lock is per process, so two workers still aren't serialised",
            Category::Correction,
        ),
        (
            "that sorts alphabetically, I need it by date",
            Category::Correction,
        ),
        (
            "I'd rather you ask before renaming anything public.",
            Category::Preference,
        ),
        (
            "I'd like you to keep commit messages short unless I ask otherwise",
            Category::Preference,
        ),
        (
            "please don't touch files you aren't otherwise editing",
            Category::Preference,
        ),
        ("I mostly want short answers", Category::Preference),
        (
            "just the handlers under api/, the models can stay",
            Category::Clarification,
        ),
        ("it's mariadb 10, in case it matters", Category::Clarification),
        (
            "the 'legacy' flag I mentioned is `--compat`",
            Category::Clarification,
        ),
        (
            "remove everything you added to the Dockerfile",
            Category::Rejection,
        ),
        (
            "looks good. can you add a --quiet flag too?",
            Category::Enhancement,
        ),
    ] {
        assert_eq!(class(prompt), Some(category), "{prompt}");
    }
    for prompt in [
        "No, I haven't merged it yet. Should I?",
        "yes, I ran the seed script",
        "the queue is FIFO; write a consumer for it",
        "the invoice spec says round half up. what does Python's round do?",
        "I'd like to understand the retry logic first.",
        "just checking, is the release out?",
    ] {
        assert_eq!(class(prompt), None, "{prompt}");
    }
}
