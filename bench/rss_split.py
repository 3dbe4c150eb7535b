#!/usr/bin/env python3
"""Run a command once and print its peak anonymous and file-backed resident memory (Linux).

usage: rss_split.py [--cwd DIR] -- COMMAND [ARG...]

Prints one line, `anon_kb file_kb`: the largest RssAnon and RssFile that /proc/PID/status showed
while the command ran, sampled every 5 ms (its own process only, not its children). Peak RSS
(getrusage) adds both: on a large history most of it is the pack file that git and gix map
and read in place, pages the kernel can drop at will, while the anonymous part is the memory
the program allocated. Prints `- -` where /proc is missing.
"""
import argparse, os, subprocess, sys, time

ap = argparse.ArgumentParser()
ap.add_argument("--cwd")
ap.add_argument("command", nargs=argparse.REMAINDER)
a = ap.parse_args()
command = a.command[1:] if a.command[:1] == ["--"] else a.command
if not command:
    ap.error("no command")
if not os.path.isdir("/proc/self"):
    print("- -")
    sys.exit(0)
child = subprocess.Popen(command, cwd=a.cwd, stdout=subprocess.DEVNULL)
peak = {"RssAnon": 0, "RssFile": 0}
while child.poll() is None:
    try:
        with open(f"/proc/{child.pid}/status") as status:
            for line in status:
                key, _, value = line.partition(":")
                if key in peak:
                    peak[key] = max(peak[key], int(value.split()[0]))
    except (FileNotFoundError, ProcessLookupError, ValueError):
        pass
    time.sleep(0.005)
if child.returncode != 0:
    sys.exit(f"rss_split.py: {' '.join(command)} failed with exit code {child.returncode}")
print(f"{peak['RssAnon']} {peak['RssFile']}")
