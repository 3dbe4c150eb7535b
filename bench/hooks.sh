#!/usr/bin/env bash
# Benchmark of one hook invocation as a whole process (start to exit), against the bash + jq
# baseline beside it (bench/post_task_reference.sh). Prints medians and ratios; exits 1 if the
# targets are missed: post-task median under 5 ms and at least 5 times faster than the baseline.
#
#   bench/hooks.sh [RUNS]    RUNS defaults to 300. Uses hyperfine when installed, else times
#                            each run itself with bash's EPOCHREALTIME (which adds bash's own
#                            fork to every run); BENCH_NO_HYPERFINE=1 forces the latter.
#
# Cases: the first use of an agent in a session (the log folder is new: the usual case, since
# each sub-agent has its own id), a repeated use (the same log: files are replaced), and the stop
# hook in a project with 5,000 old session folders and one pending log.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/lib.sh
. bench/lib.sh
runs=${1:-300}
command -v jq >/dev/null || { echo "bench/hooks.sh: jq is needed for the baseline" >&2; exit 2; }
cargo build --release --quiet
# Cargo builds into CARGO_TARGET_DIR when it is set (relative to this folder, as cargo reads it).
target_dir=${CARGO_TARGET_DIR:-target}
case $target_dir in /*) ;; *) target_dir="$PWD/$target_dir" ;; esac
bin="$target_dir/release/learnings"
reference="$PWD/bench/post_task_reference.sh"
export CLAUDE_PLUGIN_ROOT="$PWD"
unset CLAUDE_PROJECT_DIR

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
project="$work/project"
mkdir -p "$project/.deepwork/learning-agents/rust-expert"
hook_input() {
    printf '{"session_id":"%s","transcript_path":"/nonexistent/%s.jsonl","cwd":"%s","hook_event_name":"PostToolUse","tool_name":"Agent","tool_input":{"description":"Review the change","prompt":"Review src/lib.rs for unsafe code and error handling.","subagent_type":"rust-expert"},"tool_response":{"agentId":"a1b2c3d4","content":[{"type":"text","text":"Reviewed: two findings."}],"totalDurationMs":5120}}\n' "$1" "$1" "$2"
}
hook_input 4f2c9a7e-1b3d-4e5f-8a9b-0c1d2e3f4a5b "$project" >"$work/input.json"

stop_project="$work/stop"
mkdir -p "$stop_project/.deepwork/learning-agents/rust-expert"
mkdir -p "$stop_project"/.deepwork/tmp/agent_sessions/s{1..5000}/a   # one process, not 5,000
hook_input s5000 "$stop_project" | "$bin" hook post-task >/dev/null

# Both must give the same answer (up to the reminder's final newline) before they race.
cd "$project"
ours=$("$bin" hook post-task <"$work/input.json")
theirs=$(bash "$reference" <"$work/input.json")
trim='.systemMessage |= rtrimstr("\n") | .hookSpecificOutput.additionalContext |= rtrimstr("\n")'
[ "$(jq -S "$trim" <<<"$ours")" = "$(jq -S "$trim" <<<"$theirs")" ] ||
    { printf 'bench/hooks.sh: the answers differ:\n%s\n%s\n' "$ours" "$theirs" >&2; exit 2; }


echo "Hook benchmark: median of $runs runs, whole process ($(use_hyperfine && echo hyperfine || echo 'bash timer'))"
fresh="rm -rf '$project/.deepwork/tmp'"
ours_first=$(median_us "$bin hook post-task" "$work/input.json" "$fresh")
base_first=$(median_us "bash $reference" "$work/input.json" "$fresh")
ours_again=$(median_us "$bin hook post-task" "$work/input.json")
base_again=$(median_us "bash $reference" "$work/input.json")
cd "$stop_project"
stop=$(median_us "$bin hook stop" /dev/null)
printf '  post-task, first use   learnings %s   bash + jq %s   %sx faster\n' \
    "$(ms "$ours_first")" "$(ms "$base_first")" "$(ratio "$base_first" "$ours_first")"
printf '  post-task, repeat use  learnings %s   bash + jq %s   %sx faster\n' \
    "$(ms "$ours_again")" "$(ms "$base_again")" "$(ratio "$base_again" "$ours_again")"
printf '  stop, 5000 session folders, 1 pending   learnings %s\n' "$(ms "$stop")"

met=true
for pair in "$ours_first $base_first" "$ours_again $base_again"; do
    read -r ours base <<<"$pair"
    [ "$ours" -lt 5000 ] && [ $((base)) -ge $((5 * ours)) ] || met=false
done
if $met; then
    echo "targets met: post-task median under 5 ms and at least 5x faster than bash + jq"
else
    echo "TARGETS MISSED: post-task median under 5 ms and at least 5x faster than bash + jq" >&2
    exit 1
fi
