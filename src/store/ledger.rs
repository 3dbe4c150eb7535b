//! The effect ledger: what the hooks did in each session (a session started, a file injected, a
//! command rewritten or blocked), so that `learnings effect` can weigh each rule against the
//! corrections captured after it. Private like the capture log (the project's `.learnings/`,
//! which ignores itself), bounded by rotation, removed by `learn forget`.

use serde::{Deserialize, Serialize};

/// The ledger's file in the project's `.learnings/`.
pub const LEDGER: &str = "effect.jsonl";
/// Rotation size: four generations hold about 100,000 events.
pub const LEDGER_BYTES: u64 = 4 * 1024 * 1024;
/// The record format.
pub const VERSION: u32 = 1;

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Act {
    /// A session started (SessionStart, `startup`).
    Session,
    /// A file was injected.
    Inject,
    /// A Bash command was rewritten.
    Rewrite,
    /// A Bash command was blocked.
    Block,
}

/// One ledger record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Format version.
    #[serde(default)]
    pub v: u32,
    /// When, `YYYY-MM-DDTHH:MM:SSZ`.
    pub at: String,
    /// The Claude Code session.
    pub session: String,
    /// What happened.
    pub act: Act,
    /// The hook that did it (`prompt`, `session-start`, `subagent-start`, `pre-tool`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hook: Option<String>,
    /// The injected file, repository-relative.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The injected version (content hash, hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
    /// The domains that brought it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub domains: Vec<String>,
    /// Why it matched, or the rule's reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// The enforcement rule (`enforce.block[2]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The agent client whose hook wrote it (`claude`, `codex`, …); none in records written
    /// before clients were told apart, which were all Claude Code's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client: Option<String>,
}

impl Record {
    /// A record of `act` in `session` at `at`; the other fields empty.
    pub fn new(at: &str, session: &str, act: Act) -> Record {
        Record {
            v: VERSION,
            at: at.to_owned(),
            session: session.to_owned(),
            act,
            hook: None,
            path: None,
            hash: None,
            domains: Vec::new(),
            why: None,
            rule: None,
            client: None,
        }
    }
}

impl super::Store {
    /// The effect ledger of the project.
    pub fn ledger(&self) -> super::jsonl::Log {
        self.log(true, LEDGER).with_max_bytes(LEDGER_BYTES)
    }
}
