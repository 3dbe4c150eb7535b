#!/usr/bin/env bash
# Builds every release artifact of learnings on Linux, for every platform people use, into
# ${CARGO_TARGET_DIR:-target}/dist/:
#   wheels/learnings-VERSION-py3-none-TAG.whl   one Python wheel per platform (maturin, bin)
#   bin/PLATFORM/learnings[.exe]                the stripped binary, for packaging/npm.sh
#   learnings-PLATFORM.tar.gz (.zip on Windows) the binary, README.md, CHANGELOG.md
#   SHA256SUMS                                   of the archives and wheels (sha256sum -c)
#
#   packaging/dist.sh [--check] [PLATFORM...]
#
# PLATFORM is a Rust target: x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu
# x86_64-apple-darwin aarch64-apple-darwin x86_64-pc-windows-gnu (default: all of them).
# --check runs each artifact that this machine can run: Linux x86_64 natively, aarch64 under
# qemu-user, Windows under wine (`--version`, `demo` and a hook fed JSON), and checks the rest
# by reading the file (format, architecture, the libraries it links, the glibc and macOS it
# needs). DIST_PROFILE=PROFILE builds with another cargo profile (CI's quicker `dist-check`).
#
# Needs python3 (venv, pip), cargo with rustup, and for Windows mingw-w64, for --check
# qemu-user with the arm64 C library (libc6-arm64-cross) and wine: where missing, they are
# installed with apt-get when it can run (root). maturin and zig come from PyPI as in
# packaging/wheel.sh: zig links Linux binaries for glibc 2.17 and macOS ones without an SDK.
set -euo pipefail

MATURIN_VERSION=1.16.0
ZIG_VERSION=0.17.0
ALL=(x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu x86_64-apple-darwin aarch64-apple-darwin x86_64-pc-windows-gnu)

usage() { sed -n '2,21s/^# \{0,1\}//p' "$0"; }
check=false
platforms=()
for arg in "$@"; do
    case "$arg" in
        --check) check=true ;;
        -h | --help) usage; exit 0 ;;
        -*) usage >&2; exit 2 ;;
        *)
            [[ " ${ALL[*]} " == *" $arg "* ]] || { echo "dist.sh: $arg is not one of: ${ALL[*]}" >&2; exit 2; }
            platforms+=("$arg")
            ;;
    esac
