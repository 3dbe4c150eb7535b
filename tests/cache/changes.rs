//! Commits made on top of a warm cache: entries added, edited, moved, removed, consolidated,
//! merged in from a side branch, restored after a consolidation; and changes that are not
//! commits (the configuration, the working tree, a rename).

use super::{BASE, DOC, FILE, Warm, base, compare, doc, lesson, staging};
use crate::common::day;

#[test]
fn added_entries() {
    let repo = base();
    let warm = Warm::new(&repo);
    repo.commit_on(day(15), FILE, staging(&[BASE, &["Hotel"]].concat()));
    repo.commit_on(day(16), "src/main.txt", "4");
    repo.commit_on(day(17), FILE, staging(&[&["India"], BASE, &["Juliett"]].concat()));
    warm.check(&repo, "entries added");
}

#[test]
fn retitled_and_edited_entries() {
    let repo = base();
    let warm = Warm::new(&repo);
    let text = staging(BASE)
        .replace("## Delta\n", "## Delta, renamed\n")
        .replace("cost a day of echo", "cost a week of echo");
    repo.commit_on(day(15), FILE, text);
    warm.check(&repo, "a retitle and a body edit");
}

#[test]
fn entries_moved_within_the_file() {
    let repo = base();
    let warm = Warm::new(&repo);
    repo.commit_on(
        day(15),
        FILE,
        staging(&["Golf", "Charlie", "Echo", "Delta", "Foxtrot"]),
    );
    warm.check(&repo, "entries cut and pasted");
}

#[test]
fn entries_removed() {
    let repo = base();
    let warm = Warm::new(&repo);
    repo.commit_on(day(15), FILE, staging(&["Charlie", "Echo", "Golf"]));
    warm.check(&repo, "entries removed");
}

