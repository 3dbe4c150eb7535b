//! Setting the tool up in a project.

pub mod doctor;
pub mod git_hook;
