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
    printf '{"systemMessage":"learnings plugin %s: %s, so its hooks do nothing. Install or update it: npm install -g learnings, or pip install --upgrade learnings, or uv tool install --upgrade learnings (or from the plugin: cargo install --locked --path \\"%s\\"). Then restart Claude Code."}\n' \
        "$PLUGIN_VERSION" "$1" "$root"
}

# The binary: on PATH; else the one `npx --no-install learnings` runs (a global install, or npx's
# cache after `npx learnings demo`); else uv's cache after `uvx learnings` (offline: a hook never
# downloads). Those two start from the home folder, without the project's configuration: in the
# project, npx would run a `node_modules/.bin/learnings` and uv would read a `uv.toml` that a
# cloned repository can carry. The project is still the one Claude Code names
# (CLAUDE_PROJECT_DIR and the input's `cwd`). npm takes about a third of a second to start, twice
# here: with `learnings` on PATH, hooks are faster.
if command -v learnings >/dev/null 2>&1; then
    set -- learnings
elif cd 2>/dev/null && command -v npx >/dev/null 2>&1 && npx --no-install learnings --version >/dev/null 2>&1; then
    set -- npx --no-install learnings
elif cd 2>/dev/null && command -v uvx >/dev/null 2>&1 && uvx --offline --no-config --quiet learnings --version >/dev/null 2>&1; then
    set -- uvx --offline --no-config --quiet learnings
else
    if [ "$event" = session-start ]; then
        install_message "no learnings binary was found (not on PATH, not in npx's or uv's cache)"
    else
        echo '{}'
    fi
    exit 0
fi

# Once per session, not on every tool call: asking the binary its version costs a process.
if [ "$event" = session-start ]; then
    have=$("$@" --version 2>/dev/null)
    have=${have#learnings }
    older=$(printf '%s\n' "$have" "$PLUGIN_VERSION" | awk -F. '
        NR == 1 { split($0, a, ".") } NR == 2 { split($0, b, ".") }
        END { for (i = 1; i <= 3; i++) { if (a[i] + 0 < b[i] + 0) { print 1; exit } if (a[i] + 0 > b[i] + 0) exit } }')
    if [ -n "$older" ] || [ -z "$have" ]; then
        install_message "the learnings binary found ($(printf '%s' "$*" | sed 's/\\/\\\\/g; s/"/\\"/g')) is version ${have:-unknown}, older than the plugin"
        exit 0
    fi
fi

exec "$@" hook "$event" 2>/dev/null
