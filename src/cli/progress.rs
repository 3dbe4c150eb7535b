//! Progress on a terminal: the [`crate::base::progress`] sink of the binary. Work shows on
//! stderr only once the command has run a second (a quick command never flashes a bar), and
//! only where stderr is a terminal and `--quiet` was not given; a hook never shows any.

use crate::base::progress::{Sink, Tick};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a command runs before its progress is shown.
const DELAY: Duration = Duration::from_secs(1);
/// How often a spinner moves: one long step (a blame round can take seconds) must not look hung.
const TICK: Duration = Duration::from_millis(120);

/// The bars on stderr once they show, and those started before.
#[derive(Default)]
struct State {
    shown: Option<MultiProgress>,
    waiting: Vec<ProgressBar>,
}

/// Installs the terminal sink when `watched` (stderr is a terminal, no `--quiet`, not a hook).
pub fn install(watched: bool) {
    if !watched {
        return;
    }
    let terminal = Terminal {
        state: Arc::new(Mutex::new(State::default())),
    };
    let state = Arc::clone(&terminal.state);
    // The bars draw nowhere until then; a command done sooner ends with this thread unseen.
    std::thread::spawn(move || {
        std::thread::sleep(DELAY);
        if let Ok(mut state) = state.lock() {
            let bars = MultiProgress::with_draw_target(ProgressDrawTarget::stderr());
            for bar in state.waiting.drain(..).filter(|b| !b.is_finished()) {
                show(&bars, bar);
            }
            state.shown = Some(bars);
        }
    });
    crate::base::progress::install(Box::new(terminal));
}

/// `bar` on `bars`, moving: indicatif stops the ticker of a hidden bar.
fn show(bars: &MultiProgress, bar: ProgressBar) {
    let bar = bars.add(bar);
    bar.enable_steady_tick(TICK);
}

struct Terminal {
    state: Arc<Mutex<State>>,
}

struct Bar {
    bar: ProgressBar,
}

impl Sink for Terminal {
    fn start(&self, what: &str, total: Option<u64>) -> Box<dyn Tick> {
        // Hidden from the start: a bar made for stderr draws at once, and that line would stay.
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
        let style = match total {
            Some(_) => ProgressStyle::with_template("{spinner} {msg} {bar:30} {pos}/{len}"),
            None => ProgressStyle::with_template("{spinner} {msg} {pos} ({elapsed})"),
        };
        if let Ok(style) = style {
            bar.set_style(style);
        }
        bar.set_message(what.to_owned());
        if let Ok(mut state) = self.state.lock() {
            match &state.shown {
                Some(bars) => show(bars, bar.clone()),
                None => state.waiting.push(bar.clone()),
            }
        }
        Box::new(Bar { bar })
    }
}

impl Tick for Bar {
    fn inc(&self, n: u64) {
        self.bar.inc(n);
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
