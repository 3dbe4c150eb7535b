#!/usr/bin/env python3
"""Writes a user data folder's capture log as the prompt hook leaves it, for the benchmarks.

usage: make_feedback.py DATA_DIR --project ROOT (--events N | --bound) [--seed S] [--end TIME]

`--events N` writes N events into `feedback.jsonl` (rotated into `.1` … `.3` at 1 MiB, as the
store rotates it); `--bound` fills the log to its own byte bound instead: four files of just
under 1 MiB each, of the shortest events a hook writes, so that the bound holds as many events
as it can. Prints the number of events written.

What a user says to an agent is a long tail around a few things they keep repeating, so the
events are: recurring corrections (themes, each said in several ways, with details that vary:
file names, numbers, tools) for about 60%, and one-off corrections drawn from a wide vocabulary
for the rest; corrections, rejections, clarifications, explicit rules, praise; one in ten names
the sub-agent of the turn. Times spread over the 120 days before `--end` (default: now), so
that some rules and preferences are recent. The same arguments give the same bytes.
"""
import argparse, datetime, json, os, random

THEMES = [
    ["no, report dates must be UTC, not local time", "you used local time again in the {f} report",
     "wrong: the timestamps in {f} have to be UTC", "UTC for the report dates please, not the local time zone"],
    ["use the venv python for the tests, not python3", "wrong interpreter again: run {f} with .venv/bin/python",
     "no, the system python breaks the tests; use the venv", "please run pytest inside the virtualenv"],
    ["don't force push to main", "you force-pushed the branch again, never do that",
     "no --force on shared branches", "stop using push --force on {f}"],
    ["money is in cents, not dollars", "the price in {f} must be integer cents",
     "wrong, amounts are stored as cents", "no floats for currency amounts, use cents"],
    ["keep the early return in {f}", "you removed the early return again", "no, the guard clause must stay at the top",
     "put the early return back in {f}"],
    ["run cargo fmt before committing", "the formatter was not run on {f}", "rustfmt first, then commit",
     "no, you forgot to run the formatter again"],
    ["commit messages in the imperative", "wrong commit message style, use the imperative mood",
     "no, conventional commits for the message", "the commit message should say what and why"],
    ["don't add a dependency for {f}", "no new crates for something this small",
     "you added a library again, we do that by hand", "remove the new dependency from {f}"],
    ["errors must carry the path", "the error in {f} does not say which file", "no unwrap in library code",
     "wrong: return the error instead of panicking in {f}"],
    ["the secrets go in the vault, not in {f}", "you put the api key in the code again",
     "no tokens in the repository", "never log the password"],
    ["tabs, not spaces, in the makefile", "the indentation of {f} is wrong, use tabs",
     "no, four spaces in python files", "fix the indent in {f}"],
    ["the migration must be reversible", "you changed the schema without a migration",
     "no, alembic migration for {f}", "wrong: migrations never edit old files"],
    ["log to stderr, stdout is for the report", "the logging in {f} goes to stdout again",
     "no print statements, use the logger", "wrong log level in {f}"],
    ["the docs must say why, not what", "you rewrote the readme again", "no, update the docstring of {f} too",
     "comments explain the reason, not the code"],
    ["pnpm, not npm, in this repo", "you ran npm install again", "wrong package manager, it is pnpm",
     "the lockfile is pnpm-lock.yaml, don't create package-lock.json"],
    ["the review needs a test for {f}", "no pull request without a test", "add the test before asking for review",
     "wrong, the reviewer asked for the edge case in {f}"],
    ["branch off develop, not main", "you branched from main again", "no, feature branches start at develop",
     "rebase {f} on develop"],
    ["sort the output, it must be deterministic", "the order in {f} changes between runs",
     "no hash map order in the report", "wrong, keep the json keys sorted"],
    ["that is the wrong file, I meant {f}", "no, not that function, the one in {f}",
     "you edited the generated file again", "wrong module, change {f} instead"],
    ["don't touch the public api", "you renamed a public function in {f}", "no breaking changes in a patch release",
     "keep the old name as an alias in {f}"],
]
ONE_OFF_VERBS = ["rename", "move", "delete", "split", "inline", "cache", "retry", "validate", "escape", "parse",
                 "round", "truncate", "paginate", "debounce", "memoize", "flatten", "wrap", "clamp", "merge", "hash"]
ONE_OFF_NOUNS = ["config loader", "login form", "csv export", "header row", "retry loop", "sidebar", "websocket",
                 "thumbnail", "query builder", "pager", "tooltip", "cron job", "search box", "invoice pdf",
                 "upload handler", "rate limiter", "feature flag", "color picker", "dark mode", "audit trail",
                 "webhook", "sitemap", "avatar", "breadcrumb", "modal", "chart legend", "date picker", "toast",
                 "favicon", "shopping cart", "checkout flow", "email template", "slug", "permalink", "tag cloud"]
ONE_OFF_TAILS = ["that is not what I asked", "it should stay as it was", "only in the admin view",
                 "the other way round", "before the request, not after", "without changing the layout",
                 "for the mobile layout only", "as in the design", "like the old version did", ""]
