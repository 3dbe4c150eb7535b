//! The project holds itself to its own line limit: `learnings check` on this repository, with
//! the limits of its `learnings.toml` (400 lines a source file).

use crate::common::run_in;
use std::path::Path;

#[test]
fn no_source_file_of_ours_is_over_its_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let run = run_in(root, &["check"], None);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    // And it is this limit that held: the sources are under it, not outside every glob.
    let config = std::fs::read_to_string(root.join("learnings.toml")).expect("learnings.toml");
    assert!(
        config.contains("glob = \"src/**/*.rs\"\nmax_lines = 400"),
        "{config}"
    );
}
