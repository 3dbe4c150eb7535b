//! The shared leaves: small helpers every room may use. Nothing here imports anything of ours,
//! so no room can reach back up through them.

pub mod fs;
pub mod glob;
pub mod hash;
pub mod paths;
pub mod progress;
pub mod settings;
pub mod time;
pub mod words;
