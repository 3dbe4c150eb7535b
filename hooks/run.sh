#!/bin/sh
# Runs `learnings hook EVENT` for Claude Code, failing open.
#
# The hooks must never break a session. Without this wrapper, a missing `learnings` binary gives
# a "hook error" on every turn, and a binary older than the plugin, which does not know a newer
# hook, exits 2, which on PreToolUse blocks every Bash call and on UserPromptSubmit erases the
# prompt. So: whatever the binary does, this prints one JSON object and exits 0, and SessionStart
# says once per session how to install or update the binary.
#
# PLUGIN_VERSION is the plugin's version (.claude-plugin/plugin.json; a test keeps them equal).
PLUGIN_VERSION=0.1.0
event=$1

install_message() {
    # $1: what was found. JSON-escape the plugin path (backslashes and quotes).
    root=$(printf '%s' "${CLAUDE_PLUGIN_ROOT:-<this plugin's folder>}" | sed 's/\\/\\\\/g; s/"/\\"/g')
    printf '{"systemMessage":"learnings plugin %s: %s, so its hooks do nothing. Install or update it: pip install --upgrade learnings (or uv tool install --upgrade learnings, or from the plugin: cargo install --locked --path \\"%s\\"); it must be on PATH. Then restart Claude Code."}\n' \
        "$PLUGIN_VERSION" "$1" "$root"
}

if [ "$event" = session-start ]; then
    if ! command -v learnings >/dev/null 2>&1; then
        install_message "the learnings binary is not on PATH"
        exit 0
    fi
    have=$(learnings --version 2>/dev/null)
    have=${have#learnings }
    older=$(printf '%s\n' "$have" "$PLUGIN_VERSION" | awk -F. '
        NR == 1 { split($0, a, ".") } NR == 2 { split($0, b, ".") }
        END { for (i = 1; i <= 3; i++) { if (a[i] + 0 < b[i] + 0) { print 1; exit } if (a[i] + 0 > b[i] + 0) exit } }')
    if [ -n "$older" ] || [ -z "$have" ]; then
        install_message "the learnings binary on PATH is version ${have:-unknown}, older than the plugin"
        exit 0
    fi
fi

learnings hook "$event" 2>/dev/null || echo '{}'
exit 0
