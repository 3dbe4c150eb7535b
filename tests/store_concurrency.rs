//! Writers of every kind at once on one store (issue 27): parallel sub-agents recording
//! discoveries, hooks appending to the ledger and the capture log, reviews taking items off the
//! queue, a `forget --project`, a `cache warm`. Every record is kept and every line is whole.

use crate::capture::Env;
use crate::inject::fixture::{domain, prompt};

/// One command: where it runs, its arguments, its standard input.
type Job = (std::path::PathBuf, Vec<String>, Option<Vec<u8>>);

/// Runs each of `jobs` in its own thread, all at once, with `env`'s user folder, and returns
/// the exit code and stderr of each.
fn all_at_once(env: &Env, jobs: &[Job]) -> Vec<(i32, String)> {
    let data = env.user().display().to_string();
    std::thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .iter()
            .map(|(dir, args, stdin)| {
                let data = data.as_str();
                scope.spawn(move || {
                    let args: Vec<&str> = args.iter().map(String::as_str).collect();
                    let env = [("LEARNINGS_DATA_DIR", data)];
                    let run = crate::common::run_env(dir, &args, stdin.as_deref(), &env);
                    if run.code != 0 {
                        return (run.code, format!("{args:?}: {}", run.stderr));
                    }
                    (0, String::new())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("thread")).collect()
    })
}

/// The failed runs of `jobs`, all run at once: each its arguments and stderr.
fn failures(env: &Env, jobs: &[Job]) -> Vec<String> {
    all_at_once(env, jobs)
        .into_iter()
        .filter(|(code, _)| *code != 0)
        .map(|(_, why)| why)
        .collect()
}

fn lines(path: &std::path::Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("a torn line ({e}): {l}")))
        .collect()
}

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

/// A made-up word of its own for finding `i`, part `j`: discoveries that share words would
/// merge, as near-duplicates should.
fn word(i: usize, j: usize) -> String {
    let letter = |n: usize| char::from(b'a' + (n % 26) as u8);
    format!("q{}{}{}", letter(i / 26), letter(i), letter(j))
}

/// `discover record` of finding `i`, in words no other finding uses.
fn record(i: usize) -> Vec<String> {
    let summary: Vec<String> = (0..4).map(|j| word(i, j)).collect();
    let details: Vec<String> = (4..10).map(|j| word(i, j)).collect();
    args(&[
        "discover",
        "record",
        "--category",
        "gotcha",
        "--summary",
        &summary.join(" "),
        "--details",
        &format!("{} appear together.", details.join(" ")),
    ])
}

#[test]
fn two_hundred_writers_of_every_kind_keep_every_record() {
    let env = Env::new();
    env.repo.write(
        "learnings.toml",
        domain("render", &["render"], &["docs/render.md"]),
    );
    env.repo.write("docs/render.md", "# Render\n- Use the venv.\n");
    env.repo
        .write("agents/learnings.md", crate::common::learnings_md(&["One"]));
    env.repo.commit_all(crate::common::day(1), "start");
    // Twenty captures wait for review, each a different prompt.
    let queue: String = (0..20)
        .map(|i| {
            format!(
                "{{\"v\":1,\"at\":\"2026-03-02T10:{i:02}:00Z\",\"kind\":\"correction\",\"confidence\":0.5,\"unsure\":true,\"text\":\"waiting item {i}\"}}\n"
            )
        })
        .collect();
    std::fs::create_dir_all(env.user()).expect("mkdir");
    std::fs::write(env.user().join("review.jsonl"), queue).expect("queue");

    // Another project forgets its own events meanwhile: a rewrite of the user's log that must
    // keep every event of this one, however the appends fall around it.
    let other = crate::common::Repo::new();
    let here = env.repo.path().to_path_buf();
    let mut jobs: Vec<Job> = Vec::new();
    for i in 0..80 {
        jobs.push((here.clone(), record(i), None));
    }
    for i in 0..60 {
        let words = format!("always run {} before {}", word(i, 0), word(i, 1));
        jobs.push((here.clone(), args(&["feedback", &words]), None));
    }
    for i in 0..40 {
        let input = prompt(&format!("s{i}"), "/nonexistent.jsonl", "please render the scene");
        jobs.push((here.clone(), args(&["hook", "prompt"]), Some(input)));
    }
    for _ in 0..15 {
        jobs.push((here.clone(), args(&["learn", "review", "--reject", "1"]), None));
    }
    jobs.push((
        other.path().to_path_buf(),
        args(&["learn", "forget", "--project"]),
        None,
    ));
    for _ in 0..4 {
        jobs.push((here.clone(), args(&["cache", "warm"]), None));
    }
    assert_eq!(jobs.len(), 200);
    assert_eq!(failures(&env, &jobs), Vec::<String>::new());

    let discoveries = lines(&env.repo.path().join(".learnings/discoveries.jsonl"));
    assert_eq!(discoveries.len(), 80, "every discovery kept");
    let review = lines(&env.user().join("review.jsonl"));
    assert_eq!(review.len(), 5, "fifteen of twenty taken off, none twice");
    let labels = lines(&env.user().join("labels.jsonl"));
    assert_eq!(labels.len(), 15);
    let taken: std::collections::BTreeSet<&str> = labels
        .iter()
        .map(|l| l["prompt"].as_str().expect("prompt"))
        .collect();
    assert_eq!(taken.len(), 15, "each item decided once");
    let ledger = lines(&env.repo.path().join(".learnings/effect.jsonl"));
    assert_eq!(ledger.len(), 40, "one injection a session");
    let feedback = lines(&env.user().join("feedback.jsonl"));
    assert_eq!(
        feedback.len(),
        60,
        "every event kept through the other project's forget"
    );
}

#[test]
fn forty_parallel_discoveries_are_all_kept() {
    let env = Env::new();
    let here = env.repo.path().to_path_buf();
    let jobs: Vec<Job> = (0..40).map(|i| (here.clone(), record(i), None)).collect();
    assert_eq!(failures(&env, &jobs), Vec::<String>::new());
    let discoveries = lines(&env.repo.path().join(".learnings/discoveries.jsonl"));
    assert_eq!(discoveries.len(), 40, "every record kept");
}
