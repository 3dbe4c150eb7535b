#!/usr/bin/env bash
# The cliff: one 50 MB learnings file (150,000 entries of 300 to 400 bytes) committed once, then
# nine commits of another file. Runs `ages`, `plan`, `stale` and `report` on it, each as one
# process, and prints the time, the peak RSS and whether each target holds.
#
# Before issue 17 each took over a minute (quadratic bookkeeping: gix blame's range
# constructors merged each heading line into all the others, and the report looked each entry
# up by a scan); issue 17 brought them to 3 s and 870 MB. Since issue 27 a learnings file over
# 8 MB is refused before it is read (see `rss.sh`): at about eleven copies of the file in
# memory, this one could not be answered within three times its size plus 100 MB. The targets
# now: each command stops within 1 s and 50 MB, exit code 2, with the one line that names the
# file and `split-plan`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
need git python3 /usr/bin/time
build_release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
repo="$work/repo"
mkdir -p "$repo/agents"
git -C "$repo" init -q -b main
python3 - "$repo/agents/learnings.md" <<'EOF'
import random, sys
random.seed(7)
words = "alpha beta gamma delta cache index build test merge branch commit hook agent memory file line entry docs rule lint format parse render report".split()
out = ["# Learnings\n\nLessons.\n\n"]
for i in range(150000):
    body = " ".join(random.choice(words) for _ in range(45))
    out.append(f"## Lesson {i} about {random.choice(words)}\n- {body}\n- Correct pattern: apply rule {i} every time.\n\n")
open(sys.argv[1], "w").write("".join(out))
EOF
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
git -C "$repo" add -A
GIT_AUTHOR_DATE=2026-01-01T10:00:00Z GIT_COMMITTER_DATE=2026-01-01T10:00:00Z git -C "$repo" commit -qm learnings
for i in 1 2 3 4 5 6 7 8 9; do
  echo "$i" > "$repo/other.txt"
  git -C "$repo" add other.txt
  GIT_AUTHOR_DATE="2026-01-0${i}T11:00:00Z" GIT_COMMITTER_DATE="2026-01-0${i}T11:00:00Z" git -C "$repo" commit -qm "other $i"
done
echo "$(du -m "$repo/agents/learnings.md" | cut -f1) MB, $(grep -c '^## ' "$repo/agents/learnings.md") entries, 10 commits"

failed=0
for cmd in ages plan stale report; do
  args=("$learnings" "$cmd")
  [ "$cmd" = report ] && args+=(--out "$work/report.html")
  code=0
  (cd "$repo" && /usr/bin/time -o "$work/time" -f "%e %M" "${args[@]}" >/dev/null 2>"$work/err" </dev/null) || code=$?
  read -r seconds kb <<<"$(tail -1 "$work/time")"
  mb=$((kb / 1024))
  ok=$(python3 -c "print('met' if $code == 2 and $seconds <= 1 and $mb <= 50 else 'NOT met')")
  grep -q 'over the 8 MB learnings reads; split it' "$work/err" || ok="NOT met (no clear message)"
  [ "$ok" = met ] || failed=1
  printf '%-7s %6.2f s, peak %4d MB, exit %d: target 1 s, 50 MB and the message %s\n' "$cmd" "$seconds" "$mb" "$code" "$ok"
done
echo "the message: $(head -1 "$work/err")"
exit "$failed"
