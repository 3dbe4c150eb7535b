//! `GIT_DIR` and `GIT_WORK_TREE` are honoured by every command and by `install-hook`: the
//! dotfiles layout (a bare repository beside the home folder it tracks), and what
//! `git --git-dir=… --work-tree=…` exports to its hooks.

use crate::common::{bin_dir, day, learnings_md, lines, run_env};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const FILE: &str = "agents/learnings.md";

/// A home folder tracked by the bare repository `home/.dotfiles`.
struct Dotfiles {
    _temp: tempfile::TempDir,
    home: PathBuf,
    git_dir: PathBuf,
}

impl Dotfiles {
    fn new() -> Dotfiles {
        let temp = tempfile::tempdir().expect("temp dir");
        let home = temp.path().join("home");
        std::fs::create_dir_all(&home).expect("mkdir");
        let git_dir = home.join(".dotfiles");
        let dotfiles = Dotfiles {
            _temp: temp,
            home,
            git_dir,
        };
        let init = dotfiles.git_plain(&["init", "-q", "--bare", "-b", "main", ".dotfiles"]);
        assert!(init.status.success(), "{}", String::from_utf8_lossy(&init.stderr));
        dotfiles
    }

    fn write(&self, path: &str, contents: &str) {
        let target = self.home.join(path);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::write(target, contents).expect("write");
    }

    /// `git --git-dir=home/.dotfiles --work-tree=home ARGS`, with `learnings` on the PATH.
    fn git(&self, args: &[&str]) -> Output {
        let git_dir = format!("--git-dir={}", self.git_dir.display());
        let work_tree = format!("--work-tree={}", self.home.display());
        let mut all = vec![git_dir.as_str(), work_tree.as_str()];
        all.extend_from_slice(args);
        self.git_plain(&all)
    }

    fn git_plain(&self, args: &[&str]) -> Output {
        let mut path = std::ffi::OsString::from(bin_dir());
        path.push(":");
        path.push(std::env::var_os("PATH").unwrap_or_default());
        let date = format!("{} +0000", 1_704_110_400 + 86_400 * 3);
        Command::new("git")
            .args(args)
            .current_dir(&self.home)
            .env_clear()
            .env("PATH", path)
            .env("HOME", &self.home)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_CONFIG_GLOBAL", self.home.join(".gitconfig-test"))
            .env("GIT_AUTHOR_NAME", "Test Dev")
            .env("GIT_AUTHOR_EMAIL", "dev@example.com")
            .env("GIT_COMMITTER_NAME", "Test Dev")
            .env("GIT_COMMITTER_EMAIL", "dev@example.com")
            .env("GIT_AUTHOR_DATE", &date)
            .env("GIT_COMMITTER_DATE", &date)
            .output()
            .expect("run git")
    }

    /// Runs learnings in `dir` (relative to home) with `GIT_DIR` and `GIT_WORK_TREE` set.
    fn run(&self, dir: &str, args: &[&str]) -> crate::common::Run {
        let git_dir = self.git_dir.to_str().expect("UTF-8");
        let work_tree = self.home.to_str().expect("UTF-8");
        run_env(
            &self.home.join(dir),
            args,
            None,
            &[("GIT_DIR", git_dir), ("GIT_WORK_TREE", work_tree)],
        )
    }
}

fn committed(dotfiles: &Dotfiles) {
    dotfiles.write(FILE, &learnings_md(&["Alpha", "Beta"]));
    dotfiles.write(".bashrc", "alias ll='ls -l'\n");
    let add = dotfiles.git(&["add", FILE, ".bashrc"]);
    assert!(add.status.success(), "{}", String::from_utf8_lossy(&add.stderr));
    let commit = dotfiles.git(&["commit", "-q", "-m", "dotfiles"]);
    assert!(
        commit.status.success(),
        "{}",
        String::from_utf8_lossy(&commit.stderr)
    );
}

#[test]
fn commands_read_the_repository_git_dir_names() {
    let dotfiles = Dotfiles::new();
    committed(&dotfiles);
    let run = dotfiles.run(".", &["ages", "--format", "json"]).code(0);
    assert!(run.stdout.contains("\"Alpha\""), "{}", run.stdout);
    assert!(run.stdout.contains(&day(3).date()), "{}", run.stdout);
    dotfiles.run("agents", &["ages"]).code(0);
    dotfiles.run(".", &["stale"]).code(0);
    dotfiles.run(".", &["plan"]).code(0);
    dotfiles.write("agents/decisions/big.md", &lines(401));
    dotfiles.git(&["add", "agents/decisions/big.md"]);
    dotfiles.run(".", &["check", "--staged"]).code(1);
    // Without the variables, the home folder is no repository.
    run_env(&dotfiles.home, &["ages"], None, &[]).code(2);
}

#[cfg(unix)]
#[test]
fn install_hook_writes_into_the_git_dir_and_the_hook_guards_its_commits() {
    let dotfiles = Dotfiles::new();
    committed(&dotfiles);
    let run = dotfiles.run(".", &["install-hook"]).code(0);
    assert!(
        run.stdout.starts_with("Installed the pre-commit hook"),
        "{}",
        run.stdout
    );
    let hook: &Path = &dotfiles.git_dir.join("hooks/pre-commit");
    assert!(hook.is_file(), "no hook in {}", hook.display());
    dotfiles.write("agents/decisions/big.md", &lines(401));
    dotfiles.git(&["add", "agents/decisions/big.md"]);
    let blocked = dotfiles.git(&["commit", "-q", "-m", "big"]);
    assert!(!blocked.status.success(), "the 401-line doc went through");
    let said =
        String::from_utf8_lossy(&blocked.stdout).into_owned() + &String::from_utf8_lossy(&blocked.stderr);
    assert!(said.contains("agents/decisions/big.md: 401 lines"), "{said}");
}

#[test]
fn a_ceiling_that_does_not_apply_is_ignored_as_git_ignores_it() {
    let repo = crate::common::Repo::new();
    repo.commit_on(day(0), FILE, learnings_md(&["Alpha"]));
    let elsewhere = tempfile::tempdir().expect("temp dir");
    let ceiling = elsewhere.path().to_str().expect("UTF-8");
    run_env(
        repo.path(),
        &["ages"],
        None,
        &[("GIT_CEILING_DIRECTORIES", ceiling)],
    )
    .code(0);
}
