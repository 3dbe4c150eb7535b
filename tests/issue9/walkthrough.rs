//! The book's walkthrough of the consolidation cycle (docs/src/guide/consolidation.md)
//! reproduces: `learnings demo --keep DIR` leaves the repository where the walkthrough starts,
//! and each output the page quotes is what the command prints there.

use crate::common::run_in;
use std::path::Path;

/// The lines of the page's ```text block that starts with `$ <command>` after `after`,
/// without the elisions (`...`).
fn quoted(readme: &str, after: &str, command: &str) -> Vec<String> {
    let start = readme.find(after).expect("page section");
    let rest = &readme[start..];
    let block = rest
        .find(&format!("```text\n$ {command}\n"))
        .map(|i| &rest[i..])
        .expect("quoted command");
    block
        .lines()
        .skip(2)
        .take_while(|l| !l.starts_with("```"))
        .filter(|l| *l != "..." && !l.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_walkthrough_reproduces_in_the_kept_demo() {
    let readme = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/guide/consolidation.md"),
    )
    .expect("the consolidation page");
    let dir = tempfile::tempdir().expect("tmp");
    let demo = run_in(dir.path(), &["demo", "--keep", "demo"], None).code(0);
    let kept = dir.path().join("demo");
    let plan = run_in(&kept, &["plan"], None).code(0).stdout;
    let lines = quoted(&readme, "# The consolidation cycle", "learnings plan");
    assert!(lines.len() >= 3, "{lines:?}");
    for line in lines {
        assert!(plan.contains(&line), "page line {line:?} not in `plan`:\n{plan}");
    }
    let batch = run_in(&kept, &["batch"], None).code(0).stdout;
    assert!(batch.starts_with("# Consolidation Batch"), "{batch}");
    // The audit the page quotes is the demo's own, after its simulated consolidation.
    for line in quoted(
        &readme,
        "**5. Prove nothing was lost.**",
        "learnings audit --since HEAD",
    ) {
        assert!(
            demo.stdout.contains(&line),
            "page line {line:?} not in the demo:\n{}",
            demo.stdout
        );
    }
}
