//! Benchmarks that run from the repository alone: `bench/hooks.sh` times the binary cargo
//! built, wherever `CARGO_TARGET_DIR` puts it; every headline figure of the README and the book
//! names the command that reproduces it.

use std::path::Path;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn the_hook_benchmark_honours_cargo_target_dir() {
    let work = tempfile::tempdir().expect("tmp");
    // A cargo that builds nothing, and a "release build" that records its use, then is ours.
    let shims = work.path().join("bin");
    let release = work.path().join("target dir/release");
    std::fs::create_dir_all(&shims).expect("mkdir");
    std::fs::create_dir_all(&release).expect("mkdir");
    let marker = work.path().join("used");
    write_script(&shims.join("cargo"), "#!/bin/sh\nexit 0\n");
    write_script(
        &release.join("learnings"),
        &format!(
            "#!/bin/sh\ntouch '{}'\nexec '{}' \"$@\"\n",
            marker.display(),
            env!("CARGO_BIN_EXE_learnings")
        ),
    );
    let path = format!(
        "{}:{}",
        shims.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("bash")
        .args([&format!("{ROOT}/bench/hooks.sh"), "3"])
        .env("PATH", path)
        .env("CARGO_TARGET_DIR", work.path().join("target dir"))
        .env("BENCH_NO_HYPERFINE", "1")
        .output()
        .expect("run bench/hooks.sh");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // 1 is "targets missed": a debug build behind a shell shim may well miss them.
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{:?}\n{stdout}\n{stderr}",
        output.status
    );
    assert!(stdout.contains("post-task, first use"), "{stdout}\n{stderr}");
    assert!(
        marker.exists(),
        "the benchmark did not run the binary in CARGO_TARGET_DIR"
    );
}

fn write_script(path: &Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, text).expect("write");
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

/// Every row of a table in the README or the book that shows a measured figure (ms, s, ×, MB)
/// names the command that reproduces it, and that command's script is in the repository.
#[test]
fn every_headline_figure_names_its_command() {
    let mut text = String::new();
    for page in crate::book::pages() {
        text.push_str(&std::fs::read_to_string(&page).expect("page"));
    }
    let mut rows = 0;
    for line in text
        .lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|---"))
    {
        if !has_figure(line) {
            continue;
        }
        rows += 1;
        let script = line
            .split('`')
            .skip(1)
            .step_by(2)
            .find_map(|code| {
                code.split_whitespace()
                    .find(|w| w.starts_with("bench/") && w.ends_with(".sh"))
            })
            .unwrap_or_else(|| panic!("no bench/*.sh command in: {line}"));
        assert!(
            Path::new(ROOT).join(script).exists(),
            "{script} is missing: {line}"
        );
    }
    assert!(rows >= 5, "found only {rows} rows with figures");
}

/// Whether a table row holds a measured figure: a number followed by ms, s, ×, x or MB.
fn has_figure(line: &str) -> bool {
    let chars: Vec<char> = line.chars().collect();
    (0..chars.len()).any(|i| {
        chars[i].is_ascii_digit()
            && chars.get(i + 1..).is_some_and(|rest| {
                let rest: String = rest.iter().take(4).collect();
                [" ms", " s ", " s)", " s,", "×", " MB"]
                    .iter()
                    .any(|u| rest.starts_with(u))
            })
    })
}
