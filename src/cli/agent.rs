//! `learnings agent create|instructions`: scaffold a LearningAgent, print what it knows.

use super::context::{Context, EXIT_OK};
use crate::agents::{self, instructions, scaffold};
use crate::error::Result;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `learnings agent`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

/// What to do with an agent.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Create `.deepwork/learning-agents/NAME/` and `.claude/agents/NAME.md`; never overwrites.
    Create {
        /// The agent's name: lower-case words joined by dashes ("Rust Reviewer" becomes rust-reviewer).
        name: String,
        /// An agent folder to copy first (its files win over the stubs).
        #[arg(long, value_name = "DIR")]
        template: Option<PathBuf>,
    },
    /// Print the agent's core knowledge, topic index and learnings folder (its prompt).
    Instructions {
        /// The agent's name.
        #[arg(required_unless_present = "session")]
        name: Option<String>,
        /// Take the agent from a session log folder's `agent_used` (a path or an agent id).
        #[arg(long, value_name = "DIR", conflicts_with = "name")]
        session: Option<String>,
        /// Print the agent's guideline for one step of the learning cycle instead.
        #[arg(long, value_enum)]
        guideline: Option<GuidelineArg>,
    },
}

/// The learning-cycle steps with a per-agent guideline file.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum GuidelineArg {
    /// `issue_identification.md` (the identify step).
    Identification,
    /// `issue_investigation.md` (the investigate-issues step).
    Investigation,
    /// `learning_from_issues.md` (the incorporate-learnings step).
    Learning,
}

/// Runs the action.
pub fn run(ctx: &mut Context<'_>, args: Args, out: &mut dyn Write) -> Result<u8> {
    let root = agents::find_root(&ctx.cwd);
    match args.action {
        Action::Create { name, template } => {
            let name = agents::normalize_agent_name(name.trim());
            let template = template.map(|t| ctx.resolve(&t));
            let done = scaffold::create(&root, &name, template.as_deref())?;
            for path in &done.created {
                writeln!(out, "created {}", path.display())?;
            }
            for path in &done.kept {
                writeln!(out, "kept    {} (already there)", path.display())?;
            }
            writeln!(
                out,
                "\nNext: write the agent's expertise into .deepwork/learning-agents/{name}/core-knowledge.md \
                 and its description into .claude/agents/{name}.md."
            )?;
        }
        Action::Instructions {
            name,
            session,
            guideline,
        } => {
            let name = match (name, session) {
                (Some(name), _) => name,
                (None, Some(session)) => agent_of_session(&root, ctx, &session)?,
                (None, None) => {
                    return Err(crate::error::Error::Usage(
                        "pass an agent name or --session".into(),
                    ));
                }
            };
            let text = match guideline {
                None => instructions::render(&root, &name)?,
                Some(which) => instructions::guideline(&root, &name, which.into())?,
            };
            out.write_all(text.as_bytes())?;
        }
    }
    Ok(EXIT_OK)
}

impl From<GuidelineArg> for instructions::Guideline {
    fn from(arg: GuidelineArg) -> Self {
        match arg {
            GuidelineArg::Identification => instructions::Guideline::Identification,
            GuidelineArg::Investigation => instructions::Guideline::Investigation,
            GuidelineArg::Learning => instructions::Guideline::Learning,
        }
    }
}

/// The agent named in a session log's `agent_used`.
fn agent_of_session(root: &std::path::Path, ctx: &Context<'_>, session: &str) -> Result<String> {
    let dir = agents::sessions::resolve(root, &ctx.cwd, session)?;
    let path = dir.join(agents::AGENT_USED);
    let text = std::fs::read_to_string(&path).map_err(crate::error::Error::io(&path))?;
    Ok(text.trim().to_owned())
}
