use super::*;

fn discovery(summary: &str, details: &str, at: &str) -> Discovery {
    Discovery {
        v: 1,
        id: id_for(summary),
        at: at.into(),
        category: Category::Gotcha,
        summary: summary.into(),
        details: details.into(),
        confidence: 0.8,
        scope: "project".into(),
        files: vec!["src/a.rs".into()],
        expires: None,
        uses: 0,
        last: String::new(),
        merged: 0,
    }
}

#[test]
fn validation_names_the_field() {
    let ok = discovery(
        "cargo test needs --locked",
        "CI fails without --locked because the lockfile drifts",
        "2026-01-01T00:00:00Z",
    );
    assert!(ok.validate().is_ok());
    let short = discovery("short", "details long enough to pass the check", "x");
    assert!(short.validate().expect_err("summary").contains("summary"));
    let mut low = ok.clone();
    low.confidence = 0.3;
    assert!(low.validate().expect_err("confidence").contains("confidence"));
    let mut bad = ok.clone();
    bad.expires = Some("soon".into());
    assert!(bad.validate().expect_err("expiry").contains("soon"));
    let mut scope = ok;
    scope.scope = "team".into();
    assert!(scope.validate().is_err());
}

#[test]
fn near_duplicates_merge() {
    let mut all = Vec::new();
    let first = discovery(
        "gix blame needs first-parent",
        "blame without first-parent attributes merged lines to side branches",
        "2026-01-01T00:00:00Z",
    );
    assert!(matches!(record(&mut all, first), Recorded::Added(_)));
    let again = discovery(
        "gix blame needs first-parent!",
        "blame without first-parent attributes merged lines to side branches.",
        "2026-01-02T00:00:00Z",
    );
    assert!(matches!(
        record(&mut all, again),
        Recorded::Merged {
            kept_category: None,
            kept_details: true,
            ..
        }
    ));
    let other = discovery(
        "sqlite locks on NFS",
        "sqlite databases on NFS mounts corrupt under concurrent writers",
        "2026-01-03T00:00:00Z",
    );
    assert!(matches!(record(&mut all, other), Recorded::Added(_)));
    assert_eq!(all.len(), 2);
    assert_eq!((all[0].merged, all[0].last.as_str()), (1, "2026-01-02T00:00:00Z"));
}

#[test]
fn ranking_uses_recency_uses_and_confidence() {
    let mut all = vec![
        discovery(
            "old but used a lot",
            "details of the first discovery here",
            "2026-01-01T00:00:00Z",
        ),
        discovery(
            "fresh and never used",
            "details of the second discovery here",
            "2026-03-01T00:00:00Z",
        ),
    ];
    all[0].last = all[0].at.clone();
    all[1].last = all[1].at.clone();
    let id = all[0].id.clone();
    let used = mark_useful(&mut all, &id[..6], "2026-01-01T00:00:00Z").map(|d| d.id.clone());
    assert_eq!(used.as_deref(), Some(id.as_str()), "the full id, not the prefix");
    assert!(mark_useful(&mut all, &id, "2026-01-01T00:00:00Z").is_some());
    assert!(mark_useful(&mut all, "zzzz", "2026-01-01T00:00:00Z").is_none());
    let now = "2026-03-02T00:00:00Z";
    // 3 × (1 - 60/90) × 0.8 = 0.8 against 1 × (1 - 1/90) × 0.8 ≈ 0.79.
    let order = ranked(&all, now);
    assert_eq!(order[0].0.summary, "old but used a lot");
    assert_eq!(order.len(), 2);
    assert!(ranked(&all, "2026-06-01T00:00:00Z").is_empty());
    let mut expired = all[1].clone();
    expired.expires = Some("2026-02-01".into());
    assert_eq!(score(&expired, now), 0.0);
}

#[test]
fn a_merge_says_what_it_kept() {
    let mut all = Vec::new();
    let first = discovery(
        "gix blame needs first-parent",
        "blame without first-parent attributes merged lines to side branches",
        "2026-01-01T00:00:00Z",
    );
    record(&mut all, first.clone());
    let mut same = first.clone();
    same.at = "2026-01-02T00:00:00Z".into();
    assert!(matches!(
        record(&mut all, same),
        Recorded::Merged {
            kept_category: None,
            kept_details: false,
            ..
        }
    ));
    let mut other = first;
    other.category = Category::Workaround;
    assert!(matches!(
        record(&mut all, other),
        Recorded::Merged {
            kept_category: Some(Category::Gotcha),
            kept_details: false,
            ..
        }
    ));
    assert_eq!(all[0].category, Category::Gotcha);
}
