//! Long runs of mixed changes picked by a fixed-seed generator: after every step the cache
//! warmed at all the earlier states must give what `--no-cache` gives.

use super::{DOC, FILE, Warm, doc, git_on, lesson};
use crate::common::{Repo, day};

/// A linear congruential generator: the same steps on every machine.
struct Steps(u64);

impl Steps {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// The learnings file and doc as a scenario holds them.
struct State {
    titles: Vec<(String, u32)>,
    docs: Vec<String>,
    dropped: Vec<String>,
    next: usize,
}

impl State {
    fn file(&self) -> String {
        let mut text = String::from("# Learnings\n\nLessons from agent sessions.\n\n---\n\n");
        for (title, edits) in &self.titles {
            let body = lesson(title);
            text.push_str(&match edits {
                0 => body,
                n => body.replace("cost a day", &format!("cost {n} days")),
            });
        }
        text
    }

    fn fresh(&mut self) -> String {
        self.next += 1;
        [
            "Kilo", "Lima", "Mike", "November", "Oscar", "Papa", "Quebec", "Romeo", "Sierra", "Tango",
        ][self.next % 10]
            .to_owned()
            + &"x".repeat(self.next / 10)
    }
}

fn run(seed: u64, steps: u32) {
    let repo = Repo::new();
    let mut rng = Steps(seed);
    let mut s = State {
        titles: Vec::new(),
        docs: Vec::new(),
        dropped: Vec::new(),
        next: 0,
    };
    for _ in 0..4 {
        let t = s.fresh();
        s.titles.push((t, 0));
    }
    repo.commit_on(day(0), FILE, s.file());
    let mut warm = Warm::new(&repo);
    for step in 1..=steps {
        let when = day(step * 2);
        let n = s.titles.len();
        let what = match rng.below(11) {
            0 | 1 => {
                let t = s.fresh();
                let at = if rng.below(2) == 0 { 0 } else { n };
                s.titles.insert(at, (t, 0));
                "an entry added"
            }
            2 if n > 2 => {
                let (t, _) = s.titles.remove(rng.below(n));
                s.dropped.push(t);
                "an entry dropped"
            }
            3 if n > 4 => {
                let gone: Vec<_> = s.titles.drain(..3).map(|(t, _)| t).collect();
                s.docs.extend(gone);
                repo.write(DOC, doc(&s.docs.iter().map(String::as_str).collect::<Vec<_>>()));
                "a consolidation into docs/x.md"
            }
            4 if n > 0 => {
                let i = rng.below(n);
                s.titles[i].0.push_str(" revised");
                "a retitle"
            }
            5 if n > 0 => {
                let i = rng.below(n);
                s.titles[i].1 += 1;
                "a body edit"
            }
            6 if n > 1 => {
                let e = s.titles.remove(rng.below(n));
                s.titles.insert(rng.below(n), e);
                "an entry moved"
            }
            7 if !s.dropped.is_empty() => {
                let t = s.dropped.remove(rng.below(s.dropped.len()));
                s.titles.push((t, 0));
                "a dropped entry restored"
            }
            8 => {
                repo.git(&["checkout", "-q", "-b", &format!("side{step}")]);
                let t = s.fresh();
                s.titles.push((t, 0));
                repo.commit_on(when.at(9, 0), FILE, s.file());
                repo.git(&["checkout", "-q", "main"]);
                repo.merge(when, &format!("side{step}"));
                warm.check(&repo, &format!("seed {seed} step {step}: a side branch merged"));
                warm.at(&repo);
                continue;
            }
            9 if step > 2 => {
                let t = s.fresh();
                s.titles.push((t, 0));
                repo.write(FILE, s.file());
                repo.git(&["add", "-A"]);
                git_on(&repo, when, &["commit", "-q", "--amend", "-m", "Amended"]);
                warm.check(&repo, &format!("seed {seed} step {step}: an amend"));
                warm.at(&repo);
                continue;
            }
            _ => {
                repo.commit_on(when, "src/main.txt", step.to_string());
                warm.check(&repo, &format!("seed {seed} step {step}: another file"));
                continue;
            }
        };
        repo.write(FILE, s.file());
        repo.commit_all(when, what);
        warm.check(&repo, &format!("seed {seed} step {step}: {what}"));
        warm.at(&repo);
    }
}

#[test]
fn mixed_changes_seed_1() {
    run(1, 14);
}

#[test]
fn mixed_changes_seed_2() {
    run(2, 14);
}
