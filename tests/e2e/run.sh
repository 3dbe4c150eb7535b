#!/usr/bin/env bash
# End to end in the real Claude Code CLI: the plugin installed from this checkout, the freshly
# built `learnings` on PATH, and a loopback stand-in for the Messages API (tests/e2e/server.py)
# that scripts the model and logs every request. The checks read the logged requests and the
# tool results, i.e. what the model saw and what really ran.
#
# Run by .ci/run after `cargo test`. Skips (exit 0, with a message) where npm is missing.
# The pinned CLI is installed once into $LEARNINGS_E2E_CACHE (default ~/.cache/learnings-e2e).
set -euo pipefail

CLAUDE_CODE_VERSION=2.1.330
root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/tests/e2e"

if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
    echo "e2e: skipped: npm and node are needed to install Claude Code $CLAUDE_CODE_VERSION (install Node.js 18 or later)"
    exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
    echo "e2e: skipped: python3 is needed for the stand-in Messages API"
    exit 0
fi

cache="${LEARNINGS_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/learnings-e2e}/claude-code-$CLAUDE_CODE_VERSION"
claude="$cache/node_modules/.bin/claude"
if [ ! -x "$claude" ]; then
    echo "e2e: installing @anthropic-ai/claude-code@$CLAUDE_CODE_VERSION into $cache"
    mkdir -p "$cache"
    npm install --prefix "$cache" --no-audit --no-fund --loglevel=error "@anthropic-ai/claude-code@$CLAUDE_CODE_VERSION" >/dev/null
fi
actual=$("$claude" --version 2>/dev/null | cut -d' ' -f1)
[ "$actual" = "$CLAUDE_CODE_VERSION" ] || { echo "e2e: $claude is $actual, not $CLAUDE_CODE_VERSION" >&2; exit 1; }

(cd "$root" && cargo build --quiet --bin learnings)

