//! Setting the tool up in a project: `doctor`'s checks of the plugin's set-up, and the plain git
//! pre-commit hook that `install-hook` writes.

pub mod doctor;
pub mod git_hook;
