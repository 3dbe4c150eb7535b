#!/usr/bin/env bash
# Benchmark: `learnings lint` on a repository with 200 instruction files and 5,000 source files.
#
# The target (issue 32) is 200 ms for the whole process. The baseline is `git ls-files | xargs
# cat` of the instruction files on the same repository, in the same run: the floor of "list the
# files and read the ones that matter", so the ratio says what modelling six clients and every
# finding costs on top, whatever the machine.
#
# The 200 instruction files mix every kind: nested CLAUDE.md and AGENTS.md, `.claude/rules` with
# `paths:`, `.cursor/rules` with `globs:`, Copilot path files with `applyTo:`, imports, commands
# and paths that rot, and repeated instructions.
#
# Usage: bench/lint.sh [RUNS]   (default 21 runs)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-21}

cargo build --release --quiet
bin="${CARGO_TARGET_DIR:-target}/release/learnings"

work=$(mktemp -d "${TMPDIR:-/tmp}/learnings-bench-lint.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
export GIT_AUTHOR_DATE="2026-03-01T12:00:00Z" GIT_COMMITTER_DATE="2026-03-01T12:00:00Z"

repo="$work/repo"
git init -q -b main "$repo"
git -C "$repo" config gc.auto 0
git -C "$repo" config maintenance.auto false

# 5,000 source files in 50 packages of 100 files.
for p in $(seq 0 49); do
    mkdir -p "$repo/packages/pkg$p/src"
    for i in $(seq 0 99); do
        printf 'export const f%d = %d;\n' "$i" "$i" >"$repo/packages/pkg$p/src/file$i.ts"
    done
    printf '{"name": "pkg%d", "scripts": {"build": "tsc", "test": "vitest"}}\n' "$p" >"$repo/packages/pkg$p/package.json"
done
printf '{"scripts": {"build": "turbo build", "lint": "eslint ."}}\n' >"$repo/package.json"
printf 'all:\n\techo all\ntest:\n\techo test\n' >"$repo/Makefile"

body() {
    # Twenty instructions, a code block and a path: a realistic instruction file.
    for n in $(seq 1 20); do
        printf -- '- Rule %d of %s: keep the handlers small and test each public function.\n' "$n" "$1"
    done
    printf '\nRun `pnpm run build` then `make test`; see `packages/pkg1/src/file1.ts`.\n\n```sh\nnpm run lint\n```\n'
}
{ printf '# Project\n\n@docs/conventions.md\n\n'; body root; } >"$repo/CLAUDE.md"
mkdir -p "$repo/docs" && body conventions >"$repo/docs/conventions.md"
body agents >"$repo/AGENTS.md"
# 200 instruction files: 4 at the root, 100 in the packages, 40 + 40 rules, 16 Copilot path files.
for p in $(seq 0 49); do
    body "pkg$p" >"$repo/packages/pkg$p/AGENTS.md"
    body "pkg$p-claude" >"$repo/packages/pkg$p/CLAUDE.md"
done
mkdir -p "$repo/.claude/rules" "$repo/.cursor/rules" "$repo/.github/instructions"
for r in $(seq 0 39); do
    { printf -- '---\npaths:\n  - "packages/pkg%d/**"\n---\n' "$r"; body "rule$r"; } >"$repo/.claude/rules/rule$r.md"
    { printf -- '---\nglobs: "packages/pkg%d/src/**/*.ts"\n---\n' "$r"; body "cursor$r"; } >"$repo/.cursor/rules/rule$r.mdc"
done
for r in $(seq 0 15); do
    { printf -- '---\napplyTo: "packages/pkg%d/**"\n---\n' "$r"; body "copilot$r"; } >"$repo/.github/instructions/rule$r.instructions.md"
done
body copilot >"$repo/.github/copilot-instructions.md"
body gemini >"$repo/GEMINI.md"
git -C "$repo" add -A
git -C "$repo" commit -q -m "fixture"
sources=$(git -C "$repo" ls-files '*.ts' | wc -l | tr -d ' ')

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

read_all() { git -C "$repo" ls-files '*.md' '*.mdc' | (cd "$repo" && xargs cat) | wc -c; }
lint() { "$bin" -C "$repo" lint --fail-on never; }
files=$("$bin" -C "$repo" lint --fail-on never --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["files"], len(d["findings"]))')
baseline=$(median_ms read_all)
measured=$(median_ms lint)
ratio=$(awk -v m="$measured" -v b="$baseline" 'BEGIN { printf "%.2f", m / b }')

echo "instruction files, findings: $files"
echo "source files:                $sources"
echo "git ls-files | xargs cat:    ${baseline} ms (median of $runs)"
echo "learnings lint:              ${measured} ms (median of $runs)"
echo "ratio lint / baseline:       ${ratio}"
if awk -v m="$measured" 'BEGIN { exit !(m <= 200) }'; then
    echo "target 200 ms:               met"
else
    echo "target 200 ms:               NOT met" >&2
    exit 1
fi
