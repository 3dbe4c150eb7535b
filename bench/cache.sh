#!/usr/bin/env bash
# Benchmark of the incremental cache of `learnings ages` (issue 20) against `--no-cache` timed
# beside it, on one synthetic 200,000-commit history; see bench/README.md. Measures:
#   warm        `ages --format json` with the cache at HEAD, nothing changed (target <= 20 ms);
#               timed with one checkpoint in the cache, then with four (the most it keeps)
#   new commit  the cache at B, HEAD one commit later that adds an entry: the cache file is put
#               back before each run, untimed, so every run reads one commit (target <= 100 ms)
#   hook        `learnings hook session-start` with the cache at HEAD (target <= 10 ms)
#   size        the cache file with its most checkpoints, per 1,000 entries (target <= 1 MB)
#   cold        no cache folder (removed before each run) against --no-cache, interleaved
#               (target: at most 1.05x)
# and checks that the cached output is byte for byte the --no-cache output in each state. Wall
# time is judged; the median CPU time (user + system) is printed beside it, steadier when the
# machine is busy.
# Exits 1 when a target is missed or an output differs.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/cache.sh [--runs N] [--cold-runs N] [--fresh] [--repo DIR]
                      [--entries N] [--commits M] [--days D] [--consolidations K]

  --runs N        timed runs of the fast cases, after 20 warm-up runs (default 30)
  --cold-runs N   timed runs of each side of the cold case and of the --no-cache baselines,
                  after one warm-up, interleaved (default 5; each takes seconds)
  --fresh         rebuild the synthetic repository even if bench/out has it
  --repo DIR      start from a clone of an existing repository (its agents/learnings.md)
  the rest go to the generator (defaults: 2000 entries, 200000 commits, 2500 days, 1)
  MAKE_REPO=PATH  another generator with the same flags (default bench/make_repo.py)

The runs work in a local clone of the repository (under bench/out, removed at the end), to
which they add up to three commits; the repository itself is never written to.
USAGE
}

runs=30 cold_runs=5 fresh=0 given=""
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
# SessionStart warms a missing cache in a background process: none may run beside the timings.
export LEARNINGS_WARM=0

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
# first, untimed). Prints, per SPEC, `median_wall_us median_cpu_us min_wall_us max_wall_us`, and
# leaves the output of each in $work/SPEC.json.
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
    walls = [s[0] for s in samples[spec]]
    print(int(wall * 1e6), int(used * 1e6), int(min(walls) * 1e6), int(max(walls) * 1e6))
PY
}
# cpu_us COMMAND INPUT [PREPARE]: the median CPU time (user + system) in microseconds of `runs`
# runs of COMMAND with stdin from INPUT, PREPARE before each, untimed: steadier than wall time
# on a busy machine, and the part of it that is the program's own.
cpu_us() {
  python3 - "$runs" "$1" "$2" "${3:-true}" <<'PY'
import resource, statistics, subprocess, sys
runs, argv, source, prepare = int(sys.argv[1]), sys.argv[2].split(), sys.argv[3], sys.argv[4]
def cpu():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime
samples = []
for _ in range(runs):
    subprocess.run(prepare, shell=True, check=True)
    with open(source, "rb") as stdin:
        before = cpu()
        subprocess.run(argv, stdin=stdin, stdout=subprocess.DEVNULL, check=True)
        samples.append(cpu() - before)
print(int(statistics.median(samples) * 1e6))
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
ages="$learnings ages --format json"

# 5, cold: no cache against --no-cache, at B. The cold runs leave the cache at B behind.
echo "timing at B: --no-cache and cold, $cold_runs runs each, interleaved ..." >&2
{
  read -r nocache_us nocache_cpu nocache_min nocache_max
  read -r cold_us cold_cpu cold_min cold_max
} < <(timed nocache cold)
cp "$work/nocache.json" "$work/nocache-B.json"
check_cold=$(same "$work/cold.json" "$work/nocache-B.json")

# 1, warm: the cache at HEAD, one checkpoint.
cached_output "$work/warm.json"
check_warm=$(same "$work/warm.json" "$work/nocache-B.json")
echo "timing at B: warm cache, $runs runs ..." >&2
warm_us=$(median_us "$ages" /dev/null)
warm_cpu=$(cpu_us "$ages" /dev/null)

# 3, the SessionStart hook with the cache at HEAD, beside process start-up.
"$learnings" hook session-start <"$work/session.json" >"$work/hook.json"
hook_line=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["hookSpecificOutput"]["additionalContext"].splitlines()[-1])' "$work/hook.json") ||
  { echo "bench/cache.sh: the hook did not print its JSON: $(cat "$work/hook.json")" >&2; exit 1; }
# With the cache at HEAD the hook reads the freshness line the last run saved, not the size alone.
case "$hook_line" in
  *"older than"*) ;;
  *) echo "bench/cache.sh: no freshness line from the warm cache: $hook_line" >&2; exit 1 ;;
esac
echo "timing at B: hook session-start and learnings --version, $runs runs each ..." >&2
hook_us=$(median_us "$learnings hook session-start" "$work/session.json")
hook_cpu=$(cpu_us "$learnings hook session-start" "$work/session.json")
floor_us=$(median_us "$learnings --version" /dev/null)
floor_cpu=$(cpu_us "$learnings --version" /dev/null)

