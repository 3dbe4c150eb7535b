#!/usr/bin/env bash
# Benchmark of the incremental cache of `learnings ages` (issue 20) against `--no-cache` timed
# beside it, on one synthetic 200,000-commit history; see bench/README.md. Measures:
#   warm        `ages --format json` with the cache at HEAD, nothing changed (target <= 20 ms)
#   new commit  the cache at B, HEAD one commit later that adds an entry: the cache file is put
#               back before each run, untimed, so every run reads one commit (target <= 100 ms)
#   hook        `learnings hook session-start` with the cache at HEAD (target <= 10 ms)
#   size        the cache file with its most checkpoints, per 1,000 entries (target <= 1 MB)
#   cold        no cache folder (removed before each run) against --no-cache, interleaved
#               (target: at most 1.05x)
# and checks that the cached output is byte for byte the --no-cache output in each state.
# Exits 1 when a target is missed or an output differs.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/cache.sh [--runs N] [--cold-runs N] [--fresh] [--repo DIR]
                      [--entries N] [--commits M] [--days D] [--consolidations K]

  --runs N        timed runs of the fast cases, after 20 warm-up runs (default 30)
  --cold-runs N   timed runs of each side of the cold case and of the --no-cache baselines,
                  after one warm-up, interleaved (default 3; each takes seconds)
  --fresh         rebuild the synthetic repository even if bench/out has it
  --repo DIR      start from a clone of an existing repository (its agents/learnings.md)
  the rest go to the generator (defaults: 2000 entries, 200000 commits, 2500 days, 1)
  MAKE_REPO=PATH  another generator with the same flags (default bench/make_repo.py)

The runs work in a local clone of the repository (under bench/out, removed at the end), to
which they add up to three commits; the repository itself is never written to.
USAGE
}

runs=30 cold_runs=3 fresh=0 given=""
entries=2000 commits=200000 days=2500 consolidations=1
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift ;;
    --cold-runs) cold_runs=$2; shift ;;
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
make_repo=${MAKE_REPO:-$bench/make_repo.py}
# shellcheck source=bench/lib.sh
. "$bench/lib.sh"
need git python3 cargo
build_release
# A git that reads the user's configuration would commit with the user's hooks and settings.
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
unset LEARNINGS_DEBUG CLAUDE_PROJECT_DIR

out="$bench/out"
mkdir -p "$out"
if [ -n "$given" ]; then
  base=$(cd "$given" && pwd)
else
  # Two generators give two histories from the same flags: the folder names the generator.
  gen=$(sha1sum <"$make_repo" | cut -c1-8)
  base="$out/cache-e$entries-c$commits-d$days-k$consolidations-g$gen"
  if [ "$fresh" = 1 ] || [ ! -f "$base/agents/learnings.md" ]; then
    echo "building the synthetic repository in $base (minutes) ..." >&2
    rm -rf "$base"
    python3 "$make_repo" "$base" --entries "$entries" --commits "$commits" --days "$days" \
      --consolidations "$consolidations"
  fi
fi

# A local clone shares the pack (hard links) and takes a second; commits and caches stay in it.
work=$(mktemp -d "$out/cache-run.XXXXXX")
trap 'rm -rf "$work"' EXIT
repo="$work/repo"
git clone -q "$base" "$repo"
export LEARNINGS_DATA_DIR="$work/data"
cd "$repo"
cache_dir="$(git rev-parse --path-format=absolute --git-common-dir)/learnings"
cache_file="$cache_dir/ages-agents%2Flearnings.md.json"
file=agents/learnings.md
printf '{"session_id":"bench","cwd":"%s","source":"startup","hook_event_name":"SessionStart"}\n' \
  "$repo" >"$work/session.json"

