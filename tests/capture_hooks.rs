//! Capture through the hooks, as Claude Code runs them: a scripted session (three corrections
//! about the same thing, an explicit rule, a praise, an interruption, a sub-agent) fed to
//! `hook prompt` and `hook stop` with a transcript, then `learn analyze`, the next SessionStart,
//! `learn promote` and `learn forget`.

use crate::capture::Env;
use crate::common::{day, learnings_md};
use serde_json::json;

pub struct Session<'a> {
    env: &'a Env,
    id: &'a str,
    transcript: tempfile::NamedTempFile,
    lines: Vec<String>,
}

impl<'a> Session<'a> {
    pub fn new(env: &'a Env, id: &'a str) -> Session<'a> {
        Session {
            env,
            id,
            transcript: tempfile::NamedTempFile::new().expect("temp"),
            lines: Vec::new(),
        }
    }

    fn line(&mut self, value: serde_json::Value) {
        self.lines.push(value.to_string());
        std::fs::write(self.transcript.path(), self.lines.join("\n") + "\n").expect("write transcript");
    }

    fn said(&mut self, role: &str, text: &str) {
        self.line(
            json!({"type": role, "message": {"role": role, "content": [{"type": "text", "text": text}]}}),
        );
    }

    fn agent(&mut self, agent: &str) {
        self.line(json!({"type": "assistant", "message": {"role": "assistant", "content": [
            {"type": "tool_use", "id": "t1", "name": "Agent", "input": {"subagent_type": agent, "prompt": "go"}}]}}));
        self.line(json!({"type": "user", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "t1", "content": "done"}]}}));
    }

    /// The model calls Bash with `command` and it does not run: `stamps` say who refused it.
    fn refused(&mut self, id: &str, command: &str, stamps: serde_json::Value) {
        self.line(
            json!({"type": "assistant", "message": {"role": "assistant", "content": [
            {"type": "tool_use", "id": id, "name": "Bash", "input": {"command": command}}]}}),
        );
        let mut result = json!({"type": "user", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": id, "is_error": true,
             "content": "The user doesn't want to proceed with this tool use."}]}});
        for (k, v) in stamps.as_object().expect("object") {
            result[k] = v.clone();
        }
        self.line(result);
    }

    fn input(&self, extra: serde_json::Value) -> Vec<u8> {
        let mut input = json!({
            "session_id": self.id,
            "transcript_path": self.transcript.path(),
            "cwd": self.env.repo.path(),
        });
        for (k, v) in extra.as_object().expect("object") {
            input[k] = v.clone();
        }
        input.to_string().into_bytes()
    }

    /// The user types `prompt` after the assistant said `answer`.
    pub fn turn(&mut self, answer: &str, prompt: &str) -> String {
        self.said("assistant", answer);
        let run = self
            .env
            .run_stdin(&["hook", "prompt"], Some(&self.input(json!({"prompt": prompt}))))
            .code(0);
        self.said("user", prompt);
        run.stdout
    }
}

fn scripted(env: &Env) {
    let mut s = Session::new(env, "s1");
    s.said("user", "make the tests pass");
    s.agent("test-runner");
    assert_eq!(
        s.turn(
            "Done: ran the tests with python3.",
            "No, that's not right: use the venv python for the tests"
        ),
        "{}\n"
    );
    s.agent("test-runner");
    s.turn(
        "Done: ran them again.",
        "That's wrong again: use the venv python for the tests",
    );
    s.turn("Okay.", "Always run cargo fmt before committing.");
    s.agent("test-runner");
    s.turn(
        "Fixed, all green.",
        "Still wrong: use the venv python for the tests",
    );
    s.turn("Now using .venv/bin/python, all green.", "perfect, thanks");
    s.said("assistant", "Let me rewrite the whole");
    s.said("user", "[Request interrupted by user]");
    s.turn("", "let's look at the docs instead");
    // Declined at the permission prompt (as Claude Code 2.1.330 stamps it for an SDK host),
    // then blocked by a hook: only the first is the person's rejection.
    s.refused(
        "t2",
        "rm -rf docs/build",
        json!({"toolDenialKind": "permission-rule",
               "permissionDecision": {"decision": "reject", "source": "user_reject"}}),
    );
    s.refused(
        "t3",
        "git push --force",
        json!({"toolDenialKind": "permission-rule"}),
    );
    s.turn("I could not clean the docs build.", "ok, show me the docs index");
    env.run_stdin(
        &["hook", "stop"],
        Some(&s.input(json!({"last_assistant_message": "The docs are up to date."}))),
    )
    .code(0);
}

