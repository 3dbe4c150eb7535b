//! A scenario builder: real git repositories in temp dirs, with fixed dates and offsets.
//!
//! Tests may use the `git` program to build repositories (the product may not). Every git call
//! runs with an isolated configuration, so the machine's settings never leak into a test.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A moment of a scenario: `day(3)` is 2024-01-04 at noon UTC; `.at(23, 30)` and `.offset(-5)` adjust.
#[derive(Debug, Clone, Copy)]
pub struct When {
    day: u32,
    hour: u32,
    minute: u32,
    offset_minutes: i32,
}

/// Noon UTC on day `n` of the scenario calendar (day 0 is 2024-01-01).
pub fn day(n: u32) -> When {
    When {
        day: n,
        hour: 12,
        minute: 0,
        offset_minutes: 0,
    }
}

impl When {
    /// The same day at `hour:minute` local time.
    pub fn at(self, hour: u32, minute: u32) -> When {
        When { hour, minute, ..self }
    }

    /// Recorded in an offset of `hours` east of UTC (local time stays as given).
    pub fn offset(self, hours: i32) -> When {
        When {
            offset_minutes: hours * 60,
            ..self
        }
    }

    /// The date git shows for this moment, `YYYY-MM-DD`.
    pub fn date(self) -> String {
        let base = chrono::NaiveDate::from_ymd_opt(2024, 1, 1).expect("valid date");
        (base + chrono::Days::new(u64::from(self.day))).to_string()
    }

    /// Git's internal date format: `<seconds> <+hhmm>`.
    pub fn git_date(self) -> String {
        let base = chrono::NaiveDate::from_ymd_opt(2024, 1, 1)
            .expect("valid date")
            .and_hms_opt(0, 0, 0)
            .expect("valid time")
            .and_utc()
            .timestamp();
        let local = base + i64::from(self.day) * 86_400 + i64::from(self.hour * 3600 + self.minute * 60);
        let utc = local - i64::from(self.offset_minutes) * 60;
        let sign = if self.offset_minutes < 0 { '-' } else { '+' };
        let m = self.offset_minutes.unsigned_abs();
        format!("{utc} {sign}{:02}{:02}", m / 60, m % 60)
    }
}

/// A learnings file with a preamble and one short entry per title.
pub fn learnings_md(titles: &[&str]) -> String {
    let mut text = String::from("# Learnings\n\nLessons from agent sessions.\n\n---\n\n");
    for title in titles {
        text.push_str(&entry(title));
    }
    text
}

/// One entry: heading and a body derived from its title.
pub fn entry(title: &str) -> String {
    let lower = title.to_lowercase();
    format!("## {title}\n- Anti-pattern: ignoring {lower}.\n- Correct pattern: apply {lower} every time.\n\n")
}

/// A git repository in a temporary directory.
pub struct Repo {
    dir: tempfile::TempDir,
    home: tempfile::TempDir,
}

impl Repo {
    /// `git init -b main` in a fresh temporary directory.
    pub fn new() -> Repo {
        let repo = Repo {
            dir: tempfile::tempdir().expect("temp dir"),
            home: tempfile::tempdir().expect("temp home"),
        };
        repo.git(&["init", "-q", "-b", "main"]);
        repo
    }

    /// The working tree root.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// `path` inside the working tree.
    pub fn join(&self, path: &str) -> PathBuf {
        self.dir.path().join(path)
    }

