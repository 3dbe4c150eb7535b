//! The judgements on public histories nobody here wrote (fixtures/histories, a maintainer's
//! reading of every commit that removed a title), through the binary: the last consolidation
//! `ages` reports at each judged head is the judged one. `bench/histories.py` does the work and
//! also reports per-commit agreement; the snapshots are not shipped (their content is theirs),
//! so this runs where they are ($LEARNINGS_MIRRORS, else /work/.mirror) and says so otherwise.

use std::path::{Path, PathBuf};
use std::process::Command;

#[test]
// The skip and the per-repository agreement are for the person reading the test output.
#[allow(clippy::print_stdout)]
fn the_last_consolidation_of_every_judged_history_is_the_judged_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mirrors = std::env::var_os("LEARNINGS_MIRRORS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/.mirror"));
    let present = std::fs::read_dir(&mirrors)
        .is_ok_and(|mut d| d.any(|e| e.is_ok_and(|e| e.path().join("repo").is_dir())));
    let python = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !present || !python {
        println!(
            "skipped: no snapshots of the judged histories in {} (or no python3)",
            mirrors.display()
        );
        return;
    }
    let out = Command::new("python3")
        .arg(root.join("bench/histories.py"))
        // `.ci/run` passes a release build: judging every commit of the longer histories with
        // the unoptimised binary takes ten minutes, with the release build about one.
        .arg(
            std::env::var_os("LEARNINGS_HISTORIES_BIN")
                .unwrap_or_else(|| env!("CARGO_BIN_EXE_learnings").into()),
        )
        .arg("--mirrors")
        .arg(&mirrors)
        .arg("--views")
        .output()
        .expect("python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!stdout.contains("DIFFER"), "{stdout}");
}
