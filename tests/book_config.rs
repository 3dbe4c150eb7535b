//! The configuration reference names every key `learnings.toml` accepts. The keys come from the
//! configuration's own error for an unknown key ("known keys: `a`, `b`…"), table by table, so
//! a key added to the code and not to the book fails here.

use std::path::Path;

/// A snippet that reaches each table with an unknown key `zzz`, and the table's name.
const TABLES: [(&str, &str); 10] = [
    ("top level", "zzz = 1\n"),
    ("[consolidation]", "[consolidation]\nzzz = 1\n"),
    ("[[limits]]", "[[limits]]\nglob = \"a\"\nmax_lines = 1\nzzz = 1\n"),
    ("[learning]", "[learning]\nzzz = 1\n"),
    ("[enforce]", "[enforce]\nzzz = 1\n"),
    (
        "[[enforce.rewrite]]",
        "[[enforce.rewrite]]\nfrom = \"a\"\nto = \"b\"\nzzz = 1\n",
    ),
    (
        "[[enforce.block]]",
        "[[enforce.block]]\npattern = \"a\"\nreason = \"b\"\nzzz = 1\n",
    ),
    ("[inject]", "[inject]\nzzz = 1\n"),
    ("[lint]", "[lint]\nzzz = 1\n"),
    (
        "[[inject.domains]]",
        "[[inject.domains]]\nname = \"a\"\nfiles = [\"a.md\"]\nzzz = 1\n",
    ),
];

/// The keys an error lists after "known keys:", without their backquotes.
fn known_keys(error: &str) -> Vec<String> {
    let list = error
        .split("known keys:")
        .nth(1)
        .unwrap_or_else(|| panic!("no \"known keys:\" in {error:?}"));
    list.split('`').skip(1).step_by(2).map(str::to_owned).collect()
}

#[test]
fn the_configuration_reference_names_every_key() {
    let page = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/reference/configuration.md"),
    )
    .expect("configuration page");
    let mut keys = 0;
    for (table, text) in TABLES {
        let error = learnings::config::Config::parse(text)
            .err()
            .unwrap_or_else(|| panic!("{table}: an unknown key was accepted"));
        let known = known_keys(&error);
        assert!(!known.is_empty(), "{table}: no keys in {error:?}");
        for key in known {
            keys += 1;
            assert!(
                page.contains(&format!("`{key}`")),
                "{table}: `{key}` is not in docs/src/reference/configuration.md"
            );
        }
    }
    assert!(keys >= 30, "only {keys} keys");
}