# 2, one new commit: the cache at B put back before each run, HEAD at C.
cp "$cache_file" "$work/cache-B.json"
commit_entry C
echo "timing at C: --no-cache, $cold_runs runs ..." >&2
read -r nocache_c_us nocache_c_cpu _ < <(timed nocache)
restore="cp '$work/cache-B.json' '$cache_file'"
eval "$restore"
cached_output "$work/new.json"
check_new=$(same "$work/new.json" "$work/nocache.json")
echo "timing at C: the cache at B, $runs runs ..." >&2
new_us=$(median_us "$ages" /dev/null "$restore")
new_cpu=$(cpu_us "$ages" /dev/null "$restore")

# 4, size: two more commits, each read once, fill the cache to its four checkpoints (B to E),
# as any cache is after a few commits; warm is timed again on it.
eval "$restore"
cached_output "$work/new.json"
for name in D E; do
  commit_entry "$name"
  cached_output "$work/full.json"
done
"$learnings" --no-cache ages --format json >"$work/nocache-E.json"
check_full=$(same "$work/full.json" "$work/nocache-E.json")
echo "timing at E: warm cache of four checkpoints, $runs runs ..." >&2
full_us=$(median_us "$ages" /dev/null)
full_cpu=$(cpu_us "$ages" /dev/null)
ages_bytes=$(wc -c <"$cache_file")
folder_bytes=$(cat "$cache_dir"/* | wc -c)
read -r checkpoints at_head < <(python3 -c '
import json, sys
cache, ages = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
print(len(cache["checkpoints"]), len(ages["entries"]))' "$cache_file" "$work/full.json")

export warm_us warm_cpu nocache_us nocache_cpu nocache_min nocache_max cold_us cold_cpu cold_min \
  cold_max new_us new_cpu nocache_c_us nocache_c_cpu hook_us hook_cpu floor_us floor_cpu full_us \
  full_cpu ages_bytes folder_bytes checkpoints at_head check_cold check_warm check_new check_full \
  hook_line runs cold_runs
python3 - <<'PY'
import os, sys
v = {k: int(x) if x.isdigit() else x for k, x in os.environ.items()}
def t(us): return f"{us / 1000:7.2f} ms" if us < 1_000_000 else f"{us / 1e6:7.3f} s "
per_k = v["folder_bytes"] * 1000 / v["at_head"]
nocache = "--no-cache " + t(v["nocache_us"])
rows = [
    ("warm, nothing changed", v["warm_us"], v["warm_cpu"], nocache, v["nocache_us"], "<= 20 ms", 20_000),
    (f"warm, {v['checkpoints']} checkpoints", v["full_us"], v["full_cpu"], nocache, v["nocache_us"], "<= 20 ms", 20_000),
    ("one new commit (cache at B)", v["new_us"], v["new_cpu"], "--no-cache " + t(v["nocache_c_us"]),
     v["nocache_c_us"], "<= 100 ms", 100_000),
    ("hook session-start, warm", v["hook_us"], v["hook_cpu"], "--version  " + t(v["floor_us"]), v["floor_us"],
     "<= 10 ms", 10_000),
    ("cold (no cache folder)", v["cold_us"], v["cold_cpu"], nocache, v["nocache_us"], "<= 1.05x",
     1.05 * v["nocache_us"]),
]
print()
print(f"Cache benchmark, whole process: medians of {v['runs']} runs, {v['cold_runs']} for cold and --no-cache")
print(f"{'measure':<29} {'median':>10} {'cpu':>10}   {'baseline':<21} {'ratio':>6}  {'target':<9} met")
missed = []
for name, wall, cpu, base, base_us, target, limit in rows:
    ratio = wall / base_us
    r = f"{ratio:.3f}" if ratio < 1 else f"{ratio:.2f}x"
    ok = wall <= limit
    missed += [] if ok else [name]
    print(f"{name:<29} {t(wall):>10} {t(cpu):>10}   {base:<21} {r:>6}  {target:<9} {'yes' if ok else 'NO'}")
ok = per_k <= 1_000_000
missed += [] if ok else ["cache size"]
size = f"{per_k / 1000:7.1f} KB"
print(f"{'cache size per 1,000 entries':<29} {size:>10} {'':>10}   {str(v['at_head']) + ' entries':<21} {'':>6}  "
      f"{'<= 1 MB':<9} {'yes' if ok else 'NO'}")
print()
print(f"cold: wall {v['cold_min'] / 1e6:.3f} to {v['cold_max'] / 1e6:.3f} s, --no-cache {v['nocache_min'] / 1e6:.3f} "
      f"to {v['nocache_max'] / 1e6:.3f} s; cpu ratio {v['cold_cpu'] / v['nocache_cpu']:.2f}x")
print(f"cache folder: {v['folder_bytes']:,} bytes, of which ages: {v['ages_bytes']:,} in {v['checkpoints']} checkpoints "
      f"({v['ages_bytes'] / v['checkpoints'] / 1000:.0f} KB each)")
checks = {k: v["check_" + k] for k in ["cold", "warm", "new", "full"]}
print("cached output = --no-cache output: " + ", ".join(f"{k} {x}" for k, x in checks.items()))
print("hook line: " + v["hook_line"])
missed += [f"output {k}" for k, x in checks.items() if x != "OK"]
if missed:
    print("TARGETS NOT MET: " + ", ".join(missed), file=sys.stderr)
    sys.exit(1)
print("targets met")
PY
