#!/usr/bin/env bash
# Benchmark of `learnings effect` over a big ledger: 100,000 events (sessions, injections of
# 50 rule files, blocks) and 2,000 captured corrections, on the demo repository. The baseline,
# run beside it, is the same command over an empty ledger and log: what is left is the cost of
# reading and weighing the events. Target: at most 1 s median over the 100,000 events.
#
#   bench/effect.sh [RUNS]    RUNS defaults to 5.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/lib.sh
. bench/lib.sh
need python3 cargo
root=$PWD
runs=${1:-5}
build_release
bin=$learnings
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" demo --keep "$work/repo" >/dev/null
repo="$work/repo"
export LEARNINGS_DATA_DIR="$work/data"
# The demo's rule files, plus 50 more in one domain each.
python3 - "$repo" "$work/data" <<'PY'
import json, os, sys
repo, data = sys.argv[1], sys.argv[2]
os.makedirs(f"{repo}/rules", exist_ok=True)
toml = open(f"{repo}/learnings.toml").read()
for d in range(50):
    with open(f"{repo}/rules/r{d}.md", "w") as f:
        f.write(f"# Rules {d}\n\n## Keep topic {d} deterministic\nTopic {d} output must be stable and sorted.\n")
    toml += f'\n[[inject.domains]]\nname = "r{d}"\nkeywords = ["topic{d}"]\nfiles = ["rules/r{d}.md"]\n'
open(f"{repo}/learnings.toml", "w").write(toml)
os.makedirs(f"{repo}/.learnings", exist_ok=True)
with open(f"{repo}/.learnings/effect.jsonl", "w") as f:
    n = 0
    session = 0
    while n < 100_000:
        session += 1
        day = 1 + (session // 200) % 28
        at = f"2026-03-{day:02d}T09:00:00Z"
        f.write(json.dumps({"v": 1, "at": at, "session": f"s{session}", "act": "session"}) + "\n")
        n += 1
        for k in range(4):
            d = (session * 7 + k) % 50
            f.write(json.dumps({"v": 1, "at": at, "session": f"s{session}", "act": "inject", "hook": "prompt",
                                "path": f"rules/r{d}.md", "hash": "0" * 16, "domains": [f"r{d}"],
                                "why": f"domain `r{d}` matched \"topic{d}\" in the prompt"}) + "\n")
            n += 1
        if session % 10 == 0:
            f.write(json.dumps({"v": 1, "at": at, "session": f"s{session}", "act": "block", "hook": "pre-tool",
                                "rule": "enforce.block[1]"}) + "\n")
            n += 1
os.makedirs(data, exist_ok=True)
with open(f"{data}/feedback.jsonl", "w") as f:
    for i in range(2000):
        d = i % 50
        f.write(json.dumps({"v": 1, "at": f"2026-03-{1 + i % 28:02d}T10:00:00Z", "kind": "correction",
                            "confidence": 0.9, "session": f"s{i * 3}",
                            "text": f"no, topic {d} output must be stable and sorted"}) + "\n")
PY
git -C "$repo" -c user.name=b -c user.email=b@example.com add -A >/dev/null
git -C "$repo" -c user.name=b -c user.email=b@example.com commit -qm "rule files" >/dev/null
events=$(wc -l <"$repo/.learnings/effect.jsonl")

median_ms() { # COMMAND...: the median wall time in milliseconds of `runs` runs, after one warm-up.
    python3 - "$runs" "$@" <<'PY'
import subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2:]
subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
times = []
for _ in range(runs):
    t = time.perf_counter(); subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True); times.append(time.perf_counter() - t)
times.sort(); print(f"{times[len(times) // 2] * 1000:.0f}")
PY
}
full=$(median_ms "$bin" -C "$repo" effect --format json)
mv "$repo/.learnings/effect.jsonl" "$work/ledger.keep"
mv "$work/data/feedback.jsonl" "$work/feedback.keep"
empty=$(median_ms "$bin" -C "$repo" effect --format json)
mv "$work/ledger.keep" "$repo/.learnings/effect.jsonl"
mv "$work/feedback.keep" "$work/data/feedback.jsonl"
verdicts=$("$bin" -C "$repo" effect --format json | python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["sessions"], "sessions,", r["corrections"], "corrections,", len(r["rules"]), "rules")')
met=no; [ "$full" -le 1000 ] && met=yes
echo "effect over $events ledger events: $verdicts"
printf '%-34s %8s ms\n' "effect, empty ledger (baseline)" "$empty"
printf '%-34s %8s ms   %s x the baseline; target <= 1000 ms: %s\n' "effect, $events events" "$full" \
    "$(python3 -c "print(f'{$full / max($empty, 1):.1f}')")" "$met"
[ "$met" = yes ]
