use super::*;
use chrono::NaiveDate;

fn entry(line: usize, age: usize, added_day: Option<u32>) -> EntryAge {
    EntryAge {
        title: format!("Entry {line}"),
        line,
        end_line: line + 2,
        added: added_day.map(|d| NaiveDate::from_ymd_opt(2024, 1, d).expect("date")),
        commit: added_day.map(|_| "c".repeat(40)),
        age,
        at_least: false,
        group: None,
    }
}

/// `n` eligible entries, oldest first in the file, all aged 10, plus three young ones.
fn entries(n: usize) -> Vec<EntryAge> {
    let mut all: Vec<EntryAge> = (0..n)
        .map(|i| entry(10 + i * 4, 10, Some(1 + i as u32)))
        .collect();
    all.extend((0..3).map(|i| entry(100 + i * 4, 1, Some(25 + i as u32))));
    all
}

fn t() -> Thresholds {
    Thresholds::default()
}

#[test]
fn size_trigger_at_its_boundary() {
    assert!(
        !plan(149, Some(0), Since::default(), &entries(3), &t())
            .triggers
            .size
    );
    let at = plan(150, Some(0), Since::default(), &entries(3), &t());
    assert!(at.triggers.size);
    assert_eq!(at.decision, Decision::Consolidate);
    assert!(
        plan(151, Some(0), Since::default(), &entries(3), &t())
            .triggers
            .size
    );
}

#[test]
fn staleness_trigger_at_its_boundary() {
    let below = plan(10, Some(13), Since::default(), &entries(3), &t());
    assert!(!below.triggers.staleness);
    assert_eq!(below.decision, Decision::Skip);
    assert!(below.reason.starts_with("no trigger"), "{}", below.reason);
    assert!(below.batch().is_empty());
    let at = plan(10, Some(14), Since::default(), &entries(3), &t());
    assert!(at.triggers.staleness);
    assert_eq!(at.decision, Decision::Consolidate);
    assert!(
        !plan(10, None, Since::default(), &entries(3), &t())
            .triggers
            .staleness
    );
}

#[test]
fn freshness_at_its_boundary_and_uncommitted_never() {
    let list = vec![
        entry(1, 6, Some(1)),
        entry(5, 7, Some(1)),
        entry(9, 0, None),
        entry(13, 0, Some(9)),
        entry(17, 0, Some(9)),
        entry(21, 0, Some(9)),
    ];
    let p = plan(
        200,
        Some(20),
        Since::default(),
        &list,
        &Thresholds { min_batch: 1, ..t() },
    );
    let lines: Vec<usize> = p.batch().iter().map(|e| e.line).collect();
    assert_eq!(lines, [5]);
}

#[test]
fn minimum_batch_at_its_boundary() {
    let two = plan(200, Some(0), Since::default(), &entries(2), &t());
    assert_eq!(two.decision, Decision::Skip);
    assert!(two.reason.starts_with("batch too small"), "{}", two.reason);
    assert_eq!(two.eligible.len(), 2);
    assert_eq!(
        plan(200, Some(0), Since::default(), &entries(3), &t())
            .batch()
            .len(),
        3
    );
    assert_eq!(
        plan(200, Some(0), Since::default(), &entries(4), &t())
            .batch()
            .len(),
        4
    );
}

#[test]
fn the_most_recent_entries_stay_even_when_eligible() {
    // Five entries, all old: the three most recently added stay in staging.
    let list: Vec<EntryAge> = (0..5)
        .map(|i| entry(1 + i * 4, 20 - i, Some(1 + i as u32)))
        .collect();
    let p = plan(
        200,
        Some(0),
        Since::default(),
        &list,
        &Thresholds { min_batch: 1, ..t() },
    );
    let lines: Vec<usize> = p.batch().iter().map(|e| e.line).collect();
    assert_eq!(lines, [1, 5]);
    assert_eq!(p.retained.len(), 3);
}