# timed SPEC...: interleaved runs of `ages --format json`, one warm-up of each then --cold-runs
# each, the order turning each round. A SPEC is `nocache` or `cold` (the cache folder removed
# first, untimed). Prints, per SPEC, `median_wall_us median_cpu_us`, and leaves the output of
# each in $work/SPEC.json.
timed() {
  python3 - "$learnings" "$cache_dir" "$work" "$cold_runs" "$@" <<'PY'
import os, resource, shutil, statistics, subprocess, sys, time
binary, cache_dir, work, runs, specs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5:]
def cpu():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime
def run(spec):
    argv = [binary] + (["--no-cache"] if spec == "nocache" else []) + ["ages", "--format", "json"]
    if spec == "cold":
        shutil.rmtree(cache_dir, ignore_errors=True)
    with open(os.path.join(work, spec + ".json"), "wb") as out:
        c0, t0 = cpu(), time.perf_counter()
        done = subprocess.run(argv, stdout=out)
        wall, used = time.perf_counter() - t0, cpu() - c0
    if done.returncode != 0:
        sys.exit(f"bench/cache.sh: {' '.join(argv)} failed with exit code {done.returncode}")
    return wall, used
for spec in specs:
    run(spec)
samples = {spec: [] for spec in specs}
for i in range(runs):
    order = specs if i % 2 == 0 else specs[::-1]
    for spec in order:
        samples[spec].append(run(spec))
for spec in specs:
    wall = statistics.median(s[0] for s in samples[spec])
    used = statistics.median(s[1] for s in samples[spec])
    print(int(wall * 1e6), int(used * 1e6))
PY
}
# same A B: OK when the two outputs are byte for byte the same, else DIFF.
same() { if cmp -s "$1" "$2"; then echo OK; else echo DIFF; fi; }
cached_output() { "$learnings" ages --format json >"$1"; }
# commit_entry N: commits one new entry, a day after HEAD, so the history stays in date order.
commit_entry() {
  local when
  when=$(($(git log -1 --format=%at) + 86400))
  printf '## Check the cache before the bench (%s)\n- Symptom: a new entry on top of the cache.\n- Fix: read one commit.\n\n' \
    "$1" >>"$file"
  GIT_AUTHOR_DATE="@$when +0000" GIT_COMMITTER_DATE="@$when +0000" \
    git -c user.name=Bench -c user.email=bench@example.com commit -q -m "learnings: bench entry $1" -- "$file"
}

# 5, cold: no cache against --no-cache, at B. The cold runs leave the cache at B behind.
echo "timing at B: --no-cache and cold, $cold_runs runs each, interleaved ..." >&2
{ read -r nocache_us nocache_cpu; read -r cold_us cold_cpu; } < <(timed nocache cold)
cp "$work/nocache.json" "$work/nocache-B.json"
check_cold=$(same "$work/cold.json" "$work/nocache-B.json")

# 1, warm: the cache at HEAD.
cached_output "$work/warm.json"
check_warm=$(same "$work/warm.json" "$work/nocache-B.json")
echo "timing at B: warm cache, $runs runs ..." >&2
warm_us=$(median_us "$learnings ages --format json" /dev/null)

# 3, the SessionStart hook with the cache at HEAD, beside process start-up.
"$learnings" hook session-start <"$work/session.json" >"$work/hook.json"
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$work/hook.json" ||
  { echo "bench/cache.sh: the hook did not print JSON" >&2; exit 1; }
echo "timing at B: hook session-start and learnings --version, $runs runs each ..." >&2
hook_us=$(median_us "$learnings hook session-start" "$work/session.json")
floor_us=$(median_us "$learnings --version" /dev/null)

# 2, one new commit: the cache at B put back before each run, HEAD at C.
cp "$cache_file" "$work/cache-B.json"
commit_entry C
echo "timing at C: --no-cache, $cold_runs runs ..." >&2
read -r nocache_c_us nocache_c_cpu < <(timed nocache)
restore="cp '$work/cache-B.json' '$cache_file'"
eval "$restore"
cached_output "$work/new.json"
check_new=$(same "$work/new.json" "$work/nocache.json")
echo "timing at C: the cache at B, $runs runs ..." >&2
new_us=$(median_us "$learnings ages --format json" /dev/null "$restore")

