#!/usr/bin/env bash
# End to end in the real Gemini CLI: `learnings install --client gemini` writes the project's hooks,
# the freshly built `learnings` answers them, and a loopback stand-in of the Gemini API (server.py)
# scripts the model and logs every request. check.py reads what the model was sent and what ran.
#
# Skips (exit 0, one line) where node, npm or python3 is missing. The pinned CLI is installed once
# into $LEARNINGS_E2E_CACHE (default ~/.cache/learnings-e2e). LEARNINGS_E2E_BIN=<path> uses that
# built binary instead of building one; LEARNINGS_E2E_KEEP=1 keeps the work folder.
set -euo pipefail

GEMINI_CLI_VERSION=0.61.0
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)

# Outside the network namespace: what needs the network or the toolchain (install, build).
if [ -z "${LEARNINGS_E2E_NETNS:-}" ]; then
    for tool in node npm python3; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            echo "e2e gemini: skipped: $tool is missing (Gemini CLI needs Node.js 20 and npm; the stand-in needs python3)"
            exit 0
        fi
    done
    cache="${LEARNINGS_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/learnings-e2e}/gemini-cli-$GEMINI_CLI_VERSION"
    export LEARNINGS_E2E_GEMINI="$cache/node_modules/.bin/gemini"
    if [ ! -x "$LEARNINGS_E2E_GEMINI" ]; then
        echo "e2e gemini: installing @google/gemini-cli@$GEMINI_CLI_VERSION into $cache"
        mkdir -p "$cache"
        npm install --prefix "$cache" --no-audit --no-fund --loglevel=error "@google/gemini-cli@$GEMINI_CLI_VERSION" >/dev/null
    fi
    actual=$("$LEARNINGS_E2E_GEMINI" --version 2>/dev/null | tail -n1)
    [ "$actual" = "$GEMINI_CLI_VERSION" ] || { echo "e2e gemini: $LEARNINGS_E2E_GEMINI is $actual, not $GEMINI_CLI_VERSION" >&2; exit 1; }
    if [ -z "${LEARNINGS_E2E_BIN:-}" ]; then
        (cd "$root" && cargo build --quiet --bin learnings)
        # Wherever cargo puts it: CARGO_TARGET_DIR, or a workspace's target folder.
        target_dir=$(cd "$root" && cargo metadata --format-version 1 --no-deps |
            python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
        LEARNINGS_E2E_BIN="$target_dir/debug/learnings"
    fi
    export LEARNINGS_E2E_BIN
    # The rest runs where only loopback exists, so nothing can leave the machine whatever the
    # client tries; without a namespace, its settings alone keep it off line.
    if command -v ip >/dev/null && unshare -n true 2>/dev/null; then
        LEARNINGS_E2E_NETNS=1 exec unshare -n "$0" "$@"
    fi
    echo "e2e gemini: no network namespace here; offline by configuration only"
    LEARNINGS_E2E_NETNS=none
fi
[ "$LEARNINGS_E2E_NETNS" = 1 ] && ip link set lo up

work=$(mktemp -d)
server_pid=
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    if [ -n "${LEARNINGS_E2E_KEEP:-}" ]; then echo "e2e gemini: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
mkdir -p "$work/bin" "$work/home/.gemini" "$work/project" "$work/hooks"

# `learnings` on PATH is the built binary behind a thin tracer: each hook call's input, answer and
# exit code go to hooks/<scenario>/, so a failure shows what Gemini sent and what we said.
cat >"$work/bin/learnings" <<SH
#!/bin/sh
[ "\$1" = hook ] || exec "$LEARNINGS_E2E_BIN" "\$@"
t="$work/hooks/\$(cat "$work/scenario" 2>/dev/null)/\$(date +%s%N)-\$2"
mkdir -p "\$(dirname "\$t")"; cat >"\$t.in"
"$LEARNINGS_E2E_BIN" "\$@" <"\$t.in" >"\$t.out"; code=\$?
echo "\$code" >"\$t.code"; cat "\$t.out"; exit \$code
SH
chmod +x "$work/bin/learnings"
export PATH="$work/bin:$PATH"

# Gemini CLI offline: a temp HOME, no telemetry or update checks, API-key auth, and the project
# folder trusted (Gemini runs a project's hooks only there; an untrusted headless run exits 55).
cat >"$work/home/.gemini/settings.json" <<'JSON'
{"general": {"enableAutoUpdate": false, "enableAutoUpdateNotification": false},
 "privacy": {"usageStatisticsEnabled": false},
 "telemetry": {"enabled": false},
 "security": {"auth": {"selectedType": "gemini-api-key"}, "folderTrust": {"enabled": true}}}
JSON
printf '{"%s": "TRUST_FOLDER"}\n' "$work/project" >"$work/home/.gemini/trustedFolders.json"

# Everything runs in the project with the temp HOME; capture data goes where it would for a user.
in_project() {
    (cd "$work/project" && env -u XDG_DATA_HOME -u LEARNINGS_DATA_DIR -u LEARNINGS_CAPTURE \
        -u GOOGLE_API_KEY -u GOOGLE_GENAI_USE_VERTEXAI -u GOOGLE_CLOUD_PROJECT \
        HOME="$work/home" GEMINI_API_KEY=e2e-not-a-key GOOGLE_GEMINI_BASE_URL="http://127.0.0.1:${port:-0}" \
        timeout 300 "$@")
}

# The project of the Claude test (rules, a render domain, a stand-in venv), then our hooks.
in_project bash "$root/tests/e2e/project.sh" "$work/project"
in_project learnings install --client gemini >"$work/install.out" 2>&1 || { cat "$work/install.out" >&2; exit 1; }

python3 "$here/server.py" "$work/requests.jsonl" "$work/port" "$work/project" 2>"$work/server.log" &
server_pid=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
[ -s "$work/port" ] || { echo "e2e gemini: the stand-in did not start" >&2; cat "$work/server.log" >&2; exit 1; }
port=$(cat "$work/port")

# One headless run per scenario (more arguments go to gemini). yolo: headless Gemini offers no
# shell tool otherwise. strace, when there, logs every connect() for the network check.
scenario() {
    local name=$1 prompt=$2 trace=()
    shift 2
    echo "$name" >"$work/scenario"
    : >"$work/requests.jsonl"
    command -v strace >/dev/null && trace=(strace -f -qq -e trace=connect -e signal=none -o "$work/$name.connect")
    local code=0
    in_project "${trace[@]}" "$LEARNINGS_E2E_GEMINI" -m gemini-2.5-flash --approval-mode yolo -o json "$@" \
        -p "$prompt" >"$work/$name.out.json" 2>"$work/$name.err" </dev/null || code=$?
    echo "$code" >"$work/$name.code"
    cp "$work/requests.jsonl" "$work/$name.requests.jsonl"
}

scenario keyword "E2E: now let us render the intro scene"
scenario write "E2E-WRITE: scene"
scenario block "E2E-BASH: touch blocked-ran && git push --force"
scenario plain "E2E-BASH: touch plain-ran"
scenario rewrite "E2E-BASH: python3 -m manim --version"
# A correction is a reply to the model: one turn, then the correction in the same session.
scenario before-correction "E2E: make the report dates readable"
scenario correction "No, that's wrong: report dates must stay in UTC, not local time." --resume latest
in_project learnings feedback --history --format json >"$work/history.json" 2>"$work/history.err" || true
# Freshness: with the cache warm, SessionStart's context says how old the learnings file is.
in_project learnings cache warm >"$work/warm.out" 2>&1 || { cat "$work/warm.out" >&2; exit 1; }
scenario fresh "E2E: tidy up the changelog wording"

python3 "$here/check.py" "$work"
