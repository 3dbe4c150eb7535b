//! Which domains the conversation is about: keywords, patterns and paths, each hit with the word
//! and the message it was found in.
//!
//! All keywords of all domains go into one Aho-Corasick automaton over the lowercased text, so
//! the cost does not grow with the number of domains. A keyword matches as a whole word: where
//! its first or last character is a letter or digit of a script written with spaces, the text
//! must not continue with one. Scripts written without spaces (Chinese, Japanese, Thai, …) have
//! no word boundaries to check, so `金句` matches inside a sentence.

use super::config::InjectConfig;
use aho_corasick::AhoCorasick;
use globset::GlobSet;
use regex::Regex;

/// A text the matcher reads, with its name in reasons ("the prompt").
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// Where the text comes from.
    pub label: &'a str,
    /// The text.
    pub text: &'a str,
    /// How much a hit here counts: the prompt more than older messages.
    pub weight: u32,
}

/// What kind of rule matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A keyword.
    Keyword,
    /// A regex pattern.
    Pattern,
    /// A path glob.
    Path,
}

/// One rule of a domain found in one source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    /// The rule kind.
    pub kind: Kind,
    /// The keyword, the matched text of a pattern, or the path.
    pub term: String,
    /// The source's label.
    pub source: String,
    /// The source's weight.
    pub weight: u32,
}

/// A matched domain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DomainMatch {
    /// Index in the configuration.
    pub domain: usize,
    /// Sum of the best weight of each distinct term: the strongest match goes first.
    pub score: u32,
    /// Each distinct term once, at its strongest source.
    pub hits: Vec<Hit>,
}

impl DomainMatch {
    /// One line saying why: `matched "render" in the prompt, "manim" in the last assistant message`.
    pub fn reason(&self) -> String {
        let parts: Vec<String> = self
            .hits
            .iter()
            .take(3)
            .map(|h| match h.kind {
                Kind::Path => format!("path `{}` in {}", h.term, h.source),
                _ => format!("\"{}\" in {}", h.term, h.source),
            })
            .collect();
        let more = self.hits.len().saturating_sub(3);
        let tail = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        format!("matched {}{tail}", parts.join(", "))
    }
}

/// The compiled rules of every domain.
#[derive(Debug)]
pub struct Matcher {
    keywords: Option<AhoCorasick>,
    /// For each automaton pattern: the keyword as written and the domains that own it.
    owners: Vec<(String, Vec<usize>)>,
    patterns: Vec<(usize, Regex)>,
    /// Every domain's `paths` in one set (one compile, one pass per path), and the domain of
    /// each glob in it.
    paths: Option<(GlobSet, Vec<usize>)>,
    domains: usize,
}

impl Matcher {
    /// Compiles the rules; rules that do not compile (already refused by validation) are skipped.
    pub fn new(config: &InjectConfig) -> Matcher {
        Matcher::build(config, true)
    }

    /// Compiles the `paths` globs only, for a file tool's path: no keyword automaton or regex to
    /// build in a hook that runs before every file read.
    pub fn for_paths(config: &InjectConfig) -> Matcher {
        Matcher::build(config, false)
    }

    fn build(config: &InjectConfig, words: bool) -> Matcher {
        let mut owners: Vec<(String, Vec<usize>)> = Vec::new();
        let mut lowered: Vec<String> = Vec::new();
        let mut patterns = Vec::new();
        let mut globs: Vec<&str> = Vec::new();
        let mut glob_owners = Vec::new();
        for (d, domain) in config.domains.iter().enumerate() {
            let keywords = if words { &domain.keywords[..] } else { &[] };
            let regexes = if words { &domain.patterns[..] } else { &[] };
            for keyword in keywords {
                let word = keyword.get_ref().trim();
                let lower = word.to_lowercase();
                if lower.is_empty() {
                    continue;
                }
                match lowered.iter().position(|l| *l == lower) {
                    Some(i) if !owners[i].1.contains(&d) => owners[i].1.push(d),
                    Some(_) => {}
                    None => {
                        lowered.push(lower);
                        owners.push((word.to_owned(), vec![d]));
                    }
                }
            }
            for pattern in regexes {
                if let Ok(re) = regex::RegexBuilder::new(pattern.get_ref())
                    .case_insensitive(true)
                    .build()
                {
                    patterns.push((d, re));
                }
            }
            for glob in &domain.paths {
                globs.push(glob.get_ref().as_str());
                glob_owners.push(d);
            }
        }
        Matcher {
            keywords: (!lowered.is_empty())
                .then(|| AhoCorasick::new(&lowered).ok())
                .flatten(),
            owners,
            patterns,
            paths: (!globs.is_empty())
                .then(|| crate::base::glob::glob_set(globs.iter().copied(), "paths").ok())
                .flatten()
                .map(|set| (set, glob_owners)),
            domains: config.domains.len(),
        }
    }

