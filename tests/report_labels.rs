//! `learnings report` on a long history: no two texts of a chart overlap, however many
//! consolidations and entries, and long titles are cut with the whole title on hover.
//!
//! The boxes are computed from each `<text>`'s coordinates, anchor and font size with the
//! width table the charts are laid out with (`labels::width`, DejaVu Sans' advance widths).

use crate::common::{Repo, day};
use learnings::report::health::labels::{ASCENT, DESCENT, width};

/// A path long enough that no caption can hold it whole.
const FILE: &str = "agents/a-folder-whose-name-goes-on-and-on-for-the-sake-of-the-caption/and-another-one-below-it-just-as-long/learnings.md";
const CONSOLIDATIONS: u32 = 200;

/// 200 consolidations, one every other day: each day adds a keeper and a few passing entries
/// (some with very long titles), the next removes the passing ones for good. The file ends
/// with 200 entries of every age.
fn long_history() -> Repo {
    let repo = Repo::new();
    let mut stream = String::new();
    let mut keepers = String::new();
    let mut passing = 0;
    let header = "# Learnings\n\nLessons from agent sessions.\n\n";
    for c in 0..CONSOLIDATIONS {
        keepers.push_str(&format!("## Keep lesson {c}\n- Why: it holds.\n\n"));
        let mut added = String::new();
        for _ in 0..(c % 7) + 1 {
            passing += 1;
            let title = if passing % 5 == 0 {
                format!(
                    "Passing lesson {passing} {}",
                    "with a title far longer than any label ".repeat(4)
                )
            } else {
                format!("Passing lesson {passing}")
            };
            added.push_str(&format!(
                "## {title}\n- Why: job `run-{passing}` failed at step {passing}.\n\n"
            ));
        }
        for (when, text) in [
            (day(2 * c), format!("{header}{keepers}{added}")),
            (day(2 * c + 1), format!("{header}{keepers}")),
        ] {
            let date = when.git_date();
            stream.push_str(&format!(
                "commit refs/heads/main\ncommitter Test Dev <dev@example.com> {date}\ndata 5\nedit\n"
            ));
            stream.push_str(&format!("M 100644 inline {FILE}\ndata {}\n{text}\n", text.len()));
        }
    }
    repo.fast_import(stream.as_bytes());
    repo
}

