//! The `<learned-context>` block injected at session start: preferences, recurring
//! corrections, the top discoveries and agent notes, within a token budget.
//!
//! Nothing at all when there is nothing to say. The budget (estimated at four characters a
//! token, and never more than [`MAX_CHARS`]) is shared: lines are taken from each section in
//! turn, so two hundred explicit rules cannot crowd out the recurring corrections, and the
//! sections keep their order of importance.
//!
//! The block is distilled from the newest [`EVENTS`] events of the project, not the whole log:
//! SessionStart has 50 ms, and distilling costs a few microseconds an event, while the log
//! holds up to about 19,000 of them. What a session should avoid repeating is what the user
//! said lately; `learn analyze` still reads everything.

use super::analyze::Analysis;
use super::discover::{self, Discovery};
use super::event::Event;

/// The newest events of a project the block is distilled from: at thirty corrections a working
/// day, about five months.
pub const EVENTS: usize = 2_000;

/// The newest [`EVENTS`] events of `project` (or of none) in `lines`, the feedback log's lines
/// oldest first; oldest first. Read from the end, so the rest of the log is not parsed; lines
/// that do not parse are skipped.
pub fn newest_events(lines: &[String], project: &str) -> Vec<Event> {
    let mut events: Vec<Event> = lines
        .iter()
        .rev()
        .filter_map(|line| serde_json::from_str::<Event>(line).ok())
        .filter(|e| e.project.as_deref().is_none_or(|p| p == project))
        .take(EVENTS)
        .collect();
    events.reverse();
    events
}

/// Discoveries injected at most.
pub const TOP_DISCOVERIES: usize = 5;
/// Characters per token, for the estimate.
const CHARS_PER_TOKEN: usize = 4;
/// The block's size at most, whatever the configured budget: Claude Code moves hook text over
/// 10,000 characters into a file and shows the model a preview.
pub const MAX_CHARS: usize = 9_500;

/// The block, or `None` when the analysis and the discoveries hold nothing worth saying or the
/// budget fits none of it.
pub fn render(analysis: &Analysis, discoveries: &[Discovery], budget_tokens: usize) -> Option<String> {
    render_within(analysis, discoveries, budget_tokens, MAX_CHARS)
}

/// [`render`] in at most `room` characters (what the hook's other text leaves).
pub fn render_within(
    analysis: &Analysis,
    discoveries: &[Discovery],
    budget_tokens: usize,
    room: usize,
) -> Option<String> {
    let budget = budget_tokens
        .saturating_mul(CHARS_PER_TOKEN)
        .min(MAX_CHARS)
        .min(room);
    fit(&sections(analysis, discoveries), budget)
}

/// Whether there is anything to say at all, whatever the budget.
pub fn worth_saying(analysis: &Analysis, discoveries: &[Discovery]) -> bool {
    !sections(analysis, discoveries).is_empty()
}

/// The sections in order of importance: a heading and its lines, empty ones left out.
fn sections(analysis: &Analysis, discoveries: &[Discovery]) -> Vec<(String, Vec<String>)> {
    let mut sections = Vec::new();
    let rules: Vec<&str> = analysis
        .rules
        .iter()
        .filter(|r| r.active)
        .map(|r| r.text.as_str())
        .collect();
    let inferred: Vec<String> = [
        ("verbosity", &analysis.verbosity),
        ("autonomy", &analysis.autonomy),
    ]
    .iter()
    .filter(|(_, p)| p.value != "unknown")
    .map(|(axis, p)| format!("- {axis}: {}", p.value))
    .collect();
    // The inferred ones first: two short lines that many rules must not push out.
    let mut preferences: Vec<String> = inferred;
    preferences.extend(rules.iter().map(|r| format!("- {r}")));
    sections.push(("User preferences:", preferences));
    sections.push((
        "Recurring corrections (avoid repeating them):",
        analysis
            .patterns
            .iter()
            .map(|p| format!("- {} ({}×)", crate::base::words::cut(&p.summary, 160), p.count))
            .collect(),
    ));
    let now = analysis
        .now
        .clone()
        .or_else(|| discoveries.iter().map(|d| d.last.clone()).max());
    let top: Vec<String> = now
        .map(|now| {
            discover::ranked(discoveries, &now)
                .into_iter()
                .take(TOP_DISCOVERIES)
                .map(|(d, _)| format!("- [{}] {}", d.category.name(), d.summary))
                .collect()
        })
        .unwrap_or_default();
    sections.push(("Discoveries:", top));
    let notes: Vec<String> = analysis
        .agents
        .iter()
        .filter(|a| !a.themes.is_empty() || a.cancellations > 0)
        .map(|a| {
            let themes = a
                .themes
                .iter()
                .map(|t| crate::base::words::cut(&super::gist::gist(&t.text), 80))
                .collect::<Vec<_>>()
                .join("; ");
            format!(
                "- {}: success rate {:.0}%{}",
                a.agent,
                a.success_rate * 100.0,
                if themes.is_empty() {
                    String::new()
                } else {
                    format!(", often corrected for: {themes}")
                }
            )
        })
        .collect();
    sections.push(("Agent notes:", notes));
    sections
        .into_iter()
        .filter(|(_, lines)| !lines.is_empty())
        .map(|(heading, lines)| (heading.to_owned(), lines))
        .collect()
}

