//! `learnings report`: the HTML page, the SVG charts, the size history along the first-parent
//! chain, the mermaid chart of the CI summary, and the README's chart of the demo.

use crate::common::{Repo, day, learnings_md, run_env, run_in};

const FILE: &str = "agents/learnings.md";
const BLUE_POINT: &str = "fill=\"#0072B2\"";

/// Grows to four entries, consolidates two away on day 3, grows again: a sawtooth.
fn sawtooth_repo() -> Repo {
    let repo = Repo::new();
    repo.commit_on(day(0), FILE, learnings_md(&["Alpha", "Beta"]));
    repo.commit_on(day(1), "src.txt", "1\n");
    repo.commit_on(day(2), FILE, learnings_md(&["Alpha", "Beta", "Gamma", "Delta"]));
    repo.commit_on(day(3), FILE, learnings_md(&["Gamma", "Delta"]));
    repo.commit_on(day(4), FILE, learnings_md(&["Gamma", "Delta", "Epsilon"]));
    repo
}

/// The blue points of the size chart: one per version of the file.
fn points(svg: &str) -> usize {
    svg.split("<circle")
        .skip(1)
        .filter(|c| c.contains(BLUE_POINT))
        .count()
}

#[test]
fn the_page_shows_the_sawtooth_the_consolidation_and_the_entries() {
    let repo = sawtooth_repo();
    let run = repo.run(&["report", "--out", "-"]).code(0);
    let html = &run.stdout;
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    assert!(!html.contains("<script"), "no scripts");
    assert!(
        !html.contains(" src=") && !html.contains(" href="),
        "nothing to fetch"
    );
    assert!(html.contains("prefers-color-scheme: dark"));
    assert_eq!(
        html.matches("<svg").count(),
        4,
        "two inline charts, each drawn wide and narrow"
    );
    // The consolidation: its date, the lines before and after, the titles that left.
    let date = day(3).date();
    assert!(html.contains(&format!("<td class=\"d\">{date}</td>")), "{html}");
    assert!(html.contains("2: Alpha; Beta"), "{html}");
    assert!(html.contains(&format!("{date}: 2 entries left")), "chart label");
    // The entries table: file order, the batch column.
    let gamma = html.find("<td>Gamma</td>").expect("Gamma row");
    let epsilon = html.find("<td>Epsilon</td>").expect("Epsilon row");
    assert!(gamma < epsilon);
    assert!(html.contains("no (too young)"));
    assert!(run.stderr.is_empty(), "{}", run.stderr);
}

#[test]
fn the_same_repository_gives_the_same_bytes() {
    let repo = sawtooth_repo();
    let first = repo.run(&["report", "--out", "-"]).code(0).stdout;
    let second = repo.run(&["report", "--out", "-"]).code(0).stdout;
    assert_eq!(first, second);
    let svg = repo
        .run(&["report", "--format", "svg", "--chart", "ages", "--out", "-"])
        .code(0)
        .stdout;
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.contains("freshness threshold: 7 active days"), "{svg}");
}

#[test]
fn the_size_chart_has_one_point_per_first_parent_change() {
    let repo = sawtooth_repo();
    // Two commits on a side branch reach main as one merge: one version, not three.
    repo.git(&["checkout", "-q", "-b", "side"]);
    repo.commit_on(day(5), FILE, learnings_md(&["Gamma", "Delta", "Epsilon", "Zeta"]));
    repo.commit_on(
        day(6),
        FILE,
        learnings_md(&["Gamma", "Delta", "Epsilon", "Zeta", "Eta"]),
    );
    repo.git(&["checkout", "-q", "main"]);
    repo.commit_on(day(6), "src.txt", "6\n");
    repo.merge(day(7), "side");
    let svg = repo
        .run(&["report", "--format", "svg", "--chart", "size", "--out", "-"])
        .code(0)
        .stdout;
    assert_eq!(points(&svg), 5, "{svg}");
    assert!(svg.contains("size trigger: 150 lines"));
    assert!(svg.contains("consolidation (1)"));
}

