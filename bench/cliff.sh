#!/usr/bin/env bash
# The cliff: one 50 MB learnings file (150,000 entries of 300 to 400 bytes) committed once, then
# nine commits of another file. Times `ages`, `plan`, `stale` and `report` on it, each as one
# process, against the git floor beside it (`git log` of the file plus `git blame
# --first-parent` of it, in the same run), and prints the ratio, the peak RSS and whether each
# target holds: within 10 s and 1 GB.
#
# The cliff was quadratic bookkeeping, not git: gix blame's range constructors merge each
# heading line into all the others (150,000 lines), and the report looked up each entry in the
# batch by a scan. Both are linear now.
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

# seconds and peak KB of one run of a command line, in the repository
measure() {
  (cd "$repo" && /usr/bin/time -o "$work/time" -f "%e %M" "$@" >/dev/null 2>"$work/err" </dev/null) || true
  tail -1 "$work/time"
}
(cd "$repo" && /usr/bin/time -o "$work/floor" -f "%e" sh -c 'git log --format=%H -- agents/learnings.md >/dev/null && git blame --first-parent agents/learnings.md >/dev/null')
floor=$(tail -1 "$work/floor")
echo "git floor (log + blame --first-parent): ${floor} s"
failed=0
for cmd in ages plan stale report; do
  args=("$learnings" "$cmd")
  [ "$cmd" = report ] && args+=(--out "$work/report.html")
  read -r seconds kb <<<"$(measure "${args[@]}")"
  mb=$((kb / 1024))
  ok=$(python3 -c "print('met' if $seconds <= 10 and $mb <= 1024 else 'NOT met')")
  [ "$ok" = met ] || failed=1
  ratio=$(python3 -c "print(f'{$seconds / max($floor, 0.01):.2f}')")
  printf '%-7s %6.2f s (%sx the git floor), peak %4d MB: target 10 s and 1 GB %s\n' "$cmd" "$seconds" "$ratio" "$mb" "$ok"
done
exit "$failed"
