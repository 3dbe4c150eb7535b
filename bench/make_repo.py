#!/usr/bin/env python3
"""Generate a synthetic repository whose learnings file has a long, busy history.

usage: make_repo.py DIR [--entries N] [--commits M] [--days D] [--consolidations K]
                        [--edits E] [--seed S] [--file PATH]

The history is one branch of M commits spread over D calendar days, about a third of them idle.
Most commits change one of a few dozen source files. Entries are appended to the learnings file
(`## Title` and a two-line body, at the bottom): N of them before each of the K consolidations
and N after the last, so the file holds about N entries at HEAD and N * (K + 1) were written in
all. Each consolidation moves the oldest two thirds of the entries into docs/archive.md. E more
commits reword the body of an existing entry, which touches the file without adding a heading.

The same flags and seed always give the same commits, byte for byte. Commits are streamed into
`git fast-import` and the result is repacked as a clone would be: 200,000 commits take a few
minutes.
"""
import argparse
import os
import random
import subprocess
import sys

WORDS = (
    "agent branch build cache commit config diff fixture flag hook index lint lock log merge "
    "patch plan prompt queue rebase release review runner schema script session skill stash "
    "tag test token trace tree worktree"
).split()
SOURCES = 40
# 2023-11-14T22:13:20Z: a fixed epoch, so the output never depends on when it was generated.
EPOCH = 1_700_000_000
OFFSETS = ["+0000", "+0000", "+0100", "-0500", "+0530"]


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--entries", type=int, default=100, help="entries written per generation")
    ap.add_argument("--commits", type=int, default=2000, help="commits in all")
    ap.add_argument("--days", type=int, default=365, help="calendar days the commits span")
    ap.add_argument("--consolidations", type=int, default=3, help="commits that archive entries")
    ap.add_argument("--edits", type=int, default=0, help="commits that reword an entry's body")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--file", default="agents/learnings.md", help="the learnings file")
    ap.add_argument(
        "--split",
        action="store_true",
        help="keep the entries in memory/learnings.md until halfway, then split: that file is "
        "renamed to memory/learnings-v1.md.bak and its newest 40%% of entries go on in FILE",
    )
    a = ap.parse_args()
    if a.commits < 1 or a.days < 1 or min(a.entries, a.consolidations, a.edits) < 0:
        ap.error("--commits and --days must be positive, the other counts not negative")
    return a


