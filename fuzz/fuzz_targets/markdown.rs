//! The learnings file's markdown: decoding, the entry model with its spans, and the audit's
//! reading of docs and consolidation reports.
#![no_main]

use learnings::model;
use learnings::policy::audit;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = model::count_lines(data);
    let _ = model::lossy(data);
    let Ok(doc) = model::decode(data) else {
        return;
    };
    let source = doc.text.as_str();
    let file = model::parse(source);
    assert!(file.preamble.start <= file.preamble.end && file.preamble.end <= source.len());
    let mut previous_end = file.preamble.end;
    for entry in &file.entries {
        assert!(entry.range.start <= entry.range.end && entry.range.end <= source.len());
        assert!(entry.range.start <= entry.body.start && entry.body.end <= entry.range.end);
        assert!(entry.range.start >= previous_end, "entries overlap");
        previous_end = entry.range.end;
        assert!(entry.line >= 1 && entry.line <= entry.end_line.max(entry.line));
        assert!(entry.line <= file.lines.max(1));
        let _ = entry.text(source);
        let _ = entry.body_text(source);
        let _ = entry.title_key();
    }
    let index = model::LineIndex::new(source);
    let _ = index.line_count();
    let _ = index.line_of(source.len());
    let _ = audit::terms::terms(source);
    let _ = audit::dropped_in_report(source);
    // The audit's diff of a doc before and after: the two halves of the input.
    let mid = source.char_indices().nth(source.chars().count() / 2).map_or(0, |(i, _)| i);
    let (old, new) = source.split_at(mid);
    let _ = audit::added_lines(old, new);
    let _ = model::bodies_match(old, new);
    // The audit itself: the entries of the first half removed, the second half added to a doc.
    let old_file = model::parse(old);
    let removed: Vec<audit::Removed> = old_file
        .entries
        .iter()
        .map(|e| audit::Removed {
            title: e.title.clone(),
            text: e.text(old).to_owned(),
            body: e.body_text(old).to_owned(),
        })
        .collect();
    let docs = [audit::ChangedDoc {
        path: "agents/decisions/doc.md".into(),
        added: audit::added_lines("", new),
    }];
    let dropped = audit::dropped_in_report(new);
    let verdicts = audit::audit(&removed, &docs, &dropped);
    assert_eq!(verdicts.len(), removed.len());
});