# 4, size: two more commits, each read once, fill the cache to its four checkpoints (B..E).
eval "$restore"
cached_output "$work/new.json"
for name in D E; do
  commit_entry "$name"
  cached_output "$work/full.json"
done
timed nocache >/dev/null
check_full=$(same "$work/full.json" "$work/nocache.json")
cache_bytes=$(wc -c <"$cache_file")
read -r checkpoints at_head < <(python3 -c '
import json, sys
cache, ages = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
print(len(cache["checkpoints"]), len(ages["entries"]))' "$cache_file" "$work/full.json")

python3 - "$warm_us" "$nocache_us" "$new_us" "$nocache_c_us" "$hook_us" "$floor_us" \
  "$cache_bytes" "$checkpoints" "$at_head" "$cold_us" "$cold_cpu" "$nocache_cpu" \
  "$check_cold" "$check_warm" "$check_new" "$check_full" "$runs" "$cold_runs" "$(head -c 400 "$work/hook.json")" <<'PY'
import sys
a = sys.argv[1:]
warm, nocache, new, nocache_c, hook, floor, size, checkpoints, at_head, cold, cold_cpu, nocache_cpu = map(int, a[:12])
checks = dict(zip(["cold", "warm", "new commit", "4 checkpoints"], a[12:16]))
runs, cold_runs, hook_out = int(a[16]), int(a[17]), a[18]
def t(us): return f"{us / 1000:8.2f} ms" if us < 1_000_000 else f"{us / 1e6:8.3f} s "
per_k = size * 1000 / at_head
rows = [
    ("warm, nothing changed", t(warm), "--no-cache " + t(nocache), warm / nocache, "<= 20 ms", warm <= 20_000),
    ("one new commit (cache at B)", t(new), "--no-cache " + t(nocache_c), new / nocache_c, "<= 100 ms", new <= 100_000),
    ("hook session-start, warm", t(hook), "--version  " + t(floor), hook / floor, "<= 10 ms", hook <= 10_000),
    (f"cache size, {checkpoints} checkpoints", f"{per_k / 1000:8.1f} KB", f"per 1,000 of {at_head} entries", None,
     "<= 1 MB", per_k <= 1_000_000),
    ("cold (no cache folder)", t(cold), "--no-cache " + t(nocache), cold / nocache, "<= 1.05x", cold <= 1.05 * nocache),
]
print()
print(f"Cache benchmark: medians of {runs} runs (warm, new commit, hook) and {cold_runs} (cold, --no-cache), whole process")
print(f"{'measure':<30} {'median':>11}   {'baseline':<22} {'ratio':>7}  {'target':<9} met")
for name, median, base, ratio, target, ok in rows:
    r = "" if ratio is None else f"{ratio:.3f}" if ratio < 1 else f"{ratio:.2f}x"
    print(f"{name:<30} {median:>11}   {base:<22} {r:>7}  {target:<9} {'yes' if ok else 'NO'}")
print(f"cold, CPU time: {cold_cpu / 1e6:.3f} s against --no-cache {nocache_cpu / 1e6:.3f} s ({cold_cpu / nocache_cpu:.2f}x)")
print(f"cache file: {size:,} bytes, {size / checkpoints / 1000:.0f} KB per checkpoint")
print("cached output = --no-cache output: " + ", ".join(f"{k} {v}" for k, v in checks.items()))
print("hook output: " + hook_out)
missed = [name for name, *_, ok in rows if not ok]
if missed or any(v != "OK" for v in checks.values()):
    print("TARGETS NOT MET: " + ", ".join(missed + [f"output {k}" for k, v in checks.items() if v != "OK"]), file=sys.stderr)
    sys.exit(1)
print("targets met")
PY