/// One `<text>` of an SVG: its box, its visible text, whether it carries a `<title>`.
#[derive(Debug)]
struct Label {
    text: String,
    hover: Option<String>,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

fn attr(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let len = tag[start..].find('"')?;
    Some(tag[start..start + len].to_owned())
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

fn number(tag: &str, name: &str) -> f64 {
    attr(tag, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{name} in {tag}"))
}

/// Every non-empty `<text>` of `svg`, with its box.
fn labels(svg: &str) -> Vec<Label> {
    let mut out = Vec::new();
    for part in svg.split("<text").skip(1) {
        let (tag, rest) = part.split_once('>').expect("tag end");
        let inner = &rest[..rest.find("</text>").expect("text end")];
        let (hover, visible) = match inner.strip_prefix("<title>") {
            Some(t) => {
                let (title, visible) = t.split_once("</title>").expect("title end");
                (Some(unescape(title)), visible)
            }
            None => (None, inner),
        };
        let text = unescape(visible.trim());
        if text.trim().is_empty() {
            continue;
        }
        let (x, y, px) = (number(tag, "x"), number(tag, "y"), number(tag, "font-size"));
        // Where the baseline is: plotters shifts it with `dy`; an `ex` is taken as half an em.
        let shift = match attr(tag, "dy").as_deref() {
            None => 0.0,
            Some("0.76em") => 0.76 * px,
            Some("0.5ex") => 0.25 * px,
            Some("-0.5ex") => -0.25 * px,
            Some(other) => panic!("unexpected dy {other}"),
        };
        let w = width(&text, px);
        let start = match attr(tag, "text-anchor").as_deref() {
            Some("start") | None => 0.0,
            Some("middle") => -w / 2.0,
            Some("end") => -w,
            Some(other) => panic!("unexpected anchor {other}"),
        };
        // The box in the text's own frame: u along the baseline from the anchor, v down.
        let (u0, u1) = (start, start + w);
        let (v0, v1) = (shift - ASCENT * px, shift + DESCENT * px);
        let (x0, y0, x1, y1) = match attr(tag, "transform").as_deref() {
            None => (x + u0, y + v0, x + u1, y + v1),
            // rotate(270) takes (u, v) to (v, -u); rotate(90) to (-v, u).
            Some(t) if t.starts_with("rotate(270,") => (x + v0, y - u1, x + v1, y - u0),
            Some(t) if t.starts_with("rotate(90,") => (x - v1, y + u0, x - v0, y + u1),
            Some(other) => panic!("unexpected transform {other}"),
        };
        out.push(Label {
            text,
            hover,
            x0,
            y0,
            x1,
            y1,
        });
    }
    out
}

fn assert_no_overlap(svg: &str, what: &str) -> Vec<Label> {
    let labels = labels(svg);
    assert!(labels.len() > 5, "{what}: {labels:?}");
    let svg_tag = &svg[..svg.find('>').expect("svg tag")];
    let (w, h) = (number(svg_tag, "width"), number(svg_tag, "height"));
    for l in &labels {
        let inside = l.x0 >= 0.0 && l.y0 >= 0.0 && l.x1 <= w && l.y1 <= h;
        assert!(inside, "{what}: {l:?} is cut by the edge ({w}x{h})");
    }
    for (i, a) in labels.iter().enumerate() {
        for b in &labels[i + 1..] {
            let apart = a.x1 <= b.x0 || b.x1 <= a.x0 || a.y1 <= b.y0 || b.y1 <= a.y0;
            assert!(apart, "{what}: {a:?} overlaps {b:?}");
        }
    }
    labels
}

#[test]
fn no_two_labels_overlap_with_200_consolidations() {
    let repo = long_history();
    let size = repo
        .run(&["report", FILE, "--format", "svg", "--chart", "size", "--out", "-"])
        .code(0)
        .stdout;
    assert_eq!(
        size.matches("<polygon").count() - 1,
        CONSOLIDATIONS as usize,
        "a marker each (and the legend's)"
    );
    let texts = assert_no_overlap(&size, "size chart");
    let numbered: Vec<&Label> = texts.iter().filter(|l| l.text.starts_with('#')).collect();
    assert!(
        (3..=8).contains(&numbered.len()),
        "a few consolidations labelled: {texts:?}"
    );
    // The largest consolidations (7 entries left) are the ones labelled: in full, or by their
    // number where only that fits; the hover says it all.
    for l in &numbered {
        let hover = l.hover.as_deref().unwrap_or_default();
        assert!(
            hover.starts_with(&l.text) && hover.contains(": 7 entries left: "),
            "{l:?}"
        );
    }
    assert!(
        numbered.iter().any(|l| l.text.ends_with(": 7 entries left")),
        "{numbered:?}"
    );
    assert!(
        size.contains("consolidation (200): 8 labelled, largest first"),
        "the legend says how many are labelled"
    );
    // Every marker says on hover what its label would, and the first five titles that left.
    assert!(
        size.contains("; and 2 more</title>"),
        "seven titles: five and 2 more"
    );
    assert!(
        size.contains("<title>#1 2024-01-02: 1 entry left: Passing lesson 1</title>"),
        "{size}"
    );

    // The caption: the path cut at its start, the whole caption on hover.
    let caption = &texts[texts
        .iter()
        .position(|l| l.hover.is_some())
        .expect("a cut caption")];
    assert!(
        caption.text.starts_with('…') && caption.text.contains("learnings.md: lines"),
        "{caption:?}"
    );
    assert!(
        caption.hover.as_deref().is_some_and(|h| h.starts_with(FILE)),
        "{caption:?}"
    );
    assert!(caption.x0 >= 0.0 && caption.x1 <= 800.0, "{caption:?}");

    let ages = repo
        .run(&["report", FILE, "--format", "svg", "--chart", "ages", "--out", "-"])
        .code(0)
        .stdout;
    let texts = assert_no_overlap(&ages, "ages chart");
    assert!(
        texts
            .iter()
            .any(|l| l.text.contains('-') && l.text.starts_with(char::is_numeric)),
        "ranges of ages: {texts:?}"
    );

    let html = repo.run(&["report", FILE, "--out", "-"]).code(0).stdout;
    let charts: Vec<&str> = html.split("<svg").skip(1).collect();
    assert_eq!(charts.len(), 4, "each chart wide and narrow");
    // Each chart of the page, wide and narrow, keeps its texts apart and within its edges.
    for chart in charts {
        assert_no_overlap(chart, "a chart of the page");
    }
    // Long titles in the tables are cut, the whole title on hover.
    let long = "with a title far longer than any label ".repeat(4);
    assert!(
        html.contains(&format!("title=\"Passing lesson 5 {}\"", long.trim_end())),
        "whole title on hover"
    );
    assert!(
        !html.contains(&format!(">Passing lesson 5 {}<", long.trim_end())),
        "no uncut long title shown"
    );
}

#[test]
fn the_ci_summary_chart_cuts_a_long_path_by_the_same_rule() {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, crate::common::learnings_md(&["Alpha", "Beta"]));
    repo.commit_on(day(1), FILE, crate::common::learnings_md(&["Beta"]));
    let summary = repo.join("summary.md");
    let summary_arg = summary.to_str().expect("UTF-8 path").to_owned();
    crate::common::run_env(
        repo.path(),
        &["stale", FILE, "--format", "github"],
        None,
        &[("GITHUB_STEP_SUMMARY", &summary_arg)],
    )
    .code(0);
    let text = std::fs::read_to_string(&summary).expect("summary");
    let title = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("title \"Lines of "))
        .expect("a mermaid title");
    assert!(
        title.starts_with('…') && title.ends_with("/learnings.md\""),
        "{title}"
    );
    assert!(width(title, 20.0) <= 580.0, "{title}");
    assert!(
        text.contains(&format!("`{FILE}`")),
        "the heading names the whole path"
    );
}
