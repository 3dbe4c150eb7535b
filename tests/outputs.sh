#!/usr/bin/env bash
# Prints what every command says on the demo repository, each with its exit code and stderr,
# so that a change meant to keep behaviour (a refactor) can be checked byte for byte:
#   tests/outputs.sh BINARY > before.txt   # on the old commit
#   tests/outputs.sh BINARY > after.txt    # on the new one; then diff the two
# The demo is built in a fixed folder and the environment is sealed, so two runs of one binary
# print the same bytes.
set -uo pipefail
bin=$(realpath "${1:?usage: tests/outputs.sh path/to/learnings}")
work=${OUTPUTS_DIR:-/tmp/learnings-outputs}
rm -rf "$work" && mkdir -p "$work/home"
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config"
export LEARNINGS_DATA_DIR="$work/data" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null TZ=UTC LC_ALL=C
unset CLAUDE_PROJECT_DIR CLAUDE_PLUGIN_ROOT CLAUDE_ENV_FILE CLAUDE_CONFIG_DIR LEARNINGS_DEBUG LEARNINGS_CAPTURE GITHUB_STEP_SUMMARY
repo="$work/demo"

run() {  # run ARGS…: the command, its stdout, its stderr, its exit code
  echo "### learnings $*"
  (cd "$repo" 2>/dev/null || cd "$work"; "$bin" "$@" </dev/null >"$work/out" 2>"$work/err")
  local code=$?
  cat "$work/out"; echo "--- stderr"; cat "$work/err"; echo "--- exit $code"
}
hook() {  # hook NAME JSON: a hook fed its input on stdin
  echo "### hook $1 <<< $2"
  (cd "$repo"; "$bin" hook "$1" <<<"$2" >"$work/out" 2>"$work/err")
  local code=$?
  cat "$work/out"; echo "--- stderr"; cat "$work/err"; echo "--- exit $code"
}

run demo --keep "$repo"
for f in markdown json; do run ages --format $f; done
run ages --summary
run ages --date committer --format json
for f in markdown json; do run plan --format $f; run batch --format $f; done
run plan --exit-code
run plan --size 5 --staleness 1 --freshness 1 --min-batch 1 --retention 0
run batch --size 5 --staleness 1 --freshness 1 --min-batch 1 --retention 0 --format json
for f in text github json sarif; do run stale --format $f; done
run stale --fail-on stale,overdue
run check
run check --staged
run check agents/learnings.md README.md
run split-plan agents/decisions/README.md
run split-plan agents/decisions/README.md --limit 3 --format json
run audit --since HEAD~1
run audit --since HEAD~1 --format json
run audit --since HEAD~3
run report --out -
run report --format json --out - 2>/dev/null
for c in size ages staleness; do run report --format svg --chart $c --out - ; done
run doctor
run inject explain "Add tests for the config parser"
run inject explain --format json "we should consolidate the decisions"
run enforce explain "git push --force"
run enforce explain "cd x && python3 -m manim render a.py | tee log"
run sessions
run sessions --format json
run sessions --pending
run issue list
run agent instructions rust-reviewer
run feedback --classify "no, that's wrong: use UTC for report dates"
run feedback --classify --format json "perfect, thanks"
run feedback "always use the venv"
run feedback --history
run feedback --history --format json
run learn show
run learn analyze
run learn analyze --format json
run learn suggest
run learn promote --dry-run
run discover list
run transcripts
run nonexistent-command
run ages no/such/file.md
run plan --format nope
hook session-start '{"session_id":"s9","source":"startup","cwd":"'"$repo"'"}'
hook prompt '{"session_id":"s9","prompt":"Add tests for the parser","cwd":"'"$repo"'"}'
hook prompt '{"session_id":"s9","prompt":"Add tests for the parser","cwd":"'"$repo"'"}'
hook prompt 'not json'
hook subagent-start '{"session_id":"s9","agent_type":"rust-reviewer","cwd":"'"$repo"'"}'
hook pre-tool '{"session_id":"s9","tool_name":"Bash","tool_input":{"command":"git push --force"},"cwd":"'"$repo"'"}'
hook pre-tool '{"session_id":"s9","tool_name":"Bash","tool_input":{"command":"ls -la"},"cwd":"'"$repo"'"}'
hook post-task '{"session_id":"s9","tool_name":"Task","tool_input":{"subagent_type":"rust-reviewer"},"tool_response":{"agentId":"z9"},"cwd":"'"$repo"'"}'
hook stop '{"session_id":"s9","cwd":"'"$repo"'"}'
hook no-such-hook '{}'
run install-hook
run check
