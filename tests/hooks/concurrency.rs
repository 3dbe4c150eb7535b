//! 50 post-task runs at once on one session log: every run answers, the files end up whole.

use super::project::{Project, assert_timestamp, input};

#[test]
fn fifty_concurrent_runs_on_one_session_leave_whole_files() {
    let project = Project::with_agents(&["rust-expert"]);
    let body = input("s1", "rust-expert", "a1");
    let runs: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..50)
            .map(|_| scope.spawn(|| project.post_task(&body)))
            .collect();
        handles.into_iter().map(|h| h.join().expect("thread")).collect()
    });
    for run in runs {
        assert!(run.code(0).json()["systemMessage"].is_string());
    }
    let log = Project::log("s1", "a1");
    assert_timestamp(&project.read(&format!("{log}/needs_learning_as_of_timestamp")));
    assert_eq!(project.read(&format!("{log}/agent_used")), "rust-expert\n");
    let mut names: Vec<String> = std::fs::read_dir(project.path(&log))
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["agent_used", "needs_learning_as_of_timestamp"],
        "no temp file left behind"
    );
}
