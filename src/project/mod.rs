//! What a command reads of the project it runs in, once: the repository, `learnings.toml` and
//! the learnings file ([`Project`]), what git says of the file ([`analysis`], [`growth`]), the
//! permanent docs ([`docs`]) and the paths a user passes ([`input`]). A command opens its
//! project once and passes what it read down.

pub mod analysis;
pub mod audit;
pub mod cache;
pub mod consolidations;
pub mod docs;
pub mod growth;
pub mod input;
pub mod judge;
pub mod learnings_file;
pub mod private;

use crate::config::Config;
use crate::error::Result;
use crate::history::Repository;
use std::path::PathBuf;

/// A repository opened for a command, with its configuration and the learnings file.
#[derive(Debug)]
pub struct Project {
    /// The repository.
    pub repo: Repository,
    /// `learnings.toml` of its root, or the defaults.
    pub config: Config,
    /// The learnings file, absolute.
    pub file: PathBuf,
    /// Problems of `learnings.toml` in sections the history commands do not read: warnings.
    pub config_problems: Vec<crate::base::settings::Problem>,
}

/// The sections of `learnings.toml` the history commands read: a problem there stops them.
pub const SECTIONS: [&str; 3] = ["learnings", "consolidation", "limits"];

impl Project {
    /// Finds the repository above `start` and its configuration. `start` is the learnings file
    /// when `named` (the user passed it), else a folder: the file is then the configured one.
    pub fn open(start: PathBuf, named: bool) -> Result<Project> {
        if named {
            input::expect_file(&start)?;
        }
        let repo = Repository::discover(&start)?;
        let (config, config_problems) = Config::read(repo.root())?.require(&SECTIONS)?;
        let file = if named {
            start
        } else {
            repo.root().join(&config.learnings)
        };
        Ok(Project {
            repo,
            config,
            file,
            config_problems,
        })
    }
}
