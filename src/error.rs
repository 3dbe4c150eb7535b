//! The library's error type. Every variant names the file it concerns and says what to do.

use std::path::PathBuf;

/// Everything that can stop a command. All of them exit with code 2.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The learnings file (or another input) does not exist.
    #[error("{path}: no such file; {hint}")]
    Missing { path: PathBuf, hint: String },
    /// A folder on the way to a file does not exist.
    #[error("{path}: no such folder; check the path")]
    MissingFolder { path: PathBuf },
    /// A FILE argument that is a folder, a FIFO or a device.
    #[error("{path}: is {kind}, not a file; pass a file")]
    NotAFile { path: PathBuf, kind: &'static str },
    /// A learnings file larger than the history commands read (`what`: its size or headings,
    /// and the limit), refused before anything holds it.
    #[error("{path}: {what}; {hint}")]
    TooLarge {
        path: PathBuf,
        what: String,
        hint: String,
    },
    /// A text file that is not UTF-8.
    #[error("{path}: not valid UTF-8 (first bad byte at offset {offset}); re-save the file as UTF-8")]
    NotUtf8 { path: PathBuf, offset: usize },
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// Git history could not be read.
    #[error(transparent)]
    History(#[from] crate::history::Error),
    /// A LearningAgent, session log or issue file is missing or wrong.
    #[error(transparent)]
    Agents(#[from] crate::agents::Error),
    /// A configuration file or value is wrong.
    #[error("{path}: {message}")]
    Config { path: PathBuf, message: String },
    /// `learnings.toml` has a problem in a section the command reads (`more`: how many others).
    #[error("{problem}{more}")]
    ConfigProblem {
        problem: crate::base::settings::Problem,
        more: String,
    },
    /// The history here cannot support the answer (a shallow clone, for a CI guard).
    #[error("{0}")]
    Incomplete(String),
    /// The command was asked something it cannot do.
    #[error("{0}")]
    Usage(String),
    /// Writing the report failed (a closed pipe is not reported: `learnings ages | head` is fine).
    #[error("cannot write output: {0}")]
    Output(#[from] std::io::Error),
}

impl From<crate::base::fs::Error> for Error {
    fn from(e: crate::base::fs::Error) -> Self {
        Error::Io {
            path: e.path,
            source: e.source,
        }
    }
}

impl Error {
    /// Wraps an I/O error with the path it concerns.
    pub fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> Error {
        let path = path.into();
        move |source| Error::Io { path, source }
    }
}

/// Shorthand for results of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
