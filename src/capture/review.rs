//! The review queue: captures the classifier was unsure of wait for the user's decision.
//!
//! A prompt the model gives a category with a confidence between its review and capture
//! thresholds is not feedback yet: it waits in the user's private `review.jsonl`. Accepted (as
//! guessed, as another category, or with a tighter gist), it joins the feedback log as if it had
//! been captured; rejected, it was nothing. Either way the decision is kept as a labelled prompt
//! in `labels.jsonl`, which `learn export-labels` writes out for training the classifier.
//!
//! The queue holds the [`PENDING`] newest: every unsure prompt reads and rewrites it under its
//! lock (to wait once however often it is sent), so its size is the hook's cost; and nobody
//! reviews a backlog of hundreds.

use super::category::Category;
use super::event::{Event, Kind};
use crate::error::{Error, Result};
use crate::store::Store;
use serde::{Deserialize, Serialize};

/// The review queue keeps at most this many captures, the newest.
pub const PENDING: usize = 50;

/// What the user decides about an unsure capture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// It is feedback: of this category (default: the classifier's guess), with this gist
    /// (default: the prompt as typed).
    Accept {
        category: Option<Category>,
        gist: Option<String>,
    },
    /// It says nothing about the previous answer.
    Reject,
}

/// A labelled prompt, as the training data holds them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Label {
    /// A category name, or `none`.
    pub label: String,
    /// The prompt (redacted when stored).
    pub prompt: String,
    /// When the prompt was typed.
    #[serde(default)]
    pub at: String,
}

/// The captures waiting for review, oldest first; unreadable lines are counted and skipped.
pub fn pending(store: &Store) -> Result<(Vec<Event>, usize)> {
    store.review().records::<Event>()
}

/// Applies `decision` to the `id`th pending capture (from 1): logs the feedback when accepted,
/// keeps the label either way, and takes it out of the queue. Returns the event logged.
pub fn decide(store: &Store, id: usize, decision: &Decision) -> Result<Option<Event>> {
    store.ensure(false)?;
    // The queue is read and written under its lock: two reviews (or a hook adding a capture)
    // at once never lose or repeat an item.
    store.review().update(|queue: &mut Vec<Event>, _| {
        if id == 0 || id > queue.len() {
            return Err(Error::Usage(format!(
                "review: no capture {id} waits for review ({} do); see `learnings learn review --format json`",
                queue.len()
            )));
        }
        let mut item = queue.remove(id - 1);
        let (label, logged) = match decision {
            Decision::Reject => ("none".to_owned(), None),
            Decision::Accept { category, gist } => {
                if let Some(category) = category {
                    item.kind = Kind::from(*category);
                }
                let mut event = item.clone();
                event.unsure = false;
                if let Some(gist) = gist.as_deref().map(str::trim).filter(|g| !g.is_empty()) {
                    event.text = gist.to_owned();
                }
                (event.kind.name().to_owned(), Some(event))
            }
        };
        if let Some(event) = &logged {
            store.feedback().append(event)?;
        }
        store.labels().append(&Label {
            label,
            prompt: item.text.clone(),
            at: item.at.clone(),
        })?;
        Ok(logged)
    })
}

/// The user's decisions, as JSON lines of the training data (`{"label", "prompt"}`).
pub fn export_labels(store: &Store) -> Result<String> {
    let (labels, _) = store.labels().records::<Label>()?;
    let mut out = String::new();
    for label in labels {
        let line = serde_json::json!({ "label": label.label, "prompt": label.prompt });
        out.push_str(&line.to_string());
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().expect("dir");
        let store = Store::at(dir.path().join("user"), dir.path());
        (dir, store)
    }

    fn unsure(text: &str) -> Event {
        let mut event = Event::new("2026-01-01T00:00:00Z", Kind::Correction, 0.5, text);
        event.unsure = true;
        event
    }

    #[test]
    fn accepted_joins_the_feedback_rejected_does_not_and_both_are_labelled() {
        let (_dir, store) = store();
        store.ensure(false).expect("ensure");
        for text in ["I told you: UTC!", "why does CI fail?", "keep the old name"] {
            store.review().append(&unsure(text)).expect("append");
        }
        let accepted = decide(
            &store,
            1,
            &Decision::Accept {
                category: None,
                gist: Some("Report dates stay in UTC".into()),
            },
        )
        .expect("accept")
        .expect("logged");
        assert_eq!(
            (accepted.kind, accepted.text.as_str(), accepted.unsure),
            (Kind::Correction, "Report dates stay in UTC", false)
        );
        decide(&store, 1, &Decision::Reject).expect("reject");
        decide(
            &store,
            1,
            &Decision::Accept {
                category: Some(Category::Rejection),
                gist: None,
            },
        )
        .expect("accept");
        let (feedback, _) = store.feedback().records::<Event>().expect("feedback");
        assert_eq!(feedback.len(), 2);
        assert!(pending(&store).expect("pending").0.is_empty());
        assert_eq!(
            export_labels(&store).expect("labels"),
            "{\"label\":\"correction\",\"prompt\":\"I told you: UTC!\"}\n{\"label\":\"none\",\"prompt\":\"why does CI fail?\"}\n{\"label\":\"rejection\",\"prompt\":\"keep the old name\"}\n"
        );
        assert!(decide(&store, 1, &Decision::Reject).is_err());
    }
}