    /// Writes a working-tree file (creating folders), without committing.
    pub fn write(&self, path: &str, contents: impl AsRef<[u8]>) -> &Self {
        let target = self.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).expect("create dirs");
        }
        std::fs::write(target, contents).expect("write file");
        self
    }

    /// Reads a working-tree file.
    pub fn read(&self, path: &str) -> String {
        std::fs::read_to_string(self.join(path)).expect("read file")
    }

    /// Writes `path` and commits it alone at `when`; returns the commit id.
    pub fn commit_on(&self, when: When, path: &str, contents: impl AsRef<[u8]>) -> String {
        self.write(path, contents);
        self.git(&["add", "--", path]);
        self.commit_staged(when, &format!("change {path}"))
    }

    /// Commits everything in the working tree at `when`; returns the commit id.
    pub fn commit_all(&self, when: When, message: &str) -> String {
        self.git(&["add", "-A"]);
        self.commit_staged(when, message)
    }

    /// Commits what is staged (or nothing) at `when`; returns the commit id.
    pub fn commit_staged(&self, when: When, message: &str) -> String {
        self.git_at(when, &["commit", "-q", "--allow-empty", "-m", message]);
        self.head()
    }

    /// Merges `branch` into the current branch at `when` with a merge commit.
    pub fn merge(&self, when: When, branch: &str) -> String {
        self.git_at(
            when,
            &["merge", "-q", "--no-ff", "-m", &format!("Merge {branch}"), branch],
        );
        self.head()
    }

    /// Feeds `stream` to `git fast-import` (each commit carries its own dates) and checks out
    /// `main`: a history of hundreds of commits in one process.
    pub fn fast_import(&self, stream: &[u8]) {
        use std::io::Write as _;
        let mut child = self
            .git_command(day(0), &["fast-import", "--quiet"])
            .stdin(std::process::Stdio::piped())
            .spawn()
            .expect("run git fast-import");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(stream)
            .expect("write the stream");
        assert!(
            child.wait().expect("wait for git").success(),
            "git fast-import failed"
        );
        self.git(&["reset", "-q", "--hard", "main"]);
    }

    /// The current HEAD commit id.
    pub fn head(&self) -> String {
        self.git(&["rev-parse", "HEAD"]).trim().to_owned()
    }

    /// Runs git in the repository with an isolated configuration; panics on failure.
    pub fn git(&self, args: &[&str]) -> String {
        self.git_at(day(0), args)
    }

    fn git_at(&self, when: When, args: &[&str]) -> String {
        let output = self.git_command(when, args).output().expect("run git");
        assert!(
            output.status.success(),
            "git {args:?} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).expect("git output is UTF-8")
    }

    /// Runs git at `when` with the `learnings` binary first on the PATH (as a hook finds it);
    /// returns the output whether or not git succeeded.
    pub fn git_with_learnings(&self, when: When, args: &[&str]) -> Output {
        let mut path = std::ffi::OsString::from(bin_dir());
        path.push(":");
        path.push(std::env::var_os("PATH").unwrap_or_default());
        self.git_command(when, args)
            .env("PATH", path)
            .output()
            .expect("run git")
    }

    fn git_command(&self, when: When, args: &[&str]) -> Command {
        let date = when.git_date();
        let mut command = Command::new("git");
        command
            .args(args)
            .current_dir(self.path())
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.home.path())
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_CONFIG_GLOBAL", self.home.path().join("gitconfig"))
            .env("GIT_AUTHOR_NAME", "Test Dev")
            .env("GIT_AUTHOR_EMAIL", "dev@example.com")
            .env("GIT_COMMITTER_NAME", "Test Dev")
            .env("GIT_COMMITTER_EMAIL", "dev@example.com")
            .env("GIT_AUTHOR_DATE", &date)
            .env("GIT_COMMITTER_DATE", &date)
            .env("GIT_ALLOW_PROTOCOL", "file");
        command
    }

    /// A clone of this repository holding only the newest `depth` commits, as CI checks out.
    pub fn shallow_clone(&self, depth: u32) -> Repo {
        let clone = Repo {
            dir: tempfile::tempdir().expect("temp dir"),
            home: tempfile::tempdir().expect("temp home"),
        };
        let source = format!("file://{}", self.path().display());
        let target = clone.path().to_str().expect("UTF-8 temp path").to_owned();
        self.git(&["clone", "-q", "--depth", &depth.to_string(), &source, &target]);
        clone
    }

    /// A partial clone without blobs (`git clone --filter=blob:none`): HEAD's files are checked
    /// out, older versions stay on the remote.
    pub fn partial_clone(&self) -> Repo {
        let clone = Repo {
            dir: tempfile::tempdir().expect("temp dir"),
            home: tempfile::tempdir().expect("temp home"),
        };
        self.git(&["config", "uploadpack.allowFilter", "true"]);
        let source = format!("file://{}", self.path().display());
        let target = clone.path().to_str().expect("UTF-8 temp path").to_owned();
        self.git(&["clone", "-q", "--filter=blob:none", &source, &target]);
        clone
    }

    /// Runs the `learnings` binary in the repository root.
    pub fn run(&self, args: &[&str]) -> Run {
        run_in(self.path(), args, None)
    }

    /// Runs the `learnings` binary in the repository root with `stdin`.
    /// `learnings hook session-start` at a session's start, the cache not warmed behind it;
    /// exits 0 whatever it finds.
    pub fn session_start(&self) -> Run {
        let input = r#"{"session_id": "s1", "source": "startup", "hook_event_name": "SessionStart"}"#;
        run_env(
            self.path(),
            &["hook", "session-start"],
            Some(input.as_bytes()),
            &[("LEARNINGS_WARM", "0")],
        )
        .code(0)
    }

    pub fn run_with_stdin(&self, args: &[&str], stdin: &[u8]) -> Run {
        run_in(self.path(), args, Some(stdin))
    }
}

/// The folder holding the `learnings` binary under test.
pub fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_learnings"))
        .parent()
        .expect("binary folder")
        .to_path_buf()
}

/// `n` numbered lines of text, each ending with a newline.
pub fn lines(n: usize) -> String {
    (1..=n).map(|i| format!("line {i}\n")).collect()
}

/// What a run of the binary produced.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Asserts the exit code and returns self, showing stderr on failure.
    pub fn code(self, expected: i32) -> Run {
        assert_eq!(
            self.code, expected,
            "exit code; stdout:\n{}\nstderr:\n{}",
            self.stdout, self.stderr
        );
        self
    }

    /// Parses stdout as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", self.stdout))
    }
}

/// Runs the `learnings` binary in `dir` with a sealed environment.
pub fn run_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    run_env(dir, args, stdin, &[])
}

/// `command` in `dir` with a sealed environment: only PATH, no system git config, HOME at `dir`.
pub fn sealed<'a>(command: &'a mut Command, dir: &Path) -> &'a mut Command {
    command
        .current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("HOME", dir)
        // No background `cache warm` racing the test's next command.
        .env("LEARNINGS_WARM", "0")
}

/// Like [`run_in`], with extra environment variables.
pub fn run_env(dir: &Path, args: &[&str], stdin: Option<&[u8]>, env: &[(&str, &str)]) -> Run {
    use std::io::Write;
    use std::process::Stdio;
    let mut command = Command::new(env!("CARGO_BIN_EXE_learnings"));
    sealed(command.args(args), dir)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("run learnings");
    if let Some(input) = stdin {
        let mut pipe = child.stdin.take().expect("stdin");
        // The binary may exit before reading everything (huge input): that is its right.
        let _ = pipe.write_all(input);
    }
    let output: Output = child.wait_with_output().expect("wait for learnings");
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}
