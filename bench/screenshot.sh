#!/usr/bin/env bash
# Render the HTML report of the demo repository in headless Chromium and save a screenshot.
#
# A real browser is the judge of the page: layout, the inline SVG charts, the colour scheme.
# Needs Debian's `chromium` package (apt-get install chromium); skips with a message (exit 0)
# where it is missing. Writes bench/out/report.html and bench/out/report.png (or the path given
# with --png); --dark renders with the dark colour scheme.
set -euo pipefail

png="" dark=0
while [ $# -gt 0 ]; do
  case "$1" in
    --png) png=$2; shift ;;
    --dark) dark=1 ;;
    -h|--help) echo "usage: bench/screenshot.sh [--png PATH] [--dark]"; exit 0 ;;
    *) echo "usage: bench/screenshot.sh [--png PATH] [--dark]" >&2; exit 2 ;;
  esac
  shift
done

browser=""
for candidate in chromium chromium-browser; do
  if command -v "$candidate" >/dev/null; then browser=$candidate; break; fi
done
if [ -z "$browser" ]; then
  echo "bench/screenshot.sh: skipped: chromium not found (apt-get update && apt-get install -y chromium)"
  exit 0
fi

root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/bench/out"
mkdir -p "$out"
[ -n "$png" ] || { if [ "$dark" = 1 ]; then png="$out/report-dark.png"; else png="$out/report.png"; fi; }

echo "building learnings ..." >&2
cargo build --quiet --manifest-path "$root/Cargo.toml"
target_dir=$(cargo metadata --format-version 1 --no-deps --manifest-path "$root/Cargo.toml" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
learnings="$target_dir/debug/learnings"

work=$(mktemp -d)
profile=$(mktemp -d)
trap 'rm -rf "$work" "$profile"' EXIT
"$learnings" demo --keep "$work/demo" >/dev/null
"$learnings" -C "$work/demo" report --out "$out/report.html" >/dev/null

flags=(--headless --no-sandbox --disable-gpu --disable-background-networking
  --disable-component-update --no-first-run --user-data-dir="$profile"
  --hide-scrollbars --window-size=1000,2400 --screenshot="$png")
[ "$dark" = 1 ] && flags+=(--force-dark-mode --blink-settings=preferredColorScheme=0)
"$browser" "${flags[@]}" "file://$out/report.html" >"$out/chromium.log" 2>&1 || {
  echo "bench/screenshot.sh: chromium failed; see $out/chromium.log" >&2
  exit 1
}
[ -s "$png" ] || { echo "bench/screenshot.sh: no screenshot written; see $out/chromium.log" >&2; exit 1; }
echo "screenshot: $png (report: $out/report.html)"
