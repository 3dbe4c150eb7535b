//! Progress of long work, as a facade (the habit of the `log` crate): the domain says what it is
//! doing and how far it is, the binary decides whether and how to show it. Library code never
//! prints, and without an installed sink (tests, hooks, a pipe) a phase costs one atomic load.

use std::sync::OnceLock;

/// Where phases are shown; installed once by the binary.
pub trait Sink: Send + Sync {
    /// A phase of work begins: `what` it is, and how many steps when known.
    fn start(&self, what: &str, total: Option<u64>) -> Box<dyn Tick>;
}

/// A phase under way; dropping it ends the phase.
pub trait Tick: Send + Sync {
    /// `n` more steps done.
    fn inc(&self, n: u64);
}

static SINK: OnceLock<Box<dyn Sink>> = OnceLock::new();

/// Installs the sink of this process; a second call is ignored.
pub fn install(sink: Box<dyn Sink>) {
    let _ = SINK.set(sink);
}

/// Starts a phase; it ends when the returned value is dropped.
pub fn start(what: &str, total: Option<u64>) -> Phase {
    Phase(SINK.get().map(|sink| sink.start(what, total)))
}

/// A phase of work; nothing at all without a sink.
pub struct Phase(Option<Box<dyn Tick>>);

impl Phase {
    /// One more step done.
    pub fn step(&self) {
        if let Some(tick) = &self.0 {
            tick.inc(1);
        }
    }
}

impl std::fmt::Debug for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Phase")
    }
}
