use super::*;

/// A decisions doc of `sections` H2 sections of `each` lines, each with a code block holding a
/// line that looks like a heading.
fn doc(sections: usize, each: usize) -> String {
    let mut text = String::from("# Testing decisions\n\nHow we test.\n\n");
    for s in 0..sections {
        text.push_str(&format!(
            "## Topic {s} fixtures\n\n```markdown\n## not a heading {s}\n```\n"
        ));
        for l in 0..each - 5 {
            text.push_str(&format!("Line {l} of topic {s}.\n"));
        }
    }
    text
}

fn check_parts(text: &str, plan: &SplitPlan) {
    let lines: Vec<&str> = text.lines().collect();
    let mut expected_start = plan.preamble_end + 1;
    for part in &plan.parts {
        assert_eq!(part.start, expected_start, "parts are contiguous");
        assert!(
            lines[part.start - 1].starts_with("## Topic"),
            "starts on a real heading: {part:?}"
        );
        assert!((PART_MIN..=PART_MAX).contains(&part.lines()), "{part:?}");
        expected_start = part.end + 1;
    }
    assert_eq!(expected_start, plan.lines + 1, "every line is in a part");
    assert!(plan.notes.is_empty(), "{:?}", plan.notes);
}

#[test]
fn a_450_line_doc_splits_into_parts_of_100_to_300_lines() {
    let text = doc(6, 74);
    let plan = plan("agents/decisions/testing.md", &text, 400);
    assert_eq!(plan.lines, 448);
    assert_eq!(plan.parts.len(), 2);
    check_parts(&text, &plan);
    assert_eq!(
        plan.parts[0].file,
        "agents/decisions/testing-topic-0-to-topic-2.md"
    );
    assert_eq!(
        plan.parts[1].file,
        "agents/decisions/testing-topic-3-to-topic-5.md"
    );
}

#[test]
fn a_doc_under_its_limit_needs_no_split() {
    let plan = plan("a.md", &doc(2, 50), 400);
    assert!(plan.parts.is_empty());
}

#[test]
fn an_oversized_section_splits_on_its_subsections() {
    let mut text = String::from("# Big\n\n## Everything\n");
    for s in 0..5 {
        text.push_str(&format!("### Part {s}\n"));
        for l in 0..89 {
            text.push_str(&format!("line {l}\n"));
        }
    }
    let plan = plan("big.md", &text, 400);
    assert!(plan.parts.len() >= 2, "{plan:?}");
    for part in &plan.parts {
        assert!((PART_MIN..=PART_MAX).contains(&part.lines()), "{part:?}");
    }
}

#[test]
fn an_unsplittable_doc_is_reported_not_cut() {
    let mut text = String::from("# Big\n\n## One huge section\n```\n");
    text.push_str(&"code\n".repeat(450));
    text.push_str("```\n");
    let plan = plan("big.md", &text, 400);
    assert!(plan.parts.is_empty());
    let why = plan.cannot_split.expect("cannot split");
    assert!(
        why.contains("\"One huge section\" (lines 3-455) has 453 lines"),
        "{why}"
    );
}

#[test]
fn a_doc_without_h2_splits_on_h3() {
    let mut text = String::from("# Big\n\n");
    for s in 0..3 {
        text.push_str(&format!("### Topic {s}\n"));
        text.push_str(&"line\n".repeat(149));
    }
    let plan = plan("big.md", &text, 400);
    assert_eq!(plan.cannot_split, None);
    assert_eq!(plan.parts.len(), 2, "{plan:?}");
}

#[test]
fn a_doc_without_headings_cannot_be_split() {
    let plan = plan("big.md", &"line\n".repeat(401), 400);
    assert!(plan.parts.is_empty());
    assert!(
        plan.cannot_split
            .expect("why")
            .contains("no level-2 or level-3 headings")
    );
}

#[test]
fn a_preamble_at_the_limit_cannot_be_split() {
    let text = format!("# Big\n{}## Small\nx\n", "line\n".repeat(400));
    let plan = plan("big.md", &text, 400);
    assert!(
        plan.cannot_split
            .expect("why")
            .contains("(lines 1-401) has 401 lines")
    );
}

#[test]
fn a_limit_under_300_lines_shrinks_the_parts() {
    let text = doc(4, 130);
    let plan = plan("docs/guide.md", &text, 250);
    assert!(plan.parts.len() >= 3, "{plan:?}");
    for part in &plan.parts {
        assert!(part.lines() < 250, "{part:?}");
    }
}

#[test]
fn front_matter_is_not_a_section() {
    // Issue 31, found on a real repository: `docid: …` over the front matter's closing `---`
    // read as a heading, and named a part `…-docid-kb-138title-to-session-11.md`.
    let text = format!("---\ndocid: KB-138\ntitle: Lessons\n---\n{}", doc(6, 74));
    let plan = plan("agents/decisions/testing.md", &text, 400);
    assert_eq!(plan.parts.len(), 2, "{plan:?}");
    assert!(plan.parts.iter().all(|p| !p.file.contains("docid")), "{plan:?}");
    assert!(
        plan.parts
            .iter()
            .all(|p| !p.sections.iter().any(|s| s.contains("docid")))
    );
}
