//! Globs, compiled the one way this tool reads them.

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

/// Checks that `glob` parses as [`glob_set`] reads it, without compiling a matcher (which
/// costs a regex): for validation, where the globs are compiled later, once, together.
pub fn check(glob: &str, key: &str) -> Result<(), String> {
    GlobBuilder::new(glob)
        .literal_separator(true)
        .build()
        .map(|_| ())
        .map_err(|e| format!("{key}: bad glob `{glob}`: {}", e.kind()))
}

/// Compiles globs the one way this tool reads them: repository-relative, `*` stays within a
/// folder, `**` crosses folders. The error names `key` and the bad glob. Matches report the
/// index of each glob, so a caller can pick the first rule that applies.
pub fn glob_set<'a>(globs: impl IntoIterator<Item = &'a str>, key: &str) -> Result<GlobSet, String> {
    let mut builder = GlobSetBuilder::new();
    for glob in globs {
        let compiled = GlobBuilder::new(glob)
            .literal_separator(true)
            .build()
            .map_err(|e| format!("{key}: bad glob `{glob}`: {}", e.kind()))?;
        builder.add(compiled);
    }
    builder
        .build()
        .map_err(|e| format!("{key}: cannot compile the globs: {e}"))
}
