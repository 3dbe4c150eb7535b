#!/usr/bin/env bash
# Benchmark: `learnings check` (no paths) on a repository with 10,000 tracked files.
#
# The target is "well under 100 ms". The baseline is `git ls-files | wc -l` on the same
# repository, in the same run: the floor of "list the tracked files", so the ratio says what
# reading the rules, matching globs and counting lines costs on top, whatever the machine.
#
# Usage: bench/check.sh [FILES] [RUNS]   (defaults: 10000 files, 21 runs)
set -euo pipefail
cd "$(dirname "$0")/.."
files=${1:-10000}
runs=${2:-21}

cargo build --release --quiet
bin="${CARGO_TARGET_DIR:-target}/release/learnings"

work=$(mktemp -d "${TMPDIR:-/tmp}/learnings-bench-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
export GIT_AUTHOR_DATE="2026-03-01T12:00:00Z" GIT_COMMITTER_DATE="2026-03-01T12:00:00Z"

# 2% of the files are decision docs (300 lines, under the 400-line limit), the rest code and
# docs in 100 folders that no rule governs; plus the learnings file.
git init -q -b main "$work/repo"
repo="$work/repo"
# No background gc after the big commit: it would race the clean-up.
git -C "$repo" config gc.auto 0
git -C "$repo" config maintenance.auto false
line=$(printf 'a line of a decision record, long enough to be realistic ......\n')
doc300=$(for _ in $(seq 300); do echo "$line"; done)
decisions=$((files / 50))
mkdir -p "$repo/agents/decisions"
for i in $(seq 1 "$decisions"); do
    printf '%s\n' "$doc300" >"$repo/agents/decisions/decision-$i.md"
done
for d in $(seq 0 99); do mkdir -p "$repo/src/module$d"; done
for i in $(seq 1 $((files - decisions - 1))); do
    printf 'fn f%d() {}\n' "$i" >"$repo/src/module$((i % 100))/file$i.rs"
done
printf '# Learnings\n\n## One\nA lesson.\n' >"$repo/agents/learnings.md"
git -C "$repo" add -A
git -C "$repo" commit -q -m "$files files"
tracked=$(git -C "$repo" ls-files | wc -l | tr -d ' ')

# Milliseconds of each of $runs runs of a command, then their median.
median_ms() {
    local times=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s%N)
        "$@" >/dev/null
        end=$(date +%s%N)
        times+=("$(((end - start) / 1000))")
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { printf "%.1f", a[int((NR + 1) / 2)] / 1000 }'
}

ls_files() { git -C "$repo" ls-files | wc -l; }
check() { "$bin" -C "$repo" check; }
check                                 # warm the file cache; must pass
baseline=$(median_ms ls_files)
measured=$(median_ms check)
ratio=$(awk -v m="$measured" -v b="$baseline" 'BEGIN { printf "%.2f", m / b }')

echo "tracked files:            $tracked ($decisions under a limit)"
echo "git ls-files | wc -l:     ${baseline} ms (median of $runs)"
echo "learnings check:          ${measured} ms (median of $runs)"
echo "ratio check / baseline:   ${ratio}"
awk -v m="$measured" 'BEGIN { exit !(m < 100) }' || { echo "over the 100 ms target" >&2; exit 1; }

# The pre-commit hook's mode: one staged doc, every other file compared with HEAD by the index.
# Baseline: what the hook ran before, `git diff --cached --name-only` listing the staged paths.
echo "one more line" >>"$repo/agents/decisions/decision-1.md"
git -C "$repo" add agents/decisions/decision-1.md
staged_names() { git -C "$repo" diff --cached --name-only; }
staged() { "$bin" -C "$repo" check --staged; }
staged
staged_baseline=$(median_ms staged_names)
staged_measured=$(median_ms staged)
staged_ratio=$(awk -v m="$staged_measured" -v b="$staged_baseline" 'BEGIN { printf "%.2f", m / b }')
echo "git diff --cached --name-only: ${staged_baseline} ms (median of $runs)"
echo "learnings check --staged:      ${staged_measured} ms (median of $runs)"
echo "ratio staged / baseline:       ${staged_ratio}"
awk -v m="$staged_measured" 'BEGIN { exit !(m < 100) }' || { echo "check --staged over the 100 ms target" >&2; exit 1; }
