//! The report's section on the effect of the rules (`learnings effect`): a chart of each rule's
//! matching corrections before and after it was written, and the rules that never fired.
//! Drawn by hand as SVG: a few bars need no plotting library, and the output stays byte-stable.

use super::labels::esc;
use crate::effect::{Effect, RuleEffect, Verdict};
use std::fmt::Write as _;
use std::io::{self, Write};

/// Rules the chart shows at most (those with corrections, the ones not working first).
const SHOWN: usize = 12;
const ROW: f64 = 34.0;
const LABEL: f64 = 300.0;
const BARS: f64 = 420.0;

fn cut(text: &str, max: usize) -> String {
    match text.chars().count() > max {
        true => text.chars().take(max - 1).collect::<String>() + "…",
        false => text.to_owned(),
    }
}

/// The chart: per rule, a bar of the corrections before it was written and one of those after
/// (orange when they came back while it was in force).
pub fn svg(effect: &Effect) -> String {
    let rows: Vec<&RuleEffect> = effect
        .rules
        .iter()
        .filter(|e| !e.before.is_empty() || !e.after.is_empty())
        .take(SHOWN)
        .collect();
    let most = rows
        .iter()
        .map(|e| e.before.len().max(e.after.len()))
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let height = 40.0 + ROW * rows.len() as f64;
    let width = LABEL + BARS + 60.0;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" role=\"img\" \
         aria-label=\"Corrections before and after each rule was written\" \
         font-family=\"DejaVu Sans, sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(
        s,
        "<text x=\"8\" y=\"16\" fill=\"currentColor\">Matching corrections before each rule was written (grey) and after (green; orange when they came back while it was in force)</text>"
    );
    for (i, e) in rows.iter().enumerate() {
        let y = 30.0 + ROW * i as f64;
        let full = e.name();
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"currentColor\"><title>{}</title>{}</text>",
            LABEL - 8.0,
            y + 15.0,
            esc(&full),
            esc(&cut(&full, 44))
        );
        let after_colour = match e.verdict {
            Verdict::Recurs => "#D55E00",
            _ => "#009E73",
        };
        for (j, (n, colour)) in [(e.before.len(), "#999999"), (e.after.len(), after_colour)]
            .into_iter()
            .enumerate()
        {
            let w = (n as f64 / most * BARS).max(1.0);
            let by = y + 2.0 + 12.0 * j as f64;
            let _ = writeln!(
                s,
                "<rect x=\"{LABEL}\" y=\"{by}\" width=\"{w:.1}\" height=\"10\" fill=\"{colour}\"/>\
                 <text x=\"{:.1}\" y=\"{:.1}\" fill=\"currentColor\">{n}</text>",
                LABEL + w + 4.0,
                by + 9.0
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

/// The section, when there is anything to say.
pub fn section(effect: &Effect, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "<section>\n<h2>Effect of the rules</h2>")?;
    writeln!(
        out,
        "<p class=\"muted\">{} weighed against {} of the ledger and {} (<code>learnings effect</code>).</p>",
        crate::base::words::count(effect.rules.len(), "rule"),
        crate::base::words::count(effect.sessions, "session"),
        crate::base::words::count(effect.corrections, "captured correction")
    )?;
    if effect
        .rules
        .iter()
        .any(|e| !e.before.is_empty() || !e.after.is_empty())
    {
        writeln!(out, "<figure>\n{}</figure>", svg(effect))?;
    }
    let listed: Vec<&RuleEffect> = effect
        .rules
        .iter()
        .filter(|e| e.verdict != Verdict::NoEvidence)
        .collect();
    if listed.is_empty() {
        writeln!(out, "<p>No rule has a record yet.</p>")?;
        return writeln!(out, "</section>");
    }
    writeln!(
        out,
        "<div class=\"wide\"><table>\n<tr><th>Rule</th><th>Verdict</th><th class=\"n\">Corrections</th><th class=\"n\">Injected in</th></tr>"
    )?;
    for e in listed {
        let (class, verdict) = match e.verdict {
            Verdict::Recurs => ("bad", "not working: came back while in force"),
            Verdict::NeverFired => ("bad", "never fired: dead weight"),
            Verdict::Works => ("good", "working"),
            Verdict::NoEvidence => ("muted", "no evidence"),
        };
        writeln!(
            out,
            "<tr><td>{}</td><td class=\"{class}\">{verdict}</td><td class=\"n\">{} before, {} after</td><td class=\"n\">{}</td></tr>",
            esc(&e.name()),
            e.before.len(),
            e.after.len(),
            crate::base::words::count(e.injected, "session")
        )?;
    }
    writeln!(out, "</table></div>\n</section>")
}
