use super::*;

/// Issue 27's file: three block rules and a domain; rule 2 (lines 5–7) is broken by `broken`.
fn three_rules(broken: &str) -> String {
    format!(
        "[[enforce.block]]\npattern = 'git push --force'\nreason = \"no\"\n\n[[enforce.block]]\n{broken}\nreason = \"two\"\n\n[[enforce.block]]\npattern = 'rm -rf /'\nreason = \"never\"\n\n[[inject.domains]]\nname = \"render\"\nfiles = [\"render.md\"]\n"
    )
}

/// The text as it is read, and what was lost; checks that the rest reads without an error.
fn cut(text: &str) -> (String, Vec<Lost>) {
    let (masked, lost) = resync(text);
    assert_eq!(masked.len(), text.len(), "spans stay true");
    assert_eq!(masked.lines().count(), text.lines().count());
    let errors = DeTable::parse_recoverable(&masked).1;
    assert!(errors.is_empty(), "the rest reads: {errors:?}\n{masked}");
    (masked, lost)
}

fn tree(masked: &str) -> DeTable<'_> {
    DeTable::parse_recoverable(masked).0.into_inner()
}

/// The patterns of the block rules read, in order (empty for a rule left without one).
fn patterns(root: &DeTable<'_>) -> Vec<String> {
    let enforce = root.get("enforce").and_then(|e| e.get_ref().as_table());
    let blocks = enforce
        .and_then(|e| e.get("block"))
        .and_then(|b| b.get_ref().as_array());
    blocks
        .map(|rules| {
            rules
                .iter()
                .map(|r| {
                    r.get_ref()
                        .as_table()
                        .and_then(|t| t.get("pattern"))
                        .and_then(|p| p.get_ref().as_str())
                        .unwrap_or("")
                        .to_owned()
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn an_unclosed_array_costs_only_its_rule() {
    let (masked, lost) = cut(&three_rules("pattern = [\"git reset --hard\","));
    let root = tree(&masked);
    assert_eq!(patterns(&root), ["git push --force", "", "rm -rf /"]);
    assert!(root.get("inject").is_some(), "the domain after it is read");
    assert_eq!(lost.len(), 1, "{lost:?}");
    let lost = &lost[0];
    assert_eq!((lost.header_line, lost.line, lost.ordinal), (5, 6, 2));
    assert_eq!(lost.table.as_deref(), Some("enforce.block"));
    assert!(lost.array && lost.header.is_some() && lost.kept);
    assert_eq!(lost.why, "unclosed array: `]` is missing");
    assert_eq!(lost.left_out, [6]);
    assert_eq!(lost.label(), "the 2nd [[enforce.block]]");
}

#[test]
fn an_unclosed_multi_line_string_costs_only_its_rule() {
    let (masked, lost) = cut(&three_rules("pattern = \"\"\"git reset --hard"));
    let root = tree(&masked);
    assert_eq!(patterns(&root), ["git push --force", "", "rm -rf /"]);
    assert!(root.get("inject").is_some());
    assert_eq!(lost[0].line, 6);
    assert_eq!(lost[0].why, "unclosed `\"\"\"` string");
}

#[test]
fn a_rule_whose_pattern_line_is_whole_keeps_it() {
    let text = "[[enforce.block]]\npattern = 'git reset --hard'\nreason = '''never\n[[enforce.block]]\npattern = 'rm -rf /'\n";
    let (masked, lost) = cut(text);
    let root = tree(&masked);
    assert_eq!(patterns(&root), ["git reset --hard", "rm -rf /"]);
    assert_eq!((lost[0].line, lost[0].left_out.as_slice()), (3, &[3][..]));
    assert_eq!(
        lost[0].say("x", None),
        "x could not be read in full (unclosed `'''` string); this line is left out until fixed"
    );
}

#[test]
fn a_header_that_does_not_read_loses_its_part_only() {
    let text = "[[enforce.block]]\npattern = 'a'\n[[enforce.block\npattern = 'b'\n[[enforce.block]]\npattern = 'c'\n";
    let (masked, lost) = cut(text);
    let root = tree(&masked);
    assert_eq!(patterns(&root), ["a", "c"]);
    assert_eq!(lost[0].header, None);
    assert_eq!(lost[0].table.as_deref(), Some("enforce.block"));
    assert_eq!((lost[0].line, lost[0].left_out.as_slice()), (3, &[3, 4][..]));
    assert!(!masked.contains("'b'"));
}

#[test]
fn a_multi_line_string_or_array_may_hold_a_line_starting_with_a_bracket() {
    // A syntax error at the end makes the file go part by part; the string and the array that
    // hold `[` lines are still read whole.
    let text = "[a]\ns = \"\"\"\n[[enforce.block]]\npattern = 'x'\n\"\"\"\nv = [\n[\"a\"],\n  [\"b\"],\n]\n[b]\nx = = 1\n[c]\ny = 2\n";
    let (masked, lost) = cut(text);
    let root = tree(&masked);
    let a = root.get("a").and_then(|a| a.get_ref().as_table()).expect("[a]");
    assert_eq!(
        a.get("s").and_then(|s| s.get_ref().as_str()),
        Some("[[enforce.block]]\npattern = 'x'\n")
    );
    assert_eq!(
        a.get("v").and_then(|v| v.get_ref().as_array()).map(|v| v.len()),
        Some(2)
    );
    assert!(root.get("c").is_some());
    assert_eq!(lost.len(), 1, "{lost:?}");
    assert_eq!((lost[0].table.as_deref(), lost[0].line), (Some("b"), 11));
}

#[test]
fn the_top_of_the_file_is_a_part_too() {
    let text = "learnings = \"agents/x.md\nother = 1\n[consolidation]\nsize = 80\n";
    let (masked, lost) = cut(text);
    let root = tree(&masked);
    assert!(root.get("consolidation").is_some());
    assert_eq!(
        root.get("other")
            .and_then(|o| o.get_ref().as_integer())
            .map(|i| i.as_str().to_owned()),
        Some("1".into())
    );
    assert!(lost[0].top);
    assert_eq!(lost[0].label(), "the lines before the first table");
    assert_eq!(lost[0].line, 1);
}

#[test]
fn the_work_is_bounded_by_the_size() {
    // Every part stops inside the string of the first: each join fails, and a file of 20,000
    // parts would cost 20,000 parses of a growing text without the bound.
    let mut text = String::from("[a]\nx = \"\"\"open\n");
    for i in 0..20_000 {
        text.push_str(&format!("[t{i}]\nk = 1\n"));
    }
    let (_, lost) = cut(&text);
    assert_eq!(lost.len(), 1);
    assert_eq!(lost[0].line, 2);
}

#[test]
fn a_line_rust_calls_blank_and_toml_refuses_is_left_out() {
    // Found by the `config` fuzz target: a comment after a vertical tab was kept as a blank
    // line, and toml's reading of it lost the block rule after it.
    let text = "\u{b}#\0lea^\0i/gs = \"ag~= 3\nmin = [\"**/.]  ed = \"\"\"\"\"\"\"tr\nfr ueo\n8\n[[enforce.block]]\npattern = 'zz'\n";
    let (masked, lost) = cut(text);
    assert_eq!(patterns(&tree(&masked)), ["zz"]);
    assert_eq!(lost[0].left_out, [1, 2, 3, 4]);
}

/// Found by the config fuzz target: a byte-order mark alone on a line after a broken line was
/// tried as the first line of its probe, where toml skips it, so it was kept, and broke every
/// table after it.
#[test]
fn a_stray_byte_order_mark_is_left_out() {
    let text = "name = \"open\n\u{feff}\n[[enforce.block]]\npattern = 'rm -rf /'\n";
    let (masked, lost) = cut(text);
    assert_eq!(patterns(&tree(&masked)), ["rm -rf /"]);
    assert_eq!(lost.len(), 1, "{lost:?}");
    assert_eq!(lost[0].left_out, [1, 2]);
}