    /// The domains matched by `sources` and by the `paths` touched recently, strongest first
    /// (then in configuration order).
    pub fn find(&self, sources: &[Source<'_>], touched: &[String]) -> Vec<DomainMatch> {
        let tools = Source {
            label: "a recent tool call",
            text: "",
            weight: 1,
        };
        self.find_with(sources, touched, &tools)
    }

    /// The domains whose `paths` match `path` (repository-relative), the file of a tool call
    /// named by `label` (`the Edit call`).
    pub fn at_path(&self, path: &str, label: &str) -> Vec<DomainMatch> {
        let call = Source {
            label,
            text: "",
            weight: 4,
        };
        self.find_with(&[], &[path.to_owned()], &call)
    }

    fn find_with(&self, sources: &[Source<'_>], touched: &[String], tools: &Source<'_>) -> Vec<DomainMatch> {
        let mut hits: Vec<Vec<Hit>> = vec![Vec::new(); self.domains];
        let mut add = |d: usize, kind: Kind, term: &str, source: &Source<'_>| {
            let list = &mut hits[d];
            match list.iter_mut().find(|h| h.kind == kind && h.term == term) {
                Some(old) if old.weight < source.weight => {
                    old.source = source.label.to_owned();
                    old.weight = source.weight;
                }
                Some(_) => {}
                None => list.push(Hit {
                    kind,
                    term: term.to_owned(),
                    source: source.label.to_owned(),
                    weight: source.weight,
                }),
            }
        };
        for source in sources {
            if let Some(ac) = &self.keywords {
                let lower = source.text.to_lowercase();
                for m in ac.find_overlapping_iter(&lower) {
                    if whole_word(&lower, m.start(), m.end()) {
                        let (word, owners) = &self.owners[m.pattern().as_usize()];
                        for d in owners {
                            add(*d, Kind::Keyword, word, source);
                        }
                    }
                }
            }
            for (d, re) in &self.patterns {
                if let Some(m) = re.find(source.text) {
                    let term: String = m.as_str().chars().take(60).collect();
                    add(*d, Kind::Pattern, &term, source);
                }
            }
            if let Some((set, owners)) = &self.paths {
                for path in named_paths(source.text) {
                    for i in set.matches(&path) {
                        add(owners[i], Kind::Path, &path, source);
                    }
                }
            }
        }
        for path in touched {
            let path = path.trim_start_matches("./");
            if let Some((set, owners)) = &self.paths {
                for i in set.matches(path) {
                    add(owners[i], Kind::Path, path, tools);
                }
            }
        }
        let mut matches: Vec<DomainMatch> = hits
            .into_iter()
            .enumerate()
            .filter(|(_, h)| !h.is_empty())
            .map(|(domain, mut hits)| {
                hits.sort_by_key(|h| std::cmp::Reverse(h.weight));
                DomainMatch {
                    domain,
                    score: hits.iter().map(|h| h.weight).sum(),
                    hits,
                }
            })
            .collect();
        matches.sort_by(|a, b| b.score.cmp(&a.score).then(a.domain.cmp(&b.domain)));
        matches
    }
}

/// True when the match `start..end` of `text` is not part of a longer word.
fn whole_word(text: &str, start: usize, end: usize) -> bool {
    let word = &text[start..end];
    let (Some(first), Some(last)) = (word.chars().next(), word.chars().next_back()) else {
        return false;
    };
    let before_ok =
        !spaced_word_char(first) || !text[..start].chars().next_back().is_some_and(spaced_word_char);
    let after_ok = !spaced_word_char(last) || !text[end..].chars().next().is_some_and(spaced_word_char);
    before_ok && after_ok
}

/// A letter, digit or `_` of a script that separates words with spaces.
fn spaced_word_char(c: char) -> bool {
    (c.is_alphanumeric() || c == '_') && !unspaced(c)
}

/// Scripts written without spaces between words.
fn unspaced(c: char) -> bool {
    matches!(c as u32,
        0x0E00..=0x0EFF      // Thai, Lao
        | 0x1000..=0x109F    // Myanmar
        | 0x1780..=0x17FF    // Khmer
        | 0x3040..=0x30FF    // Hiragana, Katakana
        | 0x31F0..=0x31FF
        | 0x3400..=0x4DBF    // CJK extension A
        | 0x4E00..=0x9FFF    // CJK unified ideographs
        | 0xF900..=0xFAFF
        | 0xFF66..=0xFF9F    // half-width Katakana
        | 0x20000..=0x3FFFF)
}

/// Words of `text` that look like file paths (a `/` or a dot before an extension), stripped of
/// quotes, backticks and trailing punctuation, with a leading `./` removed.
pub fn named_paths(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || matches!(c, '`' | '"' | '\'' | '(' | ')' | '<' | '>' | ','))
        .map(|w| w.trim_end_matches([':', ';', '.', '!', '?']))
        .map(|w| w.trim_start_matches("./"))
        .filter(|w| w.len() > 2 && (w.contains('/') || w.contains('.')) && !w.contains("://"))
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn matcher(toml: &str) -> Matcher {
        Matcher::new(&Config::parse(toml).expect("valid").inject)
    }

