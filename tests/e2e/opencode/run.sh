#!/usr/bin/env bash
# End to end in the real opencode CLI: the plugin written by `learnings install --client opencode`
# (.opencode/plugins/learnings.js), the freshly built `learnings` on PATH, and a loopback stand-in
# for the Chat Completions API (server.py) that scripts the model and logs every request.
# check.py reads what the model received and what ran.
#
# Skips (exit 0, with a message) where npm, node or python3 is missing. The pinned CLI is
# installed once into $LEARNINGS_E2E_CACHE (default ~/.cache/learnings-e2e). opencode runs in a
# network namespace with only loopback when `unshare -n` works (root, as in CI), so nothing can
# leave the machine whatever it tries. LEARNINGS_E2E_KEEP=1 keeps the work folder;
# LEARNINGS_E2E_BIN=<path> uses that binary instead of building one.
set -euo pipefail

OPENCODE_VERSION=1.18.33
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)

if [ "${1:-}" != --inside ]; then
    for tool in npm node python3; do
        command -v "$tool" >/dev/null 2>&1 || {
            echo "e2e opencode: skipped: $tool is needed (Node.js 18 or later for opencode $OPENCODE_VERSION, python3 for the stand-in)"
            exit 0
        }
    done
    cache="${LEARNINGS_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/learnings-e2e}/opencode-$OPENCODE_VERSION"
    opencode="$cache/node_modules/.bin/opencode"
    if [ ! -x "$opencode" ]; then
        echo "e2e opencode: installing opencode-ai@$OPENCODE_VERSION into $cache"
        mkdir -p "$cache"
        npm install --prefix "$cache" --no-audit --no-fund --loglevel=error "opencode-ai@$OPENCODE_VERSION" >/dev/null
    fi
    actual=$("$opencode" --version 2>/dev/null || true)
    [ "$actual" = "$OPENCODE_VERSION" ] || { echo "e2e opencode: $opencode is $actual, not $OPENCODE_VERSION" >&2; exit 1; }

    # Built before the namespace: cargo may want the registry, opencode must not have it.
    bin=${LEARNINGS_E2E_BIN:-}
    if [ -z "$bin" ]; then
        (cd "$root" && cargo build --quiet --bin learnings)
        target_dir=$(cd "$root" && cargo metadata --format-version 1 --no-deps |
            python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
        bin="$target_dir/debug/learnings"
    fi

    work=$(mktemp -d)
    cleanup() { if [ -n "${LEARNINGS_E2E_KEEP:-}" ]; then echo "e2e opencode: kept $work"; else rm -rf "$work"; fi; }
    trap cleanup EXIT
    if command -v unshare >/dev/null && command -v ip >/dev/null && unshare -n true 2>/dev/null; then
        unshare -n "$0" --inside "$work" "$opencode" "$bin" netns
    else
        echo "e2e opencode: note: no network namespace here; only the config keeps opencode on loopback"
        "$0" --inside "$work" "$opencode" "$bin" none
    fi
    exit $?
fi

# Inside: everything from here on talks to loopback only.
work=$2 opencode=$3 bin=$4
[ "$5" = netns ] && ip link set lo up
project="$work/project"
mkdir -p "$work/bin" "$work/home/.config/opencode" "$project"
ln -s "$bin" "$work/bin/learnings"
export PATH="$work/bin:$PATH"
# opencode, the hooks its plugin runs and the commands after it share one temp HOME (opencode's
# config, data and sessions, and learnings' captured data), as they would for a user.
export HOME="$work/home"
unset XDG_CONFIG_HOME XDG_DATA_HOME XDG_CACHE_HOME XDG_STATE_HOME LEARNINGS_DATA_DIR LEARNINGS_CAPTURE
# No update check, no models.dev catalogue lookup (else it resolves models.opencode.ai), no sharing.
export OPENCODE_DISABLE_AUTOUPDATE=1 OPENCODE_DISABLE_MODELS_FETCH=1 OPENCODE_DISABLE_SHARE=1

python3 "$here/server.py" "$work/requests.jsonl" "$work/port" "$project" 2>"$work/server.log" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
[ -s "$work/port" ] || { echo "e2e opencode: the stand-in did not start" >&2; cat "$work/server.log" >&2; exit 1; }

# The project of tests/e2e (rules, render domain, stand-in venv), with our plugin installed.
bash "$here/../project.sh" "$project"
(cd "$project" && learnings install --client opencode) >"$work/install.out" 2>&1 ||
    { echo "e2e opencode: learnings install --client opencode failed" >&2; cat "$work/install.out" >&2; exit 1; }

# The user's config: the stand-in as a custom provider (@ai-sdk/openai-compatible is bundled in
# opencode, nothing is fetched), for the main and the small (title) model; no permission prompts.
cat >"$HOME/.config/opencode/opencode.json" <<JSON
{"provider": {"standin": {"npm": "@ai-sdk/openai-compatible", "name": "stand-in",
   "options": {"baseURL": "http://127.0.0.1:$(cat "$work/port")/v1", "apiKey": "e2e-not-a-key"},
   "models": {"e2e-model": {"name": "e2e model", "tool_call": true}}}},
 "model": "standin/e2e-model", "small_model": "standin/e2e-model",
 "autoupdate": false, "share": "disabled", "permission": {"bash": "allow", "edit": "allow"}}
JSON
# At start opencode npm-installs @opencode-ai/plugin into each config folder that has none; off
# line that stalls every run about 70 s. A node_modules/ and a lock file naming the package make
# it skip that. Our plugin imports nothing from it.
for dir in "$HOME/.config/opencode" "$project/.opencode"; do
    mkdir -p "$dir/node_modules"
    echo '{"lockfileVersion":3,"packages":{"":{"dependencies":{"@opencode-ai/plugin":"*"}}}}' >"$dir/package-lock.json"
done

trace=()
command -v strace >/dev/null && trace=(strace -f -qq -e trace=connect -e signal=none)
# One `opencode run` per scenario; a third argument continues that scenario's session. The prompt
# goes on stdin: as an argument, opencode wraps any word with a space in double quotes, and the
# plugin would see the prompt quoted. A failed run is recorded (NAME.rc), not fatal: the other
# checks still say what works.
scenario() {
    local name=$1 prompt=$2 args=(run --format json) rc=0
    if [ -n "${3:-}" ]; then
        args+=(--session "$(python3 -c 'import json, sys
print(next(json.loads(l)["sessionID"] for l in open(sys.argv[1]) if "sessionID" in l))' "$work/$3.out.jsonl")")
    fi
    : >"$work/requests.jsonl"
    printf '%s' "$prompt" >"$work/$name.prompt"
    (cd "$project" && "${trace[@]}" ${trace:+-o "$work/connect.$name.log"} \
        timeout 180 "$opencode" "${args[@]}" <"$work/$name.prompt" >"$work/$name.out.jsonl" 2>"$work/$name.err") || rc=$?
    echo "$rc" >"$work/$name.rc"
    cp "$work/requests.jsonl" "$work/$name.requests.jsonl"
}

scenario keyword "E2E: now let us render the intro scene"
scenario write "E2E-STEPS: write scene ;; edit scene"
scenario write-again "E2E-STEPS: write layout" write
scenario block "E2E-STEPS: bash touch blocked-ran && git push --force"
scenario plain "E2E-STEPS: bash touch plain-ran"
scenario rewrite "E2E-STEPS: bash python3 -m manim --version"
scenario dates "E2E: make the report dates readable"
scenario correction "No, that's wrong: report dates must stay in UTC, not local time." dates
(cd "$project" && learnings cache warm) >"$work/warm.out" 2>&1 || { cat "$work/warm.out" >&2; exit 1; }
scenario fresh "E2E: tidy up the changelog wording"
(cd "$project" && learnings feedback --history --format json) >"$work/history.json" 2>"$work/history.err" || true

python3 "$here/check.py" "$work"
