#!/usr/bin/env python3
"""Time a command a few times; print its median wall time, median CPU time and peak RSS.

usage: measure.py [--runs N] [--warmup W] [--cwd DIR] [--stdin FILE] -- COMMAND [ARG...]

Prints one line, `wall_ms cpu_ms maxrss_kb`: medians over the timed runs, CPU being user + system
time of the command and everything it waited for, and the largest resident set any of them had
(from getrusage, so it needs no /usr/bin/time). Standard input is FILE (a hook's JSON), or
empty. Standard output of the command is discarded.
Exits non-zero if any run fails: a benchmark of a failing command means nothing.
"""
import argparse, resource, statistics, subprocess, sys, time

ap = argparse.ArgumentParser()
ap.add_argument("--runs", type=int, default=5)
ap.add_argument("--warmup", type=int, default=1)
ap.add_argument("--cwd")
ap.add_argument("--stdin")
ap.add_argument("command", nargs=argparse.REMAINDER)
a = ap.parse_args()
command = a.command[1:] if a.command[:1] == ["--"] else a.command
if not command:
    ap.error("no command")


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run():
    cpu0, t0 = cpu_seconds(), time.perf_counter()
    with open(a.stdin or "/dev/null", "rb") as stdin:
        done = subprocess.run(command, cwd=a.cwd, stdin=stdin, stdout=subprocess.DEVNULL)
    wall, cpu = time.perf_counter() - t0, cpu_seconds() - cpu0
    if done.returncode != 0:
        sys.exit(f"measure.py: {' '.join(command)} failed with exit code {done.returncode}")
    return wall, cpu


for _ in range(a.warmup):
    run()
samples = [run() for _ in range(max(1, a.runs))]
wall = statistics.median(s[0] for s in samples)
cpu = statistics.median(s[1] for s in samples)
# ru_maxrss is in kilobytes on Linux, bytes on macOS.
maxrss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
if sys.platform == "darwin":
    maxrss //= 1024
print(f"{wall * 1000:.1f} {cpu * 1000:.1f} {maxrss}")