    fn names(m: &Matcher, text: &str) -> Vec<usize> {
        let source = Source {
            label: "the prompt",
            text,
            weight: 4,
        };
        m.find(&[source], &[]).iter().map(|d| d.domain).collect()
    }

    const TOML: &str = "[[inject.domains]]\nname = \"render\"\nkeywords = [\"render\", \".venv\", \"Manim\"]\nfiles = [\"r.md\"]\n\
        [[inject.domains]]\nname = \"voice\"\nkeywords = [\"金句\", \"script\"]\npaths = [\"src/voice/**\"]\nfiles = [\"v.md\"]\n";

    #[test]
    fn whole_words_any_case_any_script() {
        let m = matcher(TOML);
        assert_eq!(names(&m, "Let's RENDER it"), [0]);
        assert_eq!(names(&m, "the renderer"), Vec::<usize>::new());
        assert_eq!(names(&m, "rerender"), Vec::<usize>::new());
        assert_eq!(names(&m, "use .venv/bin/python"), [0]);
        assert_eq!(names(&m, "MANIM!"), [0]);
        assert_eq!(names(&m, "这个金句很好"), [1]);
        assert_eq!(names(&m, "用render渲染"), [0]);
        assert_eq!(names(&m, "postscript"), Vec::<usize>::new());
        assert_eq!(names(&m, "edit `./src/voice/a.rs` now"), [1]);
    }

    #[test]
    fn strongest_first() {
        let m = matcher(TOML);
        let sources = [
            Source {
                label: "the prompt",
                text: "script",
                weight: 4,
            },
            Source {
                label: "the last message",
                text: "render manim .venv",
                weight: 3,
            },
        ];
        let found = m.find(&sources, &["src/voice/x.rs".into()]);
        assert_eq!(found[0].domain, 0);
        assert_eq!(found[0].score, 9);
        assert_eq!(found[1].score, 5);
        assert!(
            found[1].reason().contains("\"script\" in the prompt"),
            "{}",
            found[1].reason()
        );
    }

    #[test]
    fn a_tool_path_matches_paths_only() {
        let m = Matcher::for_paths(&Config::parse(TOML).expect("valid").inject);
        let found = m.at_path("src/voice/a.rs", "the Edit call");
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].reason(),
            "matched path `src/voice/a.rs` in the Edit call"
        );
        assert!(m.at_path("src/render/a.rs", "the Edit call").is_empty());
        assert!(names(&m, "render").is_empty(), "no keywords");
    }
}
