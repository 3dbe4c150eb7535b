//! Issue 28, item 3: an entry that stays under its title takes in only what the commit added to
//! it. Short entries archived verbatim were read as "merged into denser entries in place"
//! because a long checklist, only trimmed in the same commit, already held their words (a real
//! history: LHCrossings/ctv-orderentry 7a87c1d). And a doc the span deleted holds nothing.

use crate::common::{Repo, day};

const FILE: &str = "agents/learnings.md";
const ARCHIVE: &str = "agents/lessons-archive.md";

const CHECKLIST: &str = "## Parser checklist\n\
- Register the service in the bridge before parsing the order file.\n\
- Normalise the station call letters before matching the order lines.\n\
- Check the gross total of the order against the sum of its lines.\n\
- Skip the blacklist stations when building the order index.\n\
- Keep the raw order file beside the parsed one for a week.\n\n";

const SHORT: [&str; 3] = [
    "## Station call letters\n- Normalise the station call letters before matching order lines.\n\n",
    "## Gross totals\n- Check the gross total against the sum of the order lines.\n\n",
    "## Blacklisted stations\n- Skip the blacklist stations in the order index.\n\n",
];

#[test]
fn entries_archived_beside_a_trimmed_checklist_left_the_file() {
    let repo = Repo::new();
    let head = "# Lessons\n\n";
    repo.commit_on(day(1), FILE, format!("{head}{CHECKLIST}{}", SHORT.concat()));
    // The split: the short entries move verbatim into the archive, the checklist loses a line.
    repo.write(ARCHIVE, format!("# Archive\n\n{}", SHORT.concat()));
    let trimmed = CHECKLIST.replace(
        "- Keep the raw order file beside the parsed one for a week.\n",
        "",
    );
    repo.write(FILE, format!("{head}{trimmed}"));
    let c = repo.commit_all(day(3), "split lessons into a rulebook and an archive");
    let json = repo
        .run(&["ages", "--explain=all", "--format", "json"])
        .code(0)
        .json();
    let why = json["explain"][0]["why"].as_str().expect("why").to_owned();
    assert_eq!(
        why,
        format!("consolidation: 3 entries left: 3 archived in {ARCHIVE}")
    );
    assert_eq!(json["last_consolidation"]["commit"], c.as_str());
}

/// Issue 28, item 3: a doc the span deleted is not where anything went. The entry's words stood
/// in a doc before the commit; the same commit deleted the doc with the entry.
#[test]
fn a_doc_deleted_with_the_entry_holds_nothing() {
    let repo = Repo::new();
    let doc = "agents/decisions/stations.md";
    repo.commit_on(day(1), doc, format!("# Stations\n\n{}", SHORT[0]));
    repo.commit_on(day(2), FILE, format!("# Lessons\n\n{}{}", SHORT[0], SHORT[1]));
    repo.git(&["rm", "-q", doc]);
    repo.write(FILE, format!("# Lessons\n\n{}", SHORT[1]));
    let c = repo.commit_all(day(4), "drop the station notes");
    let audit = repo.run(&["audit", &c, "--format", "json"]).code(1).json();
    assert_eq!(audit["entries"][0]["status"], "unaccounted", "{audit}");
    let json = repo
        .run(&["ages", "--explain=all", "--format", "json"])
        .code(0)
        .json();
    let why = json["explain"][0]["why"].as_str().expect("why").to_owned();
    assert_eq!(why, "consolidation: 1 entry left: 1 unaccounted");
}
