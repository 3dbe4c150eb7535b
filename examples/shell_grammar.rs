//! A grammar-guided search for Bash commands the shell parser is slow on, for the bypass corpus
//! (`tests/enforce/bypass/`) and the guards of `src/enforce/shell/guard.rs`.
//!
//! libFuzzer mutates bytes and rarely builds a construct six levels deep; brush-parser's slow
//! paths are in exactly such nestings (`${e[${e[…]}]}`: about 30 times slower per level). This
//! builds them on purpose: each input nests constructs of bash (expansions, substitutions,
//! quotes, compound commands) picked at random, a seeded generator so every run is the same,
//! behind `git push --force; ` so that each one holds a blocked command. Each input is parsed in
//! a child process, as the hook's worker thread would (the guards, the parse, the nested
//! scripts), and killed past the time limit. The slowest are printed, and with `--keep DIR` those
//! over `--over MS` are written there, one file each.
//!
//! ```sh
//! cargo run --release --example shell_grammar -- --count 600 --seed 1 --over 100 --keep tests/enforce/bypass
//! ```
//!
//! Timing lives here and in `bench/`, never in `cargo test`.
// A script: printing is its job.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Constructs with a hole (`|`) where the next level goes.
const FORMS: &[&str] = &[
    "${e[|]}",
    "${e[|]:-x}",
    "${#e[|]}",
    "${!e[|]}",
    "${e:-|}",
    "${e/|/x}",
    "${e:|:1}",
    "${e[@]:|}",
    "$[|]",
    "$((|))",
    "$((e[|]))",
    "\"|\"",
    "\"${e[|]}\"",
    "$(|)",
    "`|`",
    "<(|)",
    "(|)",
    "{ |; }",
    "e[|]=1",
    "[[ | ]]",
    "case | in x) ;; esac",
    "if |; then :; fi",
    "for x in |; do :; done",
    "$'|'",
    "${|}",
    "x|x",
    "'|'",
    "| | |",
];

/// What the innermost hole holds.
const LEAVES: &[&str] = &["0", "x", "$x", "\"$x\"", "e[0]", "${e}", "$[0]", "'_'", ""];

/// xorshift64*: a fixed sequence for a seed, so a run can be repeated.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

/// The forms that nest an expansion in an index or an arithmetic: where brush-parser's word
/// parser backtracks. Half the levels are drawn from these, or deep runs of them would be rare.
const INDEXED: &[&str] = &[
    "${e[|]}",
    "\"${e[|]}\"",
    "${e[|]:-x}",
    "$[|]",
    "$((e[|]))",
    "\"|\"",
];

/// One input: `depth` forms nested, the innermost holding a leaf.
fn generate(random: &mut Random, depth: usize) -> String {
    let mut text = random.pick(LEAVES).to_owned();
    for _ in 0..depth {
        let form = if random.next().is_multiple_of(2) {
            random.pick(INDEXED)
        } else {
            random.pick(FORMS)
        };
        let (open, close) = form.split_once('|').expect("a hole");
        text = format!("{open}{text}{close}");
    }
    format!("git push --force; echo {text}")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--one") {
        return one();
    }
    let value = |name: &str, default: &str| -> String {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
            .unwrap_or_else(|| default.to_owned())
    };
    let count: usize = value("--count", "300").parse().expect("--count N");
    let seed: u64 = value("--seed", "1").parse().expect("--seed N");
    let over = Duration::from_millis(value("--over", "100").parse().expect("--over MS"));
    let limit = Duration::from_millis(value("--limit", "3000").parse().expect("--limit MS"));
    let keep = args
        .iter()
        .position(|a| a == "--keep")
        .and_then(|i| args.get(i + 1));
    let mut random = Random(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut timed: Vec<(Duration, String)> = Vec::new();
    for _ in 0..count {
        let depth = 3 + (random.next() % 7) as usize;
        let input = generate(&mut random, depth);
        timed.push((time(&input, limit), input));
    }
    timed.sort_by_key(|t| std::cmp::Reverse(t.0));
    let slow = timed.iter().filter(|(t, _)| *t >= over).count();
    println!(
        "{count} inputs (seed {seed}): {slow} at or over {} ms, the slowest:",
        over.as_millis()
    );
    for (t, input) in timed.iter().take(10) {
        let mark = if *t >= limit { " (killed)" } else { "" };
        println!("  {:>9.1} ms{mark}  {input}", t.as_secs_f64() * 1000.0);
    }
    if let Some(dir) = keep {
        for (i, (_, input)) in timed.iter().filter(|(t, _)| *t >= over).enumerate() {
            let path = std::path::Path::new(dir).join(format!("grammar-{seed}-{}.sh", i + 1));
            std::fs::write(&path, input).expect("write the input");
            println!("kept {}", path.display());
        }
    }
}

/// The parse of `input` in a child process: how long it took, or `limit` when it was killed.
fn time(input: &str, limit: Duration) -> Duration {
    let exe = std::env::current_exe().expect("this example");
    let mut child = Command::new(exe)
        .arg("--one")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let start = Instant::now();
    loop {
        if let Ok(Some(_)) = child.try_wait() {
            let mut out = String::new();
            let _ = child.stdout.take().expect("stdout").read_to_string(&mut out);
            return out
                .trim()
                .parse::<u64>()
                .map(Duration::from_micros)
                .unwrap_or(limit);
        }
        if start.elapsed() >= limit {
            let _ = child.kill();
            let _ = child.wait();
            return limit;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// In the child: the parse of stdin as the hook does it (on its worker thread, with its stack),
/// without the deadline, and its time in µs.
fn one() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let start = Instant::now();
    let deadline = start + Duration::from_secs(3600);
    let _ = learnings::enforce::deadline::read(&input, deadline);
    println!("{}", start.elapsed().as_micros());
}
