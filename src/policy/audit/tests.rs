use super::*;

fn removed(title: &str, body: &str) -> Removed {
    Removed {
        title: title.into(),
        text: format!("## {title}\n{body}"),
        body: body.into(),
    }
}

fn doc(path: &str, added: &str) -> ChangedDoc {
    ChangedDoc {
        path: path.into(),
        added: added.into(),
    }
}

#[test]
fn a_reworded_entry_whose_content_reached_a_doc_is_moved() {
    let entry = removed(
        "Run tests",
        "- Run `cargo test` before every commit.\n- Even for docs changes.\n",
    );
    let docs = [doc(
        "docs/testing.md",
        "Every commit, docs-only changes included, is preceded by a `cargo test` run.\n",
    )];
    let verdict = &audit(&[entry], &docs, &[])[0];
    assert_eq!(verdict.status, Status::Moved);
    assert_eq!(verdict.landed[0].path, "docs/testing.md");
    assert!(verdict.score >= 0.75, "{verdict:?}");
}

#[test]
fn a_silently_dropped_entry_is_unaccounted_with_its_missing_terms() {
    let entry = removed("Fonts", "- Always embed fonts in exported slides.\n");
    let verdicts = audit(
        &[entry],
        &[doc("docs/testing.md", "Unrelated text about tests.\n")],
        &[],
    );
    assert_eq!(verdicts[0].status, Status::Unaccounted);
    assert!(verdicts[0].landed.is_empty());
    assert_eq!(
        verdicts[0].missing,
        ["fonts", "always", "embed", "exported", "slides"]
    );
}

#[test]
fn an_entry_that_lost_its_command_is_unaccounted() {
    let entry = removed(
        "Hooks",
        "- A hook that exits non-zero breaks the user's turn.\n- Check it with `learnings hook --dry-run`.\n",
    );
    let docs = [doc(
        "docs/hooks.md",
        "Hooks must never exit non-zero: that breaks the user's turn.\n",
    )];
    let verdict = &audit(&[entry], &docs, &[])[0];
    assert_eq!(verdict.status, Status::Unaccounted);
    assert_eq!(verdict.missing[0], "learnings hook --dry-run");
}

#[test]
fn a_near_twin_does_not_ride_on_its_siblings_move() {
    let x = removed(
        "Cache the X index",
        "Cache the X index between runs with `tool --x`.\n",
    );
    let y = removed(
        "Cache the Y index",
        "Cache the Y index between runs with `tool --y`.\n",
    );
    let docs = [doc(
        "docs/cache.md",
        "Between runs, keep the X index cached (`tool --x`).\n",
    )];
    let verdicts = audit(&[x, y], &docs, &[]);
    assert_eq!(verdicts[0].status, Status::Moved);
    assert_eq!(verdicts[1].status, Status::Unaccounted);
    assert_eq!(verdicts[1].missing, ["tool --y"]);
}

#[test]
fn the_report_can_drop_an_entry_with_a_reason() {
    let report = "# Consolidation Report\n\n## Summary\n- **Fonts**: not a drop\n\n## Redundancy decisions\n- **Fonts**: already in docs/slides.md\n- **No reason**\n\n## Supersession decisions\n- **Old rule** — superseded by \"New rule\"\n";
    let dropped = dropped_in_report(report);
    assert_eq!(
        dropped,
        [
            ("Fonts".to_owned(), "already in docs/slides.md".to_owned()),
            ("Old rule".to_owned(), "superseded by \"New rule\"".to_owned())
        ]
    );
    let entry = removed("fonts", "- Always embed fonts.\n");
    assert!(matches!(
        audit(&[entry], &[], &dropped)[0].status,
        Status::Dropped { .. }
    ));
}
