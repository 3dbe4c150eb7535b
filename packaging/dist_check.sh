#!/usr/bin/env bash
# Checks the artifacts of packaging/dist.sh: each binary this machine can run is run (Linux
# x86_64 natively, Linux aarch64 under qemu-user, Windows under wine): `--version`, `demo` in an
# empty folder, and the pre-tool hook fed a Claude Code input that a block rule must deny. Every
# binary is also read: its format and architecture, and what it needs from the system (glibc
# 2.17 at most on Linux; on macOS only system libraries, and the macOS version it needs). macOS
# binaries cannot run here, so reading them is their whole check.
#
#   packaging/dist_check.sh DIST PLATFORM...
set -euo pipefail

dist=$1
shift
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
python=${PYTHON:-python3}
work=$(mktemp -d "${TMPDIR:-/tmp}/learnings-dist-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "dist_check.sh: $*" >&2; exit 1; }
need() { # $1: command, $2...: Debian packages
    local tool=$1
    shift
    command -v "$tool" >/dev/null && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >"$work/apt.log" 2>&1 || true
    fi
    command -v "$tool" >/dev/null
}

# What the binary needs from the system, read from the file itself.
inspect() { # $1: platform, $2: binary
    "$python" - "$1" "$2" <<'EOF'
import re, struct, subprocess, sys
platform, path = sys.argv[1:]
data = open(path, "rb").read()
arch = platform.split("-")[0]
if "linux" in platform:
    assert data[:4] == b"\x7fELF", "not an ELF file"
    machine = struct.unpack_from("<H", data, 18)[0]
    want = {"x86_64": 62, "aarch64": 183}[arch]
    assert machine == want, f"ELF machine {machine}, not {want} ({arch})"
    out = subprocess.run(["readelf", "--dynamic", "--version-info", "--wide", path],
                         capture_output=True, text=True, check=True).stdout
    needed = sorted(set(re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", out)))
    glibc = max((tuple(map(int, v.split("."))) for v in re.findall(r"GLIBC_(\d+(?:\.\d+)+)", out)), default=())
    assert glibc <= (2, 17), f"needs glibc {'.'.join(map(str, glibc))}, over 2.17"
    print(f"  ELF {arch}, links {', '.join(needed)}; needs glibc {'.'.join(map(str, glibc))} at most (2.17 allowed)")
elif "darwin" in platform:
    magic, cpu, _, _, ncmds, _, _ = struct.unpack_from("<7I", data, 0)
    assert magic == 0xFEEDFACF, f"not a 64-bit Mach-O file (magic {magic:#x})"
    want = {"x86_64": 0x01000007, "aarch64": 0x0100000C}[arch]
    assert cpu == want, f"Mach-O CPU {cpu:#x}, not {want:#x} ({arch})"
    offset, dylibs, minos = 32, [], None
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<2I", data, offset)
        if cmd in (0xC, 0x80000018, 0x8000001F):  # LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB
            name_at = struct.unpack_from("<I", data, offset + 8)[0]
            dylibs.append(data[offset + name_at:offset + size].split(b"\0")[0].decode())
        elif cmd in (0x32, 0x24):  # LC_BUILD_VERSION (platform, minos), LC_VERSION_MIN_MACOSX (version)
            v = struct.unpack_from("<I", data, offset + (12 if cmd == 0x32 else 8))[0]
            minos = f"{v >> 16}.{(v >> 8) & 0xFF}"
        offset += size
    foreign = [d for d in dylibs if not d.startswith(("/usr/lib/", "/System/Library/"))]
    assert not foreign, f"links libraries a Mac does not have: {foreign}"
    assert minos, "no LC_BUILD_VERSION or LC_VERSION_MIN_MACOSX: the macOS it needs is unknown"
    print(f"  Mach-O {arch}, links {', '.join(dylibs)}; needs macOS {minos} or later")
else:
    assert data[:2] == b"MZ", "not a PE file"
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    assert data[pe:pe + 4] == b"PE\0\0", "no PE header"
    machine = struct.unpack_from("<H", data, pe + 4)[0]
    assert machine == 0x8664, f"PE machine {machine:#x}, not x86_64"
    out = subprocess.run(["x86_64-w64-mingw32-objdump", "-p", path], capture_output=True, text=True).stdout
    dlls = sorted(set(re.findall(r"DLL Name: (\S+)", out)))
    runtime = [d for d in dlls if d.lower().startswith(("libgcc", "libstdc++", "libwinpthread"))]
    assert not runtime, f"needs mingw's DLLs beside it: {runtime}"
    print(f"  PE x86_64, imports {', '.join(dlls) or '(objdump not found)'}")
EOF
}

# A project whose block rule the pre-tool hook must apply.
mkdir -p "$work/project"
printf '[[enforce.block]]\npattern = %s\nreason = "force-push rewrites shared history"\n' "'\bgit push --force\b'" \
    >"$work/project/learnings.toml"
mkdir "$work/project/.git"

run_checks() { # $1: platform; the rest: how to start the binary
    local platform=$1
    shift
    local got
    got=$("$@" --version | tr -d '\r')
    [ "$got" = "learnings $version" ] || fail "$platform: --version said '$got'"
    mkdir -p "$work/demo-$platform"
    (cd "$work/demo-$platform" && "$@" demo >"$work/demo-$platform.out" 2>&1) || {
        tail -n 30 "$work/demo-$platform.out" >&2
        fail "$platform: learnings demo failed"
    }
    local input
    input=$(printf '{"session_id":"s1","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push --force origin main"},"cwd":"%s"}' "$work/project")
    got=$(cd "$work/project" && printf '%s' "$input" | "$@" hook pre-tool 2>/dev/null | tr -d '\r')
    case "$got" in
        *'"permissionDecision":"deny"'*) ;;
        *) fail "$platform: the pre-tool hook did not deny a blocked command: $got" ;;
    esac
    echo "  ran: --version, demo ($(wc -l <"$work/demo-$platform.out") lines), pre-tool hook denied git push --force"
}

for platform in "$@"; do
    exe=$dist/bin/$platform/learnings
    [[ $platform == *windows* ]] && exe=$exe.exe
    [ -f "$exe" ] || fail "$exe is missing: run packaging/dist.sh $platform"
    echo "$platform:"
    inspect "$platform" "$exe"
    case "$platform" in
        x86_64-unknown-linux-gnu) run_checks "$platform" "$exe" ;;
        aarch64-unknown-linux-gnu)
            # qemu-user runs it; the arm64 C library it links comes from libc6-arm64-cross.
            if [ ! -d /usr/aarch64-linux-gnu/lib ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
                DEBIAN_FRONTEND=noninteractive apt-get install -y -q libc6-arm64-cross >"$work/apt.log" 2>&1 || true
            fi
            if need qemu-aarch64 qemu-user && [ -d /usr/aarch64-linux-gnu/lib ]; then
                run_checks "$platform" qemu-aarch64 -L /usr/aarch64-linux-gnu "$exe"
            else
                echo "  not run: qemu-user or libc6-arm64-cross is missing and could not be installed"
            fi
            ;;
        x86_64-pc-windows-gnu)
            if need wine wine wine64 && need x86_64-w64-mingw32-gcc mingw-w64; then
                # Rust's standard library takes its random seeds from ProcessPrng in
                # bcryptprimitives.dll, which every Windows 10 and 11 has and Debian's wine 8
                # lacks. A stand-in beside the copy run here gives it, from RtlGenRandom; the
                # archive ships learnings.exe alone.
                mkdir -p "$work/win"
                cat >"$work/win/prng.c" <<'C'
#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!SystemFunction036(data, n)) return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
C
                printf 'LIBRARY bcryptprimitives\nEXPORTS\nProcessPrng\n' >"$work/win/prng.def"
                x86_64-w64-mingw32-gcc -O2 -shared -o "$work/win/bcryptprimitives.dll" \
                    "$work/win/prng.c" "$work/win/prng.def" -ladvapi32
                cp "$exe" "$work/win/learnings.exe"
                export WINEPREFIX=$work/wine WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
                wine "$work/win/learnings.exe" --version >/dev/null 2>&1 || true # makes the prefix
                run_checks "$platform" wine "$work/win/learnings.exe"
                wineserver -k 2>/dev/null || true
            else
                echo "  not run: wine is missing and could not be installed"
            fi
            ;;
        *) echo "  not run: no way to run a macOS binary here; read instead (above)" ;;
    esac
done
