use super::github::{annotations, escape_data, escape_property, summary};
use super::*;
use crate::policy::plan::Thresholds;
use chrono::NaiveDate;

fn entry(title: &str, line: usize, age: usize, added: Option<&str>) -> EntryAge {
    let added = added.map(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").expect("date"));
    EntryAge {
        title: title.into(),
        line,
        end_line: line + 2,
        added,
        commit: added.map(|_| "0123456789abcdef0123456789abcdef01234567".into()),
        age,
        at_least: false,
        group: None,
    }
}

fn report(entries: Vec<EntryAge>, staleness: usize) -> StaleReport {
    let plan = crate::policy::plan::plan(
        40,
        Some(staleness),
        Default::default(),
        &entries,
        &Thresholds::default(),
    );
    StaleReport {
        file: "agents/learnings.md".into(),
        shallow: false,
        entries,
        plan,
    }
}

fn render(f: fn(&StaleReport, &mut dyn std::io::Write) -> std::io::Result<()>, r: &StaleReport) -> String {
    let mut out = Vec::new();
    f(r, &mut out).expect("render");
    String::from_utf8(out).expect("UTF-8")
}

#[test]
fn github_escaping_follows_the_toolkit() {
    assert_eq!(
        escape_data("100% done\r\nnext: a, b"),
        "100%25 done%0D%0Anext: a, b"
    );
    assert_eq!(escape_property("100%: a, b\nc"), "100%25%3A a%2C b%0Ac");
}

#[test]
fn stale_is_at_or_past_freshness_and_never_uncommitted() {
    let r = report(
        vec![
            entry("Six", 7, 6, Some("2024-01-09")),
            entry("Seven", 10, 7, Some("2024-01-08")),
            entry("Old", 13, 20, Some("2024-01-01")),
            entry("New", 16, 0, None),
        ],
        3,
    );
    let titles: Vec<&str> = r.stale().iter().map(|e| e.title.as_str()).collect();
    assert_eq!(titles, ["Old", "Seven"]);
    assert!(!r.overdue());
}

#[test]
fn annotations_escape_titles_and_sit_on_heading_lines() {
    let r = report(
        vec![entry("Use 100%, always: really", 7, 9, Some("2024-01-01"))],
        3,
    );
    let out = render(annotations, &r);
    assert_eq!(
        out,
        "::warning file=agents/learnings.md,line=7,endLine=9,title=Stale learning%3A Use 100%25%2C always%3A really::\"Use 100%25, always: really\" is 9 active days old (stale at 7), added 2024-01-01 in 01234567: consolidate it into the permanent docs, or drop it.\n"
    );
}

#[test]
fn an_overdue_consolidation_is_one_annotation_on_the_first_line() {
    let entries = (0..4)
        .map(|i| entry(&format!("E{i}"), 7 + 3 * i, 10 + i, Some("2024-01-01")))
        .chain((0..3).map(|i| entry(&format!("N{i}"), 30 + 3 * i, 0, None)))
        .collect();
    let r = report(entries, 20);
    assert!(r.overdue());
    let out = render(annotations, &r);
    let first = out.lines().next().expect("a line");
    assert!(
        first.starts_with("::warning file=agents/learnings.md,line=1,title=Consolidation overdue::"),
        "{first}"
    );
    assert_eq!(out.lines().count(), 5);
    let md = render(summary, &r);
    assert!(md.contains("| **overdue** |"), "{md}");
    assert!(md.contains("**Consolidation overdue:** 20 active days"), "{md}");
}

#[test]
fn the_summary_lists_every_stale_entry_oldest_first_and_escapes_pipes() {
    let entries = (0..30)
        .map(|i| entry(&format!("Entry {i} | pipe"), 7 + 3 * i, 7 + i, Some("2024-01-01")))
        .collect();
    let md = render(summary, &report(entries, 3));
    let rows: Vec<&str> = md
        .lines()
        .filter(|l| l.starts_with("| 3") || l.starts_with("| 7"))
        .collect();
    assert_eq!(
        rows.first().copied(),
        Some("| 36 | Entry 29 \\| pipe | 94 | 2024-01-01 | `01234567` |")
    );
    assert_eq!(md.matches("\\| pipe |").count(), 30);
}

#[test]
fn the_text_table_aligns_columns() {
    let r = report(
        vec![
            entry("Old", 7, 120, Some("2024-01-01")),
            entry("Newer", 10, 8, Some("2024-03-01")),
        ],
        3,
    );
    let out = render(text::render, &r);
    assert_eq!(
        out,
        "agents/learnings.md: 40 lines, 2 entries, 2 stale (≥7 active days)\n\n  AGE  LINE  ADDED       COMMIT    ENTRY\n  120     7  2024-01-01  01234567  Old\n    8    10  2024-03-01  01234567  Newer\n\nConsolidation not due: no trigger: 40 lines < 150, 3 active days since the last consolidation < 14.\n"
    );
}
