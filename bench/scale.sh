#!/usr/bin/env bash
# Scale benchmark: every command that reads the learnings file, at 1,000 to 32,000 entries.
#
# Builds one small history per size with git (the file grows over four commits, half of it is
# consolidated into docs, then twenty more active days), times `ages`, `plan`, `batch`,
# `audit`, `split-plan` and `stale` on it, and prints the growth per doubling of the entry count
# (target: at most 2.3x, i.e. no super-linear step), then a run at 26,000 entries (about 5 MB):
# each command within 10 s and 500 MB. See bench/README.md.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/scale.sh [--runs N] [--sizes "1000 2000 ..."] [--target-size N] [--fresh]
                      [--commands "ages plan ..."]

  --runs N          timed runs per command and size, after one warm-up (default 3)
  --sizes LIST      entry counts to double through (default "1000 2000 4000 8000 16000 32000")
  --target-size N   entries of the absolute-target run (default 26000)
  --fresh           rebuild the repositories even if bench/out has them
  --commands LIST   the commands to time (default "ages plan batch audit split-plan stale")
EOF
}

runs=3 sizes="1000 2000 4000 8000 16000 32000" target_size=26000 fresh=0
command_list="ages plan batch audit split-plan stale"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift ;;
    --sizes) sizes=$2; shift ;;
    --target-size) target_size=$2; shift ;;
    --fresh) fresh=1 ;;
    --commands) command_list=$2; shift ;;
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
build_release
out="$bench/out"
mkdir -p "$out"

# Writes the learnings file with entries [0, $2) minus the first $3 to $1; entries are made up
# from a fixed vocabulary with a long tail, about 200 bytes each, with a code span in one of
# three, so titles overlap now and then, as real ones do.
write_file() {
  python3 - "$@" <<'PY'
import random, sys
path, upto, skip = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(8)
syll = ["ka", "lo", "mi", "ren", "sto", "vu", "dex", "pa", "tri", "gon", "sel", "ur", "bi", "fa", "qui"]
vocab = sorted({rng.choice(syll) + rng.choice(syll) + rng.choice(syll) for _ in range(6000)})
rng.shuffle(vocab)
def word():
    return vocab[int(len(vocab) ** rng.random()) - 1]
out = ["# Learnings\n\nLessons from agent sessions.\n\n---\n\n"]
for i in range(upto):
    title = " ".join(word() for _ in range(rng.randint(3, 6))).capitalize()
    a = " ".join(word() for _ in range(rng.randint(16, 20)))
    b = " ".join(word() for _ in range(rng.randint(16, 20)))
    code = f" with `tool --{word()} {i}`" if i % 3 == 0 else ""
    if i >= skip:
        out.append(f"## {title} {i}\n- Anti-pattern: {a}.\n- Correct pattern: {b}{code}.\n\n")
with open(path, "w") as f:
    f.write("".join(out))
PY
}

# The moved half, verbatim, spread over four decision docs.
write_docs() {
  python3 - "$@" <<'PY'
import re, sys
learnings, folder = sys.argv[1], sys.argv[2]
entries = re.split(r"(?m)^(?=## )", open(learnings).read())[1:]
for k in range(4):
    with open(f"{folder}/moved-{k}.md", "w") as f:
        f.write(f"# Decisions, part {k}\n\n" + "".join(entries[k::4]))
PY
}

make_repo() {
  local n=$1 repo=$2
  rm -rf "$repo" && mkdir -p "$repo/agents/decisions" && git -C "$repo" init -q -b main
  commit() {
    git -C "$repo" add -A
    GIT_AUTHOR_DATE="2024-01-$1T12:00:00+00:00" GIT_COMMITTER_DATE="2024-01-$1T12:00:00+00:00" \
      git -C "$repo" -c user.name=bench -c user.email=bench@example.com commit -q -m "$2"
  }
  printf '# Guide\n\nHow we work.\n' >"$repo/agents/decisions/guide.md"
  local quarter
  for quarter in 1 2 3 4; do
    write_file "$repo/agents/learnings.md" $((n * quarter / 4)) 0
    commit "0$((quarter * 2))" "Learnings, part $quarter"
  done
  git -C "$repo" tag before-consolidation
  write_docs "$repo/agents/learnings.md" "$repo/agents/decisions"
  write_file "$repo/agents/learnings.md" "$n" $((n / 2))
  commit 10 "Consolidate half of the entries"
  local d
  for d in $(seq 11 30); do
    echo "day $d" >>"$repo/notes.txt"
    commit "$d" "Work on day $d"
  done
}

