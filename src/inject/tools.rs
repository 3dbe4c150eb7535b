//! Knowledge at the point of action: the file tools (`Read`, `Edit`, `Write`, `MultiEdit`,
//! `NotebookEdit`) name the file the next step works on, and the domains whose `paths` hold it
//! are the knowledge that step needs.
//!
//! Only the path counts, never keywords: the path is what the tool call is about, while a
//! keyword in it (`src/render/…`) would match domains that did not ask for those files. A file
//! about to be written counts by its path, like one that exists.

use super::config::InjectConfig;
use super::matcher::{DomainMatch, Matcher};
use std::path::Path;

/// The tools whose input names one file.
pub const FILE_TOOLS: [&str; 5] = ["Read", "Edit", "Write", "MultiEdit", "NotebookEdit"];

/// True for one of [`FILE_TOOLS`].
pub fn is_file_tool(name: &str) -> bool {
    FILE_TOOLS.contains(&name)
}

/// The key of the tool's input that names its file.
pub fn path_key(tool: &str) -> &'static str {
    if tool == "NotebookEdit" {
        "notebook_path"
    } else {
        "file_path"
    }
}

/// What a file tool's call on a path brings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Call {
    /// The path is outside the project: no domain can hold it.
    Outside,
    /// The path, repository-relative, and the domains whose `paths` match it, strongest first.
    Inside(String, Vec<DomainMatch>),
}

/// The domains a call of `tool` on `path` (absolute, or relative to `base`) matches, in the
/// project at `root` configured by `config`.
pub fn at_call(config: &InjectConfig, root: &Path, base: &Path, tool: &str, path: &str) -> Call {
    let Some(relative) = crate::base::paths::inside(root, base, path) else {
        return Call::Outside;
    };
    let matches = Matcher::for_paths(config).at_path(&relative, &label(tool));
    Call::Inside(relative, matches)
}

/// How reasons name the call: `the Edit call`.
pub fn label(tool: &str) -> String {
    format!("the {tool} call")
}
