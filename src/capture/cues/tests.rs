use super::*;

/// The hits of one sentence: words split on spaces, parts on ", ".
fn hits(sentence: &str, question: bool) -> Vec<(Category, f64)> {
    let lead: Vec<&str> = sentence.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let padded = format!(" {} ", lead.join(" "));
    // As the classifier does: the fillers that open a part are skipped.
    let parts: Vec<Vec<&str>> = sentence
        .split(", ")
        .map(|p| {
            p.split(' ')
                .skip_while(|w| matches!(*w, "but" | "and" | "so"))
                .collect()
        })
        .collect();
    let task = is_task(&parts);
    let shape = Sentence {
        lead: &lead,
        padded: &padded,
        parts: &parts,
        question,
        task,
        anchored: anchors(&padded),
        tasked: task,
        questioned: question,
        bare: false,
    };
    let mut out = Vec::new();
    read(&shape, &mut |c, w| out.push((c, w)));
    out
}

fn says(sentence: &str, category: Category) -> bool {
    hits(sentence, false).iter().any(|(c, _)| *c == category)
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
        "doesn't work",
        "the fix didn't take",
        "the button is now misaligned",
        "that deleted my local changes",
        "great, but that deleted my local changes",
    ] {
        assert!(says(sentence, Category::Correction), "{sentence}");
    }
    assert!(
        hits("why is it still failing", true)
            .iter()
            .any(|(c, _)| *c == Category::Correction)
    );
}

#[test]
fn failures_that_correct_nothing() {
    for sentence in [
        "ci fails on main with a linker error",
        "the nightly job has been failing since monday",
        "turn it off",
        "it no longer needs the flag",
        "it no longer crashes thanks",
        "that error comes from the proxy",
        "empty the cache before the run",
        "explain why this breaks",
    ] {
        assert!(hits(sentence, false).is_empty(), "{sentence}");
    }
    assert!(hits("why does it fail", true).is_empty());
    assert!(exonerates(
        " it failed because the network was down not your fault "
    ));
}

#[test]
fn you_and_a_mistake_verb() {
    assert!(says("you overwrote my changes", Category::Correction));
    assert!(says("you've just hard coded the path", Category::Correction));
    assert!(says("you're mixing tabs and spaces", Category::Correction));
    assert!(says(
        "you renamed the function but not its callers",
        Category::Correction
    ));
    assert!(says("fix the bug you introduced", Category::Correction));
    assert!(!says("you renamed the function", Category::Correction));
    assert!(!says("you added a cache earlier", Category::Correction));
}

#[test]
fn standing_wishes_are_preferences() {
    assert!(says(
        "i'd rather you always ran the full suite",
        Category::Preference
    ));
    assert!(says("i would prefer that you never squash", Category::Preference));
    assert!(says(
        "i'd like you to always show me the diff",
        Category::Preference
    ));
    assert!(!says(
        "use a map rather than always scanning",
        Category::Preference
    ));
    assert!(!says("i'd rather not decide yet", Category::Preference));
    assert!(says("i like small commits", Category::Preference));
    assert!(!says("i like it", Category::Preference));
    assert!(!says("i like the second option", Category::Preference));
    let asked = hits("can you always run mypy after editing python files", true);
    assert_eq!(asked, [(Category::Preference, 0.9)]);
}

#[test]
fn house_rules_are_preferences() {
    for sentence in [
        "in this codebase we don't use exceptions",
        "we use pnpm here",
        "in this team we squash-merge",
        "don't use relative imports anywhere in this project",
        "all dates should be iso 8601, everywhere",
        "our tests use pytest fixtures, not setup methods",
        "no more print debugging, use the logger",
        "when writing sql, uppercase the keywords",
    ] {
        assert!(says(sentence, Category::Preference), "{sentence}");
    }
    for sentence in [
        "in this repo we have two config loaders",
        "don't use a loop here",
        "our users keep hitting rate limits",
        "brilliant, no more warnings",
        "when running the tests, i get an error",
        "rename it everywhere",
    ] {
        assert!(!says(sentence, Category::Preference), "{sentence}");
    }
}

#[test]
fn put_back_and_same_error() {
    assert!(says("put the old version back", Category::Rejection));
    assert!(says("same error as before", Category::Correction));
    assert!(!says("same thing for the other file", Category::Correction));
}

#[test]
fn tasks_are_told_from_answers() {
    let task = |s: &str| is_task(&s.split(", ").map(|p| p.split(' ').collect()).collect::<Vec<_>>());
    assert!(task("write a test where the parser gets the wrong encoding"));
    assert!(task("cool, also make the tests never hit the network"));
    assert!(task("now make it always print the summary, even on failure"));
    assert!(task("make sure the new endpoint returns 404"));
    assert!(!task("make a note"));
    assert!(!task("make it a habit to run fmt"));
    assert!(!task("run it again, it still fails"));
    assert!(!task("that breaks the cli, fix it"));
    assert!(!task("thanks"));
}
