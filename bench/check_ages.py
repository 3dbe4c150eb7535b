#!/usr/bin/env python3
"""Check `learnings ages --format json` against git on a repository without moved entries.

usage: check_ages.py AGES_JSON BLAME_PORCELAIN GIT_LOG_DATES [--entries-only]

BLAME_PORCELAIN is `git blame --first-parent --line-porcelain` with one `-L n,n` per heading;
GIT_LOG_DATES is `git log --format=%ad --date=short`. Each entry's heading line must be blamed,
and its commit, `added` date (author date in its own offset) and age (distinct log dates after
`added`) must match. Prints a summary and the first mismatches; exits 1 if there are any.
With --entries-only, BLAME_PORCELAIN may blame the whole file (as `git blame -C -C` must, to
follow a copied block): lines that are not entries are ignored.
"""
import bisect, datetime, json, sys

ages_path, blame_path, log_path = sys.argv[1:4]
entries_only = "--entries-only" in sys.argv[4:]
with open(ages_path) as f:
    entries = json.load(f)["entries"]

# line-porcelain: "<sha> <orig> <final> [<count>]", header lines, then "\t<content>".
blamed = {}
headers = None  # None: the next line starts a new group
with open(blame_path, encoding="utf-8", errors="replace") as f:
    for line in f:
        line = line.rstrip("\n")
        if headers is None:
            commit, _, final = line.split()[:3]
            headers = {}
        elif line.startswith("\t"):
            seconds, tz = int(headers["author-time"]), headers["author-tz"]
            offset = (1 if tz[0] == "+" else -1) * (int(tz[1:3]) * 3600 + int(tz[3:5]) * 60)
            day = datetime.datetime.fromtimestamp(seconds + offset, datetime.timezone.utc).date()
            blamed[int(final)] = (commit, day.isoformat())
            headers = None
        else:
            key, _, value = line.partition(" ")
            headers[key] = value

with open(log_path) as f:
    days = sorted(set(l.strip() for l in f if l.strip()))

mismatches = []
for e in entries:
    want = blamed.get(e["line"])
    if want is None:
        mismatches.append(f"line {e['line']} {e['title']!r}: git blamed no such heading line")
        continue
    commit, added = want
    age = len(days) - bisect.bisect_right(days, added)
    got = (e["commit"], e["added"], e["age"])
    if got != (commit, added, age):
        mismatches.append(
            f"line {e['line']} {e['title']!r}: learnings {got[1]} {(got[0] or '-')[:8]} age {got[2]}, "
            f"git {added} {commit[:8]} age {age}"
        )
missing = [] if entries_only else sorted(set(blamed) - {e["line"] for e in entries})
for line in missing:
    mismatches.append(f"line {line}: a heading git blamed is not an entry of learnings")

blamed_headings = len(entries) if entries_only else len(blamed)
print(f"correctness: {len(entries)} entries, {blamed_headings} headings blamed by git, "
      f"{len(mismatches)} mismatches (commit, added date, age)")
for m in mismatches[:20]:
    print(f"  mismatch: {m}")
if len(mismatches) > 20:
    print(f"  ... and {len(mismatches) - 20} more")
sys.exit(1 if mismatches else 0)
