//! The `<learned-context>` block injected at session start: preferences, recurring
//! corrections, the top discoveries and agent notes, within a token budget.
//!
//! Nothing at all when there is nothing to say. Sections are added in order of importance and
//! lines are dropped from the end once the budget (estimated at four characters a token) is
//! spent, so the block never exceeds it.

use super::analyze::Analysis;
use super::discover::{self, Discovery};

/// Discoveries injected at most.
pub const TOP_DISCOVERIES: usize = 5;
/// Characters per token, for the estimate.
const CHARS_PER_TOKEN: usize = 4;

/// The block, or `None` when the analysis and the discoveries hold nothing worth saying.
pub fn render(analysis: &Analysis, discoveries: &[Discovery], budget_tokens: usize) -> Option<String> {
    let mut lines: Vec<String> = Vec::new();
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
    if !rules.is_empty() || !inferred.is_empty() {
        lines.push("User preferences:".into());
        lines.extend(rules.iter().map(|r| format!("- {r}")));
        lines.extend(inferred);
    }
    if !analysis.patterns.is_empty() {
        lines.push("Recurring corrections (avoid repeating them):".into());
        lines.extend(
            analysis
                .patterns
                .iter()
                .map(|p| format!("- {} ({}×)", super::event::shorten(&p.summary, 160), p.count)),
        );
    }
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
    if !top.is_empty() {
        lines.push("Discoveries:".into());
        lines.extend(top);
    }
    let notes: Vec<String> = analysis
        .agents
        .iter()
        .filter(|a| !a.themes.is_empty() || a.cancellations > 0)
        .map(|a| {
            let themes = a
                .themes
                .iter()
                .map(|t| super::event::shorten(&t.text, 80))
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
    if !notes.is_empty() {
        lines.push("Agent notes:".into());
        lines.extend(notes);
    }
    if lines.is_empty() {
        return None;
    }
    let (open, close) = ("<learned-context>", "</learned-context>");
    let budget = budget_tokens * CHARS_PER_TOKEN;
    let mut block = String::from(open);
    block.push('\n');
    for line in lines {
        if block.len() + line.len() + 1 + close.len() > budget {
            break;
        }
        block.push_str(&line);
        block.push('\n');
    }
    if block.len() == open.len() + 1 {
        return None;
    }
    block.push_str(close);
    Some(block)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feedback::analyze::analyze;
    use crate::feedback::event::{Event, Kind};

    #[test]
    fn nothing_to_say_is_nothing() {
        assert_eq!(render(&analyze(&[], None), &[], 500), None);
    }

    #[test]
    fn rules_and_patterns_within_the_budget() {
        let mut events = vec![Event::new(
            "2026-03-01T00:00:00Z",
            Kind::Preference,
            1.0,
            "always use the venv",
        )];
        for day in 2..5 {
            events.push(Event::new(
                &format!("2026-03-0{day}T00:00:00Z"),
                Kind::Correction,
                0.9,
                "no, run the tests with the venv python",
            ));
        }
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
}
