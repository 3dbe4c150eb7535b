#!/usr/bin/env python3
"""The checks of the Codex CLI end-to-end test, over what the stand-in logged and what ran.

Usage: check.py WORK_DIR. run.sh left, per scenario NAME: NAME.requests.jsonl (the model's
requests), NAME.out.jsonl (Codex's --json events), NAME.rc, and connect.NAME.log under strace.
A tool's result reaches the model as a function_call_output (the shell) or a
custom_tool_call_output (apply_patch) item of the next request's `input`.
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
    print(("PASS " if ok else "FAIL ") + "codex: " + what + (f" ({detail})" if detail and not ok else ""))
    if not ok:
        failures.append(what)


def read(name):
    path = os.path.join(work, name)
    return open(path, encoding="utf-8", errors="replace").read() if os.path.exists(path) else ""


def requests(name):
    """The bodies of the scenario's model requests, in order."""
    lines = read(f"{name}.requests.jsonl").splitlines()
    bodies = [json.loads(line).get("body") for line in lines if line.strip()]
    return [b for b in bodies if isinstance(b, dict) and "input" in b]


def everything(name):
    return "\n".join(json.dumps(body) for body in requests(name))


def outputs(name):
    """Every tool result the model received: call_id -> output text."""
    seen = {}
    for body in requests(name):
        for item in body["input"]:
            if isinstance(item, dict) and item.get("type") in ("function_call_output", "custom_tool_call_output"):
                out = item.get("output")
                seen[item.get("call_id")] = out if isinstance(out, str) else json.dumps(out)
    return list(seen.values())


def exists(*parts):
    return os.path.exists(os.path.join(project, *parts))


# The harness itself: Codex really ran every scenario, with our hooks trusted by its own rules.
names = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(work, "*.rc")))
bad = {n: read(f"{n}.rc").strip() for n in names if read(f"{n}.rc").strip() != "0"}
check(bool(names) and not bad and all(requests(n) for n in names),
      f"codex exec ran {len(names)} scenarios against the stand-in",
      "; ".join(f"{n}: rc={rc}, stderr {read(n + '.err')[-300:]!r}" for n, rc in bad.items()))
try:
    trust = json.loads(read("trust.json"))
except ValueError:
    trust = {"before": [], "after": []}
events = sorted({key.split(":")[-3] for key, _ in trust["after"]})
needed = {"session_start", "user_prompt_submit", "pre_tool_use", "stop"}
check(needed <= set(events) and all(status == "trusted" for _, status in trust["after"])
      and all(status != "trusted" for _, status in trust["before"]),
      f"hooks/list finds the installed hooks ({', '.join(events)}) untrusted, then trusted",
      json.dumps(trust))

# 1. A prompt in a domain brings its rule file.
check(RULE in everything("keyword"), "inject: a prompt naming the render domain puts its rule file in the request")

# 2. apply_patch of a file under src/render/ (the prompt names no keyword) brings it, once.
patch = requests("patch")
later = [json.dumps(body).count(RULE) for body in patch[1:]]
check(bool(patch) and RULE not in json.dumps(patch[0]), "file tool: the prompt alone injects nothing")
check(exists("src", "render", "scene.py"), "file tool: apply_patch wrote src/render/scene.py as the model wrote it")
check(bool(later) and later[-1] == 1, "file tool: apply_patch of src/render/scene.py puts the rule file in the next request, once",
      f"occurrences per later request: {later}")
again = requests("patch-again")
check(exists("src", "render", "layout.py") and bool(again) and json.dumps(again[-1]).count(RULE) == 1,
      "file tool: a second patch in the domain, same session resumed, does not inject it again",
      f"occurrences in the last request: {json.dumps(again[-1]).count(RULE) if again else 'no request'}")

# 3. The block rule refuses the whole command and says why; a plain command runs.
told = [o for o in outputs("block") if "force-push rewrites shared history" in o]
check(not exists("blocked-ran"), "block: nothing of `touch blocked-ran && git push --force` ran")
check(bool(told), "block: the model is told \"force-push rewrites shared history\"", json.dumps(outputs("block")))
check(exists("plain-ran") and bool(outputs("plain")), "block: a plain `touch plain-ran` runs")

# 4. Rewrite: Codex would run a new input only with permissionDecision "allow", so learnings
# refuses the command and names the one to run instead.
results = outputs("rewrite")
check(not any("No module named manim" in o or "venv-python-ran" in o for o in results),
      "rewrite: `python3 -m manim --version` is refused, not run", json.dumps(results))
check(any(".venv/bin/python -m manim --version" in o for o in results),
      "rewrite: the model is told to run `.venv/bin/python -m manim --version` instead", json.dumps(results))

followed = outputs("follow")
check(any("venv-python-ran: -m manim --version" in o for o in followed),
      "rewrite: the command the model is told to run instead runs (not refused again)", json.dumps(followed))

# 5. A correction typed as the prompt is captured.
try:
    history = json.loads(read("history.json")).get("events", [])
except ValueError:
    history = []
corrections = [e for e in history if e.get("kind") == "correction"]
check(any("UTC" in e.get("text", "") for e in corrections),
      "capture: the correction is in `learnings feedback --history`",
      f"kinds: {[e.get('kind') for e in history]}; stderr {read('history.err')[-200:]!r}")

# 6. After `learnings cache warm`, SessionStart's freshness line reaches the model.
check("Learnings file agents/learnings.md: 1 entry" in everything("fresh"),
      "freshness: SessionStart's learnings-file line reaches the model")

# 7. The effect ledger (.learnings/effect.jsonl) names the client.
ledger = []
for line in read(os.path.join("project", ".learnings", "effect.jsonl")).splitlines():
    try:
        ledger.append(json.loads(line))
    except ValueError:
        pass
check(any(r.get("client") == "codex" for r in ledger), 'ledger: .learnings/effect.jsonl records "client":"codex"',
      f"{len(ledger)} records, clients {sorted({str(r.get('client')) for r in ledger})}")

# Nothing left the machine: every connect() Codex or a hook made went to loopback (or a socket file).
logs = glob.glob(os.path.join(work, "connect.*.log"))
if logs:
    outside = set()
    for path in logs:
        for line in open(path, encoding="utf-8", errors="replace"):
            addr = re.search(r'inet_(?:pton|addr)\((?:AF_INET6?, )?"([^"]+)"', line)
            if addr and not addr.group(1).startswith("127.") and addr.group(1) not in ("::1", "::ffff:127.0.0.1"):
                outside.add(addr.group(1))
    check(not outside, "network: no connect() off loopback", ", ".join(sorted(outside)))
else:
    print("INFO codex: strace not found; connect() calls not traced")

if failures:
    print(f"e2e codex: {len(failures)} check(s) failed; LEARNINGS_E2E_KEEP=1 keeps the work folder", file=sys.stderr)
    sys.exit(1)
print("e2e codex: all checks passed")
