# Sourced by the benchmarks: the tools they need, the release binary they time (`root` set
# first), and a median timer.

# need TOOL...: exits 2, naming the script and the tool, when one is not on PATH.
need() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "bench/$(basename "$0"): $tool not found" >&2; exit 2; }
  done
}

# build_release: builds the release binary and sets `learnings` to it, wherever cargo puts it
# (CARGO_TARGET_DIR, a workspace's target folder).
build_release() {
  echo "building the release binary ..." >&2
  cargo build --release --quiet --manifest-path "$root/Cargo.toml"
  local target_dir
  target_dir=$(cargo metadata --format-version 1 --no-deps --manifest-path "$root/Cargo.toml" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
  learnings="$target_dir/release/learnings"
}

# use_hyperfine: whether to time with hyperfine (on PATH, and BENCH_NO_HYPERFINE unset).
use_hyperfine() { [ -z "${BENCH_NO_HYPERFINE:-}" ] && command -v hyperfine >/dev/null; }

# median_us COMMAND INPUT [PREPARE]: the median wall time in microseconds of `runs` runs of
# COMMAND (a command line, split on spaces) with stdin from INPUT, after 20 warm-up runs, in the
# current folder; PREPARE runs before each run, untimed. Needs `runs` and `work` (a scratch
# folder) set.
median_us() {
    local cmd=$1 input=$2 prepare=${3:-true}
    if use_hyperfine; then
        # hyperfine before 1.17 has no --input: its shell redirects, and hyperfine subtracts
        # the shell's own start-up time.
        hyperfine --warmup 20 --runs "$runs" --prepare "$prepare" --export-json "$work/h.json" \
            "$cmd <'$input' >/dev/null" >/dev/null 2>&1
        python3 -c 'import json, sys; print(int(json.load(open(sys.argv[1]))["results"][0]["median"] * 1e6))' "$work/h.json"
        return
    fi
    local times=() i start end argv
    read -r -a argv <<<"$cmd"
    for i in $(seq 1 20); do eval "$prepare"; "${argv[@]}" <"$input" >/dev/null; done
    for i in $(seq 1 "$runs"); do
        eval "$prepare"
        start=${EPOCHREALTIME/[.,]/}
        "${argv[@]}" <"$input" >/dev/null
        end=${EPOCHREALTIME/[.,]/}
        times+=($((end - start)))
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p"
}

# ms MICROSECONDS: as milliseconds, for a table. ratio A B: A / B, one decimal.
ms() { awk -v us="$1" 'BEGIN { printf "%6.2f ms", us / 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