ONE_OFF_OPENERS = ["no, ", "wrong, ", "not like that, ", "hmm, ", "", "actually ", "that's wrong: "]
RULES = ["always run the linter before you say it is done", "never commit generated files",
         "always ask before deleting anything", "never change the lockfile by hand",
         "always write the test first", "never use sudo in scripts"]
# Said after a recurring correction now and then, so that its wording varies more.
THEME_TAILS = ["like I said yesterday", "see {g}", "in {g} too", "this is the third time", "check the diff",
               "the build on {g} failed because of it", "same as in the last session", "and in the tests",
               "before the release", "the CI job caught it"]
PREFS = ["too long, keep it short", "be concise please", "just do it, don't ask", "explain more, step by step"]
PRAISE = ["perfect, thanks", "great, that works", "nice, exactly right", "thanks, looks good"]
# Paths as a project has them: a few folders, many files.
FILES = [f"{d}/{n}.{e}" for d, e in [("src", "rs"), ("api", "ts"), ("web", "js"), ("app", "py"), ("cmd", "go"),
                                      ("scripts", "sh"), ("db", "sql"), ("ui", "tsx")]
         for n in ["report", "users", "money", "cart", "main", "models", "parser", "deploy", "schema", "button",
                   "auth", "billing", "search", "upload", "export", "config", "session", "router", "cache", "queue",
                   "mailer", "invoice", "profile", "settings", "metrics", "audit", "webhook", "feed", "admin", "i18n"]]
AGENTS = ["code-reviewer", "test-runner", "docs-writer", "debugger", "planner"]
ANSWERS = ["Done: edited {f} and ran the tests; all pass.",
           "I updated {f}. The change moves the check before the loop and adds a test for the empty case.",
           "Here is the summary of what changed in {f}: the parser now returns an error with the path, "
           "the caller reports it, and the old fallback is gone. I also ran the formatter and the linter.",
           "Fixed."]
KINDS = [("correction", 60), ("rejection", 15), ("clarification", 10), ("preference", 8), ("praise", 5),
         ("enhancement", 2)]


def event(rng, project, at, short):
    kind = rng.choices([k for k, _ in KINDS], [w for _, w in KINDS])[0]
    f = rng.choice(FILES)
    if kind == "preference":
        text = rng.choice(RULES + PREFS)
    elif kind in ("praise", "enhancement"):
        text = rng.choice(PRAISE) if kind == "praise" else f"now also handle {rng.choice(ONE_OFF_NOUNS)} in {f}"
    elif rng.random() < 0.6:
        # Zipf-like: the first themes come up most.
        theme = THEMES[min(int(rng.paretovariate(1.2)) - 1, len(THEMES) - 1)]
        text = rng.choice(theme).format(f=f)
        if rng.random() < 0.5:
            text += ", " + rng.choice(THEME_TAILS).format(g=rng.choice(FILES))
    else:
        text = (rng.choice(ONE_OFF_OPENERS) + f"{rng.choice(ONE_OFF_VERBS)} the {rng.choice(ONE_OFF_NOUNS)} "
                f"in {f}, {rng.choice(ONE_OFF_TAILS)}").rstrip(", ")
    record = {"v": 1, "at": at, "kind": kind, "confidence": round(rng.uniform(0.7, 1.0), 2),
              "session": f"{rng.getrandbits(128):032x}", "project": project, "text": text,
              "answered": "Done." if short else rng.choice(ANSWERS).format(f=f)}
    if not short and rng.random() < 0.1:
        record["agent"] = rng.choice(AGENTS)
    return json.dumps(record, separators=(",", ":")) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("--project", required=True)
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--events", type=int)
    group.add_argument("--bound", action="store_true")
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--end", help="the newest event's time, RFC 3339 (default: an hour ago)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    end = (datetime.datetime.fromisoformat(a.end.replace("Z", "+00:00")) if a.end
           else datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(hours=1))
    limit, files = 1024 * 1024, 4
    total = a.events if a.events is not None else 10 ** 9
    span = 120 * 86400
    os.makedirs(a.data, exist_ok=True)
    # Oldest first: generations .3 (oldest) … .1, then the current file, each under 1 MiB.
    chunks, current, size, n = [], [], 0, 0
    while n < total:
        # The times are spaced for the count asked for, or for about 20,000 at the bound.
        step = span / (total if a.events is not None else 20_000)
        at = (end - datetime.timedelta(seconds=span) + datetime.timedelta(seconds=n * step))
        line = event(rng, a.project, at.strftime("%Y-%m-%dT%H:%M:%SZ"), a.bound)
        if size + len(line) > limit:
            chunks.append(current)
            current, size = [], 0
            if len(chunks) == files:
                break
        current.append(line)
        size += len(line)
        n += 1
    else:
        chunks.append(current)
    if a.events is not None and n < total:
        raise SystemExit(f"make_feedback.py: {total} events do not fit in the log's {files} files of 1 MiB")
    chunks = [c for c in chunks if c]
    written = 0
    for i, chunk in enumerate(reversed(chunks)):
        name = "feedback.jsonl" + (f".{i}" if i else "")
        with open(os.path.join(a.data, name), "w") as out:
            out.writelines(chunk)
        written += len(chunk)
    print(written)


main()
