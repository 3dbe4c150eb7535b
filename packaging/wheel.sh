#!/usr/bin/env bash
# Builds the Python wheel that carries the `learnings` binary (maturin, bindings = "bin"), so
# that `pip install learnings` gives a working `learnings` on PATH without a Rust toolchain.
#
#   packaging/wheel.sh            build the wheel into ${CARGO_TARGET_DIR:-target}/wheels/
#   packaging/wheel.sh --check    build it, then install it into a fresh virtual environment and
#                                 run `learnings --version` and `learnings demo` there with no
#                                 cargo, rustc or rustup on PATH
#
# Needs python3 (with venv and pip) and, for the build only, cargo. maturin and zig (the PyPI
# package ziglang), pinned below, are installed from PyPI into a virtual environment in the
# target folder. zig links against glibc 2.17, so the wheel is manylinux2014: it installs on any
# Linux with glibc 2.17 or newer, not only on ones as new as the build machine. Works from any
# directory.
set -euo pipefail

MATURIN_VERSION=1.16.0
ZIG_VERSION=0.17.0
UV_VERSION=0.13.8

usage() { sed -n '2,14s/^# \{0,1\}//p' "$0"; }
check=false
case "${1:-}" in
    "") ;;
    --check) check=true ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
esac

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
target=${CARGO_TARGET_DIR:-$repo/target}
target=$(mkdir -p "$target" && cd "$target" && pwd) # cargo runs in $repo: a relative path must not move
out=$target/wheels
python=${PYTHON:-python3}
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
work=$(mktemp -d "${TMPDIR:-/tmp}/learnings-wheel.XXXXXX")
trap 'rm -rf "$work"' EXIT

timings=()
step_start=$SECONDS
step() { # $1: what was just done
    timings+=("$(printf '%5ds  %s' $((SECONDS - step_start)) "$1")")
    step_start=$SECONDS
}
pip_quiet=(--quiet --disable-pip-version-check --no-input)

# 1. maturin and zig, in a virtual environment of their own. It is kept in the target folder:
# the linker wrapper that maturin writes names zig by this path, and a new path would change the
# linker and so rebuild every crate.
tools=$target/wheel-tools/maturin-$MATURIN_VERSION-zig-$ZIG_VERSION
if [ ! -f "$tools/.ready" ]; then
    rm -rf "$tools"
    "$python" -m venv "$tools"
    "$tools/bin/pip" install "${pip_quiet[@]}" "maturin==$MATURIN_VERSION" "ziglang==$ZIG_VERSION"
    touch "$tools/.ready"
fi
step "install maturin $MATURIN_VERSION and zig $ZIG_VERSION (kept in $tools)"

# 2. The wheel: a release build of the binary, linked by zig for glibc 2.17, stripped and packed
# with the metadata of pyproject.toml. Built into an empty folder first, so that the one wheel
# there is this build's. maturin finds zig through the virtual environment's python on PATH.
(
    cd "$repo"
    export PATH="$tools/bin:$PATH" CARGO_TARGET_DIR="$target"
    maturin build --release --quiet --zig --compatibility manylinux2014 --out "$work/dist"
)
wheels=("$work"/dist/learnings-"$version"-*manylinux_2_17_*.whl)
[ ${#wheels[@]} -eq 1 ] && [ -f "${wheels[0]}" ] || { echo "wheel.sh: expected one wheel, found: ${wheels[*]}" >&2; exit 1; }
mkdir -p "$out"
wheel=$out/$(basename "${wheels[0]}")
cp "${wheels[0]}" "$wheel"
step "build the wheel (cargo build --release inside)"
size=$(du -k "$wheel" | cut -f1)

if $check; then
    # 3. A PATH without Rust: every folder that holds cargo, rustc or rustup is dropped.
    norust=""
    IFS=: read -r -a dirs <<<"$PATH"
    for dir in "${dirs[@]}"; do
        [ -n "$dir" ] || continue
        if [ -e "$dir/cargo" ] || [ -e "$dir/rustc" ] || [ -e "$dir/rustup" ]; then continue; fi
        norust=${norust:+$norust:}$dir
    done

    # 4. A fresh virtual environment; the wheel needs nothing else, so pip installs it offline.
    "$python" -m venv "$work/check"
    "$work/check/bin/pip" install "${pip_quiet[@]}" --no-index --upgrade "$wheel"
    step "install the wheel into a fresh virtual environment"

    mkdir "$work/demo"
    (
        cd "$work/demo"
        export PATH="$work/check/bin:$norust"
        unset CARGO_HOME RUSTUP_HOME RUSTUP_TOOLCHAIN
        for tool in cargo rustc rustup; do
            if command -v "$tool" >/dev/null; then
                echo "wheel.sh: $tool is still on PATH: $(command -v "$tool")" >&2
                exit 1
            fi
        done
        [ "$(command -v learnings)" = "$work/check/bin/learnings" ] || {
            echo "wheel.sh: learnings on PATH is $(command -v learnings), not the wheel's" >&2
            exit 1
        }
        got=$(learnings --version)
        [ "$got" = "learnings $version" ] || { echo "wheel.sh: learnings --version said '$got', not 'learnings $version'" >&2; exit 1; }
        echo "no cargo, rustc or rustup on PATH; $(command -v learnings): $got"
        learnings demo >"$work/demo.out" 2>&1 || {
            cat "$work/demo.out" >&2
            echo "wheel.sh: learnings demo failed" >&2
            exit 1
        }
        echo "learnings demo: exit 0, $(wc -l <"$work/demo.out") lines of output"
    )
    step "run learnings --version and learnings demo without Rust on PATH"

    # 5. uv, where PyPI has it: `uv tool install` (puts learnings on PATH) and `uvx --from`.
    if "$python" -m venv "$work/uv" && "$work/uv/bin/pip" install "${pip_quiet[@]}" "uv==$UV_VERSION" 2>"$work/uv.err"; then
        (
            export PATH="$work/uv/bin:$norust" UV_CACHE_DIR="$work/uv-cache" UV_PYTHON_DOWNLOADS=never \
                UV_TOOL_DIR="$work/uv-tools" UV_TOOL_BIN_DIR="$work/uv-bin" UV_NO_PROGRESS=1
            uv tool install --quiet --offline --upgrade "$wheel"
            got=$("$work/uv-bin/learnings" --version)
            [ "$got" = "learnings $version" ] || { echo "wheel.sh: uv tool install: '$got'" >&2; exit 1; }
            got=$(uvx --quiet --offline --from "$wheel" learnings --version)
            [ "$got" = "learnings $version" ] || { echo "wheel.sh: uvx: '$got'" >&2; exit 1; }
            mkdir "$work/uvx-demo"
            (cd "$work/uvx-demo" && uvx --quiet --offline --from "$wheel" learnings demo >"$work/uvx-demo.out" 2>&1) || {
                cat "$work/uvx-demo.out" >&2
                echo "wheel.sh: uvx … learnings demo failed" >&2
                exit 1
            }
            echo "uv tool install and uvx --from the wheel: $got; uvx … learnings demo: exit 0, $(wc -l <"$work/uvx-demo.out") lines"
        )
        step "uv $UV_VERSION: uv tool install and uvx"
    else
        echo "wheel.sh: uv $UV_VERSION could not be installed from PyPI, so uv is not checked:" >&2
        cat "$work/uv.err" >&2
        step "uv not checked"
    fi
fi

echo "wheel: $wheel ($size KiB)"
printf '%s\n' "${timings[@]}"
echo "$(printf '%5ds' "$SECONDS")  in all"
