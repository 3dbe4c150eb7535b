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
fn an_entry_whose_lines_reached_a_doc_is_moved() {
    let entry = removed(
        "Run tests",
        "- Run `cargo test` before every commit.\n- Even for docs changes.\n",
    );
    let docs = [doc(
        "docs/testing.md",
        "Run cargo test before every commit, even for docs changes.\n",
    )];
    assert_eq!(
        audit(&[entry], &docs, &[]),
        [Verdict::Moved {
            docs: vec!["docs/testing.md".into()]
        }]
    );
}

#[test]
fn a_silently_dropped_entry_is_unaccounted() {
    let entry = removed("Fonts", "- Always embed fonts in exported slides.\n");
    let verdicts = audit(
        &[entry],
        &[doc("docs/testing.md", "Unrelated text about tests.\n")],
        &[],
    );
    assert!(matches!(&verdicts[0], Verdict::Unaccounted { missing } if missing.len() == 1));
}

#[test]
fn an_entry_moved_only_in_half_is_unaccounted() {
    let entry = removed(
        "Hooks",
        "- A hook that exits non-zero breaks the user's turn.\n- Always print valid JSON and exit 0 on any input.\n",
    );
    let docs = [doc(
        "docs/hooks.md",
        "A hook that exits non-zero breaks the user's turn.\n",
    )];
    match &audit(&[entry], &docs, &[])[0] {
        Verdict::Unaccounted { missing } => {
            assert_eq!(missing, &["- Always print valid JSON and exit 0 on any input."]);
        }
        other => panic!("{other:?}"),
    }
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
        audit(&[entry], &[], &dropped)[0],
        Verdict::Dropped { .. }
    ));
}
