//! Progress on a terminal: the [`crate::base::progress`] sink of the binary. Work shows on
//! stderr only once it has run a second (a quick command never flashes a bar), and only where
//! stderr is a terminal and `--quiet` was not given; a hook never shows any.

use crate::base::progress::{Sink, Tick};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long work runs before it is shown.
const DELAY: Duration = Duration::from_secs(1);

/// Installs the terminal sink when `show` (stderr is a terminal, no `--quiet`, not a hook).
pub fn install(show: bool) {
    if show {
        crate::base::progress::install(Box::new(Terminal {
            bars: MultiProgress::with_draw_target(ProgressDrawTarget::hidden()),
            shown: Arc::new(AtomicBool::new(false)),
            since: Instant::now(),
        }));
    }
}

struct Terminal {
    bars: MultiProgress,
    shown: Arc<AtomicBool>,
    since: Instant,
}

struct Bar {
    bar: ProgressBar,
    bars: MultiProgress,
    shown: Arc<AtomicBool>,
    since: Instant,
}

impl Sink for Terminal {
    fn start(&self, what: &str, total: Option<u64>) -> Box<dyn Tick> {
        let (bar, style) = match total {
            Some(total) => (
                ProgressBar::new(total),
                ProgressStyle::with_template("{spinner} {msg} {bar:30} {pos}/{len}"),
            ),
            None => (
                ProgressBar::new_spinner(),
                ProgressStyle::with_template("{spinner} {msg}: {pos}"),
            ),
        };
        if let Ok(style) = style {
            bar.set_style(style);
        }
        bar.set_message(what.to_owned());
        let bar = self.bars.add(bar);
        Box::new(Bar {
            bar,
            bars: self.bars.clone(),
            shown: Arc::clone(&self.shown),
            since: self.since,
        })
    }
}

impl Tick for Bar {
    fn inc(&self, n: u64) {
        self.bar.inc(n);
        if self.since.elapsed() >= DELAY && !self.shown.swap(true, Ordering::Relaxed) {
            self.bars.set_draw_target(ProgressDrawTarget::stderr());
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
        self.bars.remove(&self.bar);
    }
}