def schedule(a, rnd):
    """What each commit does: 'add', 'edit', 'consolidate' or None (a source change)."""
    adds = a.entries * (a.consolidations + 1)
    special = adds + a.consolidations + a.edits
    if special > a.commits - 1:
        sys.exit(f"make_repo.py: {special} learnings commits do not fit in {a.commits} commits")
    kinds = [None] * a.commits
    # Commit 0 creates the file with its first entry; the others go at random places, in order.
    kinds[0] = "add"
    slots = sorted(rnd.sample(range(1, a.commits), special - 1))
    labels = ["edit"] * a.edits + ["grow"] * (special - 1 - a.edits)
    rnd.shuffle(labels)
    added, consolidated = 1, 0
    for slot, label in zip(slots, labels):
        # A consolidation closes each generation of N adds, as long as there are some left.
        due = a.entries > 0 and consolidated < min(a.consolidations, added // a.entries)
        if label == "edit":
            kinds[slot] = "edit"
        elif due:
            kinds[slot], consolidated = "consolidate", consolidated + 1
        else:
            kinds[slot], added = "add", added + 1
    return kinds


def timestamps(a, rnd):
    """Sorted commit times: working hours on about two thirds of the days."""
    active = [d for d in range(a.days) if rnd.random() < 0.68] or [0]
    return sorted(
        EPOCH + rnd.choice(active) * 86_400 + rnd.randrange(7 * 3600, 21 * 3600)
        for _ in range(a.commits)
    )


def sentence(rnd, n):
    return " ".join(rnd.choice(WORDS) for _ in range(n))


class FastImport:
    """Writes the fast-import stream; `data` blocks carry their length, so any bytes go through."""

    def __init__(self, directory):
        self.proc = subprocess.Popen(
            ["git", "-C", directory, "fast-import", "--quiet", "--done"],
            stdin=subprocess.PIPE,
        )
        self.out = self.proc.stdin

    def data(self, payload):
        raw = payload.encode()
        self.out.write(b"data %d\n%s\n" % (len(raw), raw))

    def commit(self, when, offset, message, files):
        self.out.write(b"commit refs/heads/main\n")
        ident = b"Dev <dev@example.com> %d %s\n" % (when, offset.encode())
        self.out.write(b"author " + ident + b"committer " + ident)
        self.data(message)
        for path, text in files:
            if text is None:
                self.out.write(b"D %s\n" % path.encode())
                continue
            self.out.write(b"M 100644 inline %s\n" % path.encode())
            self.data(text)

    def finish(self):
        self.out.write(b"done\n")
        self.out.close()
        if self.proc.wait() != 0:
            sys.exit("make_repo.py: git fast-import failed")


def main():
    a = parse_args()
    rnd = random.Random(a.seed)
    kinds = schedule(a, rnd)
    times = timestamps(a, rnd)
    os.makedirs(a.dir, exist_ok=True)
    subprocess.run(["git", "init", "-q", "-b", "main", a.dir], check=True)

    preamble = "# Learnings\n\nLessons from agent sessions. New entries go at the bottom.\n\n---\n\n"
    entries = []  # [title, first body line, second body line]
    archive = []
    sources = [f"src/mod{i:02}.txt" for i in range(SOURCES)]
    stream = FastImport(a.dir)
    written = 0
    # A split as a real history made one: the old file kept as a backup, the newest entries in a
    # new file, in the commit of the first entry added past halfway. Too little of the old file
    # survives for rename detection, so only copy-following (`git blame -C -C`) keeps the dates.
    current = "memory/learnings.md" if a.split else a.file
    split_at = None
    if a.split:
        split_at = next((i for i, k in enumerate(kinds) if k == "add" and i >= len(kinds) // 2), None)
    for i, (kind, when) in enumerate(zip(kinds, times)):
        files = []
        if i == split_at:
            files.append(("memory/learnings-v1.md.bak", preamble + render(entries)))
            files.append((current, None))
            current = a.file
            del entries[: len(entries) - len(entries) * 2 // 5]
        if kind == "add":
            written += 1
            title = f"Check the {rnd.choice(WORDS)} before the {rnd.choice(WORDS)} ({written})"
            entries.append([title, f"- Symptom: {sentence(rnd, 10)}.", f"- Fix: {sentence(rnd, 10)}."])
            message = f"learnings: {title}"
        elif kind == "edit" and entries:
            entry = rnd.choice(entries)
            entry[2] = f"- Fix: {sentence(rnd, 10)}."
            message = f"learnings: reword {entry[0]}"
        elif kind == "consolidate" and len(entries) > 3:
            cut = len(entries) * 2 // 3
            archive.extend(entries[:cut])
            del entries[:cut]
            message = f"consolidate {cut} learnings into docs/archive.md"
            files.append(("docs/archive.md", "# Archive\n\n" + render(archive)))
        else:
            kind = None
            message = f"change {i}"
            files.append((rnd.choice(sources), f"revision {i}\n{sentence(rnd, 8)}\n"))
        if kind is not None:
            files.append((current, preamble + render(entries)))
        stream.commit(when, rnd.choice(OFFSETS), message, files)
    stream.finish()
    subprocess.run(["git", "-C", a.dir, "checkout", "-q", "-f", "main"], check=True)
    # fast-import deltas each object only against the previous version of its path, so its pack
    # is four times what a clone receives; repacked, the repository reads like a real clone.
    subprocess.run(["git", "-C", a.dir, "repack", "-a", "-d", "-f", "-q"], check=True)
    touched = sum(1 for k in kinds if k is not None)
    print(
        f"{a.dir}: {a.commits} commits, {touched} touching {a.file}, {len(entries)} entries at HEAD",
        file=sys.stderr,
    )


def render(entries):
    return "".join(f"## {title}\n{first}\n{second}\n\n" for title, first, second in entries)


if __name__ == "__main__":
    main()
