use super::*;

fn answered(agent: Option<&str>) -> Turn {
    Turn {
        assistant: Some("Done: the parser now handles tabs.".into()),
        agent: agent.map(str::to_owned),
        ..Turn::default()
    }
}

#[test]
fn a_correction_answering_a_turn_is_logged_with_its_agent() {
    let (events, window) = on_prompt(
        "2026-03-01T10:00:00Z",
        "No, that's wrong.",
        &answered(Some("parser")),
        Window::default(),
    );
    assert_eq!(events.len(), 1);
    assert_eq!(
        (events[0].kind, events[0].agent.as_deref()),
        (Kind::Correction, Some("parser"))
    );
    assert_eq!(window.prompts.len(), 1);
    let (none, _) = on_prompt(
        "2026-03-01T10:00:00Z",
        "No, that's wrong.",
        &Turn::default(),
        Window::default(),
    );
    assert!(none.is_empty(), "nothing answered, nothing logged");
}

#[test]
fn interruptions_and_denied_tools() {
    let turn = Turn {
        interrupted: true,
        denied: vec!["Bash".into()],
        ..answered(None)
    };
    let (events, _) = on_prompt(
        "2026-03-01T10:00:00Z",
        "let's look at the tests instead",
        &turn,
        Window::default(),
    );
    let kinds: Vec<(Kind, f64)> = events.iter().map(|e| (e.kind, e.confidence)).collect();
    assert_eq!(kinds, vec![(Kind::Cancellation, 0.6), (Kind::Rejection, 0.9)]);
    assert_eq!(events[1].text, "denied tool call: Bash");
}

#[test]
fn a_new_topic_after_a_completion_is_a_success() {
    let (_, window) = on_prompt(
        "2026-03-01T10:00:00Z",
        "make the parser handle tabs",
        &answered(None),
        Window::default(),
    );
    let (stop, window) = on_stop(
        "2026-03-01T10:01:00Z",
        "Done: the parser handles tabs.",
        None,
        window,
    );
    assert_eq!(stop.map(|e| e.kind), Some(Kind::Completion));
    let (events, window) = on_prompt(
        "2026-03-01T10:02:00Z",
        "write the release notes for version two",
        &answered(None),
        window,
    );
    assert_eq!(
        events.iter().map(|e| e.kind).collect::<Vec<_>>(),
        vec![Kind::Success]
    );
    // A follow-up on the same topic is not.
    let (_, window) = on_stop("2026-03-01T10:03:00Z", "Done.", None, window);
    let (events, _) = on_prompt(
        "2026-03-01T10:04:00Z",
        "write the release notes for version two in French",
        &answered(None),
        window,
    );
    assert!(events.is_empty(), "{events:?}");
}

#[test]
fn the_window_rolls_and_expires() {
    let mut window = Window::default();
    for n in 0..12 {
        window = on_prompt(
            &format!("2026-03-01T10:{n:02}:00Z"),
            &format!("prompt number {n}"),
            &Turn::default(),
            window,
        )
        .1;
    }
    assert_eq!(window.prompts.len(), WINDOW);
    let later = window.clone().at("2026-03-01T11:00:00Z");
    assert!(later.prompts.is_empty());
    assert_eq!(window.clone().at("2026-03-01T10:30:00Z"), window);
    let (none, _) = on_stop("2026-03-01T10:30:00Z", "  ", None, Window::default());
    assert!(none.is_none());
}

#[test]
fn no_success_after_an_interrupted_or_refused_turn() {
    for turn in [
        Turn {
            interrupted: true,
            ..answered(None)
        },
        Turn {
            denied: vec!["Bash `rm -rf build`".into()],
            ..answered(None)
        },
    ] {
        let window = Window {
            last: "2026-03-01T10:00:00Z".into(),
            prompts: vec![["parser".to_owned()].into()],
            completed: true,
            ..Window::default()
        };
        let (events, _) = on_prompt(
            "2026-03-01T10:01:00Z",
            "write the release notes for version two",
            &turn,
            window,
        );
        assert!(events.iter().all(|e| e.kind != Kind::Success), "{events:?}");
    }
}

#[test]
fn the_window_keeps_no_secret() {
    let (_, window) = on_prompt(
        "2026-03-01T10:00:00Z",
        "No, wrong: use https://bob:hunter2@example.com/repo.git",
        &answered(None),
        Window::default(),
    );
    let words: Vec<&String> = window.prompts.iter().flatten().collect();
    assert!(!words.iter().any(|w| w.contains("hunter2")), "{words:?}");
}
