#!/usr/bin/env bash
# Benchmark `learnings ages` against git on a synthetic repository; see bench/README.md.
#
# Compares `learnings ages --format json` with (a) the git floor: one first-parent
# `git blame` of every heading line plus one `git log` of all dates, and (b) the original's
# method: `git blame -C -C` and `git log --since` once per entry. Prints median times, the
# ratios, the peak RSS of learnings, and checks the added dates against git blame.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/ages.sh [--scale | --split] [--runs N] [--sample K | --full-loop] [--fresh]
                     [--entries N] [--commits M] [--days D] [--consolidations K] [--edits E]

  --split         a history whose learnings file was split halfway (moved into a new file
                  with its newest 40% of entries, the old one kept as a .bak): learnings must follow
                  the entries across files; the git floor is `git blame -C -C --first-parent` of
                  the whole file, and the dates are checked against it; no per-entry loop
  --scale         the scale run: 200,000 commits, 3,700 entries at HEAD, 4,000 commits touching
                  the file; targets 1.2x the git floor and 300 MB; no per-entry loop (hours)

  --runs N        timed runs per method, after one warm-up (default 5)
  --sample K      time the per-entry loop on every K-th entry and extrapolate (default 10)
  --full-loop     time the per-entry loop on every entry (same as --sample 1; takes minutes)
  --loop-runs N   timed runs of the per-entry loop (default 1)
  --fresh         rebuild the synthetic repository even if bench/out has it
  the rest are passed to bench/make_repo.py (defaults: 300 entries, 20000 commits, 900 days,
                  2 consolidations, 0 edits)
EOF
}

runs=5 sample=10 loop_runs=1 fresh=0 scale=0 split=0
entries=300 commits=20000 days=900 consolidations=2 edits=0
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale=1 runs=3 entries=3700 commits=200000 days=1500 consolidations=0 edits=300 ;;
    --split) split=1 ;;
    --runs) runs=$2; shift ;;
    --sample) sample=$2; shift ;;
    --full-loop) sample=1 ;;
    --loop-runs) loop_runs=$2; shift ;;
    --fresh) fresh=1 ;;
    --entries) entries=$2; shift ;;
    --commits) commits=$2; shift ;;
    --days) days=$2; shift ;;
    --consolidations) consolidations=$2; shift ;;
    --edits) edits=$2; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
  shift
done

root=$(cd "$(dirname "$0")/.." && pwd)
bench="$root/bench"
make_repo="$bench/make_repo.py"
# shellcheck source=bench/lib.sh
. "$bench/lib.sh"
need git python3 cargo
build_release

out="$bench/out"
repo="$out/repo-e$entries-c$commits-d$days-k$consolidations-x$edits"
split_flag=()
if [ "$split" = 1 ]; then repo="$repo-split"; split_flag=(--split); fi
mkdir -p "$out"
if [ "$fresh" = 1 ] || [ ! -f "$repo/agents/learnings.md" ]; then
  echo "building the synthetic repository in $repo ..." >&2
  rm -rf "$repo"
  python3 "$make_repo" "$repo" --entries "$entries" --commits "$commits" --days "$days" \
    --consolidations "$consolidations" --edits "$edits" "${split_flag[@]}"
fi
file=agents/learnings.md
# A git that reads the user's configuration would measure that configuration, not git.
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null

