//! A client's tool call, named as the handlers name it: `Bash` with `command`, or one of Claude
//! Code's file tools with `file_path`.

use serde_json::{Map, Value};

/// What a client's tool is to the handlers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The shell: its input's `command` key holds the command.
    Shell(&'static str),
    /// A file tool, as Claude Code's `tool`; its input's `key` holds the path.
    File {
        /// `Read`, `Edit` or `Write`.
        tool: &'static str,
        /// The client's key for the path.
        key: &'static str,
    },
}

/// `(tool_name, tool_input)` for the handlers, from a client's tool `kind` and its `input`.
/// `None` when the input lacks the key that matters.
pub fn as_claude(kind: Kind, input: &Map<String, Value>) -> Option<(&'static str, Map<String, Value>)> {
    match kind {
        Kind::Shell(key) => {
            let command = input.get(key)?.as_str()?;
            let mut out = input.clone();
            out.remove(key);
            out.insert("command".into(), Value::String(command.to_owned()));
            Some(("Bash", out))
        }
        Kind::File { tool, key } => {
            let path = input.get(key)?.as_str()?;
            let mut out = Map::new();
            out.insert("file_path".into(), Value::String(path.to_owned()));
            Some((tool, out))
        }
    }
}

/// Sets `tool_name` and `tool_input` of `object` from the client's tool, found by `kind_of` its
/// name; `None` when the tool is none of ours (the handlers then answer nothing).
pub fn rename(
    mut object: Map<String, Value>,
    name_key: &str,
    input_key: &str,
    kind_of: fn(&str) -> Option<Kind>,
) -> Option<Map<String, Value>> {
    let kind = kind_of(object.get(name_key)?.as_str()?)?;
    let input = match object.get(input_key)? {
        Value::Object(map) => map.clone(),
        // Copilot sends the arguments as a JSON string.
        Value::String(s) => match serde_json::from_str(s).ok()? {
            Value::Object(map) => map,
            _ => return None,
        },
        _ => return None,
    };
    let (tool, input) = as_claude(kind, &input)?;
    object.insert("tool_name".into(), Value::String(tool.into()));
    object.insert("tool_input".into(), Value::Object(input));
    Some(object)
}
