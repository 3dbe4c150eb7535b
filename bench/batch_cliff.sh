#!/usr/bin/env bash
# The batch cliff (issue 28, item 6): learnings files whose entries all share a small
# vocabulary, from 3,250 to 26,000 entries. `scale.sh` draws its words from 6,000, so two titles
# rarely share one; here every title is "Lesson N about WORD" with WORD one of 24, and the bodies
# are drawn from the same 24 words, so every pair of entries shares words and the batch's
# supersession hints met every pair: 65 s, 950 MB and 14 million pairs at 26,000 entries.
#
# Times `ages`, `plan`, `stale` and `batch` in every format `learnings batch --help` lists, each
# as one process, and prints the time, the peak RSS and the growth per doubling of the entries.
# Targets: batch within 10 s and 500 MB at the largest size in every format, and every command
# at most 2.3x per doubling. Exits 1 when a target is missed. See bench/README.md.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/batch_cliff.sh [--runs N] [--sizes "3250 6500 ..."] [--words N] [--fresh]
                            [--binary PATH]

  --runs N       timed runs per command and size, after one warm-up (default 5)
  --sizes LIST   entry counts, each double the one before (default "3250 6500 13000 26000")
  --words N      the vocabulary every entry draws on (default 24)
  --fresh        rebuild the repositories even if bench/out has them
  --binary PATH  time this build instead of building the release binary (say, the one before)
EOF
}

runs=5 sizes="3250 6500 13000 26000" words=24 fresh=0 binary=
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift ;;
    --sizes) sizes=$2; shift ;;
    --words) words=$2; shift ;;
    --fresh) fresh=1 ;;
    --binary) binary=$2; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
  shift
done

root=$(cd "$(dirname "$0")/.." && pwd)
bench="$root/bench"
# shellcheck source=bench/lib.sh
. "$bench/lib.sh"
need git python3 cargo
if [ -n "$binary" ]; then learnings=$binary; else build_release; fi
out="$bench/out"
mkdir -p "$out"

# The learnings file ($1, $2 entries of about 200 bytes, well under the 8 MB refusal) and four
# decision docs (folder $3) of 50 paragraphs each, all from the first $4 words of one list.
write_files() {
  python3 - "$@" <<'PY'
import random, sys
path, n, folder, size = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
words = ("alpha beta gamma delta cache index build test merge branch commit hook agent memory "
         "file line entry docs rule lint format parse render report").split()
words += [f"{a}{b}" for a in words for b in words]
words = words[:size]
rng = random.Random(7)
def text(k):
    return " ".join(rng.choice(words) for _ in range(k))
out = ["# Learnings\n\nLessons.\n\n"]
for i in range(n):
    out.append(f"## Lesson {i} about {rng.choice(words)}\n"
               f"- Anti-pattern: {text(12)}.\n- Correct pattern: {text(12)}.\n\n")
open(path, "w").write("".join(out))
for k in range(4):
    with open(f"{folder}/part-{k}.md", "w") as f:
        f.write(f"# Decisions, part {k}\n\n" + "\n\n".join(text(40) for _ in range(50)) + "\n")
PY
}

# One commit of the files, then twenty on later days, so that every entry is old enough to be
# in the batch (the retention keeps the newest in staging).
make_repo() {
  local n=$1 repo=$2 d
  rm -rf "$repo" && mkdir -p "$repo/agents/decisions" && git -C "$repo" init -q -b main
  commit() {
    git -C "$repo" add -A
    GIT_AUTHOR_DATE="2024-01-$1T12:00:00+00:00" GIT_COMMITTER_DATE="2024-01-$1T12:00:00+00:00" \
      git -C "$repo" -c user.name=bench -c user.email=bench@example.com commit -q -m "$2"
  }
  write_files "$repo/agents/learnings.md" "$n" "$repo/agents/decisions" "$words"
  commit 01 "Learnings"
  for d in $(seq 11 30); do
    echo "day $d" >>"$repo/notes.txt"
    commit "$d" "Work on day $d"
  done
}