mapfile -t headings < <(grep -n '^## ' "$repo/$file" | cut -d: -f1)
n=${#headings[@]}
[ "$n" -gt 0 ] || { echo "bench/ages.sh: no headings in $repo/$file" >&2; exit 1; }

# (a) The git floor: what any tool needs at least, in two git processes.
ranges=()
for line in "${headings[@]}"; do ranges+=(-L "$line,$line"); done
# With a split, git must follow copies to get the dates right, and it finds a copied block only
# when blaming the whole file (a lone heading line is under its 40-character threshold).
blame_floor=(git blame --first-parent --line-porcelain "${ranges[@]}" -- "$file")
[ "$split" = 1 ] && blame_floor=(git blame -C -C --first-parent --line-porcelain -- "$file")
{
  echo "${blame_floor[*]}"
  echo 'git log --format=%ad --date=short'
} >"$out/floor.sh"

# (b) The original's method, once per entry (on a sample unless --full-loop).
sampled=()
for ((i = 0; i < n; i += sample)); do sampled+=("${headings[i]}"); done
cat >"$out/loop.sh" <<EOF
for line in ${sampled[*]}; do
  t=\$(git blame -C -C --first-parent --line-porcelain -L "\$line,\$line" -- $file | sed -n 's/^author-time //p')
  git log --since="@\$t" --format=%ad --date=short | sort -u | wc -l
done
EOF

measure() { python3 "$bench/measure.py" --cwd "$repo" "$@"; }
if [ "$scale" = 1 ] || [ "$split" = 1 ]; then
  echo "timing: git floor, learnings ($runs runs each) ..." >&2
else
  echo "timing: git floor, learnings ($runs runs each), per-entry loop (${#sampled[@]} of $n entries) ..." >&2
fi
read -r floor_ms floor_cpu floor_rss < <(measure --runs "$runs" -- sh "$out/floor.sh")
read -r ours_ms ours_cpu ours_rss < <(measure --runs "$runs" -- "$learnings" ages --format json "$file")
loop_ms=0 loop_cpu=0
if [ "$scale" = 0 ] && [ "$split" = 0 ]; then
  read -r loop_ms loop_cpu _ < <(measure --runs "$loop_runs" --warmup 0 -- sh "$out/loop.sh")
fi

# Peak RSS: GNU time if it is there, else what getrusage saw above.
rss_source="getrusage"
if /usr/bin/time -v true >/dev/null 2>&1; then
  ours_rss=$(cd "$repo" && /usr/bin/time -v "$learnings" ages --format json "$file" 2>&1 >/dev/null |
    sed -n 's/.*Maximum resident set size (kbytes): //p')
  floor_rss=$(cd "$repo" && /usr/bin/time -v sh "$out/floor.sh" 2>&1 >/dev/null |
    sed -n 's/.*Maximum resident set size (kbytes): //p')
  rss_source="/usr/bin/time -v"
fi
# The same peak, split: memory learnings allocated, and pages of files it maps (the pack).
read -r ours_anon ours_file < <(python3 "$bench/rss_split.py" --cwd "$repo" -- "$learnings" ages --format json "$file")

python3 - "$floor_ms" "$floor_cpu" "$ours_ms" "$ours_cpu" "$loop_ms" "$loop_cpu" "$ours_rss" \
  "$n" "${#sampled[@]}" "$runs" "$loop_runs" "$sample" "$rss_source" "$scale" "$floor_rss" "$split" \
  "$ours_anon" "$ours_file" <<'EOF'
import sys
split_run = sys.argv[16] == "1"
floor, floor_cpu, ours, ours_cpu, loop, loop_cpu = map(float, sys.argv[1:7])
rss_kb, n, k, runs, loop_runs, sample = map(int, sys.argv[7:13])
rss_source = sys.argv[13]
scale_run, floor_rss_kb = sys.argv[14] == "1", int(sys.argv[15])
no_loop = scale_run or split_run
max_vs_floor, max_rss_mb = (1.2, 300) if scale_run else (1.5, 200)
scale = n / k
loop, loop_cpu = loop * scale, loop_cpu * scale
def s(ms): return f"{ms / 1000:8.3f} s"
print()
print(f"{'method':<44} {'runs':>4} {'median wall':>12} {'median cpu':>12} {'wall/floor':>10}")
rows = [("git floor (1 blame -C -C + 1 log)" if split_run else "git floor (1 blame + 1 log)", runs, floor, floor_cpu),
        ("learnings ages --format json", runs, ours, ours_cpu)]
if not no_loop:
    rows.append(("per-entry loop (blame -C -C + log --since)" if k == n else
                 f"per-entry loop, {k}/{n} entries, extrapolated", loop_runs, loop, loop_cpu))
for name, r, wall, cpu in rows:
    print(f"{name:<44} {r:>4} {s(wall):>12} {s(cpu):>12} {wall / floor:>9.2f}x")
print()
def verdict(ok): return "met" if ok else "MISSED"
vs_floor, vs_floor_cpu = ours / floor, ours_cpu / floor_cpu
speedup, speedup_cpu = loop / ours, loop_cpu / ours_cpu
print(f"learnings / git floor:    {vs_floor:7.2f}x wall, {vs_floor_cpu:7.2f}x cpu   "
      f"(target <= {max_vs_floor}x: {verdict(vs_floor <= max_vs_floor)})")
if not no_loop:
    print(f"per-entry loop / learnings: {speedup:7.1f}x wall, {speedup_cpu:7.1f}x cpu "
          f"(target >= 100x: {verdict(speedup >= 100)})")
print(f"peak RSS of learnings:    {rss_kb / 1024:7.1f} MB ({rss_source}) "
      f"(target <= {max_rss_mb} MB: {verdict(rss_kb <= max_rss_mb * 1024)}); "
      f"git floor {floor_rss_kb / 1024:.1f} MB")
anon, mapped = sys.argv[17:19]
if anon != "-":
    anon_kb, mapped_kb = int(anon), int(mapped)
    print(f"  of which allocated:     {anon_kb / 1024:7.1f} MB (anonymous; target <= {max_rss_mb} MB: "
          f"{verdict(anon_kb <= max_rss_mb * 1024)}), mapped from files {mapped_kb / 1024:.1f} MB "
          "(the pack, read in place by gix as by git)")
if scale_run:
    print(f"scale run: {n} entries at HEAD")
if split_run:
    print(f"split run: entries crossed a split of the file, {n} entries at HEAD")
if k != n and not no_loop:
    print(f"note: the per-entry loop ran on every {sample}th entry ({k} of {n}) and was scaled by {scale:.2f}; "
          "--full-loop times all of them")
EOF

# Correctness: learnings must agree with git blame (following copies after a split).
echo
(cd "$repo" && "$learnings" ages --format json "$file" >"$out/ages.json" &&
  "${blame_floor[@]}" >"$out/blame.txt" &&
  git log --format=%ad --date=short >"$out/log.txt")
check_flags=()
[ "$split" = 1 ] && check_flags=(--entries-only)
python3 "$bench/check_ages.py" "$out/ages.json" "$out/blame.txt" "$out/log.txt" "${check_flags[@]}"
