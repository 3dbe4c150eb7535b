#!/usr/bin/env bash
# Claude Code's hooks, this build against an earlier one, interleaved run by run so the machine's
# drift hits both alike: prints each case's median before and now, and the ratio. No target: it
# shows what a change cost the hooks (issue 30 measured 1.04-1.08x, 0.2 ms, from start-up).
#
#   bench/hooks_ab.sh BEFORE [RUNS]    BEFORE: the earlier build's `learnings` binary (say a
#                                      release build of the commit before, in a worktree of its
#                                      own); RUNS defaults to 300 of each.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/lib.sh
. bench/lib.sh
root=$PWD
before=${1:?usage: bench/hooks_ab.sh BEFORE_BINARY [RUNS]}
runs=${2:-300}
need python3 git
build_release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project/docs/rules"
git -C "$work/project" init -q
cat >"$work/project/learnings.toml" <<'TOML'
[[enforce.rewrite]]
from = "python3 -m manim"
to = ".venv/bin/python -m manim"

[[enforce.block]]
pattern = '\bgit push --force\b'
reason = "force-push rewrites shared history"

[[inject.domains]]
name = "render"
keywords = ["render"]
paths = ["src/render/**"]
files = ["docs/rules/render.md"]
TOML
printf '# Rendering\n- previews with -ql\n' >"$work/project/docs/rules/render.md"
LEARNINGS_WARM=0 LEARNINGS_CAPTURE=off python3 - "$before" "$learnings" "$work/project" "$runs" <<'PY'
import json, statistics, subprocess, sys, time
before, now, project, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
cases = {
    "pre-tool, block": (["hook", "pre-tool"], {"session_id": "s1", "cwd": project, "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "git add -A && git push --force origin main"}}),
    "pre-tool, untouched": (["hook", "pre-tool"], {"session_id": "s1", "cwd": project, "hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "ls -la | grep x"}}),
    "prompt, no match": (["hook", "prompt"], {"session_id": "s2", "cwd": project, "hook_event_name": "UserPromptSubmit", "prompt": "tidy the changelog"}),
}
print(f"Claude Code's hooks, before and now: median of {runs} runs each, interleaved")
for name, (args, data) in cases.items():
    data = json.dumps(data).encode()
    times = {before: [], now: []}
    for i in range(runs):
        for binary in ((before, now) if i % 2 == 0 else (now, before)):
            start = time.perf_counter()
            subprocess.run([binary] + args, input=data, stdout=subprocess.DEVNULL, cwd=project, check=True)
            times[binary].append(time.perf_counter() - start)
    b, n = (statistics.median(times[x]) * 1000 for x in (before, now))
    print(f"  {name:24s} before {b:.2f} ms   now {n:.2f} ms   {n / b:.2f}x")
PY
