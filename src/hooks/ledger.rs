//! The hooks' entries in the effect ledger (`store::ledger`): best effort, like
//! capture; nothing is recorded when `LEARNINGS_CAPTURE=off`.

use super::clients::Client;
use crate::inject::{Injected, Selection};
use crate::store::ledger::{Act, Record};
use crate::store::{self, Store};
use std::path::Path;

/// How long a hook waits for the ledger's lock.
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_millis(100);

/// The client this hook process answers. One process answers one event of one client, so it is
/// set once where the command line names it, and every record says it without each handler
/// having to know who called.
static CLIENT: std::sync::OnceLock<Client> = std::sync::OnceLock::new();

/// Names the client of this process's records (the first call wins).
pub fn set_client(client: Client) {
    let _ = CLIENT.set(client);
}

/// Appends `records` to the ledger of the project at `root`.
pub fn record(root: &Path, records: &[Record]) {
    if records.is_empty() || store::capture_env_off(std::env::var_os(store::CAPTURE_ENV).as_deref()) {
        return;
    }
    let client = CLIENT.get().map(|c| c.name().to_owned());
    let records: Vec<Record> = records
        .iter()
        .map(|r| Record {
            client: r.client.clone().or_else(|| client.clone()),
            ..r.clone()
        })
        .collect();
    let records = records.as_slice();
    // The ledger is project-level only: no user folder is read or written.
    let store = Store::project_only(root);
    // The folder is made (private, ignoring itself, refusing links) once; after that one look
    // suffices, and the append itself never follows a link.
    let made = std::fs::symlink_metadata(store.project.join(".gitignore")).is_ok_and(|m| m.is_file());
    if !made && store.ensure(true).is_err() {
        return;
    }
    let _ = store.ledger().with_lock_wait(LOCK_WAIT).append_quick(records);
}

/// The records of the files `injected` by `hook`, from `selection`.
pub fn injections(
    now: &str,
    session: &str,
    hook: &str,
    selection: &Selection,
    injected: &Injected,
) -> Vec<Record> {
    injected
        .files
        .iter()
        .filter_map(|path| selection.candidates.iter().find(|c| &c.path == path))
        .map(|c| Record {
            hook: Some(hook.to_owned()),
            path: Some(c.path.clone()),
            hash: Some(format!("{:016x}", c.hash)),
            domains: c.domains.clone(),
            why: Some(c.why.clone()),
            ..Record::new(now, session, Act::Inject)
        })
        .collect()
}

/// The records of the enforcement rules that fired on one command.
pub fn enforcement(now: &str, session: &str, fired: &[(Act, String)]) -> Vec<Record> {
    fired
        .iter()
        .map(|(act, rule)| Record {
            hook: Some("pre-tool".into()),
            rule: Some(rule.clone()),
            ..Record::new(now, session, *act)
        })
        .collect()
}
