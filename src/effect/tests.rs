use super::*;

fn d(day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, day).expect("date")
}

fn correction(day: u32, session: &str, text: &str) -> Correction {
    Correction {
        day: d(day),
        session: Some(session.into()),
        text: text.into(),
    }
}

fn rule(path: &str, title: &str, text: &str, written: u32, place: Place) -> Rule {
    Rule {
        path: path.into(),
        title: Some(title.into()),
        text: text.into(),
        written: Some(d(written)),
        place,
    }
}

#[test]
fn a_rule_whose_correction_stops_works_and_one_whose_correction_recurs_does_not() {
    let works = rule(
        "agents/learnings.md",
        "Dates in UTC",
        "Exported dates must stay in UTC.",
        10,
        Place::Entry,
    );
    let recurs = rule(
        "docs/rules/tabs.md",
        "Keep tabs",
        "Case files must keep their tabs.",
        5,
        Place::RuleFile,
    );
    let mut corrections: Vec<Correction> = (1..=5)
        .map(|i| correction(i, &format!("s{i}"), "No, exported dates must stay in UTC"))
        .collect();
    corrections.push(correction(
        20,
        "s20",
        "wrong again: exported dates must stay in UTC",
    ));
    corrections.push(correction(
        12,
        "s12",
        "you dropped the tabs: case files must keep their tabs",
    ));
    let mut ledger = Ledger {
        sessions: (1..=20).map(|i| format!("s{i}")).collect(),
        ..Ledger::default()
    };
    ledger
        .injected
        .insert("docs/rules/tabs.md".into(), BTreeSet::from(["s12".to_owned()]));
    let effect = weigh(vec![works, recurs], &ledger, &corrections, 20);
    let verdicts: Vec<(&str, Verdict)> = effect
        .rules
        .iter()
        .map(|e| (e.rule.path.as_str(), e.verdict))
        .collect();
    assert_eq!(
        verdicts,
        [
            ("docs/rules/tabs.md", Verdict::Recurs),
            ("agents/learnings.md", Verdict::Works)
        ]
    );
    let works = &effect.rules[1];
    assert_eq!((works.before.len(), works.after.len()), (5, 1));
    let (before, after) = works.rates.expect("rates");
    assert!(after < before, "{before} {after}");
}

#[test]
fn a_rule_file_no_recent_session_was_given_never_fired() {
    let silent = Rule {
        title: None,
        ..rule(
            "docs/rules/legacy.md",
            "",
            "Use the legacy build for releases.",
            1,
            Place::RuleFile,
        )
    };
    let ledger = Ledger {
        sessions: (1..=20).map(|i| format!("s{i}")).collect(),
        ..Ledger::default()
    };
    let effect = weigh(vec![silent], &ledger, &[], 20);
    assert_eq!(effect.rules[0].verdict, Verdict::NeverFired);
    assert_eq!(effect.rules[0].tokens, 9);
}

#[test]
fn covering_needs_most_of_the_correction() {
    let rule = meaning("Exported dates must stay in UTC; reports too.");
    assert!(covers(&rule, &meaning("no, exported dates must be UTC")));
    assert!(!covers(&rule, &meaning("the logo is too small")));
}
