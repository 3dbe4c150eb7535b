use super::*;

#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
struct Keyed {
    size: usize,
    name: String,
}

#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Rule {
    pattern: String,
    #[serde(default)]
    reason: Option<String>,
}

#[test]
fn a_bad_key_costs_only_itself() {
    let text = "[t]\nsize = \"big\"\nname = \"ok\"\nnme = 1\n";
    let source = Source::new(text);
    let (mut reader, root) = Reader::parse(&source, &["t", "r", "a", "b"]);
    let node = get(&root, "t").expect("t");
    let keyed: Keyed = reader.keyed("consolidation", "[t]", node);
    assert_eq!((keyed.size, keyed.name.as_str()), (0, "ok"));
    let lines: Vec<usize> = reader.problems.iter().map(|p| p.line).collect();
    assert_eq!(lines, [4, 2], "{:?}", reader.problems);
    assert!(reader.problems[0].message.contains("did you mean `name`?"));
}

#[test]
fn a_rule_loses_its_unknown_keys_not_itself() {
    let text = "[[r]]\npattern = \"x\"\nreasn = \"why\"\n[[r]]\nreason = \"no pattern\"\n";
    let source = Source::new(text);
    let (mut reader, root) = Reader::parse(&source, &["t", "r", "a", "b"]);
    let node = get(&root, "r").expect("r");
    let rules: Vec<Rule> = reader
        .array("enforce", "r", node)
        .into_iter()
        .filter_map(|n| reader.rule("enforce", "[[r]]", n))
        .collect();
    assert_eq!(rules.len(), 1);
    assert_eq!(rules[0].pattern, "x");
    assert!(rules[0].reason.is_none());
    assert_eq!(reader.problems.len(), 2, "{:?}", reader.problems);
    assert_eq!(reader.problems[0].line, 3);
}

#[test]
fn a_syntax_error_keeps_the_rest() {
    let text = "[a]\nx = \"open\n[b]\ny = 2\n";
    let source = Source::new(text);
    let (reader, root) = Reader::parse(&source, &["t", "r", "a", "b"]);
    assert!(!reader.problems.is_empty());
    assert_eq!(reader.problems[0].line, 2, "{:?}", reader.problems);
    assert!(get(&root, "b").is_some());
}

#[test]
fn a_message_quoting_a_multi_line_value_stays_one_line() {
    // Found by the `config` fuzz target: a domain named by a multi-line string.
    let source = Source::new("");
    let (mut reader, _) = Reader::parse(&source, &["t"]);
    reader.report("t", 0, "domain `\"a\r\nb\"` has no files".into());
    assert_eq!(reader.problems[0].message, "domain `\"a\\r\\nb\"` has no files");
}
