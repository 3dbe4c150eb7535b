//! Setting the tool up in a project: `doctor`'s checks of the set-up, the plain git pre-commit
//! hook that `install-hook` writes, and each agent client's hooks that `install --client` writes.

pub mod client_doctor;
pub mod clients;
pub mod doctor;
pub mod git_hook;
pub mod install;
pub mod json;
