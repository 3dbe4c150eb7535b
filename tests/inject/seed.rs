//! The seed's example: seven domains, a 32-turn session, injections at turns 1, 6 and 13 only.

use super::fixture::*;
use std::collections::BTreeSet;

const DOMAINS: [(&str, &[&str]); 7] = [
    ("story_arc", &["topic", "story", "arc", "narrative", "P-I-M-R"]),
    ("voiceover", &["voiceover", "script", "金句", "语气", "文案"]),
    (
        "design",
        &["design", "layout", "font", "component", "visual", "card"],
    ),
    ("scene_spec", &["scene", "spec", "card", "terminal", "animation"]),
    ("render", &["render", "manim", "python", "venv", ".venv"]),
    (
        "production",
        &["audio", "ffmpeg", "concat", "mix", "ding", "swish"],
    ),
    ("sharing", &["deliver", "share", "upload", "discord", "send"]),
];

/// The user's prompt and the agent's reply of each turn (1-based).
fn turn(n: usize) -> (&'static str, &'static str) {
    match n {
        1 => ("start the story arc", "Here is a first draft of the arc."),
        5 => ("looks good", "Shall we do the scene spec design?"),
        6 => ("yes", "Done, both are written."),
        12 => ("continue", "Let's render?"),
        13 => ("yes", "Rendering finished without errors."),
        32 => ("pick topic for next video", "Here are three ideas."),
        _ => ("continue", "Done."),
    }
}

#[test]
fn the_seed_session_gets_exactly_the_seed_injections() {
    let mut toml = String::new();
    let mut files = Vec::new();
    for (name, keywords) in DOMAINS {
        let file = format!("shared_learnings/yt_{name}_rules.md");
        toml.push_str(&domain(name, keywords, &[&file]));
        files.push((file, format!("# {name} rules\n- a curated {name} rule\n")));
    }
    let refs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), t.as_str())).collect();
    let project = project(&toml, &refs);
    let mut transcript = Transcript::new();
    let mut injected = Vec::new();
    for n in 1..=32 {
        let (prompt, reply) = turn(n);
        let path = transcript.write(&project, "session.jsonl");
        if let Some(text) = run_prompt(&project, "yt", path.to_str().expect("utf-8"), prompt) {
            let domains: BTreeSet<&str> = DOMAINS
                .iter()
                .map(|(name, _)| *name)
                .filter(|name| text.contains(&format!("yt_{name}_rules.md")))
                .collect();
            injected.push((n, domains.into_iter().collect::<Vec<_>>().join("+")));
        }
        transcript = transcript.user(prompt).assistant(reply);
    }
    assert_eq!(
        injected,
        [
            (1, "story_arc".to_owned()),
            (6, "design+scene_spec".to_owned()),
            (13, "render".to_owned()),
        ]
    );
}
