//! `agent create --template DIR` copies only a LearningAgent folder, follows no links out of
//! it, and a failed create leaves nothing behind.

use crate::hooks::project::Project;

const AGENT: &str = ".deepwork/learning-agents/copy";

fn nothing_created(project: &Project) {
    for path in [".deepwork", ".claude"] {
        assert!(!project.path(path).exists(), "{path} was left behind");
    }
}

#[test]
fn a_folder_that_is_not_an_agent_is_refused_and_nothing_is_created() {
    let project = Project::new();
    let secrets = project.outer().join("secrets");
    std::fs::create_dir_all(&secrets).expect("mkdir");
    std::fs::write(secrets.join("id_rsa"), "PRIVATE KEY\n").expect("write");
    let template = secrets.to_str().expect("UTF-8");
    let run = project
        .run(&["agent", "create", "copy", "--template", template])
        .code(2);
    assert!(
        run.stderr.contains("not a LearningAgent folder"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("PRIVATE KEY"), "{}", run.stderr);
    nothing_created(&project);
    let file = secrets.join("id_rsa");
    let run = project
        .run(&[
            "agent",
            "create",
            "copy",
            "--template",
            file.to_str().expect("UTF-8"),
        ])
        .code(2);
    assert!(run.stderr.contains("not a folder"), "{}", run.stderr);
    nothing_created(&project);
}

#[test]
fn the_project_and_the_destination_are_refused() {
    let project = Project::new();
    project.write("core-knowledge.md", "Not an agent, but named like one.\n");
    let run = project
        .run(&["agent", "create", "copy", "--template", "."])
        .code(2);
    assert!(run.stderr.contains("new agent's folder"), "{}", run.stderr);
    nothing_created(&project);

    project.run(&["agent", "create", "copy"]).code(0);
    let before = project.snapshot();
    let run = project
        .run(&["agent", "create", "copy", "--template", AGENT])
        .code(2);
    assert!(run.stderr.contains("new agent's folder"), "{}", run.stderr);
    let topics = format!("{AGENT}/topics");
    project.write(&format!("{topics}/core-knowledge.md"), "nested\n");
    project
        .run(&["agent", "create", "copy", "--template", &topics])
        .code(2);
    std::fs::remove_file(project.path(&format!("{topics}/core-knowledge.md"))).expect("rm");
    assert_eq!(project.snapshot(), before, "nothing changed");
}

#[cfg(unix)]
#[test]
fn links_out_of_the_template_are_not_followed() {
    let project = Project::new();
    let outside = project.outer().join("outside");
    std::fs::create_dir_all(&outside).expect("mkdir");
    std::fs::write(outside.join("secret.md"), "secret\n").expect("write");
    // An agent whose knowledge is a link elsewhere is not an agent folder.
    project.mkdir("templates/linked");
    std::os::unix::fs::symlink(
        outside.join("secret.md"),
        project.path("templates/linked/core-knowledge.md"),
    )
    .expect("link");
    let run = project
        .run(&["agent", "create", "copy", "--template", "templates/linked"])
        .code(2);
    assert!(
        run.stderr.contains("not a LearningAgent folder"),
        "{}",
        run.stderr
    );
    nothing_created(&project);
    // Links to a file or a folder inside a real agent are skipped.
    project.write("templates/real/core-knowledge.md", "You review.\n");
    project.mkdir("templates/real/topics");
    std::os::unix::fs::symlink(&outside, project.path("templates/real/topics/elsewhere")).expect("link");
    std::os::unix::fs::symlink(
        outside.join("secret.md"),
        project.path("templates/real/topics/s.md"),
    )
    .expect("link");
    project
        .run(&["agent", "create", "copy", "--template", "templates/real"])
        .code(0);
    assert_eq!(
        project.read(&format!("{AGENT}/core-knowledge.md")),
        "You review.\n"
    );
    assert!(!project.path(&format!("{AGENT}/topics/elsewhere")).exists());
    assert!(!project.path(&format!("{AGENT}/topics/s.md")).exists());
}

#[test]
fn a_failed_create_leaves_no_agent_folder() {
    let project = Project::new();
    project.write("templates/real/core-knowledge.md", "You review.\n");
    // The Claude Code agent file cannot be written: `.claude/agents` is a file.
    project.write(".claude/agents", "not a folder\n");
    let run = project
        .run(&["agent", "create", "copy", "--template", "templates/real"])
        .code(2);
    assert!(run.stderr.contains("not a folder"), "{}", run.stderr);
    assert!(
        !project.path(".deepwork").exists(),
        "the agent folder was left behind"
    );
    assert_eq!(project.read(".claude/agents"), "not a folder\n");
}
