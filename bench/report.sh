#!/usr/bin/env bash
# Benchmark `learnings report` against `learnings ages` on a synthetic repository.
#
# The report does everything `ages` does plus the size history: a walk of the whole
# first-parent chain that reads each version of the file once. Target: the report takes at
# most 2x what `ages` takes, on the 200,000-commit benchmark repository. Prints the medians,
# the ratio, and whether the target is met (exit 1 when it is missed).
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/report.sh [--runs N] [--fresh] [--entries N] [--commits M] [--days D] [--consolidations K]
                       [--repo DIR]

  --runs N   timed runs of each command, after one warm-up (default 5)
  --fresh    rebuild the synthetic repository even if bench/out has it
  --repo DIR time an existing repository instead (its agents/learnings.md); nothing is written to it
  the rest go to make_repo.py (defaults: 3700 entries, 200000 commits, 1500 days, 0: the scale run of bench/ages.sh)
  MAKE_REPO=PATH picks another generator with the same flags (default bench/make_repo.py)
USAGE
}

runs=5 fresh=0 given=""
entries=3700 commits=200000 days=1500 consolidations=0
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift ;;
    --fresh) fresh=1 ;;
    --repo) given=$2; shift ;;
    --entries) entries=$2; shift ;;
    --commits) commits=$2; shift ;;
    --days) days=$2; shift ;;
    --consolidations) consolidations=$2; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
  shift
done

root=$(cd "$(dirname "$0")/.." && pwd)
bench="$root/bench"
# MAKE_REPO names another generator with the same flags.
make_repo=${MAKE_REPO:-$bench/make_repo.py}
# shellcheck source=bench/lib.sh
. "$bench/lib.sh"
need git python3 cargo
build_release

out="$bench/out"
repo="$out/report-e$entries-c$commits-d$days-k$consolidations"
mkdir -p "$out"
if [ -n "$given" ]; then
  repo=$(cd "$given" && pwd)
elif [ "$fresh" = 1 ] || [ ! -f "$repo/agents/learnings.md" ]; then
  echo "building the synthetic repository in $repo ..." >&2
  rm -rf "$repo"
  python3 "$make_repo" "$repo" --entries "$entries" --commits "$commits" --days "$days" \
    --consolidations "$consolidations"
fi
file=agents/learnings.md
page="$out/report.html"

measure() { python3 "$bench/measure.py" --cwd "$repo" "$@"; }
echo "timing: ages and report, $runs runs each ..." >&2
read -r ages_ms ages_cpu ages_rss < <(measure --runs "$runs" -- "$learnings" ages --format json "$file")
read -r report_ms report_cpu report_rss < <(measure --runs "$runs" -- "$learnings" report "$file" --out "$page")
versions=$(cd "$repo" && git log --first-parent --format=%H -- "$file" | wc -l)

python3 - "$ages_ms" "$ages_cpu" "$ages_rss" "$report_ms" "$report_cpu" "$report_rss" "$runs" "$versions" <<'PY'
import sys
ages, ages_cpu, ages_rss, report, report_cpu, report_rss = map(float, sys.argv[1:7])
runs, versions = int(sys.argv[7]), int(sys.argv[8])
def s(ms): return f"{ms / 1000:8.3f} s"
print()
print(f"{'command':<40} {'runs':>4} {'median wall':>12} {'median cpu':>12} {'peak RSS':>10}")
for name, wall, cpu, rss in [("learnings ages --format json", ages, ages_cpu, ages_rss),
                             ("learnings report", report, report_cpu, report_rss)]:
    print(f"{name:<40} {runs:>4} {s(wall):>12} {s(cpu):>12} {rss / 1024:7.1f} MB")
print()
ratio, ratio_cpu = report / ages, report_cpu / ages_cpu
ok = ratio <= 2.0
print(f"report / ages: {ratio:5.2f}x wall, {ratio_cpu:5.2f}x cpu "
      f"(target <= 2x wall: {'met' if ok else 'MISSED'}); {versions} first-parent versions of the file")
sys.exit(0 if ok else 1)
PY
