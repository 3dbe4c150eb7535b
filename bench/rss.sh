#!/usr/bin/env bash
# Peak memory against the size of the learnings file. Builds, in git repositories, learnings
# files of SIZES megabytes (entries of 300 to 400 bytes, committed once, then nine commits of
# another file, as in `cliff.sh`) and files of HEADINGS `## ` headings and nothing else, and runs
# `ages` (first, so with a cold cache), `plan` and `report` on each as one process. Prints the peak RSS (`/usr/bin/time`), the bound it is held
# to, 3x the file's size plus 100 MB, whether it is met, and what the command did: answered, or
# stopped with its one-line message.
#
#   bench/rss.sh [--sizes "5 8 50 200"] [--headings "39000 100000 1000000"] [--commands "ages plan report"] [--binary B]
#
# --binary B measures B instead of building the release binary (a build kept from before a change).
# A command meets the target by keeping within the bound or by stopping with a clear message
# (exit code 2 and a line that names the file); a crash, a kill or any other exit is a miss.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
need git python3 /usr/bin/time
sizes="5 8 50 200"
headings="39000 100000 1000000"
commands="ages plan report"
binary=
while [ $# -gt 0 ]; do
  case $1 in
    --sizes) sizes=$2; shift 2 ;;
    --headings) headings=$2; shift 2 ;;
    --commands) commands=$2; shift 2 ;;
    --binary) binary=$(realpath "$2"); shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "bench/rss.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ -n "$binary" ]; then learnings=$binary; else build_release; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null LEARNINGS_WARM=0

# make_repo DIR KIND AMOUNT: a repository whose agents/learnings.md is AMOUNT megabytes of
# entries (KIND `mb`) or AMOUNT headings and nothing else (KIND `headings`).
make_repo() {
  local repo=$1 i
  mkdir -p "$repo/agents"
  git -C "$repo" init -q -b main
  python3 - "$repo/agents/learnings.md" "$2" "$3" <<'EOF'
import random, sys
path, kind, amount = sys.argv[1], sys.argv[2], int(sys.argv[3])
random.seed(7)
words = ("alpha beta gamma delta cache index build test merge branch commit hook agent memory file "
         "line entry docs rule lint format parse render report").split()
with open(path, "w") as out:
    out.write("# Learnings\n\nLessons.\n\n")
    if kind == "headings":
        for i in range(amount):
            out.write(f"## Heading {i}\n")
    else:
        # Up to AMOUNT MiB, not past it: 8 is the largest file learnings reads.
        target, i = amount * 1024 * 1024, 0
        while True:
            body = " ".join(random.choice(words) for _ in range(45))
            entry = f"## Lesson {i} about {random.choice(words)}\n- {body}\n- Correct pattern: apply rule {i} every time.\n\n"
            if out.tell() + len(entry) > target:
                break
            out.write(entry)
            i += 1
EOF
  git -C "$repo" add -A
  GIT_AUTHOR_DATE=2026-01-01T10:00:00Z GIT_COMMITTER_DATE=2026-01-01T10:00:00Z git -C "$repo" commit -qm learnings
  for i in 1 2 3 4 5 6 7 8 9; do
    echo "$i" >"$repo/other.txt"
    git -C "$repo" add other.txt
    GIT_AUTHOR_DATE="2026-01-0${i}T11:00:00Z" GIT_COMMITTER_DATE="2026-01-0${i}T11:00:00Z" git -C "$repo" commit -qm "other $i"
  done
}

printf '%-30s %-7s %9s %10s %10s  %-8s %s\n' "learnings file" command seconds "peak RSS" bound target "what it did"
failed=0
run_case() { # REPO LABEL
  local repo=$1 label=$2 file_mb bound cmd args seconds kb mb code said verdict
  file_mb=$(python3 -c "import os; print(os.path.getsize('$repo/agents/learnings.md') / 1048576)")
  bound=$(python3 -c "print(int(3 * $file_mb + 100))")
  for cmd in $commands; do
    args=("$learnings" "$cmd")
    [ "$cmd" = report ] && args+=(--out "$work/report.html")
    code=0
    (cd "$repo" && /usr/bin/time -o "$work/time" -f "%e %M" "${args[@]}" >/dev/null 2>"$work/err" </dev/null) || code=$?
    read -r seconds kb <<<"$(tail -1 "$work/time")"
    mb=$((kb / 1024))
    case $code in
      0) said="answered" ;;
      2) said="stopped: $(head -1 "$work/err" | sed "s|$repo/||; s|^learnings: ||")" ;;
      *) said="FAILED with exit code $code: $(head -c 200 "$work/err")" ;;
    esac
    if [ "$mb" -le "$bound" ] && { [ "$code" = 0 ] || [ "$code" = 2 ]; }; then
      verdict=met
    else
      verdict="NOT met"
      failed=1
    fi
    printf '%-30s %-7s %7.2f s %7d MB %7d MB  %-8s %s\n' "$label" "$cmd" "$seconds" "$mb" "$bound" "$verdict" "$said"
  done
}

for size in $sizes; do
  echo "building a $size MB learnings file ..." >&2
  make_repo "$work/mb-$size" mb "$size"
  entries=$(grep -c '^## ' "$work/mb-$size/agents/learnings.md")
  run_case "$work/mb-$size" "$(printf "%d MB, %'d entries" "$size" "$entries")"
  rm -rf "$work/mb-$size"
done
for count in $headings; do
  echo "building a file of $count headings ..." >&2
  make_repo "$work/headings" headings "$count"
  size=$(python3 -c "import os; print(f\"{os.path.getsize('$work/headings/agents/learnings.md') / 1048576:.1f}\")")
  run_case "$work/headings" "$(printf "%'d headings, %s MB" "$count" "$size")"
  rm -rf "$work/headings"
done
exit "$failed"