#[test]
fn a_renamed_file_keeps_its_history() {
    let repo = sawtooth_repo();
    std::fs::create_dir_all(repo.join("docs")).expect("docs folder");
    repo.git(&["mv", FILE, "docs/learned.md"]);
    repo.commit_staged(day(5), "Move the learnings");
    let svg = repo
        .run(&[
            "report",
            "docs/learned.md",
            "--format",
            "svg",
            "--chart",
            "size",
            "--out",
            "-",
        ])
        .code(0)
        .stdout;
    assert_eq!(points(&svg), 4, "{svg}");
}

#[test]
fn the_page_goes_to_a_file_by_default() {
    let repo = sawtooth_repo();
    let run = repo.run(&["report"]).code(0);
    // Issue 31: under `.learnings/`, which ignores itself, not an untracked file in the root.
    let path = repo.join(".learnings/report.html");
    assert_eq!(run.stdout, format!("Wrote {}\n", path.display()));
    assert!(std::fs::read_to_string(&path).expect("page").contains("</html>"));
    assert!(!repo.join("learnings-report.html").exists());
    let ignore = std::fs::read_to_string(repo.join(".learnings/.gitignore")).expect("ignore");
    assert!(ignore.lines().any(|l| l == "*"), "{ignore}");
    repo.run(&["report", "--format", "svg", "--chart", "size"])
        .code(0);
    assert!(repo.join(".learnings/size.svg").exists());
    repo.run(&["report", "--out", "out/page.html"]).code(2);
    // `--output` is the same flag, and writes where it says.
    repo.run(&["report", "--output", "page.html"]).code(0);
    assert!(repo.join("page.html").exists());
    // A committed link where the folder would be is refused, not written through.
    let linked = sawtooth_repo();
    let outside = tempfile::tempdir().expect("tmp");
    std::os::unix::fs::symlink(outside.path(), linked.join(".learnings")).expect("link");
    let refused = linked.run(&["report"]).code(2);
    assert!(refused.stderr.contains(".learnings"), "{}", refused.stderr);
    assert_eq!(std::fs::read_dir(outside.path()).expect("dir").count(), 0);
}

#[test]
fn bad_arguments_and_inputs_exit_2() {
    let repo = sawtooth_repo();
    let run = repo.run(&["report", "--format", "svg"]).code(2);
    assert!(run.stderr.contains("--chart"), "{}", run.stderr);
    let run = repo.run(&["report", "--chart", "size"]).code(2);
    assert!(
        run.stderr.contains("--chart picks the chart of --format svg"),
        "{}",
        run.stderr
    );
    let run = repo.run(&["report", "missing.md"]).code(2);
    assert!(run.stderr.contains("missing.md: no such file"), "{}", run.stderr);
    let outside = tempfile::tempdir().expect("temp dir");
    let run = run_in(outside.path(), &["report"], None).code(2);
    assert!(
        run.stderr.contains("not inside a git repository"),
        "{}",
        run.stderr
    );
}

#[test]
fn an_uncommitted_file_has_no_history_yet() {
    let repo = Repo::new();
    repo.commit_on(day(0), "README.md", "# x\n");
    repo.write(FILE, learnings_md(&["Alpha"]));
    let run = repo.run(&["report", "--out", "-"]).code(0);
    assert!(run.stdout.contains("no committed history yet"), "{}", run.stdout);
    assert!(run.stdout.contains("no (uncommitted)"));
}

#[test]
fn the_docs_nearest_their_limits_are_listed_fullest_first() {
    let repo = sawtooth_repo();
    repo.write("agents/decisions/big.md", crate::common::lines(300));
    repo.write("agents/decisions/small.md", crate::common::lines(40));
    repo.commit_all(day(5), "docs");
    let html = repo.run(&["report", "--out", "-"]).code(0).stdout;
    let big = html.find("agents/decisions/big.md").expect("big doc");
    let small = html.find("agents/decisions/small.md").expect("small doc");
    assert!(big < small);
    assert!(
        html.contains("<td class=\"n\">300</td><td class=\"n\">400</td><td>"),
        "{html}"
    );
    assert!(html.contains("75%"));
}

