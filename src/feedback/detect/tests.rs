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
