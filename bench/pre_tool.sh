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
# The project (a git repository, as a user's is: the hook keeps its rules read in the history
# cache's folder) has 20 rewrite rules, 20 block rules and 2 variables, and 20 knowledge domains
# with `paths`. Bash cases: a command no rule touches, a rewrite, a block (each a realistic list with
# a pipeline and quotes), a long generated script (200 commands), and the rewrite through the
# plugin's fail-open wrapper (hooks/run.sh: one `sh` more). File-tool cases (issue 21): an Edit of
# a path in a domain (its rule file injected; the session's claim is removed before each run, so
# every run injects) and an Edit of a path in no domain. Both are held to the same 3 ms.
#
# Then rules at scale: the block command with 1 block rule and with 1,000 (the 1,000-rule case
# is held to the same 3 ms; the first call after an edit of learnings.toml reads and caches the
# rules, and is shown, not held), and a pattern too big to compile (its first call compiles and
# fails; every later one must cost what a call with one rule costs, held to 3 ms). Last, every
# command of the bypass corpus (fixtures/shell-bypass/): each must be denied, and is timed
# against the parse's deadline (1 s); the slowest are printed. Last, each other agent client's
# block and file-tool calls in its own words (issue 30), held to the same 3 ms.
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
git -C "$project" init -q
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
    printf '[enforce.env]\nDISPLAY = ":0"\nMPLBACKEND = "Agg"\n\n'
    for i in $(seq 1 19); do
        printf '[[inject.domains]]\nname = "area%s"\nkeywords = ["area%s", "topic%s"]\npaths = ["src/area%s/**", "lib/area%s/*.py"]\nfiles = ["docs/rules/area%s.md"]\n\n' "$i" "$i" "$i" "$i" "$i" "$i"
    done
    printf '[[inject.domains]]\nname = "render"\nkeywords = ["render", "manim"]\npaths = ["src/render/**"]\nfiles = ["docs/rules/render.md"]\n'
} >"$project/learnings.toml"

input() {
    python3 -c 'import json, sys; print(json.dumps({"session_id": "s1", "transcript_path": "/nonexistent/s1.jsonl", "cwd": sys.argv[2], "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": sys.argv[1], "description": "bench", "timeout": 120000, "run_in_background": False}, "tool_use_id": "toolu_01"}))' "$1" "$project"
}
mkdir -p "$project/docs/rules"
for i in $(seq 1 19); do printf '# Area %s\n- rule\n' "$i" >"$project/docs/rules/area$i.md"; done
python3 -c 'import sys; print("# Render\n" + "".join(f"- render rule {i}: previews with -ql, finals with -qh.\n" for i in range(60)))' >"$project/docs/rules/render.md"
edit() {
    python3 -c 'import json, sys; print(json.dumps({"session_id": "s1", "transcript_path": "/nonexistent/s1.jsonl", "cwd": sys.argv[2], "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Edit", "tool_input": {"file_path": sys.argv[2] + "/" + sys.argv[1], "old_string": "a = 1", "new_string": "a = 2", "replace_all": False}, "tool_use_id": "toolu_02"}))' "$1" "$project"
}
edit src/render/scenes/intro.py >"$work/edit-match.json"
edit src/other/util.py >"$work/edit-none.json"
input 'cd scenes && ls *.py | grep -v test | xargs -n1 echo "render:"' >"$work/none.json"
input 'cd scenes && python3 -m manim render "intro scene.py" -qh 2>&1 | tee render.log' >"$work/rewrite.json"
input 'git add -A && git commit -m "wip: render" && git push --force origin main' >"$work/block.json"
long=$(for i in $(seq 1 200); do printf 'cd dir%s && echo "step %s" | tee -a log; ' "$i" "$i"; done)
input "$long python3 -m manim a.py" >"$work/long.json"

