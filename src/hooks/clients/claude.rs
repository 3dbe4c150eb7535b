//! Claude Code: the protocol the handlers speak (`../shared/HOOKS.md`), so its input and answer
//! pass through unread ([`super::input`], [`super::output`]). What is Claude Code's alone lives
//! with the handlers: `CLAUDE_PLUGIN_ROOT`, `CLAUDE_ENV_FILE`, the sub-agent events.
