//! `agent create`: the folders and stubs of a new LearningAgent, and its Claude Code agent file.
//!
//! Creating is idempotent and never overwrites: a second run fills in what is missing and keeps
//! every file a person or a learning cycle has already written. The agent file does not copy the
//! knowledge in: the plugin's SubagentStart hook adds it each time the agent starts, so it never
//! goes stale. The body makes sense as it stands, because Claude Code does not expand `!`
//! commands in agent files; [`upgrade_agent_file`] fixes files written with the old `!` line.

use super::{AGENTS_DIR, Error, Result, validate_agent_name};
use crate::base::fs;
use std::path::{Path, PathBuf};

/// Stub of `core-knowledge.md`, to be replaced by the `create-agent` skill.
const CORE_KNOWLEDGE: &str = "TODO: describe this agent's expertise in the second person.

This text becomes the agent's system instructions. Start with who the agent is (\"You are an
expert in ...\"), then the rules it must follow and the mistakes it must avoid. Put long
reference material in `topics/` instead; the learning cycle adds `learnings/` over time.
";

const GUIDELINES_README: &str = "# Additional learning guidelines

These files tune the learning cycle for this agent. Each one is read by one step of the cycle;
leave it empty to use the default behaviour, or write markdown instructions into it.

- `issue_identification.md`: read by the `identify` step. Which mistakes matter most for this
  agent, what to ignore, the signs of a mistake in this domain.
- `issue_investigation.md`: read by the `investigate-issues` step. Common root causes, which
  parts of the agent's knowledge to check first.
- `learning_from_issues.md`: read by the `incorporate-learnings` step. Where new knowledge
  should go (core knowledge, a topic or a learning) and how to phrase it.
";

/// The three guideline files, one per step of the cycle.
pub const GUIDELINES: [&str; 3] = [
    "issue_identification.md",
    "issue_investigation.md",
    "learning_from_issues.md",
];

/// What a run of `agent create` did, paths relative to the project root, in creation order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scaffold {
    /// Files and folders made by this run.
    pub created: Vec<PathBuf>,
    /// Files that were there already and were left alone.
    pub kept: Vec<PathBuf>,
}

/// Creates (or completes) the agent `name` under `root`, copying `template` first if given.
pub fn create(root: &Path, name: &str, template: Option<&Path>) -> Result<Scaffold> {
    validate_agent_name(name)?;
    let agent = PathBuf::from(AGENTS_DIR).join(name);
    let template = match template {
        Some(template) => Some(super::template::check(template, &root.join(&agent))?),
        None => None,
    };
    let mut run = Run {
        root,
        done: Scaffold::default(),
        made: Vec::new(),
    };
    match run.fill(&agent, name, template.as_deref()) {
        Ok(()) => Ok(run.done),
        Err(e) => {
            run.undo();
            Err(e)
        }
    }
}

impl Run<'_> {
    /// Everything `create` writes, in order; on error the caller undoes what was made.
    fn fill(&mut self, agent: &Path, name: &str, template: Option<&Path>) -> Result<()> {
        self.dir(agent)?;
        if let Some(template) = template {
            self.copy_tree(template, agent)?;
        }
        self.file(&agent.join("core-knowledge.md"), CORE_KNOWLEDGE)?;
        self.dir(&agent.join("topics"))?;
        self.dir(&agent.join("learnings"))?;
        let guidelines = agent.join("additional_learning_guidelines");
        self.dir(&guidelines)?;
        self.file(&guidelines.join("README.md"), GUIDELINES_README)?;
        for file in GUIDELINES {
            self.file(&guidelines.join(file), "")?;
        }
        self.dir(Path::new(".claude/agents"))?;
        self.file(
            &Path::new(".claude/agents").join(format!("{name}.md")),
            &agent_file(name),
        )?;
        Ok(())
    }

    /// Removes what this run made, newest first, so that a failed create leaves nothing behind
    /// (an empty agent folder would pass for a LearningAgent). A folder someone else filled
    /// meanwhile stays, and so does anything that was there before.
    fn undo(&mut self) {
        for path in self.made.iter().rev() {
            let removed = std::fs::remove_file(path).or_else(|_| std::fs::remove_dir(path));
            // Best effort: the error that stopped the run is the one to report.
            drop(removed);
        }
    }
}

/// The Claude Code agent file: frontmatter, then a body that says where the knowledge comes from.
pub fn agent_file(name: &str) -> String {
    format!(
        "---
name: {name}
description: \"TODO: one sentence on when to use this agent; Claude reads it to decide.\"
---

{}",
        agent_body(name)
    )
}