cd "$project"
# The answers first: a benchmark of the wrong answer means nothing.
"$bin" hook pre-tool <"$work/rewrite.json" | grep -q '"updatedInput"' || { echo "bench: no rewrite" >&2; exit 2; }
"$bin" hook pre-tool <"$work/block.json" | grep -q '"deny"' || { echo "bench: no deny" >&2; exit 2; }
"$bin" hook pre-tool <"$work/edit-match.json" | grep -q 'render rule 59' || { echo "bench: no injection on the Edit" >&2; exit 2; }
"$bin" hook pre-tool <"$work/edit-match.json" | grep -qx '{}' || { echo "bench: injected twice" >&2; exit 2; }
"$bin" hook pre-tool <"$work/edit-none.json" | grep -qx '{}' || { echo "bench: injected off the domains" >&2; exit 2; }
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
# The Edit that injects: the session's claims are removed before each run (its folder stays, as
# after a session's first injection), so each run does the whole work (match, read, budget,
# claim).
t=$(median_us "$bin hook pre-tool" "$work/edit-match.json" "rm -f '$project/.learnings/inject/s1/'*")
printf '  %-44s %s   %sx the floor\n' "learnings hook pre-tool, Edit in a domain" "$(ms "$t")" "$(ratio "$t" "$floor")"
[ "$t" -le 3000 ] || met=false
t=$(median_us "$bin hook pre-tool" "$work/edit-none.json")
printf '  %-44s %s   %sx the floor\n' "learnings hook pre-tool, Edit in no domain" "$(ms "$t")" "$(ratio "$t" "$floor")"
[ "$t" -le 3000 ] || met=false
export PATH="$work/bin:$PATH"
t=$(median_us "sh $wrapper pre-tool" "$work/rewrite.json")
printf '  %-44s %s   %sx the floor\n' "sh hooks/run.sh pre-tool, rewrite" "$(ms "$t")" "$(ratio "$t" "$floor")"

# Rules at scale. rules_project DIR N [TEXT]: a git repository whose learnings.toml has N block
# rules (N - 1 that no command matches, then the force-push rule), and TEXT after them.
rules_project() {
    mkdir -p "$1"
    git -C "$1" init -q
    {
        for i in $(seq 2 "$2"); do
            printf "[[enforce.block]]\npattern = '\\\\bdanger%s --now\\\\b'\nreason = \"rule %s\"\n\n" "$i" "$i"
        done
        printf "[[enforce.block]]\npattern = '\\\\bgit push (--force|-f)\\\\b'\nreason = \"force-push\"\n\n"
        printf '%s' "${3:-}"
    } >"$1/learnings.toml"
}
# bash_in DIR COMMAND: the PreToolUse input of a Bash call of COMMAND in DIR.
bash_in() {
    python3 -c 'import json, sys; print(json.dumps({"session_id": "s1", "transcript_path": "/nonexistent/s1.jsonl", "cwd": sys.argv[1], "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": sys.argv[2], "description": "bench", "timeout": 120000, "run_in_background": False}, "tool_use_id": "toolu_01"}))' "$1" "$2"
}
# once_us COMMAND INPUT: one run's wall time in microseconds.
once_us() {
    local start end argv
    read -r -a argv <<<"$1"
    start=${EPOCHREALTIME/[.,]/}
    "${argv[@]}" <"$2" >/dev/null
    end=${EPOCHREALTIME/[.,]/}
    echo $((end - start))
}
echo "Block rules at scale: the block command, median of $runs runs"
declare -A scale
for n in 1 1000; do
    dir="$work/rules$n"
    rules_project "$dir" "$n"
    bash_in "$dir" 'git add -A && git commit -m "wip: render" && git push --force origin main' >"$work/rules$n.json"
    bash_in "$dir" 'cd scenes && ls *.py | grep -v test | xargs -n1 echo "render:"' >"$work/rules$n-none.json"
    cd "$dir"
    "$bin" hook pre-tool <"$work/rules$n.json" | grep -q '"deny"' || { echo "bench: no deny with $n rules" >&2; exit 2; }
    rm -rf .git/learnings
    cold=$(once_us "$bin hook pre-tool" "$work/rules$n.json")
    scale[$n]=$(median_us "$bin hook pre-tool" "$work/rules$n.json")
    none=$(median_us "$bin hook pre-tool" "$work/rules$n-none.json")
    printf '  %-44s %s   untouched %s   first call after an edit %s\n' "$n block rules, block" "$(ms "${scale[$n]}")" "$(ms "$none")" "$(ms "$cold")"
    [ "$n" = 1 ] || [ "${scale[$n]}" -le 3000 ] || met=false
    [ "$n" = 1 ] || [ "$none" -le 3000 ] || met=false
