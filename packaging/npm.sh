#!/usr/bin/env bash
# Builds the npm packages that carry the `learnings` binary, so that `npx learnings demo` and
# `npm install -g learnings` work with no Rust toolchain and no download at install time: one
# package per platform with its binary (learnings-linux-x64, ...), which npm installs only where
# its os, cpu and libc fit, and the main package `learnings`, which names them all as optional
# dependencies and whose launcher (packaging/npm/launcher.js) runs the one installed.
#
#   packaging/npm.sh            write the packages into $DIST/npm/<name>/ from the binaries in
#                               $DIST/bin/<target>/ and pack them into $DIST/npm/*.tgz
#   packaging/npm.sh --check    pack them, then install the tarballs offline into a fresh npm
#                               prefix and cache with no cargo, rustc or rustup on PATH, and run
#                               learnings there: npm install -g, npx, the exit codes and the
#                               message for a missing platform package
#
# DIST defaults to ${CARGO_TARGET_DIR:-target}/dist (packaging/dist.sh puts the binaries there).
# Platforms without a binary are named and left out. Needs node and npm, not cargo; --check needs
# the x86_64-unknown-linux-gnu binary and a Linux x86_64 machine. Works from any directory.
set -euo pipefail

usage() { sed -n '2,17s/^# \{0,1\}//p' "$0"; }
check=false
case "${1:-}" in
    "") ;;
    --check) check=true ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
esac

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
target=${CARGO_TARGET_DIR:-$repo/target}
dist=${DIST:-$target/dist}
dist=$(mkdir -p "$dist" && cd "$dist" && pwd)
out=$dist/npm
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
description=$(sed -n 's/^description = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
license=$(sed -n 's/^license = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
repository=$(sed -n 's/^repository = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -n 1)
work=$(mktemp -d "${TMPDIR:-/tmp}/learnings-npm.XXXXXX")
trap 'rm -rf "$work"' EXIT
for tool in node npm; do
    command -v "$tool" >/dev/null || { echo "npm.sh: $tool not found: install Node.js 16 or later" >&2; exit 1; }
done

timings=()
step_start=$SECONDS
step() { # $1: what was just done
    timings+=("$(printf '%5ds  %s' $((SECONDS - step_start)) "$1")")
    step_start=$SECONDS
}

# npm reads only what this script says: no npm_config_* of the caller (a user's omit=optional
# would drop the platform packages), no ~/.npmrc, and a cache of its own in the scratch folder.
while read -r name; do unset "$name"; done < <(env | sed -n 's/^\([Nn][Pp][Mm]_[Cc][Oo][Nn][Ff][Ii][Gg]_[^=]*\)=.*/\1/p')
: >"$work/npmrc"
export npm_config_userconfig=$work/npmrc npm_config_cache=$work/pack-cache \
    npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# Rust target, npm's os and cpu, the binary's name. npm's names are Node's process.platform and
# process.arch, which the launcher maps back to the package.
platforms=(
    "x86_64-unknown-linux-gnu linux x64 learnings"
    "aarch64-unknown-linux-gnu linux arm64 learnings"
    "x86_64-apple-darwin darwin x64 learnings"
    "aarch64-apple-darwin darwin arm64 learnings"
    "x86_64-pc-windows-gnu win32 x64 learnings.exe"
)

# What a binary is built for, as npm's "os cpu", read from its header: a binary in the wrong
# folder would pack and install fine and fail only when a user runs it.
binary_platform() { # $1: file
    local head machine offset
    head=$(od -An -tx1 -N20 -v "$1" | tr -d ' \n')
    case $head in
        7f454c46*) os=linux machine=${head:36:4} ;; # ELF: e_machine at byte 18
        cffaedfe*) os=darwin machine=${head:8:8} ;; # Mach-O 64: cputype at byte 4
        4d5a*) # PE: the offset of "PE\0\0" at byte 60, the machine right after it
            offset=$(od -An -tu4 -j60 -N4 "$1" | tr -d ' ')
            os=win32 machine=$(od -An -tx1 -j"$offset" -N6 "$1" | tr -d ' \n')
            [ "${machine:0:8}" = 50450000 ] && machine=${machine:8:4} || machine=unknown ;;
        *) echo "unknown unknown"; return ;;
    esac
    case $machine in
        3e00 | 07000001 | 6486) echo "$os x64" ;;
        b700 | 0c000001 | 64aa) echo "$os arm64" ;;
        *) echo "$os unknown" ;;
    esac
}

