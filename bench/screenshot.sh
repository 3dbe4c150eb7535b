#!/usr/bin/env bash
# Render the HTML report of the demo repository (or of --repo DIR) in headless Chromium and save
# a screenshot.
#
# A real browser is the judge of the page: layout, the inline SVG charts, the colour scheme.
# Needs Debian's `chromium` package (apt-get install chromium); skips with a message (exit 0)
# where it is missing. Writes bench/out/report.html and bench/out/report.png (or the path given
# with --png); --dark renders with the dark colour scheme; --width 390 renders as a phone would.
# --repo DIR [--file PATH] reports on an existing repository instead of the demo.
set -euo pipefail

png="" dark=0 width=1000 repo="" file=""
usage="usage: bench/screenshot.sh [--png PATH] [--dark] [--width PX] [--repo DIR [--file PATH]]"
while [ $# -gt 0 ]; do
  case "$1" in
    --png) png=$2; shift ;;
    --dark) dark=1 ;;
    --width) width=$2; shift ;;
    --repo) repo=$(cd "$2" && pwd); shift ;;
    --file) file=$2; shift ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "$usage" >&2; exit 2 ;;
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
if [ -z "$repo" ]; then
  "$learnings" demo --keep "$work/demo" >/dev/null
  repo="$work/demo"
fi
"$learnings" -C "$repo" report ${file:+"$file"} --out "$out/report.html" >/dev/null

flags=(--headless --no-sandbox --disable-gpu --disable-background-networking
  --disable-component-update --no-first-run --user-data-dir="$profile"
  --hide-scrollbars --window-size="$width",2400 --screenshot="$png")
[ "$dark" = 1 ] && flags+=(--force-dark-mode --blink-settings=preferredColorScheme=0)
"$browser" "${flags[@]}" "file://$out/report.html" >"$out/chromium.log" 2>&1 || {
  echo "bench/screenshot.sh: chromium failed; see $out/chromium.log" >&2
  exit 1
}
[ -s "$png" ] || { echo "bench/screenshot.sh: no screenshot written; see $out/chromium.log" >&2; exit 1; }
echo "screenshot: $png (report: $out/report.html)"
