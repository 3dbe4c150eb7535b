#!/usr/bin/env bash
# Growth of the private state (issue 27): what 100,000 sessions and 100,000 prompt events leave
# on disk, and what SessionStart costs afterwards, against the same SessionStart on a fresh
# project measured in the same run. Exits 1 if a target is missed:
#   - the injection claims stay within 1,000 session folders (the store's bound);
#   - the effect ledger stays within its rotation bound (4 generations of 4 MiB);
#   - SessionStart's median stays within 50 ms with all of it present.
#
#   bench/growth.sh [SESSIONS] [LEGACY]
#     SESSIONS (default 100000): prompt hooks run through the binary, each in a new session, each
#       injecting one file (a claim folder and a ledger record apiece), two at a time.
#     LEGACY (default 100000): session folders and session windows made beforehand, as a
#       project that ran an older, unbounded version for a long time would have them.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/lib.sh
. bench/lib.sh
need python3
sessions=${1:-100000}
legacy=${2:-100000}
runs=30
root=$PWD
build_release
unset CLAUDE_PROJECT_DIR

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
project="$work/project"
export LEARNINGS_DATA_DIR="$work/user"
export LEARNINGS_WARM=0
mkdir -p "$project/docs/rules"
printf '[[inject.domains]]\nname = "render"\nkeywords = ["render", "manim"]\nfiles = ["docs/rules/render.md"]\n' >"$project/learnings.toml"
printf '# Render\n- Previews with -ql, finals with -qh.\n' >"$project/docs/rules/render.md"
python3 -c 'import json, sys; print(json.dumps({"session_id": "bench-start", "transcript_path": "/nonexistent.jsonl", "cwd": sys.argv[1], "hook_event_name": "SessionStart", "source": "startup"}))' "$project" >"$work/start.json"
cd "$project"

base_us=$(median_us "$learnings hook session-start" "$work/start.json")

echo "making $legacy legacy session folders and session windows ..." >&2
python3 - "$project/.learnings/inject" "$LEARNINGS_DATA_DIR/sessions" "$legacy" <<'EOF'
import os, sys, time
inject, windows, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.makedirs(inject, mode=0o700, exist_ok=True)
os.makedirs(windows, mode=0o700, exist_ok=True)
old = time.time() - 30 * 86400
for i in range(n):
    folder = os.path.join(inject, f"legacy-{i:06d}")
    os.mkdir(folder)
    with open(os.path.join(folder, "00000000deadbeef"), "w") as f:
        f.write("docs/rules/render.md")
    os.utime(folder, (old, old))
    window = os.path.join(windows, f"legacy-{i:06d}.jsonl")
    with open(window, "w") as f:
        f.write('{"project":"/elsewhere","words":["render"]}\n')
    os.utime(window, (old, old))
EOF
legacy_us=$(median_us "$learnings hook session-start" "$work/start.json")

echo "running $sessions prompt hooks, each in a new session ..." >&2
python3 - "$learnings" "$project" "$sessions" <<'EOF'
import json, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
binary, project, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
def one(i):
    body = json.dumps({"session_id": f"s{i:06d}", "transcript_path": "/nonexistent.jsonl", "cwd": project,
                       "hook_event_name": "UserPromptSubmit", "prompt": "please render the intro scene"})
    out = subprocess.run([binary, "hook", "prompt"], input=body.encode(), capture_output=True, cwd=project)
    return out.returncode == 0 and b"Previews" in out.stdout
with ThreadPoolExecutor(2) as pool:
    ok = sum(pool.map(one, range(n), chunksize=64))
if ok != n:
    sys.exit(f"{n - ok} of {n} prompt hooks did not inject")
EOF
after_us=$(median_us "$learnings hook session-start" "$work/start.json")

folders=$(find "$project/.learnings/inject" -mindepth 1 -maxdepth 1 | wc -l)
windows=$(find "$LEARNINGS_DATA_DIR/sessions" -mindepth 1 -maxdepth 1 | wc -l)
ledger_bytes=$(cat "$project"/.learnings/effect.jsonl* | wc -c)
ledger_records=$(cat "$project"/.learnings/effect.jsonl* | wc -l)
disk_kb=$(du -sk "$project/.learnings" | cut -f1)
ledger_cap=$((4 * 4 * 1024 * 1024))

printf '\n%-52s %s\n' "SessionStart, fresh project (baseline)" "$(ms "$base_us")"
printf '%-52s %s  (%sx)\n' "SessionStart, $legacy legacy folders and windows" "$(ms "$legacy_us")" "$(ratio "$legacy_us" "$base_us")"
printf '%-52s %s  (%sx)\n' "SessionStart, after $sessions more sessions" "$(ms "$after_us")" "$(ratio "$after_us" "$base_us")"
printf '%-52s %s (bound 1,000; %s legacy made)\n' "session folders left" "$folders" "$legacy"
printf '%-52s %s (pruned a bounded number a SessionStart)\n' "session windows left" "$windows"
printf '%-52s %s records, %s bytes (bound %s)\n' "effect ledger" "$ledger_records" "$ledger_bytes" "$ledger_cap"
printf '%-52s %s KiB\n' ".learnings/ on disk" "$disk_kb"

status=0
check() { if [ "$1" = yes ]; then echo "met:    $2"; else echo "missed: $2"; status=1; fi; }
check "$([ "$folders" -le 1001 ] && echo yes || echo no)" "claims within 1,000 session folders"
check "$([ "$ledger_bytes" -le "$ledger_cap" ] && echo yes || echo no)" "ledger within 4 x 4 MiB"
check "$([ "$legacy_us" -le 50000 ] && echo yes || echo no)" "SessionStart within 50 ms with the legacy folders"
check "$([ "$after_us" -le 50000 ] && echo yes || echo no)" "SessionStart within 50 ms after the sessions"
exit $status
