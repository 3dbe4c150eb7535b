#!/usr/bin/env bash
# End to end in the real Codex CLI: the project's hooks written by `learnings install --client
# codex`, trusted the way Codex records trust, the freshly built `learnings` on PATH, and a
# loopback stand-in for the Responses API (standin.py) that scripts the model and logs every
# request. check.py reads what the model received and what ran.
#
# Skips (exit 0, with a message) where npm, node or python3 is missing. The pinned CLI is
# installed once into $LEARNINGS_E2E_CACHE (default ~/.cache/learnings-e2e). Codex itself runs
# in a network namespace with only loopback when `unshare -n` works (root, as in CI), so
# nothing can leave the machine whatever it tries. LEARNINGS_E2E_KEEP=1 keeps the work folder;
# LEARNINGS_E2E_BIN=<path> uses that binary instead of building one.
set -euo pipefail

CODEX_VERSION=0.169.0
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)

if [ "${1:-}" != --inside ]; then
    for tool in npm node python3; do
        command -v "$tool" >/dev/null 2>&1 || {
            echo "e2e codex: skipped: $tool is needed (Node.js 18 or later for Codex CLI $CODEX_VERSION, python3 for the stand-in)"
            exit 0
        }
    done
    cache="${LEARNINGS_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/learnings-e2e}/codex-$CODEX_VERSION"
    codex="$cache/node_modules/.bin/codex"
    if [ ! -x "$codex" ]; then
        echo "e2e codex: installing @openai/codex@$CODEX_VERSION into $cache"
        mkdir -p "$cache"
        npm install --prefix "$cache" --no-audit --no-fund --loglevel=error "@openai/codex@$CODEX_VERSION" >/dev/null
    fi
    actual=$("$codex" --version 2>/dev/null | awk '{print $NF}')
    [ "$actual" = "$CODEX_VERSION" ] || { echo "e2e codex: $codex is $actual, not $CODEX_VERSION" >&2; exit 1; }

    # Built before the namespace: cargo may want the registry, Codex must not have it.
    bin=${LEARNINGS_E2E_BIN:-}
    if [ -z "$bin" ]; then
        (cd "$root" && cargo build --quiet --bin learnings)
        target_dir=$(cd "$root" && cargo metadata --format-version 1 --no-deps |
            python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
        bin="$target_dir/debug/learnings"
    fi

    work=$(mktemp -d)
    cleanup() { if [ -n "${LEARNINGS_E2E_KEEP:-}" ]; then echo "e2e codex: kept $work"; else rm -rf "$work"; fi; }
    trap cleanup EXIT
    if command -v unshare >/dev/null && command -v ip >/dev/null && unshare -n true 2>/dev/null; then
        unshare -n "$0" --inside "$work" "$codex" "$bin" netns
    else
        echo "e2e codex: note: no network namespace here; only the config keeps Codex on loopback"
        "$0" --inside "$work" "$codex" "$bin" none
    fi
    exit $?
fi

# Inside: everything from here on talks to loopback only.
work=$2 codex=$3 bin=$4
[ "$5" = netns ] && ip link set lo up
project="$work/project"
mkdir -p "$work/bin" "$work/home" "$work/codexhome" "$project"
ln -s "$bin" "$work/bin/learnings"
export PATH="$work/bin:$PATH"
# Codex, the hooks it runs and the commands after it see one temp HOME; learnings keeps its
# captured data there, as it would for a user, not in the caller's.
export HOME="$work/home" CODEX_HOME="$work/codexhome" E2E_API_KEY=e2e-not-a-key
unset XDG_DATA_HOME LEARNINGS_DATA_DIR LEARNINGS_CAPTURE OPENAI_API_KEY OPENAI_BASE_URL

python3 "$here/standin.py" "$work/requests.jsonl" "$work/port" 2>"$work/standin.log" &
standin=$!
trap 'kill $standin 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
[ -s "$work/port" ] || { echo "e2e codex: the stand-in did not start" >&2; cat "$work/standin.log" >&2; exit 1; }

# The project of tests/e2e (rules, render domain, stand-in venv), with our hooks installed.
bash "$here/../project.sh" "$project"
(cd "$project" && learnings install --client codex) >"$work/install.out" 2>&1 ||
    { echo "e2e codex: learnings install --client codex failed" >&2; cat "$work/install.out" >&2; exit 1; }

# Codex offline against the stand-in. plugins=false: otherwise it looks up GitHub and ChatGPT
# hosts at start. The project must be trusted, or Codex ignores its .codex/ with only a warning.
cat >"$CODEX_HOME/config.toml" <<TOML
model = "gpt-5.5"
model_provider = "standin"
approval_policy = "never"
sandbox_mode = "danger-full-access"
check_for_update_on_startup = false

[features]
plugins = false

[analytics]
enabled = false

[model_providers.standin]
name = "standin"
base_url = "http://127.0.0.1:$(cat "$work/port")/v1"
env_key = "E2E_API_KEY"
wire_api = "responses"

[projects."$project"]
trust_level = "trusted"
TOML
# Each hook trusted through Codex's own listing (no --dangerously-bypass-hook-trust).
(cd "$project" && python3 "$here/trust_hooks.py" "$codex" "$project") >"$work/trust.json" 2>"$work/trust.err" ||
    { echo "e2e codex: trusting the hooks failed" >&2; cat "$work/trust.err" >&2; exit 1; }

trace=()
command -v strace >/dev/null && trace=(strace -f -qq -e trace=connect -e signal=none)
# One `codex exec` per scenario; `resume NAME` continues that scenario's session. A failed run
# is recorded (NAME.rc) for check.py, not fatal: the other checks still say what works.
scenario() {
    local name=$1 prompt=$2 args=(exec --json)
    if [ "${3:-}" = resume ]; then
        args+=(resume "$(python3 -c 'import json, sys
for line in open(sys.argv[1]):
    event = json.loads(line)
    if event.get("type") == "thread.started": print(event["thread_id"]); break' "$work/$4.out.jsonl")")
    fi
    : >"$work/requests.jsonl"
    local rc=0
    (cd "$project" && "${trace[@]}" ${trace:+-o "$work/connect.$name.log"} \
        timeout 180 "$codex" "${args[@]}" "$prompt" </dev/null >"$work/$name.out.jsonl" 2>"$work/$name.err") || rc=$?
    echo "$rc" >"$work/$name.rc"
    cp "$work/requests.jsonl" "$work/$name.requests.jsonl"
}

scenario keyword "E2E: now let us render the intro scene"
scenario patch "E2E-PATCH: scene"
scenario patch-again "E2E-PATCH: layout" resume patch
scenario block "E2E-BASH: touch blocked-ran && git push --force"
scenario plain "E2E-BASH: touch plain-ran"
scenario rewrite "E2E-BASH: python3 -m manim --version"
scenario follow "E2E-FOLLOW: do as the hook said" resume rewrite
scenario dates "E2E: make the report dates readable"
scenario correction "No, that's wrong: report dates must stay in UTC, not local time." resume dates
(cd "$project" && learnings cache warm) >"$work/warm.out" 2>&1 || { cat "$work/warm.out" >&2; exit 1; }
scenario fresh "E2E: tidy up the changelog wording"
(cd "$project" && learnings feedback --history --format json) >"$work/history.json" 2>"$work/history.err" || true

python3 "$here/check.py" "$work"
