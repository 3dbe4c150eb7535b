//! `learnings lint`: what each agent client really loads, and what is wrong with it.
//!
//! A repository's knowledge for agents lives in many files (`CLAUDE.md` and its imports,
//! `.claude/rules`, `AGENTS.md` at several depths, `GEMINI.md`, `.cursor/rules`, Copilot's
//! instructions), and each client loads a different subset by its own rules. The rules are data
//! (`clients`), each with the source it was taken from; `load` plays them for a session started
//! in a folder and for a file read or edited there; `findings` checks the surfaces against each
//! other (loaded twice, conflicts), against the clients' limits, against the tree (globs that
//! match nothing, imports that do not resolve, paths and targets that rotted), and against the
//! effect ledger (never fired).
//!
//! Pure over a [`Tree`]: the command line gathers the tracked files; nothing here opens git.

pub mod clients;
pub mod config;
pub mod findings;
pub mod load;
pub mod rule;
pub mod surface;
pub mod text;
pub mod tree;

pub use clients::Client;
pub use config::LintConfig;
pub use findings::{Finding, Rule, Severity};
pub use surface::{Kind, Surface};
pub use tree::Tree;

/// What a whole-repository run found, in a stable order (file, line, rule).
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// The instruction files found, in path order.
    pub surfaces: Vec<Surface>,
    /// Every finding not turned off or suppressed.
    pub findings: Vec<Finding>,
    /// How many findings a suppression comment silenced.
    pub suppressed: usize,
}

/// Rule files the effect ledger says no recent session was given: `(path, sessions)`.
pub type NeverFired = Vec<(String, usize)>;

/// Lints the whole tree: every surface, every client in `config`, every finding kind on.
pub fn lint(tree: &Tree, config: &LintConfig, never_fired: &NeverFired) -> Outcome {
    let surfaces = surface::discover(tree);
    let mut raw = findings::all(tree, &surfaces, config);
    raw.extend(findings::never_fired(never_fired));
    let mut outcome = Outcome {
        surfaces,
        ..Outcome::default()
    };
    let links: Vec<&str> = outcome
        .surfaces
        .iter()
        .filter(|s| s.link_to.is_some())
        .map(|s| s.path.as_str())
        .collect();
    for finding in raw {
        // A link's text is its target's: a finding in it is reported once, on the target.
        let in_link = links.contains(&finding.path.as_str()) && finding.rule != Rule::OverBudget;
        // A finding about clients none of which is modelled is not this run's.
        let other_clients = !finding.clients.is_empty() && !finding.clients.iter().any(|c| config.models(*c));
        if !config.is_on(finding.rule) || in_link || other_clients {
            continue;
        }
        let suppressed = outcome
            .surfaces
            .iter()
            .find(|s| s.path == finding.path)
            .is_some_and(|s| text::suppressed(&s.text, finding.line, finding.rule.id()));
        if suppressed {
            outcome.suppressed += 1;
        } else {
            let mut finding = finding;
            if let Some(severity) = config.severity.get(&finding.rule) {
                finding.severity = *severity;
            }
            outcome.findings.push(finding);
        }
    }
    outcome.findings.sort_by(|a, b| {
        (&a.path, a.line, a.rule.id(), &a.message).cmp(&(&b.path, b.line, b.rule.id(), &b.message))
    });
    outcome
        .findings
        .dedup_by(|a, b| a.path == b.path && a.line == b.line && a.rule == b.rule && a.message == b.message);
    outcome
}

/// What one client loads for `lint --explain`: at the session's start, and what reading or
/// editing the file adds.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ClientLoad {
    /// The client.
    pub client: Client,
    /// Loaded when the session starts, in order.
    pub start: Vec<load::Loaded>,
    /// Added when the file is read.
    pub read: Vec<load::Loaded>,
    /// Added when the file is written or edited.
    pub edit: Vec<load::Loaded>,
}

/// What each client in `config` loads for a session started at the folder `cwd`, and, with a
/// `file`, what reading and editing it adds.
pub fn explain(tree: &Tree, config: &LintConfig, cwd: &str, file: Option<&str>) -> Vec<ClientLoad> {
    let surfaces = surface::discover(tree);
    let index = load::Index::new(tree, &surfaces, config);
    let session = |file| load::Session { cwd, file };
    config
        .clients
        .iter()
        .map(|&client| {
            let start = load::load(&index, client, session(None));
            let more = |trigger| match file {
                Some(f) => load::load(&index, client, session(Some((f, trigger))))
                    .into_iter()
                    .skip(start.len())
                    .collect(),
                None => Vec::new(),
            };
            ClientLoad {
                client,
                read: more(load::Trigger::Read),
                edit: more(load::Trigger::Edit),
                start,
            }
        })
        .collect()
}
