#!/usr/bin/env bash
# Benchmark of the PreToolUse hook (`learnings hook pre-tool`) as a whole process, start to
# exit, against the floor run beside it: `cat` reading the same input, i.e. what starting any
# process costs on this machine. Prints medians and ratios; exits 1 if the target is missed:
# pre-tool median at most 3 ms for every command of realistic size (the 8 KB script is shown,
# not held to it).
#
#   bench/pre_tool.sh [RUNS]    RUNS defaults to 300. Uses hyperfine when installed, else times
#                               each run itself with bash's EPOCHREALTIME (which adds bash's own
#                               fork to every run); BENCH_NO_HYPERFINE=1 forces the latter.
#
# The project has 20 rewrite rules, 20 block rules and 2 variables. Cases: a command no rule
# touches, a rewrite, a block (each a realistic list with a pipeline and quotes), a long
# generated script (200 commands), and the rewrite through the plugin's fail-open wrapper
# (hooks/run.sh: one `sh` more).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/lib.sh
. bench/lib.sh
runs=${1:-300}
root=$PWD
build_release
bin=$learnings
wrapper="$PWD/hooks/run.sh"
unset CLAUDE_PROJECT_DIR

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
project="$work/project"
mkdir -p "$project" "$work/bin"
ln -s "$bin" "$work/bin/learnings"
{
    for i in $(seq 1 19); do
        printf '[[enforce.rewrite]]\nfrom = "tool%s run"\nto = "tool%s run --safe"\n\n' "$i" "$i"
    done
    printf '[[enforce.rewrite]]\nfrom = "python3 -m manim"\nto = ".venv/bin/python -m manim"\nreason = "manim lives in the venv"\n\n'
    for i in $(seq 1 19); do
        printf "[[enforce.block]]\npattern = '\\\\bdanger%s --now\\\\b'\nreason = \"rule %s\"\n\n" "$i" "$i"
    done
    printf "[[enforce.block]]\npattern = '\\\\bgit push (--force|-f)\\\\b'\nreason = \"force-push rewrites shared history\"\nsuggest = \"git push --force-with-lease\"\n\n"
    printf '[enforce.env]\nDISPLAY = ":0"\nMPLBACKEND = "Agg"\n'
} >"$project/learnings.toml"

input() {
    python3 -c 'import json, sys; print(json.dumps({"session_id": "s1", "transcript_path": "/nonexistent/s1.jsonl", "cwd": sys.argv[2], "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": sys.argv[1], "description": "bench", "timeout": 120000, "run_in_background": False}, "tool_use_id": "toolu_01"}))' "$1" "$project"
}
input 'cd scenes && ls *.py | grep -v test | xargs -n1 echo "render:"' >"$work/none.json"
input 'cd scenes && python3 -m manim render "intro scene.py" -qh 2>&1 | tee render.log' >"$work/rewrite.json"
input 'git add -A && git commit -m "wip: render" && git push --force origin main' >"$work/block.json"
long=$(for i in $(seq 1 200); do printf 'cd dir%s && echo "step %s" | tee -a log; ' "$i" "$i"; done)
input "$long python3 -m manim a.py" >"$work/long.json"

cd "$project"
# The answers first: a benchmark of the wrong answer means nothing.
"$bin" hook pre-tool <"$work/rewrite.json" | grep -q '"updatedInput"' || { echo "bench: no rewrite" >&2; exit 2; }
"$bin" hook pre-tool <"$work/block.json" | grep -q '"deny"' || { echo "bench: no deny" >&2; exit 2; }
PATH="$work/bin:$PATH" sh "$wrapper" pre-tool <"$work/rewrite.json" | grep -q '"updatedInput"' ||
    { echo "bench: the wrapper gave no rewrite" >&2; exit 2; }


echo "PreToolUse benchmark: median of $runs runs, whole process ($(use_hyperfine && echo hyperfine || echo 'bash timer'))"
floor=$(median_us "cat" "$work/rewrite.json")
printf '  %-44s %s\n' "floor: cat, the same input" "$(ms "$floor")"
met=true
# The target is for commands as agents write them; the 8 KB script shows how the parse scales
# (about 0.6 ms per KB on the reference VM) and is not held to it.
for case in none rewrite block long; do
    t=$(median_us "$bin hook pre-tool" "$work/$case.json")
    printf '  %-44s %s   %sx the floor\n' "learnings hook pre-tool, $case" "$(ms "$t")" "$(ratio "$t" "$floor")"
    [ "$case" = long ] || [ "$t" -le 3000 ] || met=false
done
export PATH="$work/bin:$PATH"
t=$(median_us "sh $wrapper pre-tool" "$work/rewrite.json")
printf '  %-44s %s   %sx the floor\n' "sh hooks/run.sh pre-tool, rewrite" "$(ms "$t")" "$(ratio "$t" "$floor")"
if $met; then
    echo "target met: pre-tool median at most 3 ms (commands of realistic size)"
else
    echo "TARGET MISSED: pre-tool median at most 3 ms (commands of realistic size)" >&2
    exit 1
fi