#[test]
fn a_scripted_session_is_captured_analysed_injected_promoted_and_forgotten() {
    let env = Env::new();
    let before = env.repo.commit_on(
        day(0),
        "agents/learnings.md",
        learnings_md(&["Quote commands exactly"]),
    );
    scripted(&env);

    let history = env
        .run(&["feedback", "--history", "--format", "json"])
        .code(0)
        .json();
    let kinds: Vec<&str> = history["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter_map(|e| e["kind"].as_str())
        .collect();
    assert_eq!(
        kinds,
        vec![
            "correction",
            "correction",
            "preference",
            "correction",
            "praise",
            "cancellation",
            "rejection",
            "completion"
        ],
        "{history:#}"
    );
    assert_eq!(history["events"][0]["agent"], "test-runner");
    assert_eq!(
        history["events"][6]["text"],
        "denied tool call: Bash `rm -rf docs/build`"
    );
    assert_eq!(
        history["events"][0]["answered"],
        "Done: ran the tests with python3."
    );

    let analysis = env.run(&["learn", "analyze", "--format", "json"]).code(0).json();
    assert_eq!(analysis["patterns"][0]["count"], 3, "{analysis:#}");
    assert_eq!(
        analysis["rules"][0]["text"],
        "Always run cargo fmt before committing"
    );

    let start = json!({"session_id": "s2", "cwd": env.repo.path(), "source": "startup"}).to_string();
    let run = env
        .run_stdin(&["hook", "session-start"], Some(start.as_bytes()))
        .code(0)
        .json();
    let context = run["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .expect("context");
    assert_eq!(run["hookSpecificOutput"]["hookEventName"], "SessionStart");
    assert!(
        context.contains("<learned-context>") && context.contains("Always run cargo fmt before committing"),
        "{context}"
    );
    assert!(
        context.contains("Use the venv python for the tests (3×)"),
        "{context}"
    );

    env.run(&["learn", "promote"]).code(0);
    env.repo.commit_all(day(2), "Promote");
    env.run(&["audit", "--since", &before]).code(0);

    env.run(&["learn", "forget"]).code(0);
    assert!(!env.user().exists() && !env.repo.path().join(".learnings").exists());
    let run = env
        .run_stdin(&["hook", "session-start"], Some(start.as_bytes()))
        .code(0);
    assert!(!run.stdout.contains("learned-context"), "{}", run.stdout);
}

#[test]
fn switches_stop_capture() {
    let env = Env::new();
    env.run(&["learn", "off", "--session", "s1"]).code(0);
    scripted(&env);
    assert!(!env.user().join("feedback.jsonl").exists());

    let env = Env::new();
    env.repo.write("learnings.toml", "[learning]\nenabled = false\n");
    scripted(&env);
    assert!(!env.user().join("feedback.jsonl").exists());
}

#[test]
fn malformed_input_to_the_capture_hooks_answers_empty() {
    let env = Env::new();
    for event in ["prompt", "stop", "session-start"] {
        for input in [
            &b"garbage"[..],
            b"[]",
            b"{\"session_id\": 5}",
            b"{\"session_id\":\"../x\",\"prompt\":\"no\",\"transcript_path\":\"/nonexistent\"}",
        ] {
            let run = env.run_stdin(&["hook", event], Some(input)).code(0);
            assert_eq!(run.stdout, "{}\n", "{event} {input:?}");
        }
    }
    assert!(!env.user().join("feedback.jsonl").exists());
}

#[test]
fn concurrent_prompts_of_one_session_lose_nothing() {
    let env = Env::new();
    let mut s = Session::new(&env, "c1");
    s.said("assistant", "Done: the parser handles tabs.");
    let prompts: Vec<String> = (0..8)
        .map(|n| format!("No, that's wrong: case {n} lost its tabs again."))
        .collect();
    std::thread::scope(|scope| {
        for prompt in &prompts {
            let input = s.input(json!({"prompt": prompt}));
            let env = &env;
            scope.spawn(move || {
                let run = env.run_stdin(&["hook", "prompt"], Some(&input)).code(0);
                assert_eq!(run.stdout, "{}\n");
            });
        }
    });
    let history = env
        .run(&["feedback", "--history", "--format", "json"])
        .code(0)
        .json();
    let mut texts: Vec<&str> = history["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["kind"] == "correction" && e["session"] == "c1")
        .filter_map(|e| e["text"].as_str())
        .collect();
    texts.sort_unstable();
    assert_eq!(texts, prompts.iter().map(String::as_str).collect::<Vec<_>>());
    // Every line of the session's window is whole.
    let state = std::fs::read_to_string(env.user().join("sessions/c1.jsonl")).expect("state");
    assert_eq!(state.lines().count(), 8);
    for line in state.lines() {
        serde_json::from_str::<serde_json::Value>(line).expect("a whole JSON line");
    }
}

#[test]
fn a_session_started_in_a_subfolder_is_the_repositorys_and_forgotten_with_it() {
    let env = Env::new();
    env.repo.commit_on(
        day(0),
        "agents/learnings.md",
        learnings_md(&["Quote commands exactly"]),
    );
    let sub = env.repo.path().join("agents");
    let mut s = Session::new(&env, "sub1");
    s.said("assistant", "Done: ran the tests with python3.");
    let input = |prompt: &str| {
        json!({"session_id": "sub1", "transcript_path": s.transcript.path(), "cwd": sub, "prompt": prompt})
            .to_string()
            .into_bytes()
    };
    for prompt in [
        "No, that's not right: use the venv python for the tests",
        "That's wrong again: use the venv python for the tests",
        "Still wrong: use the venv python for the tests",
    ] {
        env.run_stdin(&["hook", "prompt"], Some(&input(prompt))).code(0);
    }
    // The repository root and the subfolder see the same project.
    let analysis = env.run(&["learn", "analyze", "--format", "json"]).code(0).json();
    assert_eq!(analysis["patterns"][0]["count"], 3, "{analysis}");
    assert!(
        !sub.join(".learnings").exists(),
        "the project folder is the repository's"
    );
    let run = crate::common::run_env(
        &sub,
        &["learn", "forget", "--project"],
        None,
        &[("LEARNINGS_DATA_DIR", env.user().to_str().expect("UTF-8"))],
    )
    .code(0);
    assert!(
        run.stdout.contains("sub1.jsonl"),
        "the session window goes too: {}",
        run.stdout
    );
    let history = env
        .run(&["feedback", "--history", "--format", "json"])
        .code(0)
        .json();
    assert_eq!(history["events"].as_array().map(Vec::len), Some(0), "{history}");
}

#[test]
fn a_sub_agents_result_handed_back_as_a_prompt_is_not_the_users_correction() {
    // Claude Code 2.1.330 hands a background sub-agent's result back as a UserPromptSubmit whose
    // prompt is a `<task-notification>` block (recorded in fixtures/clients/claude/).
    let env = Env::new();
    let mut s = Session::new(&env, "n1");
    let notification = "<task-notification>\n<task-id>a2ef</task-id>\n<status>completed</status>\n\
        <result>No, that's wrong: always use the venv python for the tests.\n\n\
        That's wrong again: never run pip as root.</result>\n</task-notification>";
    s.turn("Started the reviewer.", notification);
    s.turn("Done.", "No, that's not right: use the venv python for the tests");
    let history = env
        .run(&["feedback", "--history", "--format", "json"])
        .code(0)
        .json();
    let events = history["events"].as_array().expect("events");
    assert_eq!(events.len(), 1, "{history}");
    assert!(
        events[0]["text"]
            .as_str()
            .is_some_and(|t| t.contains("not right")),
        "{history}"
    );
}