json() { # $1: a JavaScript expression of the values in the environment, printed as JSON
    node -e "process.stdout.write(JSON.stringify($1, null, 2) + '\n')"
}
export NPM_VERSION=$version NPM_DESCRIPTION=$description NPM_LICENSE=$license NPM_REPOSITORY=$repository

# 1. A folder per platform package, from the binaries present. $DIST/npm is emptied first, so
# that every folder and tarball there is this run's.
rm -rf "$out"
mkdir -p "$out"
present=() missing=() optional=()
for platform in "${platforms[@]}"; do
    read -r rust_target os cpu exe <<<"$platform"
    name=learnings-$os-$cpu
    optional+=("$name")
    binary=$dist/bin/$rust_target/$exe
    if [ ! -f "$binary" ]; then
        missing+=("$rust_target")
        continue
    fi
    built_for=$(binary_platform "$binary")
    [ "$built_for" = "$os $cpu" ] || { echo "npm.sh: $binary is built for $built_for, not $os $cpu" >&2; exit 1; }
    mkdir -p "$out/$name/bin"
    cp "$binary" "$out/$name/bin/$exe"
    # No `bin` field to make it executable on install: the tarball keeps the mode instead.
    chmod 755 "$out/$name/bin/$exe"
    # `libc`: npm (10 and later) then skips the glibc binaries on musl, and the launcher says so.
    # `preferUnplugged`: Yarn's Plug'n'Play keeps the package on disk, so the binary can run.
    NPM_NAME=$name NPM_OS=$os NPM_CPU=$cpu json "{
        name: process.env.NPM_NAME,
        version: process.env.NPM_VERSION,
        description: 'The ' + process.env.NPM_OS + '-' + process.env.NPM_CPU + ' binary of learnings, installed by the learnings package.',
        license: process.env.NPM_LICENSE,
        ...(process.env.NPM_REPOSITORY ? { repository: process.env.NPM_REPOSITORY } : {}),
        os: [process.env.NPM_OS],
        cpu: [process.env.NPM_CPU],
        ...(process.env.NPM_OS === 'linux' ? { libc: ['glibc'] } : {}),
        files: ['bin/'],
        preferUnplugged: true,
        publishConfig: { provenance: true, access: 'public' },
    }" >"$out/$name/package.json"
    cat >"$out/$name/README.md" <<EOF
# $name

