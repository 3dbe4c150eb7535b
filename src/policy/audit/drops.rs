//! The entries the consolidation report drops on purpose, with a reason.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// The entries a consolidation report drops: `- **Title**: reason` items under a heading that
/// names supersession, redundancy or dropped entries. Items without a reason do not count.
pub fn dropped_in_report(report: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut in_drop_section = false;
    let mut heading: Option<String> = None;
    let mut item: Option<(String, String, bool)> = None; // (title, rest, in strong)
    let mut strong_done = false;
    for event in Parser::new_ext(report, Options::empty()) {
        match event {
            Event::Start(Tag::Heading { level, .. }) if level <= HeadingLevel::H3 => {
                heading = Some(String::new())
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(h) = heading.take() {
                    let h = h.to_lowercase();
                    in_drop_section = ["supersession", "redundan", "dropped"]
                        .iter()
                        .any(|k| h.contains(k));
                }
            }
            Event::Start(Tag::Item) if in_drop_section => {
                item = Some((String::new(), String::new(), false));
                strong_done = false;
            }
            Event::Start(Tag::Strong) => {
                if let Some(i) = item.as_mut().filter(|_| !strong_done) {
                    i.2 = true;
                }
            }
            Event::End(TagEnd::Strong) => {
                if let Some(i) = item.as_mut().filter(|i| i.2) {
                    i.2 = false;
                    strong_done = true;
                }
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                } else if let Some(i) = item.as_mut() {
                    if i.2 {
                        i.0.push_str(&t)
                    } else if strong_done {
                        i.1.push_str(&t)
                    }
                }
            }
            Event::End(TagEnd::Item) => {
                if let Some((title, rest, _)) = item.take() {
                    let reason = rest
                        .trim_start_matches([':', '—', '-', '–', ' '])
                        .trim()
                        .to_owned();
                    if !title.trim().is_empty() && !reason.is_empty() {
                        out.push((title.trim().to_owned(), reason));
                    }
                }
            }
            _ => {}
        }
    }
    out
}