#[test]
fn a_consolidation() {
    let repo = base();
    let mut warm = Warm::new(&repo);
    repo.commit_on(day(15), FILE, staging(&[BASE, &["Hotel", "India"]].concat()));
    warm.at(&repo);
    repo.write(FILE, staging(&["Golf", "Hotel", "India"]));
    repo.write(
        DOC,
        doc(&["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]),
    );
    repo.commit_all(day(16), "Consolidate four entries");
    warm.check(&repo, "a consolidation into docs/x.md");
    repo.commit_on(day(17), FILE, staging(&["Golf", "Hotel", "India", "Juliett"]));
    warm.check(&repo, "a commit after a consolidation");
}

#[test]
fn a_side_branch_merged() {
    let repo = base();
    let mut warm = Warm::new(&repo);
    repo.git(&["checkout", "-q", "-b", "side"]);
    repo.commit_on(day(15), FILE, staging(&[BASE, &["Hotel"]].concat()));
    repo.commit_on(
        day(16).offset(9),
        FILE,
        staging(&[BASE, &["Hotel", "India"]].concat()),
    );
    warm.at(&repo);
    repo.git(&["checkout", "-q", "main"]);
    repo.merge(day(17), "side");
    warm.check(&repo, "a side branch merged with --no-ff");
}

#[test]
fn a_side_branch_merged_after_main_moved() {
    let repo = base();
    let mut warm = Warm::new(&repo);
    repo.git(&["checkout", "-q", "-b", "side"]);
    repo.commit_on(day(15), FILE, staging(&[BASE, &["Hotel"]].concat()));
    warm.at(&repo);
    repo.git(&["checkout", "-q", "main"]);
    let text = staging(BASE).replace("## Charlie\n", "## Charlie, retitled on main\n");
    repo.commit_on(day(16), FILE, text);
    repo.commit_on(day(17), "src/main.txt", "4");
    warm.at(&repo);
    repo.merge(day(18), "side");
    warm.check(&repo, "a merge after main moved");
    repo.commit_on(day(19), FILE, repo.read(FILE) + &lesson("Juliett"));
    warm.check(&repo, "a commit after the merge");
}

/// Drops Charlie to Foxtrot from the file (a consolidation: they left for good) on day 15.
fn wiped() -> crate::common::Repo {
    let repo = base();
    repo.commit_on(day(15), FILE, staging(&["Golf"]));
    repo.commit_on(day(16), "src/main.txt", "4");
    repo
}

fn last_consolidation(repo: &crate::common::Repo, what: &str) -> serde_json::Value {
    compare(repo, &["ages", "--format", "json"], what).json()["last_consolidation"].clone()
}

/// The hardest case: a commit restores the entries an old commit dropped, so the judge changes
/// its verdict on the old commit (the drop was a wipe, not a consolidation).
#[test]
fn a_wipe_restored_by_a_revert() {
    let repo = wiped();
    let mut warm = Warm::new(&repo);
    let before = last_consolidation(&repo, "before the revert");
    repo.git(&["revert", "--no-edit", "HEAD~1"]);
    let after = last_consolidation(&repo, "after the revert");
    assert_ne!(before, after, "the revert should change the verdict");
    warm.check(&repo, "a wipe undone by git revert");
    warm.at(&repo);
    repo.commit_on(day(17), FILE, staging(&[BASE, &["Hotel"]].concat()));
    warm.check(&repo, "a commit after the revert");
}

#[test]
fn a_wipe_restored_one_entry_at_a_time() {
    let repo = wiped();
    let mut warm = Warm::new(&repo);
    let mut titles = vec!["Golf"];
    for (d, title) in [(17, "Delta"), (18, "Charlie"), (19, "Echo"), (20, "Foxtrot")] {
        titles.insert(0, title);
        repo.commit_on(day(d), FILE, staging(&titles));
        warm.check(&repo, &format!("{title} restored after a wipe"));
        warm.at(&repo);
    }
}

/// A restore is looked for in the file's versions after a removal (the next few, the ones
/// before later removals, HEAD): the cache must see the same versions as the whole history,
/// wherever its checkpoints fall between the wipe and the restore. The restored bodies are
/// rewritten afterwards, so HEAD alone does not show the restore.
#[test]
fn a_wipe_restored_at_the_edge_of_the_window() {
    for later in [2, 3, 4, 5, 6] {
        let repo = wiped();
        let mut warm = Warm::new(&repo);
        let mut titles = vec!["Golf".to_owned()];
        for i in 1..later {
            titles.push(format!("Added{i}"));
            let refs: Vec<&str> = titles.iter().map(String::as_str).collect();
            repo.commit_on(day(16 + i), FILE, staging(&refs));
            if i % 2 == 0 {
                warm.at(&repo);
            }
        }
        let mut refs: Vec<&str> = titles.iter().map(String::as_str).collect();
        refs.extend(["Charlie", "Delta", "Echo", "Foxtrot"]);
        let restored = staging(&refs);
        repo.commit_on(day(16 + later), FILE, &restored);
        warm.at(&repo);
        let mut rewritten = restored.clone();
        for t in ["charlie", "delta", "echo", "foxtrot"] {
            rewritten = rewritten
                .replace(
                    &format!("Always check {t} first: {t} keeps the {t} build green."),
                    "Zap.",
                )
                .replace(&format!("Skipping {t} once cost a day of {t} debugging."), "Zop.");
        }
        repo.commit_on(day(17 + later), FILE, rewritten);
        warm.check(
            &repo,
            &format!("the wipe restored in the {later}th later version"),
        );
    }
}

#[test]
fn the_configuration_changed() {
    let repo = base();
    let warm = Warm::new(&repo);
    repo.write("learnings.toml", "[consolidation]\ndocs = [\"notes/**/*.md\"]\n");
    warm.check(&repo, "docs globs that no longer match docs/x.md");
    repo.write(
        "learnings.toml",
        "[consolidation]\nstaleness = 2\nfreshness = 1\nmin_batch = 1\n",
    );
    warm.check(&repo, "other thresholds");
    repo.commit_all(day(15), "Configure");
    warm.check(&repo, "the configuration committed");
}

#[test]
fn uncommitted_edits() {
    let repo = base();
    let warm = Warm::new(&repo);
    let text = staging(&["Zulu", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel"])
        .replace("## Echo\n", "## Echo, retitled\n")
        .replace("cost a day of delta", "cost an hour of delta");
    repo.write(FILE, text);
    warm.check(&repo, "added and edited headings in the working tree");
    repo.commit_on(day(15), FILE, staging(&[BASE, &["Hotel"]].concat()));
    repo.write(FILE, staging(&["Golf", "Hotel"]));
    warm.check(&repo, "entries deleted in the working tree");
}

#[test]
fn the_file_renamed() {
    let repo = base();
    let mut warm = Warm::new(&repo);
    repo.git(&["mv", FILE, "agents/lessons.md"]);
    repo.write("learnings.toml", "learnings = \"agents/lessons.md\"\n");
    repo.commit_all(day(15), "Rename the learnings file");
    warm.check(&repo, "the file renamed with git mv");
    warm.at(&repo);
    repo.commit_on(
        day(16),
        "agents/lessons.md",
        staging(&[BASE, &["Hotel"]].concat()),
    );
    warm.check(&repo, "a commit after the rename");
}

/// A heading line that was not a heading at the checkpoint (inside a code fence, or an HTML
/// comment) becomes one when the lines around it go: the checkpoint knows no origin for it.
#[test]
fn lines_that_become_headings() {
    let repo = base();
    let fenced = format!(
        "{}## Hotel\n- Quote the output:\n\n```\n## India\nsample output\n```\n\n<!--\n{}-->\n\n",
        staging(BASE),
        lesson("Juliett")
    );
    repo.commit_on(day(15), FILE, &fenced);
    repo.commit_on(day(16), "src/main.txt", "4");
    let mut warm = Warm::new(&repo);
    let unfenced = fenced.replace("```\n", "");
    repo.commit_on(day(17), FILE, &unfenced);
    warm.check(&repo, "a code fence removed around a heading");
    warm.at(&repo);
    repo.write(FILE, unfenced.replace("<!--\n", "").replace("-->\n", ""));
    warm.check(&repo, "an HTML comment removed around an entry, uncommitted");
    repo.commit_all(day(18), "Uncomment");
    warm.check(&repo, "an HTML comment removed around an entry");
}

#[test]
fn the_file_deleted_and_created_again() {
    let repo = base();
    let mut warm = Warm::new(&repo);
    repo.git(&["rm", "-q", FILE]);
    repo.commit_staged(day(15), "Delete the learnings file");
    repo.write(FILE, staging(&["Golf"]));
    warm.check(&repo, "the file deleted in HEAD, back in the working tree");
    warm.at(&repo);
    repo.commit_on(day(16), FILE, staging(&["Golf", "Hotel"]));
    warm.check(&repo, "the file committed again");
    repo.commit_on(day(17), FILE, staging(BASE));
    warm.check(&repo, "the old entries back");
}

/// CRLF line endings, a byte order mark and a title used twice.
#[test]
fn unusual_text() {
    let repo = base();
    let crlf = |text: String| format!("\u{feff}{}", text.replace('\n', "\r\n"));
    repo.commit_on(day(15), FILE, crlf(staging(&[BASE, &["Echo"]].concat())));
    let warm = Warm::new(&repo);
    repo.commit_on(
        day(16),
        FILE,
        crlf(staging(&[&["Echo"], BASE, &["Hotel"]].concat())),
    );
    warm.check(&repo, "CRLF, a BOM and a duplicate title");
    repo.write(FILE, staging(&["Echo", "Echo", "Golf"]));
    warm.check(&repo, "back to LF in the working tree");
}

/// Entries that cross files keep the dates blame gives them through copies: one back from the
/// doc it was consolidated into, then the whole file split into a folder.
#[test]
fn entries_crossing_files() {
    let repo = base();
    let mut warm = Warm::new(&repo);
    repo.write(DOC, doc(&["Bravo"]));
    repo.write(FILE, staging(&[&["Alpha"], BASE].concat()));
    repo.commit_all(day(15), "Bring Alpha back from the doc");
    warm.check(&repo, "an entry moved back from a doc");
    warm.at(&repo);
    repo.git(&["mv", FILE, "agents/learnings-v1.md.bak"]);
    repo.write(
        "agents/learnings/active.md",
        staging(&[&["Alpha"], BASE].concat()),
    );
    repo.write("learnings.toml", "learnings = \"agents/learnings/active.md\"\n");
    repo.commit_all(day(16), "Split the learnings into a folder");
    warm.check(&repo, "the file split into a folder");
}
