use super::*;

fn read_all(sentence: &str) -> Vec<(Category, f64)> {
    let words: Vec<&str> = sentence.split(' ').collect();
    let padded = format!(" {sentence} ");
    let mut hits = Vec::new();
    read(&words, &padded, false, &mut |c, w| hits.push((c, w)));
    hits
}

fn says(sentence: &str, category: Category) -> bool {
    read_all(sentence).iter().any(|(c, _)| *c == category)
}

#[test]
fn a_failure_of_the_agent_s_work_is_a_correction() {
    for sentence in [
        "that won't compile",
        "this breaks the login flow now",
        "the build fails now",
        "tests are red after your change",
        "that's off",
        "it no longer starts",
        "the output is empty",
        "the tests don't even run anymore",
    ] {
        assert!(says(sentence, Category::Correction), "{sentence}");
    }
}

#[test]
fn a_failure_without_an_anchor_is_a_bug_report() {
    for sentence in [
        "ci fails on main with a linker error",
        "the nightly job has been failing since monday",
        "turn it off",
        "it no longer needs the flag",
    ] {
        assert!(read_all(sentence).is_empty(), "{sentence}");
    }
}

#[test]
fn you_and_a_mistake_verb() {
    assert!(says("you overwrote my changes", Category::Correction));
    assert!(says("you've just hard coded the path", Category::Correction));
    assert!(says(
        "you renamed the function but not its callers",
        Category::Correction
    ));
    assert!(!says("you renamed the function", Category::Correction));
    assert!(!says("you added a cache earlier", Category::Correction));
}

#[test]
fn rather_with_always_is_a_preference() {
    assert!(says(
        "i'd rather you always ran the full suite",
        Category::Preference
    ));
    assert!(says("i would prefer that you never squash", Category::Preference));
    assert!(!says(
        "use a map rather than always scanning",
        Category::Preference
    ));
    assert!(!says("i'd rather not decide yet", Category::Preference));
}

#[test]
fn house_rules_taste_and_put_back() {
    assert!(says(
        "in this codebase we don't use exceptions",
        Category::Preference
    ));
    assert!(says("we use pnpm here", Category::Preference));
    assert!(!says(
        "in this repo we have two config loaders",
        Category::Preference
    ));
    assert!(says("i like small commits", Category::Preference));
    assert!(!says("i like it", Category::Preference));
    assert!(!says("i like the second option", Category::Preference));
    assert!(says("put the old version back", Category::Rejection));
    assert!(says("same error as before", Category::Correction));
    assert!(!says("same thing for the other file", Category::Correction));
}

#[test]
fn tasks_are_told_from_answers() {
    let task = |s: &str| is_task(s.split(", ").map(|p| p.split(' ').collect()));
    assert!(task("write a test where the parser gets the wrong encoding"));
    assert!(task("cool, also make the tests never hit the network"));
    assert!(task("now make it always print the summary, even on failure"));
    assert!(!task("make sure you always run the linter"));
    assert!(!task("make it a habit to run fmt"));
    assert!(!task("run it again, it still fails"));
    assert!(!task("that breaks the cli, fix it"));
    assert!(!task("thanks"));
}

#[test]
fn a_mistake_still_counts_in_a_task() {
    let words: Vec<&str> = "fix the bug you introduced".split(' ').collect();
    let mut hits = Vec::new();
    read(&words, " fix the bug you introduced ", true, &mut |c, w| {
        hits.push((c, w))
    });
    assert_eq!(hits, [(Category::Correction, 0.78)]);
    let words: Vec<&str> = "explain why this breaks".split(' ').collect();
    let mut hits = Vec::new();
    read(&words, " explain why this breaks ", true, &mut |c, w| {
        hits.push((c, w))
    });
    assert!(hits.is_empty());
}
