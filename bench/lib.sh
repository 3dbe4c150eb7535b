# Sourced by the benchmarks after `root` is set: the tools they need, and the release binary
# they time.

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