read -r -a commands <<<"$command_list"
args_for() {
  case "$1" in
    ages) echo "ages --format json" ;;
    plan) echo "plan --format json" ;;
    batch) echo "batch --format json" ;;
    audit) echo "audit --since before-consolidation --format json" ;;
    split-plan) echo "split-plan agents/learnings.md --format json" ;;
    stale) echo "stale --format json" ;;
  esac
}

# measure DIR COMMAND -> "wall_ms cpu_ms maxrss_kb"
measure() {
  local repo=$1 cmd=$2
  # shellcheck disable=SC2046
  python3 "$bench/measure.py" --runs "$runs" --cwd "$repo" -- "$learnings" $(args_for "$cmd")
}

ensure_repo() {
  local n=$1 repo="$out/scale-$1"
  if [ "$fresh" = 1 ] || [ ! -f "$repo/agents/learnings.md" ]; then
    echo "building a history with $n entries ..." >&2
    make_repo "$n" "$repo"
  fi
  echo "$repo"
}

declare -A cpu rss
for n in $sizes; do
  repo=$(ensure_repo "$n")
  for cmd in "${commands[@]}"; do
    result=$(measure "$repo" "$cmd")
    read -r _ c r <<<"$result"
    cpu[$cmd,$n]=$c rss[$cmd,$n]=$r
  done
done

python3 - "$sizes" "${commands[*]}" <<PY
import sys
sizes = [int(s) for s in sys.argv[1].split()]
commands = sys.argv[2].split()
cpu = {$(for k in "${!cpu[@]}"; do printf '"%s": %s, ' "$k" "${cpu[$k]}"; done)}
rss = {$(for k in "${!rss[@]}"; do printf '"%s": %s, ' "$k" "${rss[$k]}"; done)}
LIMIT, FLOOR_MS = 2.3, 100.0
print(f"CPU time (ms, median of $runs) per command and entry count; growth per doubling in brackets")
print("(steps where the larger time is under 100 ms are mostly process start and not judged; a")
print(" command is judged on the mean growth of its judged steps, as one step can be noise)\n")
print(f"{'command':<11}" + "".join(f"{n:>17}" for n in sizes) + f"{'peak RSS':>11}  mean growth (target ≤ {LIMIT}x)")
all_met = True
for c in commands:
    row, judged = f"{c:<11}", []
    for i, n in enumerate(sizes):
        t = cpu[f"{c},{n}"]
        cell = f"{t:.0f}"
        if i > 0:
            prev = cpu[f"{c},{sizes[i - 1]}"]
            ratio = t / max(prev, 0.1)
            cell += f" ({ratio:.2f}x)"
            if t >= FLOOR_MS and n == 2 * sizes[i - 1]:
                judged.append(ratio)
        row += f"{cell:>17}"
    peak = max(rss[f"{c},{n}"] for n in sizes) / 1024
    mean = 1.0
    for r in judged:
        mean *= r
    mean = mean ** (1 / len(judged)) if judged else 0.0
    met = mean <= LIMIT
    all_met &= met
    worst = max(judged, default=0.0)
    judgement = f"{mean:.2f}x over {len(judged)} steps (worst {worst:.2f}x)" if judged else "every run under 100 ms"
    print(row + f"{peak:>8.0f} MB  {judgement}: {'met' if met else 'NOT MET'}")
print(f"\nmean growth per doubling ≤ {LIMIT}x for every command: {'met' if all_met else 'NOT MET'}")
PY

if [ "$target_size" -gt 0 ]; then
  repo=$(ensure_repo "$target_size")
  size_mb=$(python3 -c "import os; print(f'{os.path.getsize(\"$repo/agents/learnings.md\") / 1e6:.1f}')")
  echo
  echo "$target_size entries ($size_mb MB at the consolidation's start; targets: ≤ 10 s wall, ≤ 500 MB):"
  status=0
  for cmd in "${commands[@]}"; do
    result=$(measure "$repo" "$cmd")
    read -r w c r <<<"$result"
    verdict=$(python3 -c "print('met' if $w <= 10000 and $r <= 500 * 1024 else 'NOT MET')")
    [ "$verdict" = met ] || status=1
    printf '  %-11s %8.0f ms wall %8.0f ms CPU %6.0f MB: %s\n' "$cmd" "$w" "$c" "$(python3 -c "print($r / 1024)")" "$verdict"
  done
  exit $status
fi
