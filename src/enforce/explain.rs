//! The texts a decision is explained with: to a person (`learnings enforce explain`) and to
//! the model (the PreToolUse hook's reason and context).

use super::{Blocked, Decision, Match, Rewritten};
use std::io::{self, Write};

/// `learnings enforce explain`: the command, what happens to it, and the rule.
pub fn render(command: &str, decision: &Decision, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "command:   {command}")?;
    match decision {
        Decision::Unchanged => writeln!(out, "unchanged: no [enforce] rule applies")?,
        Decision::Unparsed(why) => writeln!(
            out,
            "unchanged: the command could not be read in full ({}); no block rule matches its text, and a rewrite needs the parse: it runs as written",
            why.why()
        )?,
        Decision::Rewritten(rewritten) => {
            writeln!(out, "rewritten: {}", rewritten.command)?;
            for applied in &rewritten.applied {
                write!(
                    out,
                    "  rule enforce.rewrite[{}]: `{}` -> `{}`",
                    applied.rule, applied.from, applied.to
                )?;
                match &applied.reason {
                    Some(reason) => writeln!(out, " ({reason})")?,
                    None => writeln!(out)?,
                }
            }
            if !rewritten.env_prefix.is_empty() {
                writeln!(out, "  [enforce.env]: `{}`", rewritten.env_prefix.trim_end())?;
            }
        }
        Decision::Blocked(blocked) => {
            writeln!(out, "blocked:   {}", blocked.matched)?;
            writeln!(
                out,
                "  rule enforce.block[{}]: `{}`",
                blocked.rule, blocked.pattern
            )?;
            writeln!(out, "  reason: {}", blocked.reason)?;
            match blocked.by {
                Match::Parsed => {}
                Match::Loose(why) => writeln!(
                    out,
                    "  read loosely: the command could not be read in full ({}), so the rule was matched against its text",
                    why.why()
                )?,
                Match::Broken => writeln!(
                    out,
                    "  broken rule: its pattern does not compile, so every command that may match it is denied"
                )?,
            }
            if let Some(suggestion) = &blocked.suggestion {
                writeln!(out, "  suggested: {suggestion}")?;
            }
        }
    }
    Ok(())
}

/// `learnings enforce explain --format json`: the same facts as one object, `schema_version` 1.
pub fn json(command: &str, decision: &Decision) -> serde_json::Value {
    let (name, detail) = match decision {
        Decision::Unchanged => ("unchanged", serde_json::Value::Null),
        Decision::Unparsed(why) => ("unparsed", serde_json::json!({ "why": why.why() })),
        Decision::Rewritten(r) => (
            "rewritten",
            serde_json::json!({
                "command": r.command,
                "env_prefix": r.env_prefix,
                "applied": r.applied.iter().map(|a| serde_json::json!({
                    "rule": a.rule, "from": a.from, "to": a.to, "reason": a.reason })).collect::<Vec<_>>(),
            }),
        ),
        Decision::Blocked(b) => (
            "blocked",
            serde_json::json!({
                "rule": b.rule, "pattern": b.pattern, "reason": b.reason,
                "matched": b.matched, "suggestion": b.suggestion,
                "read": match b.by { Match::Parsed => "parsed", Match::Loose(_) => "loosely", Match::Broken => "broken rule" },
                "unread": match b.by { Match::Loose(why) => Some(why.why()), _ => None },
            }),
        ),
    };
    serde_json::json!({ "schema_version": 1, "command": command, "decision": name, "detail": detail })
}

/// The deny reason the model reads: the rule, why, and what to run instead.
pub fn deny_reason(blocked: &Blocked) -> String {
    let (number, pattern) = (blocked.rule, &blocked.pattern);
    let mut reason = match blocked.by {
        Match::Parsed => format!(
            "Blocked by the project's learnings.toml rule enforce.block[{number}] (`{pattern}`), on `{}`: {}",
            blocked.matched, blocked.reason
        ),
        Match::Loose(why) => format!(
            "Blocked by the project's learnings.toml: this command could not be read in full ({}), so block rule enforce.block[{number}] (`{pattern}`) was matched against its text, where `{}` matches it: {}",
            why.why(),
            blocked.matched,
            blocked.reason
        ),
        Match::Broken => format!(
            "Blocked by the project's learnings.toml rule enforce.block[{number}] (`{pattern}`): its pattern does not compile (too big), so every command that may match it is denied until it is fixed; this one holds `{}`. The rule's reason: {}",
            blocked.matched, blocked.reason
        ),
    };
    match &blocked.suggestion {
        Some(suggestion) => reason.push_str(&format!("\nSuggested command: {suggestion}")),
        None => reason.push_str("\nDo not retry this command as it is; follow the reason above."),
    }
    if let Match::Loose(_) = blocked.by {
        reason.push_str(
            "\nIf the match is only text (a message, a heredoc), write the command in plainer shell so that it can be read.",
        );
    }
    reason
}

/// What the model is told after a rewritten command ran; `None` when only variables were
/// added (every command gets them; saying so after each one would only cost tokens).
pub fn rewrite_context(rewritten: &Rewritten) -> Option<String> {
    if rewritten.applied.is_empty() {
        return None;
    }
    let mut text = String::from(
        "learnings rewrote this Bash command by the project's learnings.toml [[enforce.rewrite]] rules:",
    );
    for applied in &rewritten.applied {
        text.push_str(&format!("\n- `{}` -> `{}`", applied.from, applied.to));
        if let Some(reason) = &applied.reason {
            text.push_str(&format!(": {reason}"));
        }
    }
    text.push_str(&format!(
        "\nThe command that ran: {}\nWrite the rewritten form directly next time.",
        rewritten.command
    ));
    Some(text)
}
