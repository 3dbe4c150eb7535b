//! A problem of `learnings.toml`: where, in which section, what to do; and all of them in one
//! line for a hook's message.

/// One thing wrong in the file: where, and what to do.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Problem {
    /// 1-based line.
    pub line: usize,
    /// The section it belongs to (`consolidation`, `enforce`, …; `syntax` for the file's TOML,
    /// `file` for an unknown top-level key): a command fails only on problems in the sections
    /// it reads, and on the syntax.
    pub section: &'static str,
    /// One line, naming the key and the table.
    pub message: String,
    /// It turns off a protection (a block rule): wherever problems are summed up, it comes first.
    pub loud: bool,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}: {}",
            crate::base::paths::CONFIG_FILE,
            self.line,
            self.message
        )
    }
}

/// Every problem in one line, for a hook's message: the file, how many, each line and why,
/// and where to see them all. Past three, the count says how many more.
pub fn one_line(problems: &[Problem]) -> Option<String> {
    if problems.is_empty() {
        return None;
    }
    let file = crate::base::paths::CONFIG_FILE;
    // A block rule that is off must not hide behind the count of "more".
    let loud_first = problems
        .iter()
        .filter(|p| p.loud)
        .chain(problems.iter().filter(|p| !p.loud));
    let shown: Vec<String> = loud_first
        .take(3)
        .map(|p| format!("line {}: {}", p.line, crate::base::words::cut(&p.message, 160)))
        .collect();
    let more = match problems.len() {
        n if n > 3 => format!(" | and {} more", n - 3),
        _ => String::new(),
    };
    let what = match problems.len() {
        1 => "a problem".to_owned(),
        n => format!("{n} problems"),
    };
    let listed = format!("{}{more}", shown.join(" | "));
    let stop = if listed.ends_with(['.', '?', '!']) {
        ""
    } else {
        "."
    };
    Some(format!(
        "learnings: {file} has {what}; everything else in it works. {listed}{stop} Run `learnings doctor` to see them all."
    ))
}
