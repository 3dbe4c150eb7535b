//! The bundle of `learn export` and `learn import`: every log as lines, by name.
//!
//! An import replaces logs, so the bundle is checked whole before anything is written: an
//! unknown key or file name, another schema version or a line that is not a JSON object stops
//! it with the bundle's name (and the line's number), and a log the bundle does not mention is
//! left alone rather than emptied.

use super::jsonl;
use crate::error::{Error, Result};
use std::collections::BTreeMap;

/// The files a bundle holds, by their name in it.
pub const FILES: &[&str] = &[
    "user/feedback.jsonl",
    "user/review.jsonl",
    "user/labels.jsonl",
    "user/discoveries.jsonl",
    "project/discoveries.jsonl",
];

/// The schema version `export` writes and `import` reads.
pub const SCHEMA_VERSION: u64 = 1;

/// The logs of a checked bundle, by name (only those it mentions).
pub type Files = BTreeMap<&'static str, Vec<String>>;

/// Checks the bundle `text`; `source` names it in errors (the file, or `<stdin>`).
pub fn parse(text: &str, source: &str) -> Result<Files> {
    let fail = |what: String| Error::Usage(format!("{source}: {what}"));
    let bundle: serde_json::Value = serde_json::from_str(text).map_err(|_| {
        fail("not a bundle of `learnings learn export` (a JSON object); export it again".into())
    })?;
    let Some(top) = bundle.as_object() else {
        return Err(fail(
            "not a bundle of `learnings learn export` (a JSON object); export it again".into(),
        ));
    };
    if let Some(key) = top
        .keys()
        .find(|k| !matches!(k.as_str(), "schema_version" | "files"))
    {
        return Err(fail(format!(
            "unknown key `{}` in the bundle; a bundle holds only `schema_version` and `files`",
            crate::base::words::cut(key, 60)
        )));
    }
    let version = &bundle["schema_version"];
    if version.as_u64() != Some(SCHEMA_VERSION) {
        return Err(fail(format!(
            "schema_version {version} is not {SCHEMA_VERSION}; import a bundle from `learnings learn export` of this version"
        )));
    }
    let Some(files) = bundle["files"].as_object() else {
        return Err(fail("`files` must map log names to lists of lines".into()));
    };
    let mut out = Files::new();
    for (name, lines) in files {
        let Some(known) = FILES.iter().find(|f| **f == name.as_str()) else {
            return Err(fail(format!(
                "unknown file `{}` in the bundle; a bundle holds {}",
                crate::base::words::cut(name, 60),
                FILES.join(", ")
            )));
        };
        let Some(lines) = lines.as_array() else {
            return Err(fail(format!("`{known}` must be a list of lines")));
        };
        let mut checked = Vec::with_capacity(lines.len());
        for (n, line) in lines.iter().enumerate() {
            let raw = line.as_str().filter(|raw| jsonl::object(raw).is_some());
            let Some(raw) = raw else {
                let shown = line.as_str().map_or_else(|| line.to_string(), str::to_owned);
                return Err(fail(format!(
                    "`{known}` line {}: not a JSON object: {}",
                    n + 1,
                    crate::base::words::cut(&shown, 60)
                )));
            };
            checked.push(raw.to_owned());
        }
        out.insert(known, checked);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        parse(text, "b.json").expect_err("refused").to_string()
    }

    #[test]
    fn only_what_the_bundle_names_is_returned() {
        let files = parse(
            r#"{"schema_version":1,"files":{"user/feedback.jsonl":["{\"a\":1}"]}}"#,
            "b.json",
        )
        .expect("parse");
        assert_eq!(files.len(), 1);
        assert_eq!(files["user/feedback.jsonl"], vec![r#"{"a":1}"#.to_owned()]);
    }

    #[test]
    fn bad_bundles_name_the_file_and_what_is_wrong() {
        assert!(
            error(r#"{"schema_version":1,"files":{"../../etc/x":["a"]}}"#)
                .starts_with("b.json: unknown file `../../etc/x`")
        );
        assert!(error(r#"{"schema_version":1,"files":{},"x":1}"#).starts_with("b.json: unknown key `x`"));
        assert!(error(r#"{"schema_version":2,"files":{}}"#).starts_with("b.json: schema_version 2"));
        assert!(error(r#"{"files":{}}"#).starts_with("b.json: schema_version null"));
        assert!(error("[1]").starts_with("b.json: not a bundle"));
        assert!(error("nope").starts_with("b.json: not a bundle"));
        assert_eq!(
            error(r#"{"schema_version":1,"files":{"user/feedback.jsonl":["{}","oops"]}}"#),
            "b.json: `user/feedback.jsonl` line 2: not a JSON object: oops"
        );
        assert!(
            error(r#"{"schema_version":1,"files":{"user/feedback.jsonl":"x"}}"#)
                .contains("must be a list of lines")
        );
    }
}
