//! Commands that run another command: `sudo make`, `env FOO=1 make`, `nohup make`. A rule
//! written for `make` applies after them, as it would after `FOO=1`.

/// How a wrapper takes its options.
struct Wrapper {
    name: &'static str,
    /// Options that take the next word as their value.
    with_value: &'static [&'static str],
    /// `NAME=value` words may follow the options (env).
    assignments: bool,
    /// Positional words before the command (timeout's duration).
    positional: usize,
}

const WRAPPERS: &[Wrapper] = &[
    Wrapper {
        name: "sudo",
        with_value: &["-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T", "-R"],
        assignments: true,
        positional: 0,
    },
    Wrapper {
        name: "doas",
        with_value: &["-u", "-C"],
        assignments: false,
        positional: 0,
    },
    Wrapper {
        name: "env",
        with_value: &["-u", "-C", "--unset", "--chdir"],
        assignments: true,
        positional: 0,
    },
    Wrapper {
        name: "command",
        with_value: &[],
        assignments: false,
        positional: 0,
    },
    Wrapper {
        name: "exec",
        with_value: &["-a"],
        assignments: false,
        positional: 0,
    },
    Wrapper {
        name: "nohup",
        with_value: &[],
        assignments: false,
        positional: 0,
    },
    Wrapper {
        name: "time",
        with_value: &["-f", "-o", "--format", "--output"],
        assignments: false,
        positional: 0,
    },
    Wrapper {
        name: "nice",
        with_value: &["-n", "--adjustment"],
        assignments: false,
        positional: 0,
    },
    Wrapper {
        name: "timeout",
        with_value: &["-s", "-k", "--signal", "--kill-after"],
        assignments: false,
        positional: 1,
    },
];

/// The index of the word naming the program that runs, past any wrappers; `words.len()` when
/// there is none (`sudo -v`).
pub fn command_start<W: AsRef<str>>(words: &[W]) -> usize {
    let mut i = 0;
    // Wrappers nest (`sudo env FOO=1 nohup make`), but not forever.
    for _ in 0..8 {
        let Some(word) = words.get(i) else {
            return i;
        };
        let name = word.as_ref().rsplit('/').next().unwrap_or("");
        let Some(wrapper) = WRAPPERS.iter().find(|w| w.name == name) else {
            return i;
        };
        i = past_wrapper(words, i + 1, wrapper);
    }
    i
}

/// The index after `wrapper`'s options, assignments and positional words, from `i`.
fn past_wrapper<W: AsRef<str>>(words: &[W], mut i: usize, wrapper: &Wrapper) -> usize {
    while let Some(word) = words.get(i) {
        let value = word.as_ref();
        if value == "--" {
            i += 1;
            break;
        }
        if !value.starts_with('-') || value == "-" {
            break;
        }
        i += if wrapper.with_value.contains(&value) { 2 } else { 1 };
    }
    if wrapper.assignments {
        while words.get(i).is_some_and(|w| is_assignment(w.as_ref())) {
            i += 1;
        }
    }
    (i + wrapper.positional).min(words.len())
}

/// `NAME=value`.
fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        let mut chars = name.chars();
        chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(line: &str) -> usize {
        let words: Vec<&str> = line.split(' ').collect();
        command_start(&words)
    }

    #[test]
    fn wrappers_and_their_options_are_skipped() {
        assert_eq!(start("make"), 0);
        assert_eq!(start("sudo make"), 1);
        assert_eq!(start("sudo -u bob -E make"), 4);
        assert_eq!(start("/usr/bin/sudo -- make"), 2);
        assert_eq!(start("env FOO=1 BAR=2 make"), 3);
        assert_eq!(start("env -i -u HOME FOO=1 make"), 5);
        assert_eq!(start("sudo env FOO=1 nohup nice -n 5 make"), 7);
        assert_eq!(start("timeout -s KILL 10 make"), 4);
        assert_eq!(start("sudo -v"), 2);
        assert_eq!(start("envy make"), 0);
    }
}
