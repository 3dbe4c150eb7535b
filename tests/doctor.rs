//! `doctor` through the binary: no config, a valid one and a broken one are three answers.

use crate::common::Repo;

#[test]
fn doctor_tells_no_config_from_a_valid_one_and_a_broken_one() {
    let repo = Repo::new();
    let none = repo.run(&["doctor"]);
    assert!(
        none.stdout
            .contains("config: no learnings.toml: the defaults are in use"),
        "{}",
        none.stdout
    );
    repo.write("learnings.toml", "[consolidation]\nmin_batch = 3\n");
    let valid = repo.run(&["doctor"]);
    assert!(
        valid.stdout.contains("config: learnings.toml valid"),
        "{}",
        valid.stdout
    );
    repo.write("learnings.toml", "[consolidation]\nmin_bach = 3\n");
    let broken = repo.run(&["doctor"]);
    assert!(
        broken.stdout.contains("FIX   config") && broken.stdout.contains("unknown key `min_bach`"),
        "{}",
        broken.stdout
    );
}