/// The block of `sections` in `budget` characters: one line of each section in turn, while
/// the next one fits (a section's heading comes with its first line); then in section order.
fn fit(sections: &[(String, Vec<String>)], budget: usize) -> Option<String> {
    let (open, close) = ("<learned-context>", "</learned-context>");
    let mut used = open.len() + 1 + close.len();
    let mut taken = vec![0usize; sections.len()];
    loop {
        let mut progressed = false;
        for (i, (heading, lines)) in sections.iter().enumerate() {
            let Some(line) = lines.get(taken[i]) else {
                continue;
            };
            let cost = line.len() + 1 + if taken[i] == 0 { heading.len() + 1 } else { 0 };
            if used + cost <= budget {
                used += cost;
                taken[i] += 1;
                progressed = true;
            }
        }
        if !progressed {
            break;
        }
    }
    if taken.iter().all(|n| *n == 0) {
        return None;
    }
    let mut block = format!("{open}\n");
    for ((heading, lines), n) in sections.iter().zip(taken) {
        if n > 0 {
            block.push_str(heading);
            block.push('\n');
            for line in &lines[..n] {
                block.push_str(line);
                block.push('\n');
            }
        }
    }
    block.push_str(close);
    Some(block)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capture::analyze::analyze;
    use crate::capture::event::{Event, Kind};

    /// The newest events of the project and of none, in log order; the rest of the log, other
    /// projects and unreadable lines are passed over.
    #[test]
    fn the_block_reads_the_newest_events_of_the_project() {
        let line = |i: usize, project: Option<&str>| {
            let mut event = Event::new("2026-03-01T00:00:00Z", Kind::Correction, 0.9, &format!("no {i}"));
            event.project = project.map(str::to_owned);
            serde_json::to_string(&event).expect("json")
        };
        let mut lines: Vec<String> = (0..EVENTS + 5).map(|i| line(i, Some("/p"))).collect();
        lines.push(line(9_000, Some("/other")));
        lines.push("{torn".into());
        lines.push(line(9_001, None));
        let events = newest_events(&lines, "/p");
        assert_eq!(events.len(), EVENTS);
        assert_eq!(events[0].text, "no 6");
        assert_eq!(events[EVENTS - 2].text, format!("no {}", EVENTS + 4));
        assert_eq!(events[EVENTS - 1].text, "no 9001");
    }

    #[test]
    fn nothing_to_say_is_nothing() {
        assert_eq!(render(&analyze(&[], None), &[], 500), None);
    }

    /// The same correction on three days.
    fn three_corrections() -> Vec<Event> {
        (2..5)
            .map(|day| {
                Event::new(
                    &format!("2026-03-0{day}T00:00:00Z"),
                    Kind::Correction,
                    0.9,
                    "no, run the tests with the venv python",
                )
            })
            .collect()
    }

    #[test]
    fn rules_and_patterns_within_the_budget() {
        let mut events = vec![Event::new(
            "2026-03-01T00:00:00Z",
            Kind::Preference,
            1.0,
            "always use the venv",
        )];
        events.extend(three_corrections());
        let analysis = analyze(&events, None);
        let block = render(&analysis, &[], 500).expect("block");
        assert!(
            block.starts_with("<learned-context>\nUser preferences:\n- Always use the venv\n"),
            "{block}"
        );
        assert!(
            block.contains("(3×)") && block.ends_with("</learned-context>"),
            "{block}"
        );
        let small = render(&analysis, &[], 20).expect("block");
        assert!(small.len() <= 80 && !small.contains("Recurring"), "{small}");
        assert_eq!(render(&analysis, &[], 5), None);
    }

    #[test]
    fn many_rules_leave_room_for_the_other_sections_and_the_cap_holds() {
        let mut events: Vec<Event> = (0..200)
            .map(|n| {
                Event::new(
                    "2026-03-01T00:00:00Z",
                    Kind::Preference,
                    1.0,
                    &format!("always keep rule number {n} in mind when editing"),
                )
            })
            .collect();
        events.extend(three_corrections());
        let analysis = analyze(&events, None);
        let block = render(&analysis, &[], 500).expect("block");
        assert!(block.len() <= 2000, "{}", block.len());
        assert!(
            block.contains("Recurring corrections") && block.contains("(3×)"),
            "{block}"
        );
        let huge = render(&analysis, &[], 1_000_000).expect("block");
        assert!(huge.len() <= MAX_CHARS, "{}", huge.len());
        assert!(render_within(&analysis, &[], 1_000_000, 120).is_some_and(|b| b.len() <= 120));
        assert!(worth_saying(&analysis, &[]) && render(&analysis, &[], 1).is_none());
    }
}