/// The body of a LearningAgent's agent file: no `!` line, which Claude Code would pass on
/// literally.
pub fn agent_body(name: &str) -> String {
    format!(
        "You are the `{name}` LearningAgent of this project.

Your knowledge (core knowledge, an index of topics, where your learnings are) is added to your
context when you start, by the `learnings` plugin, in a block marked
`<project-knowledge path=\"{AGENTS_DIR}/{name}\">`. Follow it.

If that block is missing (the plugin is not installed), read
`{AGENTS_DIR}/{name}/core-knowledge.md` first, then the topics in `{AGENTS_DIR}/{name}/topics/`
and the learnings in `{AGENTS_DIR}/{name}/learnings/` that concern your task.
"
    )
}

/// The agent file with each old `` !`learnings agent instructions NAME` `` line replaced by
/// [`agent_body`]; `None` when there is no such line.
pub fn upgrade_agent_file(text: &str) -> Option<String> {
    let mut changed = false;
    let mut out = String::with_capacity(text.len() + 512);
    for line in text.split_inclusive('\n') {
        let name = line
            .trim()
            .strip_prefix("!`learnings agent instructions ")
            .and_then(|rest| rest.strip_suffix('`'))
            .map(str::trim)
            .filter(|name| !name.is_empty() && !name.starts_with('-'));
        match name {
            Some(name) => {
                out.push_str(&agent_body(name));
                changed = true;
            }
            None => out.push_str(line),
        }
    }
    changed.then_some(out)
}

struct Run<'a> {
    root: &'a Path,
    done: Scaffold,
    /// Every file and folder this run made (parents included), absolute, in creation order.
    made: Vec<PathBuf>,
}

impl Run<'_> {
    fn dir(&mut self, rel: &Path) -> Result<()> {
        let path = self.root.join(rel);
        if path.is_dir() {
            return Ok(());
        }
        if path.symlink_metadata().is_ok() {
            return Err(Error::Io {
                path,
                source: std::io::Error::new(
                    std::io::ErrorKind::AlreadyExists,
                    "exists and is not a folder; move it away first",
                ),
            });
        }
        let missing: Vec<PathBuf> = path
            .ancestors()
            .take_while(|dir| dir.symlink_metadata().is_err())
            .map(Path::to_path_buf)
            .collect();
        for dir in missing.into_iter().rev() {
            match std::fs::create_dir(&dir) {
                Ok(()) => self.made.push(dir),
                // Made meanwhile by someone else: theirs, not ours to undo.
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && dir.is_dir() => {}
                Err(e) => return Err(Error::io(dir)(e)),
            }
        }
        self.done.created.push(rel.to_path_buf());
        Ok(())
    }

    fn file(&mut self, rel: &Path, contents: &str) -> Result<()> {
        if fs::write_new(&self.root.join(rel), contents.as_bytes())? {
            self.made.push(self.root.join(rel));
            self.done.created.push(rel.to_path_buf());
        } else {
            self.done.kept.push(rel.to_path_buf());
        }
        Ok(())
    }

    /// Copies the regular files and folders of `from` into `to` (relative), in name order.
    /// Symbolic links (and FIFOs, devices, sockets) are skipped, never followed, so that a
    /// template cannot pull in files from elsewhere.
    fn copy_tree(&mut self, from: &Path, to: &Path) -> Result<()> {
        let mut entries = std::fs::read_dir(from)
            .map_err(Error::io(from))?
            .collect::<std::io::Result<Vec<_>>>()
            .map_err(Error::io(from))?;
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let kind = entry.file_type().map_err(Error::io(entry.path()))?;
            let target = to.join(entry.file_name());
            if kind.is_dir() {
                self.dir(&target)?;
                self.copy_tree(&entry.path(), &target)?;
            } else if kind.is_file() {
                let bytes = std::fs::read(entry.path()).map_err(Error::io(entry.path()))?;
                if fs::write_new(&self.root.join(&target), &bytes)? {
                    self.made.push(self.root.join(&target));
                    self.done.created.push(target);
                } else {
                    self.done.kept.push(target);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_agent_files_are_upgraded_once() {
        let old = "---\nname: r\n---\n\n!`learnings agent instructions r`\nKeep this.\n";
        let new = upgrade_agent_file(old).expect("upgraded");
        assert!(
            new.starts_with("---\nname: r\n---\n\nYou are the `r` LearningAgent"),
            "{new}"
        );
        assert!(new.ends_with("concern your task.\nKeep this.\n"), "{new}");
        assert_eq!(upgrade_agent_file(&new), None);
        assert_eq!(upgrade_agent_file(&agent_file("r")), None);
    }
}