done
[ ${#platforms[@]} -gt 0 ] || platforms=("${ALL[@]}")

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
target=${CARGO_TARGET_DIR:-$repo/target}
target=$(mkdir -p "$target" && cd "$target" && pwd)
dist=$target/dist
profile=${DIST_PROFILE:-release}
python=${PYTHON:-python3}
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
work=$(mktemp -d "${TMPDIR:-/tmp}/learnings-dist.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$dist/wheels" "$dist/bin"

timings=()
step_start=$SECONDS
step() {
    timings+=("$(printf '%5ds  %s' $((SECONDS - step_start)) "$1")")
    step_start=$SECONDS
}
apt_install() { # $1: a command that must exist, $2...: the Debian packages that give it
    local tool=$1
    shift
    command -v "$tool" >/dev/null && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "dist.sh: installing $* (for $tool)"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >"$work/apt.log" 2>&1 || {
            cat "$work/apt.log" >&2
            return 1
        }
    fi
    command -v "$tool" >/dev/null
}

# 1. maturin and zig, kept where packaging/wheel.sh keeps them (one install for both).
tools=$target/wheel-tools/maturin-$MATURIN_VERSION-zig-$ZIG_VERSION
if [ ! -f "$tools/.ready" ]; then
    rm -rf "$tools"
    "$python" -m venv "$tools"
    "$tools/bin/pip" install --quiet --disable-pip-version-check "maturin==$MATURIN_VERSION" "ziglang==$ZIG_VERSION"
    touch "$tools/.ready"
fi
step "maturin $MATURIN_VERSION and zig $ZIG_VERSION"

# 2. One wheel per platform; the archive's binary is the wheel's own (stripped), so each
# platform is built once.
for platform in "${platforms[@]}"; do
    if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx "$platform"; then
        rustup target add "$platform"
    fi
    flags=(--zig)
    case "$platform" in
        *-linux-gnu) flags+=(--compatibility manylinux2014) ;;
        *-windows-gnu)
            # mingw-w64 links Windows binaries (zig's would need its own C runtime shims).
            flags=()
            apt_install x86_64-w64-mingw32-gcc mingw-w64 || {
                echo "dist.sh: $platform needs mingw-w64 (x86_64-w64-mingw32-gcc); install it" >&2
                exit 1
            }
            ;;
    esac
    # This machine's own platform is built without --target, as packaging/wheel.sh builds it,
    # so that the two share one build.
    [ "$platform" = "$(uname -m)-unknown-linux-gnu" ] || flags+=(--target "$platform")
    rm -rf "$work/wheel"
    (
        cd "$repo"
        export PATH="$tools/bin:$PATH" CARGO_TARGET_DIR="$target"
        maturin build --quiet --profile "$profile" "${flags[@]}" --out "$work/wheel"
    )
    wheels=("$work"/wheel/learnings-"$version"-*.whl)
    [ ${#wheels[@]} -eq 1 ] && [ -f "${wheels[0]}" ] || { echo "dist.sh: expected one wheel for $platform, found: ${wheels[*]}" >&2; exit 1; }
    wheel=$(basename "${wheels[0]}")
    # A wheel's name says its platform, so another profile's wheel replaces this one's.
    tag=${wheel#learnings-"$version"-py3-none-}
    rm -f "$dist"/wheels/learnings-*-py3-none-"$tag"
    cp "${wheels[0]}" "$dist/wheels/$wheel"

    exe=learnings
    [[ $platform == *windows* ]] && exe=learnings.exe
    rm -rf "$dist/bin/$platform" "$work/pack"
    mkdir -p "$dist/bin/$platform" "$work/pack"
    "$python" - "$dist/wheels/$wheel" "$exe" "$dist/bin/$platform/$exe" <<'EOF'
import sys, zipfile
wheel, exe, out = sys.argv[1:]
with zipfile.ZipFile(wheel) as z:
    names = [n for n in z.namelist() if n.endswith(".data/scripts/" + exe)]
    if len(names) != 1:
        sys.exit(f"dist.sh: {wheel} holds {names}, not one scripts/{exe}")
    with open(out, "wb") as f:
        f.write(z.read(names[0]))
EOF
    chmod 755 "$dist/bin/$platform/$exe"
    cp "$dist/bin/$platform/$exe" "$repo/README.md" "$repo/CHANGELOG.md" "$work/pack/"
    if [[ $platform == *windows* ]]; then
        archive=learnings-$platform.zip
        (cd "$work/pack" && "$python" -c '
import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for name in sorted(sys.argv[2:]):
        info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
        info.external_attr = 0o100755 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, open(name, "rb").read())
' "$dist/$archive" "$exe" README.md CHANGELOG.md)
    else
        # The same bytes from the same files: fixed owner, order and time.
        archive=learnings-$platform.tar.gz
        tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -C "$work/pack" -cf - \
            "$exe" README.md CHANGELOG.md | gzip -n -9 >"$dist/$archive"
    fi
    step "$platform: $wheel, $archive ($(du -k "$dist/$archive" | cut -f1) KiB)"
done

# 3. Checksums of every archive and wheel in dist/, whichever run built them.
(
    cd "$dist"
    shopt -s nullglob
    files=(learnings-*.tar.gz learnings-*.zip wheels/*.whl)
    printf '%s\n' "${files[@]}" | LC_ALL=C sort | xargs sha256sum >SHA256SUMS
)
step "SHA256SUMS ($(wc -l <"$dist/SHA256SUMS") files)"

# 4. Each artifact run where it can be, read where it cannot.
if $check; then
    "$repo/packaging/dist_check.sh" "$dist" "${platforms[@]}"
    step "checked: $(printf '%s ' "${platforms[@]}")"
fi

echo "dist: $dist"
(cd "$dist" && shopt -s nullglob && for f in learnings-*.tar.gz learnings-*.zip wheels/*.whl; do
    printf '  %8d KiB  %s\n' "$(($(wc -c <"$f") / 1024))" "$f"
done)
printf '%s\n' "${timings[@]}"
echo "$(printf '%5ds' "$SECONDS")  in all"
