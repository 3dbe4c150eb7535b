use super::super::{Structure, parse, parse_with};

/// (level, title, group) of each entry.
fn read(source: &str, structure: &Structure) -> Vec<(u8, String, Option<String>)> {
    parse_with(source, structure)
        .entries
        .into_iter()
        .map(|e| (e.level, e.title, e.group))
        .collect()
}

fn entry(level: u8, title: &str, group: Option<&str>) -> (u8, String, Option<String>) {
    (level, title.into(), group.map(Into::into))
}

const GROUPED: &str = "# Lessons\n\nIntro.\n\n## Architecture\n\n### Database first\n\nThe body.\n\n### Bulk calls\n\nMore.\n#### Detail\nkept in the entry\n\n## Process\nOne line of its own.\n\n### Validate fast\n\nText.\n";

#[test]
fn third_level_entries_under_second_level_groups() {
    let file = parse(GROUPED);
    assert_eq!(
        read(GROUPED, &Structure::default()),
        [
            entry(3, "Database first", Some("Architecture")),
            entry(3, "Bulk calls", Some("Architecture")),
            entry(3, "Validate fast", Some("Process")),
        ]
    );
    assert!(file.entries[1].text(GROUPED).contains("kept in the entry"));
    assert!(
        !file.entries[1].text(GROUPED).contains("## Process"),
        "a group ends an entry"
    );
    assert_eq!(&GROUPED[file.preamble.clone()], "# Lessons\n\nIntro.\n\n");
    assert_eq!(
        file.shape.describe(),
        "3 `### ` entries under 2 `## ` groups (detected)"
    );
    assert_eq!(
        file.shape.groups,
        [("Architecture".into(), 5), ("Process".into(), 17)]
    );
}

#[test]
fn group_headings_between_second_level_entries() {
    let source = "# Active\n\n## Recent (last 2 weeks)\n\n## Lesson: one\nBody one.\n\n## Lesson: two\nBody two.\n\n## Old (8+ weeks)\n\n## Wisdom: rhythm\nBody.\n\n## Trailing heading only\n";
    assert_eq!(
        read(source, &Structure::default()),
        [
            entry(2, "Lesson: one", Some("Recent (last 2 weeks)")),
            entry(2, "Lesson: two", Some("Recent (last 2 weeks)")),
            entry(2, "Wisdom: rhythm", Some("Old (8+ weeks)")),
            entry(2, "Trailing heading only", Some("Old (8+ weeks)")),
        ]
    );
    assert_eq!(
        parse(source).shape.describe(),
        "4 `## ` entries, 2 group headings between them (detected)"
    );
}

#[test]
fn a_second_level_entry_with_text_keeps_its_third_level_headings() {
    // An entry that explains itself and then has parts is one entry.
    let source = "## Checklist for parsers\nWhy this list exists,\nin two lines.\n\n### 1. Register the service\nText.\n\n## Next lesson\nBody.\n";
    assert_eq!(
        read(source, &Structure::default()),
        [
            entry(2, "Checklist for parsers", None),
            entry(2, "Next lesson", None)
        ]
    );
    assert!(parse(source).entries[0].text(source).contains("### 1. Register"));
}

#[test]
fn flat_files_read_as_before() {
    let source = "# L\n\n## A\nbody\n\n## B\nmore\nand more\n### a part\nof B\n";
    assert_eq!(
        read(source, &Structure::default()),
        [entry(2, "A", None), entry(2, "B", None)]
    );
    assert_eq!(parse(source).shape.describe(), "2 `## ` entries (detected)");
}

#[test]
fn a_mixed_file_groups_only_what_holds_entries() {
    // A `## ` carrying prose after a group of `### ` entries is an entry, in no group.
    let source =
        "## Process\n\n### Validate fast\nText.\n\n## External API discipline\nDense prose.\nMore prose.\n";
    assert_eq!(
        read(source, &Structure::default()),
        [
            entry(3, "Validate fast", Some("Process")),
            entry(2, "External API discipline", None)
        ]
    );
}

#[test]
fn learnings_toml_pins_the_level_and_names_groups() {
    let third = Structure {
        entry_level: Some(3),
        groups: Vec::new(),
    };
    let source = "## Themes\nA paragraph\nof two lines.\n\n### One\nx\n\n## Dense block\nprose\n";
    assert_eq!(read(source, &third), [entry(3, "One", Some("Themes"))]);
    assert_eq!(
        parse_with(source, &third).shape.describe(),
        "1 `### ` entry under 2 `## ` groups (pinned by learnings.toml)"
    );
    let second = Structure {
        entry_level: Some(2),
        groups: vec!["recent*".into(), "*weeks old)".into()],
    };
    let source = "## Recent (days 1-9)\n\n## A\nx\n\n## Medium (2-8 Weeks Old)\nA line.\n\n## Empty heading\n\n## B\ny\n";
    assert_eq!(
        read(source, &second),
        [
            entry(2, "A", Some("Recent (days 1-9)")),
            entry(2, "Empty heading", Some("Medium (2-8 Weeks Old)")),
            entry(2, "B", Some("Medium (2-8 Weeks Old)")),
        ]
    );
}

#[test]
fn wildcards() {
    use super::wildcard;
    assert!(wildcard("Recent*", "recent (last 2 weeks)"));
    assert!(wildcard("*weeks*", "Old (8+ Weeks)"));
    assert!(wildcard("Themes", "  themes "));
    assert!(!wildcard("Themes", "Themes and more"));
    assert!(wildcard("a*b*c", "a-x-b-y-c"));
    assert!(!wildcard("a*b*c", "a-x-c"));
    assert!(!wildcard("ab*ba", "aba"), "the ends do not overlap");
}
