//! History rewritten or swapped under a warm cache: an amend, a rebase, a reset, a branch
//! switch, a shallow clone made full.

use super::{BASE, FILE, Warm, base, git_on, staging};
use crate::common::{Repo, day};

#[test]
fn an_amended_commit() {
    let repo = base();
    repo.commit_on(day(15), FILE, staging(&[BASE, &["Hotel"]].concat()));
    let warm = Warm::new(&repo);
    repo.write(FILE, staging(&[BASE, &["Hotel, amended", "India"]].concat()));
    repo.git(&["add", FILE]);
    git_on(&repo, day(16), &["commit", "-q", "--amend", "-m", "Amended"]);
    warm.check(&repo, "the warm HEAD amended");
}

#[test]
fn an_amended_commit_whose_parent_is_warm() {
    let repo = base();
    let mut warm = Warm::new(&repo);
    repo.commit_on(day(15), FILE, staging(&[BASE, &["Hotel"]].concat()));
    warm.at(&repo);
    git_on(
        &repo,
        day(16),
        &["commit", "-q", "--amend", "-m", "Only the message"],
    );
    warm.check(&repo, "the message amended");
    repo.write(FILE, staging(&["Hotel", "Golf"]));
    repo.git(&["add", FILE]);
    git_on(
        &repo,
        day(17),
        &["commit", "-q", "--amend", "-m", "Entries removed"],
    );
    warm.check(&repo, "entries removed by an amend");
}

#[test]
fn a_feature_branch_rebased() {
    let repo = base();
    let mut warm = Warm::new(&repo);
    repo.git(&["checkout", "-q", "-b", "feature"]);
    repo.commit_on(day(15), FILE, staging(&[BASE, &["Hotel"]].concat()));
    repo.commit_on(day(16), FILE, staging(&[BASE, &["Hotel", "India"]].concat()));
    warm.at(&repo);
    repo.git(&["checkout", "-q", "main"]);
    let text = staging(BASE).replace("## Charlie\n", "## Charlie, retitled on main\n");
    repo.commit_on(day(17), FILE, text);
    repo.commit_on(day(18), "src/main.txt", "4");
    warm.at(&repo);
    repo.git(&["checkout", "-q", "feature"]);
    git_on(&repo, day(19), &["rebase", "-q", "main"]);
    warm.check(&repo, "a feature branch rebased onto main");
}

#[test]
fn a_reset_to_an_older_commit() {
    let repo = base();
    let mut warm = Warm::new(&repo);
    let mut titles: Vec<&str> = BASE.to_vec();
    for (d, title) in [(15, "Hotel"), (16, "India"), (17, "Juliett")] {
        titles.push(title);
        repo.commit_on(day(d), FILE, staging(&titles));
        warm.at(&repo);
    }
    repo.git(&["reset", "-q", "--hard", "HEAD~3"]);
    warm.check(&repo, "git reset --hard HEAD~3 to a warm commit");
    repo.commit_on(day(18), FILE, staging(&["Golf", "Kilo"]));
    warm.check(&repo, "a new commit after the reset");
}

#[test]
fn a_reset_past_every_checkpoint() {
    let repo = base();
    let warm = Warm::new(&repo);
    repo.git(&["reset", "-q", "--hard", "HEAD~3"]);
    warm.check(&repo, "git reset --hard HEAD~3 past the checkpoint");
    repo.git(&["reset", "-q", "--hard", "HEAD~2"]);
    repo.commit_on(
        day(15),
        FILE,
        staging(&["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Hotel"]),
    );
    warm.check(&repo, "a new line of history before the consolidation");
}

#[test]
fn a_branch_switch_and_back() {
    let repo = base();
    repo.git(&["branch", "other", "HEAD~4"]);
    let mut warm = Warm::new(&repo);
    repo.git(&["checkout", "-q", "other"]);
    repo.commit_on(day(15), FILE, staging(&["Charlie", "Delta", "Echo", "Lima"]));
    warm.check(&repo, "switched to another branch");
    warm.at(&repo);
    repo.git(&["checkout", "-q", "main"]);
    warm.check(&repo, "switched back to main");
    repo.commit_on(day(16), FILE, staging(&[BASE, &["Mike"]].concat()));
    warm.at(&repo);
    repo.git(&["checkout", "-q", "other"]);
    warm.check(&repo, "switched to the other branch again");
}

/// A clone of [`base`] holding its newest `depth` commits, with an origin to fetch from.
fn shallow(depth: u32) -> (Repo, Repo) {
    let origin = base();
    let clone = origin.shallow_clone(depth);
    (origin, clone)
}

#[test]
fn a_shallow_clone_made_full() {
    let (_origin, clone) = shallow(3);
    let warm = Warm::new(&clone);
    warm.check(&clone, "a shallow clone");
    clone.git(&["fetch", "-q", "--unshallow"]);
    warm.check(&clone, "git fetch --unshallow");
}

#[test]
fn a_full_clone_fetching_new_commits() {
    let (origin, clone) = shallow(3);
    clone.git(&["fetch", "-q", "--unshallow"]);
    let warm = Warm::new(&clone);
    origin.commit_on(day(15), FILE, staging(&[BASE, &["Hotel"]].concat()));
    clone.git(&["pull", "-q", "--ff-only"]);
    warm.check(&clone, "new commits pulled");
}

#[test]
fn a_full_clone_made_shallow_then_full_again() {
    let (_origin, clone) = shallow(3);
    clone.git(&["fetch", "-q", "--unshallow"]);
    let warm = Warm::new(&clone);
    clone.git(&["fetch", "-q", "--depth=2"]);
    warm.check(&clone, "a full clone made shallow");
    clone.git(&["fetch", "-q", "--unshallow"]);
    warm.check(&clone, "made full again");
}

/// `git merge main` on a feature branch, then main fast-forwarded to it: the new first-parent
/// chain runs through the feature branch, and main's warm commit is only a second parent.
#[test]
fn main_fast_forwarded_to_a_merge_of_main_into_a_feature() {
    let repo = base();
    let mut warm = Warm::new(&repo);
    repo.git(&["checkout", "-q", "-b", "feature"]);
    repo.commit_on(day(15), FILE, staging(&[BASE, &["Hotel"]].concat()));
    repo.git(&["checkout", "-q", "main"]);
    repo.commit_on(day(16), FILE, staging(&[&["Zulu"], BASE].concat()));
    warm.at(&repo);
    repo.git(&["checkout", "-q", "feature"]);
    repo.merge(day(17), "main");
    repo.git(&["checkout", "-q", "main"]);
    repo.git(&["merge", "-q", "--ff-only", "feature"]);
    warm.check(&repo, "main fast-forwarded to a merge of main into feature");
}