ensure_repo() {
  local n=$1 repo="$out/batch-cliff-$1-$words"
  if [ "$fresh" = 1 ] || [ ! -f "$repo/agents/learnings.md" ]; then
    echo "building a history with $n entries from $words words ..." >&2
    make_repo "$n" "$repo"
  fi
  echo "$repo"
}

# Every format the binary offers, from its help ("- json: ..." under "Possible values:").
read -r -a formats <<<"$("$learnings" batch --help |
  awk '/--format/ { f = 1 } f && /Possible values/ { p = 1; next } p && /^ *- / { sub(/^ *- /, ""); sub(/:.*/, ""); printf "%s ", $0; next } p { exit }')"
[ "${#formats[@]}" -gt 0 ] || { echo "bench/batch_cliff.sh: no formats in batch --help" >&2; exit 2; }
commands=(ages plan stale)
for f in "${formats[@]}"; do commands+=("batch:$f"); done

declare -A wall cpu rss
for n in $sizes; do
  repo=$(ensure_repo "$n")
  for c in "${commands[@]}"; do
    case "$c" in
      batch:*) args=(batch --format "${c#batch:}") ;;
      *) args=("$c" --format json) ;;
    esac
    read -r w t r <<<"$(python3 "$bench/measure.py" --runs "$runs" --cwd "$repo" -- "$learnings" "${args[@]}")"
    wall[$c,$n]=$w cpu[$c,$n]=$t rss[$c,$n]=$r
  done
done

python3 - "$sizes" "${commands[*]}" "$runs" "$words" <<PY
import sys
sizes = [int(s) for s in sys.argv[1].split()]
commands, runs, words = sys.argv[2].split(), sys.argv[3], sys.argv[4]
wall = {$(for k in "${!wall[@]}"; do printf '"%s": %s, ' "$k" "${wall[$k]}"; done)}
cpu = {$(for k in "${!cpu[@]}"; do printf '"%s": %s, ' "$k" "${cpu[$k]}"; done)}
rss = {$(for k in "${!rss[@]}"; do printf '"%s": %s, ' "$k" "${rss[$k]}"; done)}
LIMIT, FLOOR_MS, SECONDS, MB = 2.3, 100.0, 10.0, 500
verdict = lambda ok: "target met" if ok else "target MISSED"
status = 0
print(f"entries drawing on {words} words; CPU time in ms (median of {runs}), growth per doubling in")
print("brackets. As in scale.sh, steps whose larger time is under 100 ms are mostly process start")
print("and are not judged; a command is judged on the mean (geometric) growth of its judged steps.\n")
print(f"{'command':<15}" + "".join(f"{n:>17}" for n in sizes) + f"  mean growth (≤ {LIMIT}x)")
for c in commands:
    row, judged = f"{c:<15}", []
    for i, n in enumerate(sizes):
        t = cpu[f"{c},{n}"]
        cell = f"{t:.0f}"
        if i > 0:
            prev = cpu[f"{c},{sizes[i - 1]}"]
            step = t / max(prev, 0.1)
            cell += f" ({step:.2f}x)"
            if t >= FLOOR_MS and n == 2 * sizes[i - 1]:
                judged.append(step)
        row += f"{cell:>17}"
    mean = 1.0
    for step in judged:
        mean *= step
    mean = mean ** (1 / len(judged)) if judged else 0.0
    ok = mean <= LIMIT
    status |= not ok
    judgement = f"{mean:.2f}x, worst {max(judged):.2f}x" if judged else "all under 100 ms"
    print(row + f"  {judgement}: {verdict(ok)}")
n = sizes[-1]
print(f"\nat {n} entries (targets for batch: ≤ {SECONDS:.0f} s wall, ≤ {MB} MB peak RSS):")
for c in commands:
    seconds, mb = wall[f"{c},{n}"] / 1000, rss[f"{c},{n}"] / 1024
    line = f"  {c:<15} {seconds:6.2f} s wall {cpu[f'{c},{n}'] / 1000:6.2f} s CPU {mb:6.0f} MB"
    if c.startswith("batch:"):
        time_ok, rss_ok = seconds <= SECONDS, mb <= MB
        status |= not (time_ok and rss_ok)
        line += f": time {verdict(time_ok)}, RSS {verdict(rss_ok)}"
    print(line)
sys.exit(status)
PY
