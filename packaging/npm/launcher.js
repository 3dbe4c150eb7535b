#!/usr/bin/env node
// The `learnings` command of the npm package. The binary itself comes in a platform package
// (learnings-linux-x64, ...) that npm installs as an optional dependency only where its `os`,
// `cpu` and `libc` fit, so nothing is downloaded or built at install time. This finds that
// package and runs its binary in place of this process, as far as Node allows.
// Copied into the package as bin/learnings.js by packaging/npm.sh; CommonJS, for Node >= 16.
'use strict';

const { spawnSync } = require('child_process');
const { constants } = require('os');

const PACKAGES = {
    'linux-x64': 'learnings-linux-x64',
    'linux-arm64': 'learnings-linux-arm64',
    'darwin-x64': 'learnings-darwin-x64',
    'darwin-arm64': 'learnings-darwin-arm64',
    'win32-x64': 'learnings-win32-x64',
};

function fail(message) {
    process.stderr.write(`learnings: ${message}\n`);
    process.exit(1);
}

const platform = `${process.platform}-${process.arch}`;
const pkg = PACKAGES[platform];
if (!pkg) {
    fail(`no binary for ${platform}; supported: ${Object.keys(PACKAGES).join(', ')}; elsewhere build it from source with cargo`);
}

let binary;
try {
    // Through the module resolver, so every layout npm, pnpm or yarn may choose is found.
    binary = require.resolve(`${pkg}/bin/learnings${process.platform === 'win32' ? '.exe' : ''}`);
} catch (error) {
    // The Linux binaries need glibc: npm skips them on musl (Alpine) by their `libc` field.
    const report = process.platform === 'linux' && process.report && process.report.getReport();
    if (report && !report.header.glibcVersionRuntime) {
        fail(`no binary for ${platform} with musl libc (the Linux binaries need glibc); elsewhere build it from source with cargo`);
    }
    fail(`no binary for ${platform}: its package ${pkg} is not installed (npm leaves optional dependencies out with --omit=optional or --no-optional); reinstall learnings without that option`);
}

const result = spawnSync(binary, process.argv.slice(2), {
    stdio: 'inherit',
    windowsHide: true,
    // Tells the binary how it was started (it can say `npx learnings ...` in its advice).
    env: { ...process.env, LEARNINGS_LAUNCHER: 'npx' },
});
if (result.error) {
    fail(`cannot run ${binary}: ${result.error.message}`);
}
if (result.signal) {
    // Die of the same signal, so that a shell or a hook runner sees what the binary did. Node
    // answers SIGUSR1 by starting its inspector and ignores SIGPIPE: for those, and any other it
    // survives, exit with 128 + the signal's number, as a shell reports a death by signal.
    if (result.signal !== 'SIGUSR1') {
        process.kill(process.pid, result.signal);
    }
    process.exit(128 + (constants.signals[result.signal] || 0));
}
process.exit(result.status);