#[test]
fn the_ci_summary_has_a_mermaid_size_chart() {
    let repo = sawtooth_repo();
    let summary = repo.join("summary.md");
    let summary_arg = summary.to_str().expect("UTF-8 path").to_owned();
    run_env(
        repo.path(),
        &["stale", "--format", "github"],
        None,
        &[("GITHUB_STEP_SUMMARY", &summary_arg)],
    )
    .code(0);
    let text = std::fs::read_to_string(&summary).expect("summary");
    let chart = text.split("```mermaid\n").nth(1).expect("mermaid block");
    let chart = chart.split("```").next().expect("closed");
    let d = |n: u32| day(n).date()[5..].to_owned();
    assert_eq!(
        chart,
        format!(
            "xychart-beta\n    title \"Lines of agents/learnings.md\"\n    x-axis [\"{}\", \"{}\", \"{} -2\", \"{}\"]\n    y-axis \"lines\" 0 --> 181\n    line [14, 22, 14, 18]\n    line [150, 150, 150, 150]\n",
            d(0),
            d(2),
            d(3),
            d(4)
        )
    );
}

/// The README shows the demo's size chart: doc/size.svg must be what the binary draws today.
/// `LEARNINGS_BLESS=1 cargo test --test cli report::` rewrites it.
#[test]
fn the_readme_chart_is_current() {
    let dir = tempfile::tempdir().expect("temp dir");
    let demo = dir.path().join("demo");
    let demo_arg = demo.to_str().expect("UTF-8 path");
    run_in(dir.path(), &["demo", "--keep", demo_arg], None).code(0);
    let svg = run_in(
        &demo,
        &["report", "--format", "svg", "--chart", "size", "--out", "-"],
        None,
    )
    .code(0)
    .stdout;
    let checked_in = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("doc/size.svg");
    if std::env::var_os("LEARNINGS_BLESS").is_some() {
        std::fs::write(&checked_in, &svg).expect("write doc/size.svg");
    }
    let current = std::fs::read_to_string(&checked_in).unwrap_or_default();
    assert!(
        current == svg,
        "doc/size.svg is out of date: run `LEARNINGS_BLESS=1 cargo test --test cli report::` and commit it"
    );
    assert!(svg.contains("2026-03-12: 3 entries left"), "{svg}");
    // The demo's own report step wrote the page where git status already expects files.
    let page = std::fs::read_to_string(demo.join("tmp/learnings-report.html")).expect("demo page");
    assert!(page.contains("<td class=\"d\">2026-03-12</td>"), "{page}");
}

#[cfg(unix)]
#[test]
fn a_device_or_a_pipe_as_the_output_is_written_into_never_replaced() {
    // Run as root, `report --out /dev/null` renamed a file over /dev/null: every program that
    // read it afterwards read a report. Here with a FIFO, which needs no root.
    let repo = sawtooth_repo();
    let fifo = repo.join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let refused = repo.run(&["report", "--out", "pipe"]).code(2);
    assert!(
        refused.stderr.contains("a named pipe with no reader"),
        "{}",
        refused.stderr
    );
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).expect("read the pipe"))
    };
    // The reader opens the pipe before the writer can; retry until it has.
    let mut wrote = repo.run(&["report", "--out", "pipe"]);
    for _ in 0..50 {
        if wrote.code == 0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        wrote = repo.run(&["report", "--out", "pipe"]);
    }
    assert_eq!(wrote.code, 0, "{}", wrote.stderr);
    let page = reader.join().expect("reader");
    assert!(String::from_utf8_lossy(&page).contains("</html>"));
    let kind = std::fs::symlink_metadata(&fifo).expect("meta").file_type();
    assert!(
        std::os::unix::fs::FileTypeExt::is_fifo(&kind),
        "the pipe is still a pipe"
    );
}