The \`learnings\` binary for $os $cpu ($rust_target), version $version. Install the
\`learnings\` package instead (\`npm install -g learnings\` or \`npx learnings\`): npm picks this
package for you as one of its optional dependencies, and its launcher runs this binary.
EOF
    present+=("$name")
done
[ ${#present[@]} -gt 0 ] || { echo "npm.sh: no binary in $dist/bin/<target>/ (run packaging/dist.sh)" >&2; exit 1; }

# The main package: the launcher, and every platform package at this very version, those missing
# here included (npm skips an optional dependency it cannot find).
mkdir -p "$out/learnings/bin"
cp "$repo/packaging/npm/launcher.js" "$out/learnings/bin/learnings.js"
chmod 755 "$out/learnings/bin/learnings.js"
NPM_OPTIONAL="${optional[*]}" json "{
    name: 'learnings',
    version: process.env.NPM_VERSION,
    description: process.env.NPM_DESCRIPTION,
    license: process.env.NPM_LICENSE,
    ...(process.env.NPM_REPOSITORY ? { repository: process.env.NPM_REPOSITORY } : {}),
    bin: { learnings: 'bin/learnings.js' },
    files: ['bin/learnings.js'],
    engines: { node: '>=16' },
    optionalDependencies: Object.fromEntries(process.env.NPM_OPTIONAL.split(' ').map((name) => [name, process.env.NPM_VERSION])),
    publishConfig: { provenance: true, access: 'public' },
}" >"$out/learnings/package.json"
cat >"$out/learnings/README.md" <<EOF
# learnings

$description

\`\`\`sh
npx learnings demo          # run the whole learning cycle on an embedded demo repository
npm install -g learnings    # or put \`learnings\` on PATH
\`\`\`

The binary comes prebuilt in a package per platform (Linux x64 and arm64 with glibc, macOS x64
and arm64, Windows x64), which npm installs as an optional dependency: no Rust toolchain and no
download at install time. Installs made with \`--omit=optional\` (or \`--no-optional\`) lack it,
and \`learnings\` then says so. Also on PyPI: \`pip install learnings\`, for the same platforms.
EOF
step "write the packages into $out"

# 2. The tarballs, all in one npm call.
dirs=("$out/learnings")
for name in "${present[@]}"; do dirs+=("$out/$name"); done
npm pack --silent --ignore-scripts --pack-destination "$out" "${dirs[@]}" >/dev/null
for dir in "${dirs[@]}"; do
    [ -f "$dir-$version.tgz" ] || { echo "npm.sh: npm pack made no $dir-$version.tgz" >&2; exit 1; }
done
step "npm pack ${#dirs[@]} packages"

if $check; then
    [ "$(node -p 'process.platform + "-" + process.arch')" = linux-x64 ] || { echo "npm.sh: --check runs the linux-x64 package, so it needs Linux x86_64" >&2; exit 1; }
    platform_tgz=$out/learnings-linux-x64-$version.tgz
    main_tgz=$out/learnings-$version.tgz
    [ -f "$platform_tgz" ] || { echo "npm.sh: --check needs $dist/bin/x86_64-unknown-linux-gnu/learnings (run packaging/dist.sh)" >&2; exit 1; }

    # 3. A PATH without Rust: every folder that holds cargo, rustc or rustup is dropped. node, npm
    # and npx come first through links of their own, in case they share such a folder.
    norust=""
    IFS=: read -r -a path_dirs <<<"$PATH"
    for dir in "${path_dirs[@]}"; do
        [ -n "$dir" ] || continue
        if [ -e "$dir/cargo" ] || [ -e "$dir/rustc" ] || [ -e "$dir/rustup" ]; then continue; fi
        norust=${norust:+$norust:}$dir
    done
    mkdir "$work/node"
    for tool in node npm npx; do ln -s "$(command -v "$tool")" "$work/node/$tool"; done
    export PATH="$work/node:$norust"
    unset CARGO_HOME RUSTUP_HOME RUSTUP_TOOLCHAIN
    for tool in cargo rustc rustup; do
        if command -v "$tool" >/dev/null; then echo "npm.sh: $tool is still on PATH: $(command -v "$tool")" >&2; exit 1; fi
    done
    echo "no cargo, rustc or rustup on PATH"

    # Offline from the tarballs: a fresh, empty cache, --offline (npm answers from the cache
    # only) and a registry on a closed port, so that any request to a registry fails.
    #
    # The main package's optional dependencies are in no registry here. npm asks the cache for
    # each one's manifest, misses, and leaves it out without an error or a warning, as it does
    # for an optional dependency that does not fit the platform. learnings-linux-x64 is given as
    # a tarball beside the main one: it is installed as a package of its own, next to
    # `learnings`, which satisfies the optional dependency (same name and version) and is where
    # the launcher's require.resolve finds it. From a registry npm nests it instead; both are
    # node_modules folders that Node's resolution walks.
    export npm_config_cache=$work/cache npm_config_offline=true npm_config_registry=http://127.0.0.1:9/
    run_demo() { # $@: the command that runs learnings; in an empty folder, its output kept aside
        local dir
        dir=$(mktemp -d "$work/demo.XXXXXX")
        (cd "$dir" && "$@" demo) >"$work/demo.out" 2>&1 || {
            cat "$work/demo.out" >&2
            echo "npm.sh: $* demo failed" >&2
            exit 1
        }
        echo "$* demo: exit 0, $(wc -l <"$work/demo.out") lines of output"
    }

    # 4. npm install -g into a fresh prefix.
    npm install --global --prefix "$work/global" --loglevel=error "$platform_tgz" "$main_tgz" >/dev/null
    step "npm install -g from the tarballs into a fresh prefix"
    learnings=$work/global/bin/learnings
    got=$("$learnings" --version)
    [ "$got" = "learnings $version" ] || { echo "npm.sh: learnings --version said '$got', not 'learnings $version'" >&2; exit 1; }
    echo "npm install -g: $learnings --version: $got"
    run_demo "$learnings"
    step "run learnings --version and learnings demo"

    # 5. npx. `npx learnings demo` installs the package into npx's own folder in the cache and runs
    # it; from tarballs that is `npx --package` with both (the npx cache is the fresh one).
    run_demo npx --yes --package="$platform_tgz" --package="$main_tgz" -- learnings
    step "npx --package (both tarballs) -- learnings demo"
    # The documented command itself, in a project that installed the tarballs (npx runs the
    # project's own node_modules/.bin/learnings).
    mkdir "$work/project"
    echo '{"private": true}' >"$work/project/package.json"
    (cd "$work/project" && npm install --loglevel=error "$platform_tgz" "$main_tgz" >/dev/null)
    (cd "$work/project" && npx learnings demo) >"$work/demo.out" 2>&1 || {
        cat "$work/demo.out" >&2
        echo "npm.sh: npx learnings demo failed in a project with the tarballs installed" >&2
        exit 1
    }
    echo "npx learnings demo (project with the tarballs installed): exit 0, $(wc -l <"$work/demo.out") lines of output"
    step "npm install the tarballs into a project, npx learnings demo there"

    # 6. The launcher: the binary's exit code passes through (clap's 2 for a usage error), a death
    # by signal is the launcher's death too, the binary sees LEARNINGS_LAUNCHER=npx, and an
    # install without optional dependencies says which package is missing.
    binary=$work/global/lib/node_modules/learnings-linux-x64/bin/learnings
    status=0; "$binary" no-such-command >/dev/null 2>&1 || status=$?
    launched=0; "$learnings" no-such-command >/dev/null 2>&1 || launched=$?
    [ "$status" = 2 ] && [ "$launched" = 2 ] || { echo "npm.sh: learnings no-such-command: binary exit $status, launcher exit $launched, not 2 and 2" >&2; exit 1; }
    echo "learnings no-such-command: exit 2, as the binary's"
    # A stand-in binary beside a copy of the launcher, to die of a signal and show its environment.
    fake=$work/fake/node_modules
    mkdir -p "$fake/learnings/bin" "$fake/learnings-linux-x64/bin"
    cp "$work/global/lib/node_modules/learnings/bin/learnings.js" "$fake/learnings/bin/"
    cp "$work/global/lib/node_modules/learnings-linux-x64/package.json" "$fake/learnings-linux-x64/"
    printf '#!/bin/sh\necho "$LEARNINGS_LAUNCHER"\nkill -TERM $$\n' >"$fake/learnings-linux-x64/bin/learnings"
    chmod 755 "$fake/learnings-linux-x64/bin/learnings"
    got=$(node -e '
        const r = require("child_process").spawnSync(process.execPath, [process.argv[1]], { encoding: "utf8" });
        console.log(`${r.signal} ${r.stdout.trim()}`);' "$fake/learnings/bin/learnings.js")
    [ "$got" = "SIGTERM npx" ] || { echo "npm.sh: a binary killed by SIGTERM with LEARNINGS_LAUNCHER=npx: the launcher gave '$got'" >&2; exit 1; }
    echo "a binary killed by SIGTERM: so is the launcher; the binary saw LEARNINGS_LAUNCHER=npx"
    npm install --global --prefix "$work/omit" --omit=optional --loglevel=error "$main_tgz" >/dev/null
    [ ! -e "$work/omit/lib/node_modules/learnings-linux-x64" ] && [ ! -e "$work/omit/lib/node_modules/learnings/node_modules" ] \
        || { echo "npm.sh: npm install --omit=optional installed a platform package" >&2; exit 1; }
    status=0; "$work/omit/bin/learnings" --version >"$work/omit.out" 2>"$work/omit.err" || status=$?
    if [ "$status" != 1 ] || [ -s "$work/omit.out" ] || [ "$(wc -l <"$work/omit.err")" != 1 ] \
        || ! grep -q 'no binary for linux-x64: its package learnings-linux-x64 is not installed' "$work/omit.err"; then
        cat "$work/omit.out" "$work/omit.err" >&2
        echo "npm.sh: without its platform package, learnings exited $status with the above, not exit 1 and one line naming the package" >&2
        exit 1
    fi
    echo "installed with --omit=optional: exit 1, $(cat "$work/omit.err")"
    step "the launcher: exit codes, signals, a missing platform package"
fi

for name in "${dirs[@]}"; do
    tgz=$name-$version.tgz
    echo "npm: $tgz ($(du -k "$tgz" | cut -f1) KiB)"
done
[ ${#missing[@]} -eq 0 ] || echo "npm: no binary, so no package, for: ${missing[*]} (expected in $dist/bin/<target>/)"
printf '%s\n' "${timings[@]}"
echo "$(printf '%5ds' "$SECONDS")  in all"
