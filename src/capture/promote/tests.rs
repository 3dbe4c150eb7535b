use super::*;
use crate::capture::analyze::analyze;
use crate::capture::event::{Event, Kind};

fn analysis() -> Analysis {
    let mut events = vec![Event::new(
        "2026-03-01T00:00:00Z",
        Kind::Preference,
        1.0,
        "Always run cargo fmt before committing.",
    )];
    for day in 2..5 {
        events.push(Event::new(
            &format!("2026-03-0{day}T00:00:00Z"),
            Kind::Correction,
            0.9,
            "no, run the tests with the venv python",
        ));
    }
    analyze(&events, None)
}

const FILE: &str =
    "# Learnings\n\nPreamble.\n\n---\n\n## Quote commands exactly\n- Correct pattern: copy them.\n";

#[test]
fn entries_are_appended_with_evidence() {
    let promotion = plan(&analysis(), &[], 2, FILE, &[], &Default::default());
    let titles: Vec<&str> = promotion.added.iter().map(|c| c.title.as_str()).collect();
    assert_eq!(
        titles,
        vec![
            "Run the tests with the venv python",
            "Always run cargo fmt before committing"
        ]
    );
    assert!(promotion.new_text.starts_with(FILE));
    assert!(promotion.new_text.contains("\n\n## Run the tests with the venv python\n- Correct pattern: Run the tests with the venv python.\n- Evidence: 3 user corrections (2026-03-02 to 2026-03-04), e.g. \""));
    assert!(promotion.new_text.ends_with(".\n") && !promotion.new_text.ends_with("\n\n"));
    let parsed = crate::model::parse(&promotion.new_text);
    assert_eq!(parsed.entries.len(), 3);
}

#[test]
fn what_is_written_down_is_skipped() {
    let once = plan(&analysis(), &[], 2, FILE, &[], &Default::default());
    let twice = plan(&analysis(), &[], 2, &once.new_text, &[], &Default::default());
    assert!(twice.added.is_empty());
    assert_eq!(twice.skipped.len(), 2);
    assert_eq!(twice.new_text, once.new_text);
    let docs = vec![(
        "CLAUDE.md".to_owned(),
        "Always run cargo fmt before committing anything.".to_owned(),
    )];
    let with_doc = plan(&analysis(), &[], 2, FILE, &docs, &Default::default());
    assert_eq!(with_doc.added.len(), 1);
    assert_eq!(with_doc.skipped[0].1, "already in CLAUDE.md");
}

#[test]
fn titles_are_orders() {
    for (said, title_) in [
        ("Exported dates must stay in UTC.", "Keep exported dates in UTC"),
        ("report dates must always be UTC", "Make report dates UTC"),
        ("the timeout should be 30 s", "Make the timeout 30 s"),
        (
            "No, the report dates must be in UTC.",
            "Keep the report dates in UTC",
        ),
        (
            "the build must be under 5 minutes",
            "Keep the build under 5 minutes",
        ),
        (
            "you should run the linter before committing",
            "Run the linter before committing",
        ),
        ("we must never push to main", "We must never push to main"),
        (
            "Use the venv python for the tests",
            "Use the venv python for the tests",
        ),
        (
            "when the build fails, the report must be kept",
            "When the build fails, the report must be kept",
        ),
    ] {
        assert_eq!(title(said), title_, "{said}");
    }
}

#[test]
fn titles_drop_openers() {
    assert_eq!(title("No, I said use the venv"), "Use the venv");
    assert_eq!(title("no"), "No");
    assert_eq!(title("?!"), "Learned from feedback");
    assert_eq!(
        title("use `cargo nextest`, not cargo test"),
        "Use `cargo nextest`, not cargo test"
    );
}

#[test]
fn titles_keep_case_and_flags() {
    assert_eq!(
        title("Report dates must stay in UTC, not local time."),
        "Keep report dates in UTC, not local time"
    );
    assert_eq!(
        title("Always run the tests with --release before you say done. Really."),
        "Always run the tests with --release before you say done"
    );
}

#[test]
fn expired_discoveries_are_not_promoted() {
    let discovery = |summary: &str, expires: Option<&str>| Discovery {
        v: 1,
        id: crate::capture::discover::id_for(summary),
        at: "2026-02-01T00:00:00Z".into(),
        category: crate::capture::discover::Category::Workaround,
        summary: summary.into(),
        details: "serde 1.0.101 breaks our derive; remove the pin after the fix".into(),
        confidence: 0.9,
        scope: "project".into(),
        files: Vec::new(),
        expires: expires.map(str::to_owned),
        uses: 3,
        last: "2026-02-10T00:00:00Z".into(),
        merged: 0,
    };
    let found = [
        discovery("Pin serde to 1.0.100 until the fix lands", Some("2026-02-15")),
        discovery("Build docs with the nightly toolchain only", None),
    ];
    // The analysis' newest event is 2026-03-04: the pin expired before it.
    let promotion = plan(&analysis(), &found, 2, FILE, &[], &Default::default());
    let titles: Vec<&str> = promotion.added.iter().map(|c| c.title.as_str()).collect();
    assert!(
        titles.contains(&"Build docs with the nightly toolchain only"),
        "{titles:?}"
    );
    assert!(!titles.iter().any(|t| t.starts_with("Pin serde")), "{titles:?}");
}

#[test]
fn entries_are_appended_at_the_files_own_level() {
    let grouped = "# L\n\n## Testing\n\n### Run the suite\n- Run `cargo test` before each push.\n\n### Pin the clock\n- Tests set TZ=UTC.\n";
    let promotion = plan(&analysis(), &[], 2, grouped, &[], &Default::default());
    assert!(!promotion.added.is_empty());
    let file = crate::model::parse(&promotion.new_text);
    assert!(
        file.entries.iter().all(|e| e.level == 3),
        "{}",
        promotion.new_text
    );
    assert_eq!(
        file.entries.len(),
        2 + promotion.added.len(),
        "{}",
        promotion.new_text
    );
}
