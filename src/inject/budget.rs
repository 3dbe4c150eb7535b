//! Fitting knowledge into the budget: whole files first, strongest first; then whole lines; and a
//! closing line that names what was left out and how to read it.
//!
//! The text is framed as data from the repository, each file with its path and one line saying
//! why it is there, because hook text reaches the model with the weight of the conversation.

/// A file to inject.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// Repository-relative path.
    pub path: String,
    /// Why it is here (one line).
    pub why: String,
    /// The file's text.
    pub text: String,
    /// When it last changed, if known.
    pub age: Option<String>,
}

/// How much of a piece went in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// Index in the pieces given.
    pub piece: usize,
    /// Lines included, from the top.
    pub lines: usize,
    /// Lines of the file.
    pub total: usize,
}

/// The text to inject and what the budget did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Assembled {
    /// The whole text, at most the budget in characters.
    pub text: String,
    /// Pieces that went in, whole or cut.
    pub placed: Vec<Placed>,
    /// Pieces left out entirely.
    pub left_out: Vec<usize>,
}

impl Assembled {
    /// Characters of the text.
    pub fn chars(&self) -> usize {
        self.text.chars().count()
    }
}

/// The opening of every injection.
pub const HEADER: &str = "Project knowledge from this repository's files, added by the `learnings` plugin because \
the conversation touched their domain. It is reference data written by the project's team, not a message \
from the user: apply what fits the task.";

/// The opening of an injection before a file tool's call.
pub const TOOL_HEADER: &str = "Project knowledge from this repository's files, added by the `learnings` plugin because \
the file of this tool call is in their domain. It is reference data written by the project's team, not a message \
from the user: apply what fits the task.";

/// Room kept for the closing line when something does not fit.
const CLOSING_ROOM: usize = 600;

/// `head`, then `extra` lines (such as an index), then the pieces in order, within `budget`
/// characters.
pub fn assemble(head: &str, extra: &[String], pieces: &[Piece], budget: usize) -> Assembled {
    let mut out = Assembled {
        text: String::from(head),
        ..Assembled::default()
    };
    for line in extra {
        out.text.push('\n');
        out.text.push_str(line);
    }
    let blocks: Vec<(String, String)> = pieces.iter().map(frame).collect();
    let full: usize = blocks
        .iter()
        .map(|(open, body)| open.chars().count() + body.chars().count() + CLOSE.len() + 2)
        .sum();
    // A small budget keeps less room: a quarter of it, enough for the short closing line.
    let reserve = CLOSING_ROOM.min(budget / 4);
    let limit = if out.chars() + full <= budget {
        budget
    } else {
        budget.saturating_sub(reserve)
    };
    let mut used = out.chars();
    for (i, (open, body)) in blocks.iter().enumerate() {
        let total = body.lines().count();
        let fixed = 2 + open.chars().count() + CLOSE.len();
        if used + fixed >= limit {
            out.left_out.push(i);
            continue;
        }
        let mut kept = 0;
        let mut room = limit - used - fixed;
        let mut taken = String::new();
        for line in body.lines() {
            let cost = line.chars().count() + 1;
            if cost > room {
                break;
            }
            room -= cost;
            taken.push_str(line);
            taken.push('\n');
            kept += 1;
        }
        if kept == 0 && total > 0 {
            out.left_out.push(i);
            continue;
        }
        out.text.push_str("\n\n");
        out.text.push_str(open);
        out.text.push_str(&taken);
        out.text.push_str(CLOSE);
        used = out.chars();
        out.placed.push(Placed {
            piece: i,
            lines: kept,
            total,
        });
    }
    let cut: Vec<String> = out
        .placed
        .iter()
        .filter(|p| p.lines < p.total)
        .map(|p| format!("{} (lines {}-{})", pieces[p.piece].path, p.lines + 1, p.total))
        .chain(out.left_out.iter().map(|i| pieces[*i].path.clone()))
        .collect();
    if !cut.is_empty() {
        let room = budget.saturating_sub(out.chars() + 2).min(CLOSING_ROOM - 2);
        let line = closing(&cut, budget, room);
        if !line.is_empty() {
            out.text.push_str("\n\n");
            out.text.push_str(&line);
        }
    }
    out
}

const CLOSE: &str = "</project-knowledge>";

fn frame(piece: &Piece) -> (String, String) {
    let mut open = format!(
        "<project-knowledge path=\"{}\">\nWhy: {}\n",
        piece.path.replace('"', "'"),
        piece.why.replace('\n', " ")
    );
    if let Some(age) = &piece.age {
        // The model weighs an old rule against a new one by this line.
        open.push_str(&format!("Age: {}\n", age.replace('\n', " ")));
    }
    (open, piece.text.trim_end().to_owned() + "\n")
}

/// The closing line, at most `room` characters: as many names as fit, then a count; a short
/// form, or nothing, when even that does not fit.
fn closing(cut: &[String], budget: usize, room: usize) -> String {
    let start = format!("Left out to stay within the {budget}-character budget: ");
    let end = ". Read them with the Read tool when the task needs them.";
    let more = |n: usize| format!(" and {n} more (`learnings inject explain` lists them)");
    let mut names = String::new();
    for (i, name) in cut.iter().enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        let rest_after = cut.len() - i - 1;
        let tail = if rest_after > 0 { more(rest_after).len() } else { 0 };
        if start.len() + names.len() + sep.len() + name.len() + tail + end.len() > room {
            names.push_str(&more(cut.len() - i));
            break;
        }
        names.push_str(sep);
        names.push_str(name);
    }
    let line = format!("{start}{names}{end}");
    if line.chars().count() <= room {
        return line;
    }
    let short = String::from(
        "Some files were left out to stay within the budget: `learnings inject explain` lists them.",
    );
    if short.chars().count() <= room {
        short
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(path: &str, lines: usize) -> Piece {
        Piece {
            path: path.into(),
            why: "domain `x` matched".into(),
            text: (1..=lines)
                .map(|i| format!("rule {i:03} {}\n", "x".repeat(40)))
                .collect(),
            age: None,
        }
    }

    #[test]
    fn fits_whole_or_cuts_at_lines() {
        let pieces = [piece("a.md", 10), piece("b.md", 200)];
        let whole = assemble(HEADER, &[], &pieces[..1], 6000);
        assert_eq!(whole.placed[0].lines, 10);
        assert!(!whole.text.contains("Left out"));
        let cut = assemble(HEADER, &[], &pieces, 6000);
        assert!(cut.chars() <= 6000, "{}", cut.chars());
        assert_eq!(cut.placed[0].lines, 10);
        assert!(cut.placed[1].lines < 200);
        assert!(cut.text.contains("b.md (lines "), "{}", cut.text);
        assert!(cut.text.lines().all(|l| !l.starts_with("rule") || l.len() == 49));
    }

    #[test]
    fn budget_edges() {
        let p = [piece("a.md", 10)];
        let exact = assemble(HEADER, &[], &p, 100_000).chars();
        assert_eq!(assemble(HEADER, &[], &p, exact).placed[0].lines, 10);
        let one_less = assemble(HEADER, &[], &p, exact - 1);
        assert!(one_less.chars() < exact);
        assert!(one_less.text.contains("Left out"));
        let many: Vec<Piece> = (0..60).map(|i| piece(&format!("d{i}.md"), 50)).collect();
        let crowded = assemble(HEADER, &[], &many, 500);
        assert!(crowded.chars() <= 500, "{}", crowded.chars());
        assert!(
            crowded.text.to_lowercase().contains("left out"),
            "{}",
            crowded.text
        );
    }
}
