use super::*;

fn titles(source: &str) -> Vec<(String, usize)> {
    parse(source)
        .entries
        .into_iter()
        .map(|e| (e.title, e.line))
        .collect()
}

#[test]
fn entries_after_a_thematic_break_preamble() {
    let source = "# Learnings\n\nIntro.\n\n---\n\n## First\nbody\n\n## Second\nmore\n";
    let file = parse(source);
    assert_eq!(titles(source), [("First".into(), 7), ("Second".into(), 10)]);
    assert_eq!(&source[file.preamble.clone()], "# Learnings\n\nIntro.\n\n");
    assert_eq!(file.entries[0].text(source), "## First\nbody\n\n");
    assert_eq!(file.entries[0].end_line, 8);
    assert_eq!(file.lines, 11);
}

#[test]
fn a_preamble_without_a_break_ends_before_the_first_entry() {
    // The old tool skipped a fixed 10 lines and lost an entry on line 3.
    let source = "# Learnings\n\n## Real first entry\nbody\n";
    let file = parse(source);
    assert_eq!(titles(source), [("Real first entry".into(), 3)]);
    assert_eq!(&source[file.preamble.clone()], "# Learnings\n\n");
}

#[test]
fn headings_in_code_html_and_quotes_are_not_entries() {
    let source =
        "# L\n\n## Real\n```md\n## fenced\n```\n\n    ## indented\n\n<div>\n## html\n</div>\n\n> ## quoted\n";
    assert_eq!(titles(source), [("Real".into(), 3)]);
    let file = parse(source);
    assert_eq!(file.entries[0].range.end, source.len());
}

#[test]
fn h1_ends_an_entry_and_h3_under_an_entry_does_not() {
    let source = "## A\nWhat A says,\nin two lines.\n### detail\ntext\n# Archive\nold\n## B\n";
    let file = parse(source);
    assert_eq!(
        file.entries[0].text(source),
        "## A\nWhat A says,\nin two lines.\n### detail\ntext\n"
    );
    assert_eq!(file.entries[1].title, "B");
}

#[test]
fn crlf_missing_final_newline_and_setext() {
    let source = "# L\r\n\r\n## One\r\nbody\r\n\r\nTwo\r\n---\r\nlast";
    let file = parse(source);
    assert_eq!(titles(source), [("One".into(), 3), ("Two".into(), 6)]);
    assert_eq!(file.entries[0].text(source), "## One\r\nbody\r\n\r\n");
    assert_eq!(file.lines, 8);
}

#[test]
fn titles_keep_inline_source_and_closing_hashes_go() {
    let source = "## Use `git blame` *first* ##\n";
    assert_eq!(titles(source)[0].0, "Use `git blame` *first*");
    assert_eq!(title_key("  Use  GIT\tblame "), "use git blame");
}

#[test]
fn no_entries_is_a_valid_file() {
    let file = parse("# Learnings\n\nAll consolidated.\n");
    assert!(file.entries.is_empty());
    assert_eq!(file.lines, 3);
    assert!(parse("").entries.is_empty());
}

#[test]
fn decoding_strips_a_bom_and_rejects_latin1() {
    let doc = decode(b"\xEF\xBB\xBF## A\n").expect("utf-8");
    assert!(doc.had_bom);
    assert_eq!(doc.text, "## A\n");
    assert_eq!(decode(b"## caf\xE9\n"), Err(6));
}

#[test]
fn line_counts_match_readlines() {
    assert_eq!(count_lines(b""), 0);
    assert_eq!(count_lines(b"a"), 1);
    assert_eq!(count_lines(b"a\n"), 1);
    assert_eq!(count_lines(b"a\nb"), 2);
    assert_eq!(LineIndex::new("a\nb").line_count(), 2);
}

#[test]
fn front_matter_is_not_an_entry() {
    let source = "---\ndescription: team learnings\n---\n\n# L\n\n## Real\nbody\n";
    assert_eq!(titles(source), [("Real".into(), 7)]);
}

#[test]
fn a_rule_before_each_entry_is_no_metadata_block() {
    // pulldown-cmark takes any `---` line followed by text, up to the next `---`, for YAML.
    let file = parse("# L\n\n---\n## One\n\nBody one.\n\n---\n## Two\n\nBody two.\n\n---\n");
    let titles: Vec<&str> = file.entries.iter().map(|e| e.title.as_str()).collect();
    assert_eq!(titles, ["One", "Two"]);
}

#[test]
fn front_matter_is_no_entry_and_rules_after_it_stay_rules() {
    let file = parse("---\ntitle: L\n---\n# L\n\n---\n## One\n\nBody.\n\n---\n## Two\n\nMore.\n");
    let titles: Vec<&str> = file.entries.iter().map(|e| e.title.as_str()).collect();
    assert_eq!(titles, ["One", "Two"]);
    assert_eq!(file.entries[0].line, 7);
}
