use super::*;

fn event(at: &str, kind: Kind, text: &str) -> Event {
    Event::new(at, kind, 0.9, text)
}

fn log() -> Vec<Event> {
    let mut events = vec![
        event(
            "2026-03-01T10:00:00Z",
            Kind::Correction,
            "No, use the venv python for the tests",
        ),
        event(
            "2026-03-02T10:00:00Z",
            Kind::Correction,
            "wrong, I said use the venv python for tests",
        ),
        event("2026-03-03T10:00:00Z", Kind::Praise, "perfect"),
        event(
            "2026-03-04T10:00:00Z",
            Kind::Correction,
            "again: use the venv python for the tests!",
        ),
        event(
            "2026-03-05T10:00:00Z",
            Kind::Correction,
            "the button colour is wrong",
        ),
        event(
            "2026-03-05T11:00:00Z",
            Kind::Preference,
            "Thanks. Always run cargo fmt before committing.",
        ),
        event(
            "2026-03-06T11:00:00Z",
            Kind::Preference,
            "always run cargo fmt before committing",
        ),
        event("2026-01-01T11:00:00Z", Kind::Preference, "Never push to main."),
    ];
    for (n, text) in ["too long", "be concise", "shorter please"].iter().enumerate() {
        events.push(event(
            &format!("2026-03-0{}T12:00:00Z", n + 1),
            Kind::Correction,
            text,
        ));
    }
    events
}

#[test]
fn patterns_need_three_occurrences() {
    let analysis = analyze(&log(), None);
    assert_eq!(analysis.patterns.len(), 1, "{:#?}", analysis.patterns);
    let pattern = &analysis.patterns[0];
    assert_eq!((pattern.kind, pattern.count), (Kind::Correction, 3));
    assert!(pattern.summary.contains("venv"));
    assert_eq!(pattern.first, "2026-03-01T10:00:00Z");
}

#[test]
fn rules_are_extracted_counted_and_decay() {
    let analysis = analyze(&log(), None);
    assert_eq!(analysis.now.as_deref(), Some("2026-03-06T11:00:00Z"));
    let texts: Vec<(&str, usize, bool)> = analysis
        .rules
        .iter()
        .map(|r| (r.text.as_str(), r.count, r.active))
        .collect();
    assert_eq!(
        texts,
        vec![
            ("Always run cargo fmt before committing", 2, true),
            ("Never push to main", 1, false)
        ]
    );
}

#[test]
fn preferences_and_their_decay() {
    assert_eq!(analyze(&log(), None).verbosity.value, "concise");
    let later = analyze(&log(), Some("2026-05-01T00:00:00Z"));
    assert_eq!(later.verbosity.value, "unknown");
    assert!(later.rules.iter().all(|r| !r.active));
}

#[test]
fn the_same_log_in_any_order_gives_the_same_result() {
    let mut reversed = log();
    reversed.reverse();
    assert_eq!(analyze(&log(), None), analyze(&reversed, None));
}

#[test]
fn agent_figures() {
    let mut events = Vec::new();
    for (at, kind, text) in [
        (
            "2026-03-01T00:00:00Z",
            Kind::Correction,
            "you forgot the migration file again",
        ),
        ("2026-03-02T00:00:00Z", Kind::Praise, "great"),
        (
            "2026-03-03T00:00:00Z",
            Kind::Correction,
            "you forgot the migration file",
        ),
        (
            "2026-03-04T00:00:00Z",
            Kind::Cancellation,
            "[Request interrupted by user]",
        ),
        ("2026-03-04T00:00:01Z", Kind::Completion, "Done."),
    ] {
        let mut e = event(at, kind, text);
        e.agent = Some("db-expert".into());
        events.push(e);
    }
    let figures = &analyze(&events, None).agents[0];
    assert_eq!(
        (
            figures.invocations,
            figures.successes,
            figures.revisions,
            figures.cancellations
        ),
        (4, 1, 2, 1)
    );
    assert_eq!(figures.success_rate, 0.25);
    assert_eq!(figures.themes.len(), 1);
}

#[test]
fn an_empty_log() {
    let analysis = analyze(&[], None);
    assert!(analysis.patterns.is_empty() && analysis.rules.is_empty() && analysis.now.is_none());
}

#[test]
fn rules_keep_file_names_and_wrapped_lines() {
    assert_eq!(
        rule_text("never edit package.json by hand, use npm pkg set"),
        "Never edit package.json by hand, use npm pkg set"
    );
    assert_eq!(
        rule_text("I told you to never commit the .env file"),
        "Never commit the .env file"
    );
    assert_eq!(rule_text("always do\nthis thing"), "Always do this thing");
    assert_eq!(
        rule_text("Thanks. Always run the tests with --release before you say done. Really."),
        "Always run the tests with --release before you say done"
    );
    assert_eq!(
        rule_text("- never push to main\n- always rebase"),
        "Never push to main"
    );
}
