//! What a handler said, read from its Claude Code answer once, for the clients that say it
//! otherwise.

use serde_json::{Map, Value};

/// The reason given when a handler denies without one: Codex lets a deny with an empty reason
/// run the command, so a deny always carries words.
const DEFAULT_REASON: &str = "blocked by a rule of this project's learnings.toml [enforce]";

/// A handler's answer, by meaning.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Said {
    /// Text for the model (`additionalContext`).
    pub context: Option<String>,
    /// Text for the user (`systemMessage`).
    pub system_message: Option<String>,
    /// The tool call is denied, for this reason (never empty).
    pub deny: Option<String>,
    /// The tool call runs with this input instead (a rewrite: every field, `command` changed).
    pub updated_input: Option<Map<String, Value>>,
}

impl Said {
    /// Reads a handler's JSON answer; anything unreadable says nothing.
    pub fn read(answer: &str) -> Said {
        let Ok(Value::Object(top)) = serde_json::from_str::<Value>(answer) else {
            return Said::default();
        };
        let text = |map: &Map<String, Value>, key: &str| {
            map.get(key)
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
        };
        let mut said = Said {
            system_message: text(&top, "systemMessage"),
            ..Said::default()
        };
        if let Some(Value::Object(specific)) = top.get("hookSpecificOutput") {
            said.context = text(specific, "additionalContext");
            if specific.get("permissionDecision").and_then(Value::as_str) == Some("deny") {
                let reason = text(specific, "permissionDecisionReason");
                said.deny = Some(reason.unwrap_or_else(|| DEFAULT_REASON.to_owned()));
            }
            if let Some(Value::Object(input)) = specific.get("updatedInput") {
                said.updated_input = Some(input.clone());
            }
        }
        said
    }

    /// The rewritten command, when this is a rewrite.
    pub fn command(&self) -> Option<&str> {
        self.updated_input.as_ref()?.get("command")?.as_str()
    }

    /// The context and the user's message as one text, for a client with one place for both.
    pub fn all_text(&self) -> Option<String> {
        let parts: Vec<&str> = [self.system_message.as_deref(), self.context.as_deref()]
            .into_iter()
            .flatten()
            .collect();
        (!parts.is_empty()).then(|| parts.join("\n\n"))
    }

    /// A rewrite the client cannot apply, said as a deny that names the command to run instead
    /// and why: the next best thing, since the model then runs it itself. `None` when no rule
    /// rewrote it and only `[enforce.env]` variables were added (the handler then says nothing
    /// of why): denying those would refuse every command, and the one suggested again, forever.
    pub fn rewrite_as_deny(&self) -> Option<String> {
        let command = self.command()?;
        self.context.as_ref()?;
        // The rules' own lines (`- \`from\` -> \`to\`: reason`), not the words meant for a
        // client that ran the new command itself.
        let rules: Vec<&str> = self
            .context
            .as_deref()
            .unwrap_or_default()
            .lines()
            .filter(|line| line.starts_with("- "))
            .collect();
        let mut reason = format!(
            "This project's learnings.toml [enforce] rules run this command differently. Run instead: {command}"
        );
        if !rules.is_empty() {
            reason.push('\n');
            reason.push_str(&rules.join("\n"));
        }
        Some(reason)
    }
}
