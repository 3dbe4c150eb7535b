#!/usr/bin/env python3
"""The checks of the opencode end-to-end test, over what the stand-in logged and what ran.

Usage: check.py WORK_DIR. run.sh left, per scenario NAME: NAME.requests.jsonl (the model's
requests), NAME.out.jsonl (opencode's --format json events), NAME.rc, and connect.NAME.log under
strace. A tool's result reaches the model as a `tool` message of the next request.
"""

import glob
import json
import os
import re
import sys

work = sys.argv[1]
project = os.path.join(work, "project")
RULE = "E2E-RENDER-RULE"
failures = []


def check(ok, what, detail=""):
    print(("PASS " if ok else "FAIL ") + "opencode: " + what + (f" ({detail})" if detail and not ok else ""))
    if not ok:
        failures.append(what)


def read(name):
    path = os.path.join(work, name)
    return open(path, encoding="utf-8", errors="replace").read() if os.path.exists(path) else ""


def requests(name):
    """The bodies of the scenario's main requests, in order (not the title request: it offers no tools)."""
    bodies = [json.loads(line).get("body") for line in read(f"{name}.requests.jsonl").splitlines() if line.strip()]
    return [b for b in bodies if isinstance(b, dict) and b.get("tools")]


def everything(name):
    return "\n".join(json.dumps(body) for body in requests(name))


def tool_results(name):
    """Every tool result the model received: tool_call_id -> its text."""
    seen = {}
    for body in requests(name):
        for message in body.get("messages") or []:
            if message.get("role") == "tool":
                content = message.get("content")
                seen[message.get("tool_call_id")] = content if isinstance(content, str) else json.dumps(content)
    return list(seen.values())


def exists(*parts):
    return os.path.exists(os.path.join(project, *parts))


# The harness itself: opencode ran every scenario to the scripted end, with our plugin loaded.
names = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(work, "*.rc")))
bad = {n: read(f"{n}.rc").strip() for n in names
       if read(f"{n}.rc").strip() != "0" or "E2E-DONE" not in read(f"{n}.out.jsonl")}
check(bool(names) and not bad, f"opencode run ran {len(names)} scenarios against the stand-in to the end",
      "; ".join(f"{n}: rc={rc}, stderr {read(n + '.err')[-300:]!r}" for n, rc in bad.items()))
check(exists(".opencode", "plugins", "learnings.js"), "install: .opencode/plugins/learnings.js is written",
      read("install.out")[-300:])

# 1. A prompt in a domain brings its rule file.
check(RULE in everything("keyword"), "inject: a prompt naming the render domain puts its rule file in the request")

# 2. opencode's own file tools on src/render/ (the prompt names no keyword) bring it, once.
write = requests("write")
counts = [json.dumps(body).count(RULE) for body in write]
check(bool(write) and counts[0] == 0, "file tool: the prompt alone injects nothing", f"occurrences per request: {counts}")
check(exists("src", "render", "scene.py"), "file tool: `write` wrote src/render/scene.py as the model asked")
check(len(counts) >= 2 and counts[1] >= 1, "file tool: a `write` of src/render/scene.py puts the rule file in the next request",
      f"occurrences per request: {counts}")
check(bool(counts) and counts[-1] == 1, "file tool: after the `write` and an `edit` of it, the rule file is there once",
      f"occurrences per request: {counts}")
again = requests("write-again")
check(exists("src", "render", "layout.py") and bool(again) and json.dumps(again[-1]).count(RULE) == 1,
      "file tool: a `write` of another file of the domain, same session continued, does not inject it again",
      f"occurrences in the last request: {json.dumps(again[-1]).count(RULE) if again else 'no request'}")

# 3. The block rule refuses the whole command and says why; a plain command runs.
told = [r for r in tool_results("block") if "force-push rewrites shared history" in r]
check(not exists("blocked-ran"), "block: nothing of `touch blocked-ran && git push --force` ran")
check(bool(told), 'block: the model is told "force-push rewrites shared history"', json.dumps(tool_results("block")))
check(exists("plain-ran") and bool(tool_results("plain")), "block: a plain `touch plain-ran` runs")

# 4. Rewrite: opencode runs the arguments its plugin changed, so the venv's python runs.
results = tool_results("rewrite")
check(any("venv-python-ran: -m manim --version" in r for r in results),
      "rewrite: `python3 -m manim --version` ran as `.venv/bin/python -m manim --version`", json.dumps(results))

# 5. A correction typed as the prompt (a second turn of a session) is captured.
try:
    history = json.loads(read("history.json")).get("events", [])
except ValueError:
    history = []
corrections = [e for e in history if e.get("kind") == "correction"]
check(any("UTC" in e.get("text", "") for e in corrections), "capture: the correction is in `learnings feedback --history`",
      f"kinds: {[e.get('kind') for e in history]}; stderr {read('history.err')[-200:]!r}")

# 6. After `learnings cache warm`, SessionStart's freshness line reaches the model.
check("Learnings file agents/learnings.md: 1 entry" in everything("fresh"),
      "freshness: SessionStart's learnings-file line reaches the model")

# 7. The effect ledger names the client.
ledger = [json.loads(line) for name in ("effect.jsonl", "ledger.jsonl")
          for line in read(os.path.join("project", ".learnings", name)).splitlines() if line.strip()]
check(any(entry.get("client") == "opencode" for entry in ledger), 'ledger: .learnings/effect.jsonl records "client":"opencode"',
      f"clients: {sorted({str(e.get('client')) for e in ledger})}")

# Nothing left loopback (in the namespace it could not, but it must not even try).
logs = glob.glob(os.path.join(work, "connect.*.log"))
outside = set()
for path in logs:
    for line in open(path, errors="replace"):
        address = re.search(r'sin6?_addr=inet_(?:pton|addr)\((?:AF_INET6?, )?"([^"]+)"\)', line)
        if address and not address.group(1).startswith("127.") and address.group(1) not in ("::1", "::ffff:127.0.0.1"):
            outside.add(address.group(1))
if logs:
    check(not outside, "network: no connect() off loopback", f"tried {sorted(outside)}")

if failures:
    print(f"e2e opencode: {len(failures)} check(s) failed; LEARNINGS_E2E_KEEP=1 keeps the work folder", file=sys.stderr)
    sys.exit(1)
print("e2e opencode: all checks passed")