done
printf '  1,000 rules against 1: %sx; 1,000 rules within 3 ms: %s\n' "$(ratio "${scale[1000]}" "${scale[1]}")" \
    "$([ "${scale[1000]}" -le 3000 ] && echo met || echo MISSED)"
dir="$work/toobig"
rules_project "$dir" 20 "$(printf "[[enforce.block]]\npattern = 'git push \\\\w{1000}'\nreason = \"too big\"\n")"
bash_in "$dir" 'git push origin main' >"$work/toobig.json"
cd "$dir"
first=$(once_us "$bin hook pre-tool" "$work/toobig.json")
"$bin" hook pre-tool <"$work/toobig.json" | grep -q 'does not compile' || { echo "bench: the broken rule did not deny" >&2; exit 2; }
t=$(median_us "$bin hook pre-tool" "$work/toobig.json")
printf '  %-44s first %s, then %s: %sx one rule; within 3 ms: %s\n' "a pattern too big to compile" "$(ms "$first")" "$(ms "$t")" \
    "$(ratio "$t" "${scale[1]}")" "$([ "$t" -le 3000 ] && echo met || echo MISSED)"
[ "$t" -le 3000 ] || met=false

# The bypass corpus, in the 1-rule project: each command denied, each timed (the slowest of 3
# runs) against the parse's deadline.
echo "Bypass corpus (fixtures/shell-bypass/): every command denied, each against the 1000 ms deadline"
dir="$work/rules1"
cd "$dir"
times=()
within=0
total=0
for file in "$root"/fixtures/shell-bypass/*.sh; do
    python3 -c 'import json, sys; print(json.dumps({"session_id": "s1", "cwd": sys.argv[1], "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": open(sys.argv[2], encoding="utf-8").read(), "description": "bench"}}))' "$dir" "$file" >"$work/corpus.json"
    "$bin" hook pre-tool <"$work/corpus.json" | grep -q '"deny"' || { echo "bench: not denied: $file" >&2; exit 2; }
    worst=0
    for i in 1 2 3; do
        t=$(once_us "$bin hook pre-tool" "$work/corpus.json")
        [ "$t" -gt "$worst" ] && worst=$t
    done
    times+=("$worst $(basename "$file")")
    total=$((total + 1))
    [ "$worst" -le 1000000 ] && within=$((within + 1))
done
printf '%s\n' "${times[@]}" | sort -rn | head -5 | while read -r t name; do
    printf '  %-44s %s   %s\n' "$name" "$(ms "$t")" "$([ "$t" -le 1000000 ] && echo "within the deadline" || echo "PAST THE DEADLINE")"
done
printf '  %s of %s commands answered within the 1000 ms deadline, every one denied\n' "$within" "$total"

# Every other client (issue 30): the block command and an edit in a domain, each in the
# client's own words, through `learnings hook … --client C`; each held to the same 3 ms, and
# compared with Claude Code's call of the same command run beside it. Then Gemini CLI's block
# through the command line `install --client` writes (`sh -c '… || echo {}'`: one `sh` more).
echo "Per client: the same calls in each client's words, median of $runs runs"
dir="$work/clients"
mkdir -p "$dir/docs/rules"
git -C "$dir" init -q
cp "$project/learnings.toml" "$dir/"
cp "$project"/docs/rules/*.md "$dir/docs/rules/"
cd "$dir"
python3 - "$dir" "$work" <<'PY'
import json, sys
d, w = sys.argv[1], sys.argv[2]
cmd = 'git add -A && git commit -m "wip: render" && git push --force origin main'
path = d + "/src/render/scenes/intro.py"
patch = "*** Begin Patch\n*** Update File: src/render/scenes/intro.py\n@@\n-a = 1\n+a = 2\n*** End Patch\n"
calls = {
    "claude": ({"session_id": "s1", "cwd": d, "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": cmd}}, None),
    "codex": ({"session_id": "s1", "cwd": d, "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": cmd}},
              ("pre-tool", {"session_id": "s1", "cwd": d, "hook_event_name": "PreToolUse", "tool_name": "apply_patch", "tool_input": {"command": patch}})),
    "gemini": ({"session_id": "s1", "cwd": d, "hook_event_name": "BeforeTool", "tool_name": "run_shell_command", "tool_input": {"command": cmd, "description": "b"}},
               ("post-tool", {"session_id": "s1", "cwd": d, "hook_event_name": "AfterTool", "tool_name": "replace", "tool_input": {"file_path": path, "old_string": "a = 1", "new_string": "a = 2"}})),
    "opencode": ({"session_id": "s1", "cwd": d, "hook_event_name": "PreToolUse", "tool_name": "bash", "tool_input": {"command": cmd, "description": "b"}},
                 ("post-tool", {"session_id": "s1", "cwd": d, "hook_event_name": "PostToolUse", "tool_name": "edit", "tool_input": {"filePath": path, "oldString": "a = 1", "newString": "a = 2"}})),
    "cursor": ({"conversation_id": "s1", "hook_event_name": "beforeShellExecution", "command": cmd, "cwd": d, "workspace_roots": [d]},
               ("post-tool", {"conversation_id": "s1", "hook_event_name": "postToolUse", "tool_name": "Edit", "tool_input": {"file_path": path}, "cwd": d, "workspace_roots": [d]})),
    "copilot": ({"sessionId": "s1", "cwd": d, "toolName": "bash", "toolArgs": json.dumps({"command": cmd})},
                ("post-tool", {"sessionId": "s1", "cwd": d, "toolName": "edit", "toolArgs": {"path": "src/render/scenes/intro.py"}})),
}
for client, (block, edit) in calls.items():
    open(f"{w}/{client}-block.json", "w").write(json.dumps(block) + "\n")
    if edit:
        open(f"{w}/{client}-edit.json", "w").write(json.dumps(edit[1]) + "\n")
        open(f"{w}/{client}-edit.event", "w").write(edit[0])
PY
base=$(median_us "$bin hook pre-tool --client claude" "$work/claude-block.json")
printf '  %-44s %s\n' "claude, block (the baseline)" "$(ms "$base")"
for client in codex gemini opencode cursor copilot; do
    "$bin" hook pre-tool --client "$client" <"$work/$client-block.json" | grep -q 'deny' ||
        { echo "bench: $client did not block" >&2; exit 2; }
    event=$(cat "$work/$client-edit.event")
    rm -f "$dir/.learnings/inject/s1/"*
    "$bin" hook "$event" --client "$client" <"$work/$client-edit.json" | grep -q 'render rule 59' ||
        { echo "bench: $client's edit brought no knowledge" >&2; exit 2; }
    t=$(median_us "$bin hook pre-tool --client $client" "$work/$client-block.json")
    e=$(median_us "$bin hook $event --client $client" "$work/$client-edit.json" "rm -f '$dir/.learnings/inject/s1/'*")
    printf '  %-44s %s   %sx claude   edit in a domain (%s) %s\n' "$client, block" "$(ms "$t")" "$(ratio "$t" "$base")" "$event" "$(ms "$e")"
    [ "$t" -le 3000 ] && [ "$e" -le 3000 ] || met=false
done
printf '%s\n' "learnings hook pre-tool --client gemini 2>/dev/null || echo '{}'" >"$work/installed.sh"
t=$(median_us "sh $work/installed.sh" "$work/gemini-block.json")
printf '  %-44s %s   %sx claude\n' "gemini, block, as installed (sh -c)" "$(ms "$t")" "$(ratio "$t" "$base")"

if $met; then
    echo "target met: pre-tool median at most 3 ms (commands of realistic size, file tools, 1,000 block rules, a pattern too big to compile)"
else
    echo "TARGET MISSED: pre-tool median at most 3 ms (commands of realistic size, file tools, 1,000 block rules, a pattern too big to compile)" >&2
    exit 1
fi
