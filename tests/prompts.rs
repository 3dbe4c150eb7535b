//! The agents and skills we ship: valid frontmatter, and every `learnings …` command they quote
//! exists in the CLI with those arguments, so the prompts cannot drift from the tool.

use clap::Parser;
use learnings::cli::Cli;
use pulldown_cmark::{Event, Parser as Markdown, Tag, TagEnd};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// Top-level `key: value` pairs of the frontmatter (a `|` block counts as non-empty).
fn frontmatter(text: &str) -> Option<(Vec<(String, String)>, &str)> {
    let rest = text.strip_prefix("---\n")?;
    let end = rest.find("\n---\n")?;
    let keys = rest[..end]
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.starts_with('\t'))
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    Some((keys, &rest[end + 5..]))
}

/// Every `learnings …` command line quoted in code spans or code blocks of `body`.
fn quoted_commands(body: &str) -> Vec<Vec<String>> {
    let mut code = Vec::new();
    let mut in_block = false;
    for event in Markdown::new(body) {
        match event {
            Event::Code(text) => code.push(text.to_string()),
            Event::Start(Tag::CodeBlock(_)) => in_block = true,
            Event::End(TagEnd::CodeBlock) => in_block = false,
            Event::Text(text) if in_block => code.extend(text.lines().map(str::to_owned)),
            _ => {}
        }
    }
    let mut commands = Vec::new();
    for snippet in code {
        let tokens: Vec<&str> = snippet.split_whitespace().collect();
        for (i, token) in tokens.iter().enumerate() {
            let starts = i == 0 || ["$", "|", "&&", ";", "||", "xargs", "-0"].contains(&tokens[i - 1]);
            if *token == "learnings" && starts {
                let args: Vec<String> = tokens[i + 1..]
                    .iter()
                    .take_while(|t| !["|", "&&", ";", "||", ">", "2>", "<"].contains(t))
                    .map(|t| t.trim_end_matches('`').to_owned())
                    .collect();
                commands.push(args);
            }
        }
    }
    commands
}

#[test]
fn every_agent_and_skill_has_valid_frontmatter_and_real_commands() {
    let mut files = Vec::new();
    markdown_files(&root().join("agents"), &mut files);
    markdown_files(&root().join("skills"), &mut files);
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read prompt");
        let rel = file.strip_prefix(root()).expect("inside").display().to_string();
        let is_agent = file.parent() == Some(root().join("agents").as_path());
        let is_skill = file.file_name().is_some_and(|n| n == "SKILL.md");
        if !is_agent && !is_skill {
            continue;
        }
        let (keys, body) = frontmatter(&text).unwrap_or_else(|| panic!("{rel}: no frontmatter"));
        let get = |k: &str| keys.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
        let name = get("name").unwrap_or_else(|| panic!("{rel}: no name"));
        assert!(
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{rel}: name {name:?}"
        );
        assert!(
            get("description").is_some_and(|d| !d.is_empty()),
            "{rel}: no description"
        );
        if is_agent {
            assert_eq!(Some(name), file.file_stem().and_then(|s| s.to_str()), "{rel}");
            assert!(get("model").is_some_and(|m| !m.is_empty()), "{rel}: no model");
            assert!(get("tools").is_some_and(|t| !t.is_empty()), "{rel}: no tools");
        } else {
            let dir = file.parent().and_then(Path::file_name).and_then(|s| s.to_str());
            assert_eq!(Some(name), dir, "{rel}: name must match its folder");
        }
        for args in quoted_commands(body) {
            let argv = std::iter::once("learnings".to_owned()).chain(args.iter().cloned());
            if let Err(e) = Cli::try_parse_from(argv) {
                panic!(
                    "{rel}: `learnings {}` is not a valid command: {e}",
                    args.join(" ")
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} commands found");
}

#[test]
fn the_command_finder_sees_spans_and_blocks() {
    let body = "Run `learnings plan --format json`.\n\n```sh\n$ learnings audit --since HEAD | head\n```\n\nNot `agents/learnings.md`.\n";
    assert_eq!(
        quoted_commands(body),
        [vec!["plan", "--format", "json"], vec!["audit", "--since", "HEAD"]]
    );
    assert!(Cli::try_parse_from(["learnings", "plan", "--no-such-flag"]).is_err());
}
