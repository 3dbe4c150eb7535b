//! `[enforce.env]` for the whole session: at SessionStart, Claude Code names a file in
//! `CLAUDE_ENV_FILE` whose `export NAME=value` lines set the environment of every later Bash
//! call. The PreToolUse prefix still applies (it covers sessions where the variable is unset
//! and commands run before the hook existed); the two agree, so a variable is never set twice
//! to different values.

use std::io::Write;
use std::path::Path;

/// One `export NAME=value` line per variable, in name order.
pub fn lines(env: &[(String, String)]) -> String {
    env.iter()
        .map(|(name, value)| format!("export {name}={}\n", super::quote(value)))
        .collect()
}

/// Appends the lines of `env` that `path` does not hold yet (other hooks write there too, and
/// SessionStart fires again on resume). Creates the file if needed.
pub fn append(path: &Path, env: &[(String, String)]) -> std::io::Result<()> {
    if env.is_empty() {
        return Ok(());
    }
    let existing = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e),
    };
    let have: std::collections::BTreeSet<&str> = existing.lines().collect();
    let mut missing: String = lines(env)
        .lines()
        .filter(|l| !have.contains(l))
        .map(|l| format!("{l}\n"))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    if !existing.is_empty() && !existing.ends_with('\n') {
        missing.insert(0, '\n');
    }
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
    file.write_all(missing.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env() -> Vec<(String, String)> {
        vec![("DISPLAY".into(), ":0".into()), ("MSG".into(), "a b".into())]
    }

    #[test]
    fn appends_each_line_once_after_what_others_wrote() {
        let dir = tempfile::tempdir().expect("temp");
        let path = dir.path().join("env");
        std::fs::write(&path, "export OTHER=1").expect("write");
        append(&path, &env()).expect("append");
        append(&path, &env()).expect("again");
        let text = std::fs::read_to_string(&path).expect("read");
        assert_eq!(text, "export OTHER=1\nexport DISPLAY=:0\nexport MSG='a b'\n");
    }
}