work=$(mktemp -d)
server_pid=
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    if [ -n "${LEARNINGS_E2E_KEEP:-}" ]; then echo "e2e: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# The freshly built binary, alone on a PATH of its own plus the system's.
mkdir -p "$work/bin" "$work/home" "$work/project"
# Wherever cargo puts it: CARGO_TARGET_DIR, or a workspace's target folder.
target_dir=$(cd "$root" && cargo metadata --format-version 1 --no-deps |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
ln -s "$target_dir/debug/learnings" "$work/bin/learnings"
export PATH="$work/bin:$PATH"

# The plugin's files only: installing copies the plugin, and the checkout's target/ is gigabytes.
mkdir -p "$work/plugin"
for part in .claude-plugin hooks skills agents doc; do
    cp -R "$root/$part" "$work/plugin/"
done

python3 "$here/server.py" "$work/requests.jsonl" "$work/port" "$work/project" 2>"$work/server.log" &
server_pid=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
[ -s "$work/port" ] || { echo "e2e: the stand-in server did not start" >&2; cat "$work/server.log" >&2; exit 1; }
port=$(cat "$work/port")

# Claude Code offline: a temp HOME, the stand-in server, no telemetry. The learned data of
# capture goes to the temp HOME's data folder, as it would for a user, not the caller's.
in_project() {
    (cd "$work/project" && env -u XDG_DATA_HOME -u LEARNINGS_DATA_DIR -u LEARNINGS_CAPTURE \
        HOME="$work/home" \
        ANTHROPIC_BASE_URL="http://127.0.0.1:$port" ANTHROPIC_API_KEY=e2e-not-a-key \
        DISABLE_TELEMETRY=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1 \
        timeout 300 "$@")
}
run_claude() { in_project "$claude" "$@"; }

run_claude plugin marketplace add "$work/plugin" >"$work/plugin-add.log" 2>&1 \
    || { cat "$work/plugin-add.log" >&2; exit 1; }
run_claude plugin install learnings@learnings >"$work/plugin-install.log" 2>&1 \
    || { cat "$work/plugin-install.log" >&2; exit 1; }

# The project: a git repository with the enforcement rules of issue 10 and a stand-in venv.
bash "$here/project.sh" "$work/project"

# One prompt per scenario (more arguments go to claude); the server logs every request of it.
scenario() {
    local name=$1 prompt=$2
    shift 2
    : >"$work/requests.jsonl"
    run_claude -p "$prompt" --output-format json --allowedTools "Bash,Agent,Task,Write" "$@" \
        >"$work/$name.out.json" 2>"$work/$name.err" \
        || { echo "e2e: $name: claude failed" >&2; cat "$work/$name.err" >&2; exit 1; }
    cp "$work/requests.jsonl" "$work/$name.requests.jsonl"
}

scenario rewrite "E2E-BASH: python3 -m manim --version"
scenario untouched "E2E-BASH: python3 -m manimlib --version 2>&1; echo manimlib-exit=\$?"
scenario block "E2E-BASH: touch blocked-ran && git push --force"
scenario env "E2E-BASH: echo \"flag=\$E2E_FLAG\""
scenario keyword "E2E: now let us render the intro scene"
scenario no-keyword "E2E: tidy up the changelog wording"
scenario subagent "E2E-AGENT: reviewer"

# A broken learnings.toml (issue 19): a misspelt key in the block rule and a bad regex in a
# second one. The first still blocks, and SessionStart tells the model where the problems are.
cp "$work/project/learnings.toml" "$work/learnings.toml.good"
sed -i 's/^reason = "force-push/reasn = "force-push/' "$work/project/learnings.toml"
printf '\n[[enforce.block]]\npattern = "rm -rf (/"\nreason = "never"\n' >>"$work/project/learnings.toml"
scenario broken-config "E2E-BASH: touch blocked-ran-broken && git push --force"
cp "$work/learnings.toml.good" "$work/project/learnings.toml"

# Freshness (issue 20): with the cache warm, SessionStart gives the learnings file's freshness
# line and the injected rule file carries its last change.
in_project learnings cache warm >"$work/warm.out" 2>&1 || { cat "$work/warm.out" >&2; exit 1; }
scenario fresh "E2E: now let us render the intro scene"

# Knowledge at the point of action (issue 21): the scripted model writes src/render/scene.py,
# which no word of the prompt names; the render domain's `paths` bring its rule file. Then the
# session is compacted and goes on: the rule file is put back after the compaction.
scenario write "E2E-WRITE: scene"
session=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["session_id"])' "$work/write.out.json")
scenario compact "/compact" --resume "$session"
scenario compacted "E2E: tidy up the changelog wording" --resume "$session"

# Capture (issue 11): one scripted session of twelve turns in one Claude Code process, then
# what a person runs after it. Each command's output is kept for check.py.
: >"$work/requests.jsonl"
in_project python3 "$here/session.py" "$claude" "$work/requests.jsonl" "$work" \
    >"$work/capture.log" 2>&1 || { echo "e2e: capture: the session failed" >&2; cat "$work/capture.log" >&2; exit 1; }
cp "$work/requests.jsonl" "$work/capture.requests.jsonl"
learn() { # NAME ARGS…: runs `learnings ARGS…` in the project, keeping stdout and the exit code.
    local name=$1
    shift
    local code=0
    in_project learnings "$@" >"$work/capture.$name.out" 2>"$work/capture.$name.err" || code=$?
    echo "$code" >"$work/capture.$name.code"
}
learn history feedback --history --format json
learn review learn review --format json
learn analyze learn analyze --format json
scenario learned "E2E: what should we work on next?"
learn promote learn promote
git -C "$work/project" -c user.name=e2e -c user.email=e2e@example.com commit -qam "Promote learned rules"
learn ages ages --format json
learn check check
learn forget learn forget
# Every file left where capture keeps data, and any that still holds a captured phrase.
(cd "$work" && { find home/.local/share/learnings project/.learnings -type f 2>/dev/null || true; } | sort) >"$work/capture.left"
grep -rl "local time" "$work/home/.local" "$work/project/.learnings" >"$work/capture.traces" 2>/dev/null || true

python3 "$here/check.py" "$work"
