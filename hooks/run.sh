#!/bin/sh
# Runs `learnings hook EVENT` for Claude Code, failing open when the binary is missing or old.
#
# The hooks must never break a session. Without this wrapper, a missing `learnings` binary gives
# a "hook error" on every turn; with it, every hook answers `{}` and SessionStart says once per
# session how to install the binary, or how to update one older than the plugin.
#
# The binary is exec'd, not run as a child: Claude Code kills a hook at its timeout, and the kill
# must reach the binary itself (a child would be left running). So nothing runs after it, and
# its answer is the hook's answer. That is safe because the binary keeps the contract itself:
# every `learnings hook …` prints one JSON object and exits 0, whatever its input, a panic or a
# hook name it does not know (a plugin newer than the binary). What it cannot catch (an abort, a
# kill) ends the hook with a non-zero code other than 2 and no output, which Claude Code shows as
# a "hook error" and does not act on: the tool call, prompt or stop goes ahead, as with `{}`.
# Only exit code 2 would block, and the binary never uses it for a hook.
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

if ! command -v learnings >/dev/null 2>&1; then
    if [ "$event" = session-start ]; then
        install_message "the learnings binary is not on PATH"
    else
        echo '{}'
    fi
    exit 0
fi

# Once per session, not on every tool call: asking the binary its version costs a process.
if [ "$event" = session-start ]; then
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

exec learnings hook "$event" 2>/dev/null
